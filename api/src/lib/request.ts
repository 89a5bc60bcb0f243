import type { Locale } from '@autoroute/locales';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/**
 * The client's address: the socket's, or behind a trusted proxy (TRUST_PROXY) the first
 * X-Forwarded-For hop. Trusting that header otherwise would let anyone dodge per-IP limits.
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/** What every answer sent over HTTPS carries (pages, files, pictures, back office and API alike): a year, subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether an answer goes out over HTTPS, by one rule for the API and everything else the server
 * sends: the public address is https, or a trusted proxy (TRUST_PROXY) says the browser's request
 * came over https (X-Forwarded-Proto; its first hop when several proxies wrote it). Without
 * TRUST_PROXY the header is anyone's to write, so it is not believed.
 */
export function servedOverHttps(publicUrl: string, trustProxy: boolean, forwardedProto: string | string[] | undefined): boolean {
  if (publicUrl.startsWith('https:')) return true;
  if (!trustProxy || forwardedProto === undefined) return false;
  const first = (Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto)?.split(',')[0];
  return first?.trim().toLowerCase() === 'https';
}

export const isHttps = (c: Context<AppEnv>, publicUrl: string): boolean =>
  publicUrl.startsWith('https:') || c.req.header('x-forwarded-proto') === 'https' || c.req.url.startsWith('https:');

/** Who is asking, as the account services need it: address (for limits), browser, language. */
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  locale: Locale;
}

export const requestInfo = (c: Context<AppEnv>, trustProxy: boolean): RequestInfo => ({
  ip: clientIp(c, trustProxy),
  userAgent: c.req.header('user-agent') ?? null,
  locale: c.get('locale'),
});
