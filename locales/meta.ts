/** Locale facts with no messages attached: safe to import from browser bundles. */
/** The eight locales of SPEC §1, in the order the language switcher lists them. */
export const LOCALES = ['en_US', 'fr_FR', 'zh_CN', 'es_ES', 'pt_BR', 'de_DE', 'ar_SA', 'ru_RU'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';

/** The language names as their speakers write them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en_US: 'English',
  fr_FR: 'Français',
  zh_CN: '中文',
  es_ES: 'Español',
  pt_BR: 'Português',
  de_DE: 'Deutsch',
  ar_SA: 'العربية',
  ru_RU: 'Русский',
};

/**
 * The currency a visitor of each locale most likely counts in (ISO 4217): a search's prices are
 * asked in it until they choose another, when the site has it (issue 33).
 */
export const LOCALE_CURRENCIES: Record<Locale, string> = {
  en_US: 'USD',
  fr_FR: 'EUR',
  zh_CN: 'CNY',
  es_ES: 'EUR',
  pt_BR: 'BRL',
  de_DE: 'EUR',
  ar_SA: 'SAR',
  ru_RU: 'RUB',
};

// Scripts written right to left (SPEC §1: Arabic, Hebrew, Persian, Urdu and similar).
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);
export const isRtl = (locale: string): boolean => RTL_LANGUAGES.has(locale.slice(0, 2).toLowerCase());
export const direction = (locale: string): 'rtl' | 'ltr' => (isRtl(locale) ? 'rtl' : 'ltr');

/** BCP 47 tag for `<html lang>`, `hreflang`, `Content-Language`, plural rules and collation. */
export const languageTag = (locale: Locale): string => locale.replace('_', '-');

/**
 * How a locale writes numbers and dates, when it differs from what its language tag alone gives:
 * one system per locale, on every page of both apps. Arabic pages write Western digits and the
 * Gregorian calendar: titles, model names, VINs, plates and phone numbers are written so, a number
 * field takes them, and mixing them with Arabic-Indic digits on one page reads badly.
 */
const FORMAT_EXTENSIONS: Partial<Record<Locale, string>> = { ar_SA: 'u-ca-gregory-nu-latn' };

/** BCP 47 tag for `Intl` number, date, time and unit formats: the language tag with its digits and calendar. */
export const formatTag = (locale: Locale): string => {
  const extension = FORMAT_EXTENSIONS[locale];
  return extension ? `${languageTag(locale)}-${extension}` : languageTag(locale);
};

/**
 * `Intl` formatters made once per locale and options, and shared: making one costs far more than
 * formatting with it, and a page formats hundreds of numbers (issue 14). Bounded by the locales
 * times the option sets the code uses.
 */
function memo<O, F>(make: (tag: string, options: O | undefined) => F) {
  const made = new Map<string, F>();
  return (locale: Locale, options?: O): F => {
    const key = options === undefined ? locale : `${locale}|${JSON.stringify(options)}`;
    let f = made.get(key);
    if (f === undefined) {
      f = make(formatTag(locale), options);
      made.set(key, f);
    }
    return f;
  };
}
export const numberFormat = memo((tag, options: Intl.NumberFormatOptions | undefined) => new Intl.NumberFormat(tag, options));
export const dateTimeFormat = memo((tag, options: Intl.DateTimeFormatOptions | undefined) => new Intl.DateTimeFormat(tag, options));
export const pluralRules = memo((tag, options: Intl.PluralRulesOptions | undefined) => new Intl.PluralRules(tag, options));
/** Sorting in a locale's order: `a.localeCompare(b, tag)` looks its collator up on every comparison. */
export const collator = memo((tag, options: Intl.CollatorOptions | undefined) => new Intl.Collator(tag, options));

/** The `Intl` format tag of a language tag or locale name as a page or a user setting holds it (`ar-SA`, `fr`). */
export const formatTagOf = (input: string | null | undefined): string => formatTag(matchLocale(input) ?? DEFAULT_LOCALE);

/** Matches `fr`, `fr-FR`, `fr_fr` or `FR_FR` to a supported locale; null when none fits. */
export function matchLocale(input: string | null | undefined): Locale | null {
  if (!input) return null;
  const [lang = '', region = ''] = input.trim().replace('-', '_').split('_');
  const exact = `${lang.toLowerCase()}_${region.toUpperCase()}`;
  if ((LOCALES as readonly string[]).includes(exact)) return exact as Locale;
  return LOCALES.find((l) => l.startsWith(`${lang.toLowerCase()}_`)) ?? null;
}

const ACCEPT_LANGUAGE_KEPT = 512;
const acceptLanguageSeen = new Map<string, Locale | null>();

/**
 * The first supported language of an Accept-Language header, by quality. Browsers send a handful of
 * distinct headers, asked on every request: the answers are kept, a bounded number of them.
 */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let locale = acceptLanguageSeen.get(header);
  if (locale === undefined) {
    locale = rankAcceptLanguage(header);
    if (acceptLanguageSeen.size >= ACCEPT_LANGUAGE_KEPT) acceptLanguageSeen.clear();
    acceptLanguageSeen.set(header, locale);
  }
  return locale;
}

function rankAcceptLanguage(header: string): Locale | null {
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}

const HOST_SUFFIX: Record<string, Locale> = {
  fr: 'fr_FR',
  cn: 'zh_CN',
  es: 'es_ES',
  br: 'pt_BR',
  de: 'de_DE',
  sa: 'ar_SA',
  ru: 'ru_RU',
};

/** The language a country-code host suffix implies (`autoroute.fr` → fr_FR), SPEC §7. */
export function fromHost(host: string | null | undefined): Locale | null {
  const tld = host?.split(':')[0]?.split('.').pop()?.toLowerCase();
  return (tld && HOST_SUFFIX[tld]) || null;
}

/** Where a request says which language it wants. */
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
