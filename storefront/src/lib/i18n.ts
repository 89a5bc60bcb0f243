import { createI18n, type Locale, numberFormat } from '@autoroute/locales';
import type { TFunction } from 'i18next';

const i18n = createI18n('storefront');

export const translator = (locale: Locale): TFunction => i18n.getFixedT(locale, 'storefront');

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
