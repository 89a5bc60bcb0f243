import { createHmac, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../core/errors.ts';
import type { AppEnv } from '../context.ts';

export const MAX_SKEW_MS = 5 * 60 * 1000;

/** The X-Signature value for a body (or, with none, the timestamp): base64 HMAC-SHA256. */
export function sign(key: string, payload: string | Uint8Array): string {
  return createHmac('sha256', key).update(payload).digest('base64');
}

/** Whether a request's timestamp is recent and its signature that of `payload` (its body, or else the timestamp). */
export function validSignature(key: string, timestamp: string, signature: string, payload: string | Uint8Array = timestamp): boolean {
  const ts = /^\d{10,16}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!signature || !Number.isFinite(ts) || Math.abs(Date.now() - ts) > MAX_SKEW_MS) return false;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * SPEC §7 / DESIGN §2: every request carries X-Timestamp (ms) and X-Signature. This is integrity
 * and replay hygiene: the key ships to browsers. In-process calls from the storefront are trusted.
 */
export const requestSignature = (key: string, isExempt: (path: string) => boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.env?.inProcess === true || isExempt(c.req.path)) return next();
    const timestamp = c.req.header('x-timestamp') ?? '';
    let payload: string | Uint8Array = timestamp;
    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/');
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && !multipart) {
      const body = new Uint8Array(await c.req.arrayBuffer());
      if (body.byteLength > 0) payload = body;
    }
    if (!validSignature(key, timestamp, c.req.header('x-signature') ?? '', payload)) throw new AppError(401, 'BAD_SIGNATURE');
    await next();
  });
