import type { Context } from 'hono';
import { clientAddress, type RequestInfo, servedOverHttps, type TrustProxy } from '../core/request.ts';
import type { AppEnv } from './context.ts';

/** The socket's peer, or undefined for an in-process `app.request()` (no socket; only the process itself makes one). */
export const peerAddress = (c: Context<AppEnv>): string | undefined =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;

const clientIp = (c: Context<AppEnv>, trust: TrustProxy): string =>
  clientAddress(peerAddress(c), c.req.header('x-forwarded-for'), trust).ip;

/** Whether a cookie this answer sets may be Secure: served over HTTPS by the rule above, or reached over TLS directly. */
export const isHttps = (c: Context<AppEnv>, config: { publicUrl: string; trustProxy: TrustProxy }): boolean =>
  c.req.url.startsWith('https:') || servedOverHttps(config.publicUrl, config.trustProxy, peerAddress(c), c.req.header('x-forwarded-proto'));

export const requestInfo = (c: Context<AppEnv>, trustProxy: TrustProxy): RequestInfo => ({
  ip: clientIp(c, trustProxy),
  userAgent: c.req.header('user-agent') ?? null,
  locale: c.get('locale'),
});
