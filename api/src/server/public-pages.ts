import type { IncomingMessage, ServerResponse } from 'node:http';
import { detectLocale, matchLocale } from '@autoroute/locales';
import type { Dependencies, ResponseCache, ResponseKey } from './response-cache.ts';

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
 * The pages every visitor gets alike, signed in or not: home, search, a vehicle, a seller, compare, content
 * pages. What is the visitor's own on them (the header's name and unread badge, their marks on a
 * vehicle) comes after load from `GET /api/v1/me/fragment`, so one kept page serves everyone and
 * a CDN may keep it too. Every other page is rendered for a signed-in visitor (the help centre's
 * form knows who writes; a member's own screens).
 */
const SHARED_PAGES = /^\/(?:|vehicles\/?|vehicles\/\d+\/?|sellers\/\d+\/?|compare\/?|about\/?|terms\/?|privacy\/?|help-center\/[^/]+\/?)$/;
export const isSharedPage = (pathname: string): boolean => SHARED_PAGES.test(pathname);

/**
 * Not a credential: set and cleared with the session cookies, readable by the page's scripts, it
 * tells a shared page that this browser holds a session, so the page shows the member's header
 * and asks for the visitor's fragment.
 */
export const SIGNED_IN_COOKIE = 'SIGNED_IN';

/**
 * Set by the API for a few seconds after a signed-in visitor changed something (http/middleware/wrote.ts):
 * their next pages are never copies that lag behind the catalogue, so a seller sees their own change
 * at once on the home and search pages too.
 */
export const WROTE_COOKIE = 'WROTE';
const WROTE = /(?:^|;\s*)WROTE=/;

/** Listing ids the database can hold (a larger number names no listing: its page is a 404, never kept). */
const MAX_ID = 2_147_483_647;
const listingId = (text: string | undefined): number | null => {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
};
/** As compare.astro reads `?ids=`: the first three distinct listing ids. */
export const compareIds = (ids: string | null, max = 3): number[] =>
  [...new Set((ids ?? '').split(',').map((s) => listingId(s.trim())))].filter((id): id is number => id !== null).slice(0, max);

const VEHICLE_PAGE = /^\/vehicles\/(\d+)\/?$/;
const LISTING_PAGES = /^\/(?:|vehicles\/?)$/;
const CONTENT_PAGES = /^\/(?:about|terms|privacy|help-center\/[^/]+)\/?$/;

/**
 * What a page shows (docs/decisions/040-pages-keyed-by-what-they-show.md), hence what its kept copy
 * is keyed by: a listing's page by its listing's version, a comparison by its listings', a content
 * page by the site's alone; the home and search pages show the catalogue, and may lag behind it for
 * PAGE_STALE_S while they are rendered again; any other page is keyed by the catalogue.
 */
export function pageDependencies(target: string): Dependencies {
  const mark = target.indexOf('?');
  const pathname = mark < 0 ? target : target.slice(0, mark);
  const vehicle = VEHICLE_PAGE.exec(pathname);
  const id = vehicle ? listingId(vehicle[1]) : null;
  if (id !== null) return { listings: [id], catalogue: 'none' };
  if (pathname === '/compare' || pathname === '/compare/')
    return { listings: compareIds(new URLSearchParams(mark < 0 ? '' : target.slice(mark)).get('ids')), catalogue: 'none' };
  if (LISTING_PAGES.test(pathname)) return { listings: [], catalogue: 'stale' };
  if (CONTENT_PAGES.test(pathname)) return { listings: [], catalogue: 'none' };
  return { listings: [], catalogue: 'key' };
}

const cookie = (header: string | undefined, name: string): string | undefined =>
  header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];

/**
 * The front door of public pages, before static files give way to Astro: for a shared page, or any
 * page when the visitor is not signed in, the page's key from one version read, then a 304 when the
 * browser holds that page, or the kept page in the encoding it accepts. A home or search page whose
 * copy lags behind the catalogue (for at most PAGE_STALE_S) is sent as it is, and `remake` renders
 * it again in the background, once. Answers `'sent'` then; else the key the page is to be kept
 * under once rendered (the storefront's middleware keeps it if the page is cacheable), or null for
 * a visitor the shared page is not for.
 */
export async function publicPage(
  pages: ResponseCache,
  req: IncomingMessage,
  res: ServerResponse,
  /** Sets the headers of a page (security policy…) before a kept page is sent; a 304 carries only its validator's (RFC 9110 §15.4.5). */
  pageHeaders: () => void,
  options: {
    /** Renders the page of `target` in `locale` again apart from any visitor's request, then calls `done`. */
    remake: (target: string, locale: string, done: () => void) => void;
    /** This request is such a render: it is never answered with a copy that lags. */
    remaking: boolean;
  },
): Promise<ResponseKey | 'sent' | null> {
  if (req.method !== 'GET') return null;
  const host = req.headers.host ?? '';
  const target = req.url ?? '/';
  const mark = target.indexOf('?');
  const pathname = mark < 0 ? target : target.slice(0, mark);
  const cookies = req.headers.cookie ?? '';
  if (SESSION_COOKIE.test(cookies) && !isSharedPage(pathname)) return null;
  const chosen = cookie(req.headers.cookie, 'i18next');
  const query = mark < 0 ? null : new URLSearchParams(target.slice(mark)).get('lng');
  const locale = detectLocale({ query, cookie: chosen, acceptLanguage: req.headers['accept-language'], host });
  // Not the host: pages write absolute links from PUBLIC_URL, and a load balancer may name each process differently.
  // The target as sent: a path written two ways is kept twice, never mixed up.
  const asked = mark === target.length - 1 ? pathname : target;
  const keyed = await pages.key(asked, locale);
  const ifNoneMatch = req.headers['if-none-match'];
  const holds = ifNoneMatch === keyed.etag;
  // Who just changed something sees it: never a copy that lags (nor does the render that replaces one).
  const lag = !options.remaking && !WROTE.test(cookies);
  let found = holds ? undefined : pages.find(keyed, { lag });
  if (found && !found.current) {
    const claim = pages.revalidating(keyed);
    if (claim) options.remake(asked, locale, claim.done);
  }
  if (!holds && !found && isSharedPage(pathname)) {
    // Being rendered for another request: wait for that render rather than make another (the first
    // to miss says so at once, before anything else can ask: when the versions move under load, a busy
    // page is rendered once, not once per request).
    const waiting = pages.waitFor(keyed);
    const kept = waiting ? await waiting : undefined;
    if (kept) found = { kept, current: true };
    else {
      res.once('close', pages.making(keyed));
      return keyed;
    }
  }
  if (!holds && !found) return keyed;
  // Choosing a language with ?lng= keeps it (SPEC §7), as the storefront's middleware does on a render.
  if (matchLocale(query) && chosen !== locale) res.appendHeader('Set-Cookie', `i18next=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`);
  res.setHeader('Vary', PUBLIC_PAGE_HEADERS.vary);
  // The browser holds the page current now, or the copy that is sent while it is rendered again.
  if (holds || (found && ifNoneMatch === found.kept.etag)) {
    res.setHeader('ETag', ifNoneMatch!);
    // A copy's 304 was counted by `find`, as stale.
    if (holds) pages.revalidated();
    res.writeHead(304, {
      'Cache-Control': PUBLIC_PAGE_HEADERS.cacheControl,
      'Content-Language': locale.replace('_', '-'),
    });
    res.end();
    return 'sent';
  }
  const { kept } = found!;
  res.setHeader('ETag', kept.etag);
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
