import { detectLocale } from '@autoroute/locales';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { parse } from 'hono/utils/cookie';
import { translator } from '../../core/i18n.ts';
import type { AppEnv } from '../context.ts';

/**
 * The language a request asks for (DESIGN §2): `?lng=`, the `i18next` cookie, Accept-Language, the
 * host; from the request's headers (`header` takes a lower-case name), in the app or before it.
 */
export const localeOf = (lng: string | null | undefined, header: (name: string) => string | undefined) =>
  detectLocale({
    query: lng,
    cookie: parse(header('cookie') ?? '', 'i18next').i18next,
    acceptLanguage: header('accept-language'),
    host: header('x-forwarded-host') ?? header('host'),
  });

export const requestLocale = (c: Context<AppEnv>) => localeOf(c.req.query('lng'), (name) => c.req.header(name));

export const language = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const locale = requestLocale(c);
    c.set('locale', locale);
    c.set('t', translator(locale));
    c.header('Content-Language', locale.replace('_', '-'));
    c.header('Vary', 'Accept-Language, Cookie');
    await next();
  });
