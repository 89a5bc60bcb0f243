import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Fetching another platform's calendar (docs/decisions/060-calendars-that-sync.md): a conditional
 * GET with its validators, a time limit and a size limit, and never to an address of our own network
 * — the owner chooses the URL, so the server must not be made to read its own neighbours. The check
 * is made on the address the connection really uses (the lookup of the socket itself), so a name
 * that resolves to a public address when checked and a private one when connecting gets nowhere.
 */

const FETCH_TIMEOUT_MS = 10_000;
const FETCH_MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;

/** Why a fetch failed, stored with the import and shown to the owner in their language (`api.calendar.pollError.<code>`). */
export type FetchErrorCode = 'private_address' | 'unreachable' | 'timeout' | 'too_large' | 'http_status' | 'too_many_redirects' | 'bad_url';

export class CalendarFetchError extends Error {
  override name = 'CalendarFetchError';
  constructor(
    readonly code: FetchErrorCode,
    readonly detail: string | null = null,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export type FetchResult = { notModified: true } | { notModified: false; text: string; etag: string | null; lastModified: string | null };

/** Loopback, private, link-local, unique-local, carrier-grade NAT, unspecified and multicast: not the internet. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether an address is one of our own network's rather than the internet's. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The socket's own name lookup, refusing a private address unless allowed (tests serve their calendars on loopback). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (!usable.length) return callback(new CalendarFetchError('private_address', hostname), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/**
 * GETs a calendar with If-None-Match / If-Modified-Since from the stored validators: 304 is "not
 * modified"; 200 gives the text (at most FETCH_MAX_BYTES, within FETCH_TIMEOUT_MS) and its validators.
 */
export async function fetchCalendar(
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  options: { allowPrivate: boolean; timeoutMs?: number; maxBytes?: number },
): Promise<FetchResult> {
  const deadline = Date.now() + (options.timeoutMs ?? FETCH_TIMEOUT_MS);
  let target = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await getOnce(target, validators, options.allowPrivate, deadline, options.maxBytes ?? FETCH_MAX_BYTES);
    if ('location' in answer) {
      target = answer.location;
      continue;
    }
    return answer;
  }
  throw new CalendarFetchError('too_many_redirects');
}

function getOnce(
  target: string,
  validators: { etag: string | null; lastModified: string | null },
  allowPrivate: boolean,
  deadline: number,
  maxBytes: number,
): Promise<FetchResult | { location: string }> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new CalendarFetchError('bad_url'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new CalendarFetchError('bad_url'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the URL is connected to without a lookup: checked here.
  if (isIP(host) && !allowPrivate && isPrivateAddress(host)) return Promise.reject(new CalendarFetchError('private_address', host));
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Autoroute-Calendar/1.0' };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new CalendarFetchError('timeout'));
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).get(
      url,
      { headers, lookup: guardedLookup(allowPrivate), signal: AbortSignal.timeout(remaining) },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304 && response.headers.location) {
          response.resume();
          return resolve({ location: new URL(response.headers.location, url).toString() });
        }
        if (status === 304) {
          response.resume();
          return resolve({ notModified: true });
        }
        if (status !== 200) {
          response.resume();
          return reject(new CalendarFetchError('http_status', String(status)));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          return reject(new CalendarFetchError('too_large'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new CalendarFetchError('too_large'));
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            notModified: false,
            text: Buffer.concat(chunks).toString('utf8'),
            etag: typeof response.headers.etag === 'string' ? response.headers.etag : null,
            lastModified: typeof response.headers['last-modified'] === 'string' ? response.headers['last-modified'] : null,
          }),
        );
        response.on('error', (error) => reject(failure(error)));
      },
    );
    request.on('error', (error) => reject(failure(error)));
  });
}

function failure(error: Error): CalendarFetchError {
  if (error instanceof CalendarFetchError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof CalendarFetchError) return cause;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return new CalendarFetchError('timeout');
  return new CalendarFetchError('unreachable', (error as { code?: string }).code ?? null);
}
