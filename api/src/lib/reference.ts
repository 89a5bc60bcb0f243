import { parseJson } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';

/** A reference row's name in the locale, from its translations, else its plain name. */
export function localName(name: string, i18n: string | null | undefined, locale: Locale): string {
  if (!i18n) return name;
  return parseJson<Record<string, string>>(i18n, {})[locale] || name;
}

/** Converts minor units to the currency's major unit (12550 cents → 125.5). */
export const toMajor = (minor: number, minorUnits: number): number => minor / 10 ** minorUnits;
export const toMinor = (major: number, minorUnits: number): number => Math.round(major * 10 ** minorUnits);

/** The public URL of a stored picture. */
export const mediaUrl = (key: string): string => `/media/${key}`;
