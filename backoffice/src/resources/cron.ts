import { formatTagOf, type Locale, matchLocale } from '@autoroute/locales/meta';

export { nextRuns } from '@autoroute/contract/cron';

// cronstrue's names for our locales; a locale it lacks describes in English (the dates stay localized).
const CRONSTRUE_LOCALE: Record<Locale, string> = {
  en_US: 'en',
  fr_FR: 'fr',
  zh_CN: 'zh_CN',
  es_ES: 'es',
  pt_BR: 'pt_BR',
  de_DE: 'de',
  ar_SA: 'ar',
  ru_RU: 'ru',
};

// Each language's wording is its own small chunk, fetched when a cron field first shows in that language.
const LOADERS: Record<string, () => Promise<unknown>> = {
  fr: () => import('cronstrue/locales/fr'),
  zh_CN: () => import('cronstrue/locales/zh_CN'),
  es: () => import('cronstrue/locales/es'),
  pt_BR: () => import('cronstrue/locales/pt_BR'),
  de: () => import('cronstrue/locales/de'),
  ar: () => import('cronstrue/locales/ar'),
  ru: () => import('cronstrue/locales/ru'),
};

export type Describe = (expression: string) => string | null;

/** A describer in the locale's words (cronstrue), English when cronstrue has no such locale or fails to load it. */
export async function loadDescriber(locale: string): Promise<Describe> {
  const { default: cronstrue } = await import('cronstrue');
  const wanted = CRONSTRUE_LOCALE[matchLocale(locale) ?? 'en_US'];
  let available = 'en';
  const load = LOADERS[wanted];
  if (load) {
    try {
      await load();
      available = wanted;
    } catch {
      available = 'en';
    }
  }
  return (expression) => {
    try {
      return cronstrue.toString(expression.trim(), { locale: available, use24HourTimeFormat: true, throwExceptionOnParseError: true });
    } catch {
      try {
        return cronstrue.toString(expression.trim(), { locale: 'en', use24HourTimeFormat: true, throwExceptionOnParseError: true });
      } catch {
        return null;
      }
    }
  };
}

/** "Sunday 28 June 2026 at 02:30" and "in 3 days", in the locale's words. */
export function describeRun(date: Date, locale: string, now: Date = new Date()): { when: string; relative: string } {
  const tag = formatTagOf(locale);
  const when = new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'short' }).format(date);
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['minute', 60];
  const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
  return { when, relative };
}
