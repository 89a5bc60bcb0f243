import { defineMiddleware } from 'astro:middleware';
import { createHash } from 'node:crypto';
import { matchLocale } from '@autoroute/locales';
import { detectLocale, translator } from './lib/i18n.ts';
import { renewedCookies, resolveUser } from './lib/session.ts';

/**
 * Pages marked cacheable (their HTML depends only on the URL and the language) get an ETag and a
 * shared-cache policy: visitors revalidate cheaply (304) and see a new listing at once (DESIGN §1).
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
  const response = await next();
  for (const cookie of session.setCookies) response.headers.append('Set-Cookie', cookie);
  response.headers.set('Content-Language', locale.replace('_', '-'));
  response.headers.set('Vary', 'Cookie, Accept-Language');
  // A page that shows who is signed in is that person's alone.
  if (locals.user || session.setCookies.length) {
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  }
  if (!locals.cacheable || request.method !== 'GET' || response.status !== 200) {
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-cache');
    return response;
  }
  const html = await response.text();
  const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  headers.set('Cache-Control', SHARED_CACHE);
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(html, { status: 200, headers });
});
