import { detectLocale } from '@autoroute/locales';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { translator } from '../i18n.ts';

/** The language a request asks for (DESIGN §2): `?lng=`, the `i18next` cookie, Accept-Language, the host. */
export const requestLocale = (c: Context<AppEnv>) =>
  detectLocale({
    query: c.req.query('lng'),
    cookie: getCookie(c, 'i18next'),
    acceptLanguage: c.req.header('accept-language'),
    host: c.req.header('x-forwarded-host') ?? c.req.header('host'),
  });

export const language = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const locale = requestLocale(c);
    c.set('locale', locale);
    c.set('t', translator(locale));
    c.header('Content-Language', locale.replace('_', '-'));
    c.header('Vary', 'Accept-Language, Cookie');
    await next();
  });
