import { defineMiddleware } from 'astro:middleware';
import type { Encoding, KeptResponse } from '@autoroute/api/response-cache';
import { type Locale, matchLocale } from '@autoroute/locales';
import { detectLocale, translator } from './lib/i18n.ts';
import { renewedCookies, resolveUser } from './lib/session.ts';

/**
 * Pages marked cacheable (their HTML depends only on the URL, the language and the data's versions)
 * get an ETag made before rendering and a shared-cache policy: visitors revalidate cheaply (304)
 * and see a new listing at once (DESIGN §1, decision 024).
 */
const SHARED_CACHE = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';

export const onRequest = defineMiddleware(async (context, next) => {
  const { url, cookies, request, locals } = context;
  const locale = detectLocale(url, cookies.get('i18next')?.value, request.headers.get('accept-language'));
  locals.locale = locale;
  locals.t = translator(locale);
  // Choosing a language with ?lng= keeps it (SPEC §7: the i18next cookie).
  if (matchLocale(url.searchParams.get('lng')) && cookies.get('i18next')?.value !== locale) {
    cookies.set('i18next', locale, { path: '/', maxAge: 31536000, sameSite: 'lax' });
  }
  const session = await resolveUser(context);
  locals.user = session.user;
  // The page's own API calls go with the renewed session, not the expired token the browser sent.
  if (session.user && session.setCookies.length) locals.cookie = renewedCookies(request.headers.get('cookie'), session.setCookies);
  // A visitor who is not signed in gets the page every such visitor gets: from the render cache
  // when it holds it, and a 304 before anything is rendered when the browser holds it already.
  const pages = locals.pages;
  if (pages && request.method === 'GET' && !session.user && !session.setCookies.length) {
    const { key, etag } = await pages.key(`${url.host}${url.pathname}${url.search}`, locale);
    const encoding = pages.encodingFor(request.headers.get('accept-encoding'));
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: validatorHeaders(etag, locale) });
    const kept = pages.get(key);
    if (kept) return send(kept, encoding);
    const response = await next();
    if (!locals.cacheable || response.status !== 200) return finish(response, []);
    const headers = [...finish(response, []).headers].filter(([name]) => name !== 'etag' && name !== 'set-cookie');
    return send(pages.set(key, etag, await response.text(), headers), encoding);
  }
  return finish(await next(), session.setCookies);

  /** The headers of every page; a signed-in visitor's page is theirs alone, a public one is shared. */
  function finish(response: Response, setCookies: string[]): Response {
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
    response.headers.set('Content-Language', locale.replace('_', '-'));
    response.headers.set('Vary', VARY);
    if (locals.user || setCookies.length) {
      response.headers.set('Cache-Control', 'private, no-store');
    } else if (locals.cacheable && request.method === 'GET' && response.status === 200) {
      response.headers.set('Cache-Control', SHARED_CACHE);
    } else if (!response.headers.has('Cache-Control')) {
      response.headers.set('Cache-Control', 'no-cache');
    }
    return response;
  }
});

const VARY = 'Cookie, Accept-Language, Accept-Encoding';

function validatorHeaders(etag: string, locale: Locale): Headers {
  return new Headers({ ETag: etag, 'Cache-Control': SHARED_CACHE, Vary: VARY, 'Content-Language': locale.replace('_', '-') });
}

/** A kept page in the encoding the browser takes; the server's own compression leaves an encoded body alone. */
function send(page: KeptResponse, encoding: Encoding): Response {
  const headers = new Headers(page.headers);
  headers.set('ETag', page.etag);
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
  const body = page.body(encoding);
  headers.set('Content-Length', String(body.length));
  // Node's buffers from zlib sit on a plain ArrayBuffer (never a shared one): sent as they are, uncopied.
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
