import type { IncomingMessage, ServerResponse } from 'node:http';
import { detectLocale, matchLocale } from '@autoroute/locales';
import type { ResponseCache, ResponseKey } from './response-cache.ts';

/**
 * What shared public pages are sent with (docs/decisions/024-page-cache.md): shared caches may keep
 * them a few seconds and serve them stale while they revalidate; browsers revalidate every time.
 */
export const PUBLIC_PAGE_HEADERS = {
  cacheControl: 'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
  vary: 'Cookie, Accept-Language, Accept-Encoding',
} as const;

/** The storefront's session cookies: a visitor who sends one gets a page of their own, unless the page is shared. */
const SESSION_COOKIE = /(?:^|;\s*)(?:ACCESS_TOKEN|REFRESH_TOKEN)=/;

/**
 * The pages every visitor gets alike, signed in or not: home, search, a vehicle, compare, content
 * pages. What is the visitor's own on them (the header's name and unread badge, their marks on a
 * vehicle) comes after load from `GET /api/v1/me/fragment`, so one kept page serves everyone and
 * a CDN may keep it too. Every other page is rendered for a signed-in visitor (the help centre's
 * form knows who writes; a member's own screens).
 */
const SHARED_PAGES = /^\/(?:|vehicles\/?|vehicles\/\d+\/?|compare\/?|about\/?|terms\/?|privacy\/?|help-center\/[^/]+\/?)$/;
export const isSharedPage = (pathname: string): boolean => SHARED_PAGES.test(pathname);

/**
 * Not a credential: set and cleared with the session cookies, readable by the page's scripts, it
 * tells a shared page that this browser holds a session, so the page shows the member's header
 * and asks for the visitor's fragment.
 */
export const SIGNED_IN_COOKIE = 'SIGNED_IN';

const cookie = (header: string | undefined, name: string): string | undefined =>
  header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];

/**
 * The front door of public pages, before static files give way to Astro: for a shared page, or any
 * page when the visitor is not signed in, the page's key from one version read, then a 304 when the browser holds that page, or
 * the kept page in the encoding it accepts. Answers `'sent'` then; else the key the page is to be
 * kept under once rendered (the storefront's middleware keeps it if the page is cacheable), or null
 * for a visitor the shared page is not for.
 */
export async function publicPage(
  pages: ResponseCache,
  req: IncomingMessage,
  res: ServerResponse,
  /** Sets the headers of a page (security policy…) before a kept page is sent; a 304 carries only its validator's (RFC 9110 §15.4.5). */
  pageHeaders: () => void,
): Promise<ResponseKey | 'sent' | null> {
  if (req.method !== 'GET') return null;
  const host = req.headers.host ?? '';
  const target = req.url ?? '/';
  const mark = target.indexOf('?');
  const pathname = mark < 0 ? target : target.slice(0, mark);
  if (SESSION_COOKIE.test(req.headers.cookie ?? '') && !isSharedPage(pathname)) return null;
  const chosen = cookie(req.headers.cookie, 'i18next');
  const query = mark < 0 ? null : new URLSearchParams(target.slice(mark)).get('lng');
  const locale = detectLocale({ query, cookie: chosen, acceptLanguage: req.headers['accept-language'], host });
  // Not the host: pages write absolute links from PUBLIC_URL, and a load balancer may name each process differently.
  // The target as sent: a path written two ways is kept twice, never mixed up.
  const keyed = await pages.key(mark === target.length - 1 ? pathname : target, locale);
  const holds = req.headers['if-none-match'] === keyed.etag;
  let kept = holds ? null : pages.get(keyed.key);
  if (!holds && !kept && isSharedPage(pathname)) {
    // Being rendered for another request: wait for that render rather than make another (the first
    // to miss says so at once, before anything else can ask: when the versions move under load, a busy
    // page is rendered once, not once per request).
    const waiting = pages.waitFor(keyed.key);
    if (waiting) kept = await waiting;
    if (!kept) {
      res.once('close', pages.making(keyed.key));
      return keyed;
    }
  }
  if (!holds && !kept) return keyed;
  // Choosing a language with ?lng= keeps it (SPEC §7), as the storefront's middleware does on a render.
  if (matchLocale(query) && chosen !== locale) res.appendHeader('Set-Cookie', `i18next=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`);
  res.setHeader('ETag', keyed.etag);
  res.setHeader('Vary', PUBLIC_PAGE_HEADERS.vary);
  if (!kept) {
    pages.revalidated();
    res.writeHead(304, {
      'Cache-Control': PUBLIC_PAGE_HEADERS.cacheControl,
      'Content-Language': locale.replace('_', '-'),
    });
    res.end();
    return 'sent';
  }
  pageHeaders();
  for (const [name, value] of kept.headers) res.setHeader(name, value);
  const encoding = pages.encodingFor(req.headers['accept-encoding']);
  const body = kept.body(encoding);
  // Already encoded: the server's compression leaves an encoded answer alone.
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.writeHead(200);
  res.end(body);
  return 'sent';
}
