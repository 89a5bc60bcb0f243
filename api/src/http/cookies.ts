import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { TrustProxy } from '../core/request.ts';
import { sessionLifetime } from '../domain/auth/sessions.data.ts';
import { ACCESS_TTL_SECONDS } from '../domain/auth/tokens.ts';
import { SIGNED_IN_COOKIE } from '../server/public-pages.ts';
import type { AppEnv } from './context.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_COOKIE } from './middleware/auth.ts';
import { isHttps } from './request.ts';

/** Browsers get the tokens as httpOnly cookies; other clients read them from `security` (DESIGN §2). */
export function setSessionCookies(
  c: Context<AppEnv>,
  config: { publicUrl: string; trustProxy: TrustProxy },
  s: { accessToken: string; refreshToken: string; sessionID: string },
  remember: boolean,
) {
  const base = { httpOnly: true, sameSite: 'Lax' as const, secure: isHttps(c, config), path: '/' };
  const maxAge = remember ? Math.floor(sessionLifetime(true) / 1000) : undefined;
  setCookie(c, ACCESS_COOKIE, s.accessToken, { ...base, maxAge: ACCESS_TTL_SECONDS });
  // Path / so that server-rendered pages can renew an expired access token (storefront middleware).
  setCookie(c, REFRESH_COOKIE, s.refreshToken, { ...base, maxAge });
  setCookie(c, SESSION_COOKIE, s.sessionID, { ...base, maxAge });
  // The session's hint for shared pages' scripts (a flag, no secret): it lives as long as the session.
  setCookie(c, SIGNED_IN_COOKIE, '1', { ...base, httpOnly: false, maxAge });
}

export function clearSessionCookies(c: Context<AppEnv>) {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, SESSION_COOKIE, SIGNED_IN_COOKIE]) deleteCookie(c, name, { path: '/' });
}
