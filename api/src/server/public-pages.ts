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

/** The storefront's session cookies: a visitor who sends one gets a page of their own. */
const SESSION_COOKIE = /(?:^|;\s*)(?:ACCESS_TOKEN|REFRESH_TOKEN)=/;

const cookie = (header: string | undefined, name: string): string | undefined =>
  header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];

/**
 * The front door of public pages, before static files give way to Astro: for a visitor who is not
 * signed in, the page's key from one version read, then a 304 when the browser holds that page, or
 * the kept page in the encoding it accepts. Answers `'sent'` then; else the key the page is to be
 * kept under once rendered (the storefront's middleware keeps it if the page is cacheable), or null
 * for a visitor the shared page is not for.
 */
export async function publicPage(pages: ResponseCache, req: IncomingMessage, res: ServerResponse): Promise<ResponseKey | 'sent' | null> {
  if (req.method !== 'GET' || SESSION_COOKIE.test(req.headers.cookie ?? '')) return null;
  const host = req.headers.host ?? '';
  const url = new URL(req.url ?? '/', `http://${host || 'localhost'}`);
  const chosen = cookie(req.headers.cookie, 'i18next');
  const query = url.searchParams.get('lng');
  const locale = detectLocale({ query, cookie: chosen, acceptLanguage: req.headers['accept-language'], host });
  // Not the host: pages write absolute links from PUBLIC_URL, and a load balancer may name each process differently.
  const keyed = await pages.key(`${url.pathname}${url.search}`, locale);
  const holds = req.headers['if-none-match'] === keyed.etag;
  const kept = holds ? null : pages.get(keyed.key);
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
