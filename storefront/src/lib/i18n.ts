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
 * not plain values, or objects of plain values (`replace`), go to i18next every time.
 */
function remembering(fixedT: TFunction): TFunction {
  const fixed = fixedT as unknown as (key: unknown, ...rest: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const id = typeof key === 'string' && rest.length === 0 ? textId(key, options) : undefined;
    if (id === undefined) return fixed(key, options, ...rest);
    let text = texts.get(id);
    if (text === undefined) {
      text = options === undefined ? fixed(key) : fixed(key, options);
      if (texts.size >= TEXTS_KEPT) texts.clear();
      texts.set(id, text);
    }
    return text;
  };
  return t as unknown as TFunction;
}

/** What identifies a text: its key and options, each value with its type (1 and "1" may pick other plural forms); none for other options. */
function textId(key: string, options: unknown): string | undefined {
  if (options === undefined) return key;
  if (!isRecord(options)) return undefined;
  let id = key;
  for (const name in options) {
    const value = options[name];
    if (isRecord(value)) {
      id += `\0${name}{`;
      for (const inner in value) {
        const part = valueId(value[inner]);
        if (part === undefined) return undefined;
        id += `\0${inner}\0${part}`;
      }
      id += '}';
      continue;
    }
    const part = valueId(value);
    if (part === undefined) return undefined;
    id += `\0${name}\0${part}`;
  }
  return id;
}

const valueId = (value: unknown): string | undefined =>
  value === null || (typeof value !== 'object' && typeof value !== 'function') ? `${typeof value}:${String(value)}` : undefined;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const translators = new Map<Locale, TFunction>();

export function translator(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = remembering(i18n.getFixedT(locale, 'storefront'));
    translators.set(locale, t);
  }
  return t;
}

export { formatPrice } from './money.ts';

export const formatNumber = (value: number, locale: Locale): string => numberFormat(locale).format(value);

/** An engine's size in the locale's digits and its own word for litres (1.6 L, 1.6 لتر). */
export const formatLitres = (value: number, locale: Locale): string =>
  numberFormat(locale, { style: 'unit', unit: 'liter', unitDisplay: 'short' }).format(value);

/** A year in the locale's digits, without grouping (2024, not 2,024). */
export const formatYear = (value: number, locale: Locale): string => numberFormat(locale, { useGrouping: false }).format(value);
