import { createI18n, type Locale, numberFormat } from '@autoroute/locales';
import type { TFunction } from 'i18next';

const i18n = createI18n('storefront');

/** How many texts a locale's translator remembers before it starts over (texts with a listing's title in them are many). */
const TEXTS_KEPT = 20_000;

/**
 * The page's `t` for one locale, the same function for every request. A text depends only on its
 * key and options (the resources are bundled and never change while the process runs), so it is
 * looked up once: i18next's lookup (namespaces, fallbacks, key paths, interpolation, plural rules)
 * was a sixth of a vehicle page's render, the same hundred texts on every page. Options that are
 * not plain values (an object, a function) go to i18next every time.
 */
function remembering(fixedT: TFunction): TFunction {
  const fixed = fixedT as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const t = (...args: unknown[]) => {
    const [key, options] = args;
    let id: string | undefined;
    if (typeof key === 'string' && args.length <= 2) {
      if (options === undefined) id = key;
      else if (typeof options === 'object' && options !== null && Object.values(options).every(plain))
        id = `${key}\0${JSON.stringify(options)}`;
    }
    if (id === undefined) return fixed(...args);
    let text = texts.get(id);
    if (text === undefined) {
      text = fixed(...args);
      if (texts.size >= TEXTS_KEPT) texts.clear();
      texts.set(id, text);
    }
    return text;
  };
  return t as unknown as TFunction;
}

const plain = (value: unknown) => value === null || (typeof value !== 'object' && typeof value !== 'function');

const translators = new Map<Locale, TFunction>();

export function translator(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = remembering(i18n.getFixedT(locale, 'storefront'));
    translators.set(locale, t);
  }
  return t;
}

export function formatPrice(value: number, currency: string, locale: Locale): string {
  try {
    return numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: value % 1 === 0 ? 0 : 2 }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

export const formatNumber = (value: number, locale: Locale): string => numberFormat(locale).format(value);

/** An engine's size in the locale's digits and its own word for litres (1.6 L, 1.6 لتر). */
export const formatLitres = (value: number, locale: Locale): string =>
  numberFormat(locale, { style: 'unit', unit: 'liter', unitDisplay: 'short' }).format(value);

/** A year in the locale's digits, without grouping (2024, not 2,024). */
export const formatYear = (value: number, locale: Locale): string => numberFormat(locale, { useGrouping: false }).format(value);
