import { type Locale, numberFormat } from '@autoroute/locales/meta';

/*
 * Money as pages and islands write it. Apart from lib/i18n.ts, which holds the translator and
 * its resources, so that an island formatting a price ships no i18next.
 */

/** A price in its currency; an estimate (`whole`) in whole units, as a market range is read (€18,250, not €18,249.57). */
export function formatPrice(value: number, currency: string, locale: Locale, { whole = false } = {}): string {
  const shown = whole ? Math.round(value) : value;
  try {
    return numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: shown % 1 === 0 ? 0 : 2 }).format(shown);
  } catch {
    return `${shown} ${currency}`;
  }
}

/** How many digits a currency's minor unit has (ISO 4217: EUR 2, JPY 0), as Intl knows it. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount the API gives in minor units (cents), written in its currency. */
export const formatMinor = (minor: number, currency: string, locale: Locale): string =>
  formatPrice(minor / 10 ** minorDigits(currency), currency, locale);
