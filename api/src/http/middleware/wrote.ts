import { setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { TrustProxy } from '../../core/request.ts';
import { WROTE_COOKIE } from '../../server/public-pages.ts';
import type { AppEnv } from '../context.ts';
import { isHttps } from '../request.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read your own writes (docs/decisions/040-pages-keyed-by-what-they-show.md): a home or search page
 * may be sent from a copy that lags behind the catalogue for PAGE_STALE_S while it is rendered
 * again. A signed-in member whose change succeeded gets a short-lived cookie for that long, and the
 * front door never sends them such a copy (server/public-pages.ts): a seller who reprices sees the new
 * price on the home and search pages at their next request. A flag, not a credential.
 */
export const wroteMarker = (config: { pageStaleMs: number; publicUrl: string; trustProxy: TrustProxy }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (config.pageStaleMs <= 0 || READS.has(c.req.method) || c.res.status >= 400 || !c.get('principal')) return;
    setCookie(c, WROTE_COOKIE, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c, config),
      maxAge: Math.ceil(config.pageStaleMs / 1000),
    });
  });
