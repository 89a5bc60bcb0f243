import { siteRedirect } from '@autoroute/contract/redirect';
import type { APIContext, AstroGlobal } from 'astro';
import type { UserPayload } from './types.ts';

const SESSION_COOKIES = ['ACCESS_TOKEN', 'REFRESH_TOKEN'];

/**
 * The signed-in user for a page request, from the session cookies. An expired access token is
 * renewed in-process with the refresh token, and the renewed cookies go back with the page.
 */
export async function resolveUser(
  context: Pick<APIContext, 'request' | 'locals' | 'cookies'>,
): Promise<{ user: UserPayload | null; setCookies: string[] }> {
  const cookie = context.request.headers.get('cookie') ?? '';
  const api = context.locals.api;
  if (!api || !SESSION_COOKIES.some((name) => context.cookies.has(name))) return { user: null, setCookies: [] };
  const me = await api('/api/v1/user/me', { headers: { cookie } });
  if (me.ok) return { user: ((await me.json()) as { data: UserPayload }).data, setCookies: [] };
  if (!context.cookies.has('REFRESH_TOKEN')) return { user: null, setCookies: [] };
  const renewed = await api('/api/v1/auth/access-token', { method: 'POST', headers: { cookie } });
  const setCookies = renewed.headers.getSetCookie();
  if (!renewed.ok) return { user: null, setCookies };
  return { user: ((await renewed.json()) as { data: UserPayload }).data, setCookies };
}

/**
 * The Cookie header for a page's own in-process API calls once the middleware renewed the session:
 * the request's cookies with the renewed ones in their place (the browser gets those only with the
 * answer, and the access token it sent has expired). A cookie set empty is dropped.
 */
export function renewedCookies(cookie: string | null, setCookies: string[]): string {
  const jar = new Map<string, string>();
  const add = (pair: string) => {
    const at = pair.indexOf('=');
    if (at < 1) return;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value) jar.set(name, value);
    else jar.delete(name);
  };
  for (const pair of (cookie ?? '').split(';')) add(pair);
  for (const line of setCookies) add(line.split(';')[0] ?? '');
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** For pages of the authenticated layout (SPEC §2): signed out goes to /sign-in with the way back. */
export function signInRedirect(url: URL): string {
  return `/sign-in?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** A redirect target from a parameter, only when it stays on this site (the one check: contract/redirect). */
export const safeRedirect = (astro: Pick<AstroGlobal, 'locals' | 'url'>, value: string | null | undefined, fallback = '/'): string =>
  siteRedirect(value, astro.locals.runtime?.publicUrl ?? astro.url.origin, fallback);
