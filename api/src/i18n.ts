import { createI18n, DEFAULT_LOCALE, fromAcceptLanguage, fromHost, type Locale, matchLocale } from '@autoroute/locales';
import type { TFunction } from 'i18next';

const i18n = createI18n('api');

export const translator = (locale: Locale): TFunction => i18n.getFixedT(locale, 'api');

export interface LanguageSources {
  query?: string | null | undefined;
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
  host?: string | null | undefined;
}

/** DESIGN §2: `?lng=`, then the `i18next` cookie, then Accept-Language, then the host suffix, then en_US. */
export function detectLocale(s: LanguageSources): Locale {
  return matchLocale(s.query) ?? matchLocale(s.cookie) ?? fromAcceptLanguage(s.acceptLanguage) ?? fromHost(s.host) ?? DEFAULT_LOCALE;
}
