import { createMiddleware } from 'hono/factory';
import type { Dependencies, KeptResponse, ResponseCache } from '../../server/response-cache.ts';
import type { AppEnv } from '../context.ts';
import { requestLocale } from './language.ts';
import { routeOf } from './metrics.ts';
import { validSignature } from './signature.ts';

/**
 * The API's public reads — what the storefront's pages and every anonymous visitor ask for most —
 * answered from memory while the data's versions are unchanged (docs/decisions/024-page-cache.md):
 * a search, the featured listings, a vehicle, a comparison, a seller's page, the search form's lists, the site
 * information and the content pages. Only for callers who are not signed in (a member's answer
 * carries their likes and saved marks), and only successful JSON answers are kept.
 */
const PUBLIC_READS = [
  /^\/api\/v1\/vehicles\/?$/,
  /^\/api\/v1\/vehicles\/(featured|compare|\d+)$/,
  // A seller's page, keyed by the catalogue, which reviews, trader checks and badges move (decision 054).
  /^\/api\/v1\/sellers\/(\d{1,10}|sitemap)$/,
  /^\/api\/v1\/user\/config$/,
  /^\/api\/v1\/site$/,
  /^\/api\/v1\/pages(\/|$)/,
];

const DETAIL = /^\/api\/v1\/vehicles\/(\d{1,10})$/;
const COMPARISON = /^\/api\/v1\/vehicles\/compare$/;
const SITE_ONLY = /^\/api\/v1\/(?:site|user\/config|pages(?:\/.*)?)$/;

/**
 * What a kept read shows (docs/decisions/040-pages-keyed-by-what-they-show.md): a vehicle's detail
 * and a comparison are keyed by their listings' versions, the site information, the search form's
 * lists and the content pages by the site's; a search and the featured listings by the catalogue's.
 * API clients never get a copy that lags: the pages rendered again from these reads must be current.
 */
export function readDependencies(target: string): Dependencies {
  const mark = target.indexOf('?');
  const path = mark < 0 ? target : target.slice(0, mark);
  const detail = DETAIL.exec(path);
  if (detail && Number(detail[1]) <= 2_147_483_647) return { listings: [Number(detail[1])], catalogue: 'none' };
  if (COMPARISON.test(path)) {
    const ids = new URLSearchParams(mark < 0 ? '' : target.slice(mark)).get('ids') ?? '';
    // What the route would answer for anything else is an error, never kept: keyed by the catalogue all the same.
    if (/^\d{1,10}(?:,\d{1,10}){0,9}$/.test(ids) && ids.split(',').every((id) => Number(id) <= 2_147_483_647))
      return { listings: [...new Set(ids.split(',').map(Number))], catalogue: 'none' };
    return { listings: [], catalogue: 'key' };
  }
  if (SITE_ONLY.test(path)) return { listings: [], catalogue: 'none' };
  return { listings: [], catalogue: 'key' };
}

/** Headers the kept answer must not repeat: its own request's, and those of the body as it was sent. */
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'set-cookie', 'x-request-id', 'strict-transport-security']);

/** A session, whether or not it is still good: such a caller's answer is made for them, not kept. */
const SESSION = /(?:^|;\s*)ACCESS_TOKEN=/;

/**
 * Whether a request may be answered from memory, its signature aside: a GET of a public read by a
 * caller without a session (no bearer token, no session cookie).
 */
export const mayBeKept = (method: string, path: string, authorization: string | undefined, cookie: string | undefined): boolean =>
  method === 'GET' && PUBLIC_READS.some((r) => r.test(path)) && !authorization && !SESSION.test(cookie ?? '');

/** A kept answer's body in the encoding the client takes, with the headers of the first answer and the body's own. */
export function keptAnswer(cache: ResponseCache, kept: KeptResponse, acceptEncoding: string | undefined) {
  const encoding = cache.encodingFor(acceptEncoding);
  const body = kept.body(encoding);
  // Names as the Fetch API gives them: lower case, one line each.
  const headers: Record<string, string> = Object.fromEntries(kept.headers);
  // Already encoded: no compression after this one touches it.
  if (encoding !== 'identity') {
    headers['content-encoding'] = encoding;
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  }
  headers['content-length'] = String(body.length);
  return { body, headers };
}

/**
 * Placed early in the chain (after the request's id and the compression, before the security headers,
 * the language, the signature and the session): a kept answer is sent without the rest of the chain
 * running, and it carries the headers that chain gave it the first time (all but PER_ANSWER). The
 * checks the answer needs are made here first: no session (no bearer token, no session cookie), a
 * good signature (unless the call is in-process), and the language the request asks for. Anything
 * else goes down the chain, which refuses or answers as always; an answer of a caller who turned out
 * to be nobody is kept for the next. Over HTTP, kept answers are sent before the app is reached at
 * all (server/public-reads.ts); here they are sent to the storefront's in-process calls, and answers
 * are made and kept.
 */
export const publicReads = (cache: ResponseCache | null, signingKey: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!cache || !mayBeKept(c.req.method, c.req.path, c.req.header('authorization'), c.req.header('cookie'))) return next();
    const signed =
      c.env?.inProcess === true || validSignature(signingKey, c.req.header('x-timestamp') ?? '', c.req.header('x-signature') ?? '');
    if (!signed) return next();
    const url = new URL(c.req.url);
    const keyed = await cache.key(`${url.pathname}${url.search}`, requestLocale(c));
    let kept = cache.find(keyed)?.kept;
    // Being made for another request (the versions just moved under load): wait for that answer
    // rather than make it once more per request, as for pages (ResponseCache.making).
    const waiting = kept ? undefined : cache.waitFor(keyed);
    if (waiting) kept = await waiting;
    if (!kept) {
      const done = cache.making(keyed);
      try {
        await next();
        if (
          c.res.status === 200 &&
          !c.get('principal') &&
          !c.get('transient') &&
          /^application\/json\b/i.test(c.res.headers.get('content-type') ?? '')
        ) {
          const headers = [...c.res.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase()));
          cache.set(keyed, await c.res.clone().text(), headers, routeOf(c));
        }
      } finally {
        done();
      }
      return;
    }
    const { body, headers } = keptAnswer(cache, kept, c.req.header('accept-encoding'));
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  });
