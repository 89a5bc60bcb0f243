import { DEFAULT_LOCALE, fromAcceptLanguage, LOCALE_NAMES, LOCALES, type Locale, matchLocale } from '@autoroute/locales/meta';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';

// Each locale is its own chunk: only the language in use is downloaded.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/??_??.ts');

export const i18nextInstance = i18next.use(
  resourcesToBackend(async (language: string) => {
    const load = loaders[`./locales/${language}.ts`] ?? loaders[`./locales/${DEFAULT_LOCALE}.ts`]!;
    return convertRaTranslationsToI18next((await load()).default);
  }),
);

export const availableLocales = LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] }));

/** The language a visitor already chose on the storefront (cookie `i18next`, SPEC §9 key), else the browser's. */
export function initialLocale(): Locale {
  const cookie = document.cookie.match(/(?:^|; )i18next=([^;]+)/)?.[1];
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('i18nLng') ?? localStorage.getItem('i18nextLng');
  } catch {}
  return matchLocale(stored) ?? matchLocale(cookie) ?? fromAcceptLanguage(navigator.languages.join(',')) ?? DEFAULT_LOCALE;
}
