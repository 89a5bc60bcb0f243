import type { IncomingMessage } from 'node:http';
import type { Locale } from '@autoroute/locales';
import proxyaddr from 'proxy-addr';

/**
 * Which hops the operator vouches for (TRUST_PROXY), as Express's `trust proxy`: hop 0 is the
 * socket's peer, hop 1 the last X-Forwarded-For entry, and so on leftwards.
 */
export type TrustProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY=false: no proxy is trusted, X-Forwarded-* headers are anyone's to write. */
const TRUST_NONE: TrustProxy = () => false;

/**
 * TRUST_PROXY's value: `false`; `true`, which means exactly one hop (the proxy in front, never every
 * hop as in Express: the first entry is the client's to write); a hop count; or a comma-separated
 * list of proxy addresses, CIDR ranges and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'no' || v === '0') return TRUST_NONE;
  if (v === 'true' || v === 'yes') return hops(1);
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n > 32) throw new Error(`a hop count is at most 32 (got ${n})`);
    return hops(n);
  }
  const list = v.split(',').map((a) => a.trim());
  if (list.some((a) => !a)) throw new Error('an empty entry in the list of proxy addresses');
  try {
    return proxyaddr.compile(list);
  } catch (error) {
    throw new Error((error as Error).message);
  }
}

const hops =
  (n: number): TrustProxy =>
  (_address, hop) =>
    hop < n;

/** Whether the peer is a proxy the operator vouches for: only then are its X-Forwarded-Proto and -Host believed. */
export const fromTrustedProxy = (peer: string | undefined, trust: TrustProxy): boolean =>
  trust !== TRUST_NONE && (peer === undefined || trust(peer, 0));

export interface ClientAddress {
  /** The address of the first hop not vouched for; `local` for an in-process request that names no other. */
  ip: string;
  /** X-Forwarded-For entries left of it: written by a hop nobody vouched for (the client itself, or an undeclared proxy). */
  unvouched: boolean;
}

const IN_PROCESS = 'local';

/**
 * The client's address, the one rule for rate limits, /metrics and the account services: from the
 * socket, X-Forwarded-For walked from the right past the hops TRUST_PROXY vouches for (proxy-addr,
 * as Express does). What the client wrote itself (the leftmost entries) is never believed. An
 * in-process request has no socket: the process vouches for itself as hop 0 when any proxy is trusted.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): ClientAddress {
  const req = { socket: { remoteAddress: peer ?? IN_PROCESS }, headers: { 'x-forwarded-for': forwardedFor ?? '' } };
  const every = proxyaddr.all(req as unknown as IncomingMessage);
  const walked =
    trust === TRUST_NONE
      ? every.slice(0, 1)
      : proxyaddr.all(req as unknown as IncomingMessage, (address, hop) => (hop === 0 && peer === undefined) || trust(address, hop));
  return { ip: walked[walked.length - 1] ?? IN_PROCESS, unvouched: walked.length < every.length };
}

/**
 * The methods the server answers, pages and API alike; any other (TRACE, CONNECT, an invented one)
 * is refused with 405 before anything reads the request.
 */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const SERVED = new Set(SERVED_METHODS);
export const isServedMethod = (method: string | undefined): boolean => SERVED.has(method ?? 'GET');

/** What every answer sent over HTTPS carries (pages, files, pictures, back office and API alike): a year, subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether an answer goes out over HTTPS, by one rule for the API and everything else the server
 * sends: the public address is https, or a trusted proxy (TRUST_PROXY, the peer vouched for as hop 0)
 * says the browser's request came over https (X-Forwarded-Proto; its first hop when several proxies
 * wrote it). From any other peer the header is anyone's to write, so it is not believed.
 */
export function servedOverHttps(
  publicUrl: string,
  trust: TrustProxy,
  peer: string | undefined,
  forwardedProto: string | string[] | undefined,
): boolean {
  if (publicUrl.startsWith('https:')) return true;
  if (forwardedProto === undefined || !fromTrustedProxy(peer, trust)) return false;
  const first = (Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto)?.split(',')[0];
  return first?.trim().toLowerCase() === 'https';
}

/** Who is asking, as the account services need it: address (for limits), browser, language. */
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  locale: Locale;
}
