import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { negotiate } from '../../server/response-cache.ts';
import type { AppEnv } from '../context.ts';

/** Below this a compressed answer saves less than its headers cost; above it, the server's streaming compression takes over. */
const MIN_BYTES = 1024;
const MAX_BYTES = 256 * 1024;

/**
 * Compresses JSON answers in one synchronous call. API answers are a few kilobytes: a zlib stream
 * per answer (what the server's generic compression does) costs several times the compression itself,
 * and halved the throughput of the vehicle detail. Answers already encoded, too small or too large,
 * or of another type, are left as they are.
 */
export const compressJson = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const encoding = negotiate(c.req.header('accept-encoding'));
    if (encoding === 'identity' || c.req.method === 'HEAD' || c.res.headers.has('content-encoding')) return;
    if (!/^application\/json\b/i.test(c.res.headers.get('content-type') ?? '')) return;
    const body = new Uint8Array(await c.res.arrayBuffer());
    const { status } = c.res;
    const headers = new Headers(c.res.headers);
    // Replaced, not merged: Hono would copy the old headers over the new ones.
    c.res = undefined;
    if (body.byteLength < MIN_BYTES || body.byteLength > MAX_BYTES) {
      c.res = new Response(body, { status, headers });
      return;
    }
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
          })
        : gzipSync(body);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(compressed.byteLength));
    headers.append('Vary', 'Accept-Encoding');
    c.res = new Response(new Uint8Array(compressed), { status, headers });
  });
