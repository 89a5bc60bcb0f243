import { defineMiddleware } from 'astro:middleware';
import { isSharedPage, PUBLIC_PAGE_HEADERS, SIGNED_IN_COOKIE as SIGNED_IN } from '@autoroute/api/public-pages';
import { compressNow, type Encoding, type KeptResponse, negotiate } from '@autoroute/api/response-cache';
import { detectLocale, matchLocale } from '@autoroute/locales';
import type { APIContext, MiddlewareNext } from 'astro';
import { translator } from './lib/i18n.ts';
import { renewedCookies, resolveUser } from './lib/session.ts';

/*
 * Pages marked cacheable (their HTML depends only on the URL, the language and the data's versions)
 * get an ETag made before rendering and a shared-cache policy: visitors revalidate cheaply (304)
 * and see a new listing at once (DESIGN §1, decision 024).
 */
async function render(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { url, cookies, request, locals } = context;
  const locale = detectLocale({
    query: url.searchParams.get('lng'),
    cookie: cookies.get('i18next')?.value,
    acceptLanguage: request.headers.get('accept-language'),
    host: url.host,
  });
  locals.locale = locale;
  locals.t = translator(locale);
  // Choosing a language with ?lng= keeps it (SPEC §7: the i18next cookie).
  if (matchLocale(url.searchParams.get('lng')) && cookies.get('i18next')?.value !== locale) {
    cookies.set('i18next', locale, { path: '/', maxAge: 31536000, sameSite: 'lax' });
  }
  // A shared page is rendered for no one (its API calls go without the visitor's cookies, lib/api.ts):
  // the header and marks that are the visitor's come after load (components/PersonalFragment.astro).
  locals.shared = request.method === 'GET' && isSharedPage(url.pathname);
  const session = locals.shared ? { user: null, setCookies: [] } : await resolveUser(context);
  locals.user = session.user;
  // Shared pages learn from this hint that the browser holds a session: kept in step with what the
  // server found (a session from before the hint existed gets it; a dead one loses it).
  if (!locals.shared && Boolean(session.user) !== cookies.has(SIGNED_IN)) {
    if (session.user) cookies.set(SIGNED_IN, '1', { path: '/', sameSite: 'lax' });
    else cookies.delete(SIGNED_IN, { path: '/' });
  }
  // The page's own API calls go with the renewed session, not the expired token the browser sent.
  if (session.user && session.setCookies.length) locals.cookie = renewedCookies(request.headers.get('cookie'), session.setCookies);
  // A shared page, or any page for a visitor who is not signed in, is the page every such visitor
  // gets: the server's front door answered from the render cache when it could
  // (api/src/server/public-pages.ts), and gave the key a cacheable page is kept under once rendered here.
  const { pages, pageKey } = locals;
  const encoding = negotiate(request.headers.get('accept-encoding'));
  if (pages && pageKey && !session.user && !session.setCookies.length) {
    const response = await next();
    if (response.status !== 200) return compressed(finish(response, []), encoding);
    // Read whole first: a component rendered while the page streams may be what marks it cacheable (ContentPage).
    const html = await response.text();
    const rendered = finish(new Response(html, { status: 200, headers: response.headers }), []);
    if (!locals.cacheable) return compressed(rendered, encoding, html);
    const headers = [...rendered.headers].filter(([name]) => name !== 'etag' && name !== 'set-cookie');
    return send(pages.set(pageKey, html, headers), encoding);
  }
  return compressed(finish(await next(), session.setCookies), encoding);

  /** The headers of every page; a signed-in visitor's page is theirs alone, a public one is shared. */
  function finish(response: Response, setCookies: string[]): Response {
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
    response.headers.set('Content-Language', locale.replace('_', '-'));
    response.headers.set('Vary', PUBLIC_PAGE_HEADERS.vary);
    if (locals.user || setCookies.length) {
      response.headers.set('Cache-Control', 'private, no-store');
    } else if (locals.cacheable && request.method === 'GET' && response.status === 200) {
      response.headers.set('Cache-Control', PUBLIC_PAGE_HEADERS.cacheControl);
    } else if (!response.headers.has('Cache-Control')) {
      response.headers.set('Cache-Control', 'no-cache');
    }
    return response;
  }
}

/**
 * A page that failed because the API answered 503 (its database or store is down, lib/api.ts) is
 * sent as the 503 page with its status: a load balancer and a browser then try again, not report a fault.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await render(context, next);
  if (response.status !== 500 || !context.locals.unavailable) return response;
  return new Response(response.body, { status: 503, headers: response.headers });
});

/**
 * A rendered page in one piece, compressed in one call in the encoding the browser takes (Astro
 * renders it whole: astro.config.mjs). The server's generic compression would make a zlib stream
 * for it, which costs several times the compression itself (as for the API's JSON,
 * api/src/http/middleware/compress.ts); it leaves an encoded answer alone. What is not HTML, or is too
 * small to gain from it, is left as it is.
 */
async function compressed(response: Response, encoding: Encoding, text?: string): Promise<Response> {
  if (encoding === 'identity' || !response.body || response.headers.has('content-encoding')) return response;
  if (!/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return response;
  const body = text === undefined ? new Uint8Array(await response.arrayBuffer()) : Buffer.from(text);
  if (body.byteLength < MIN_COMPRESSED) return new Response(body, response);
  const encoded = compressNow[encoding](body);
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(encoded.length));
  return new Response(encoded as Uint8Array<ArrayBuffer>, { status: response.status, statusText: response.statusText, headers });
}

/** Below this a compressed page saves less than its headers cost (the server's compression threshold). */
const MIN_COMPRESSED = 1024;

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
