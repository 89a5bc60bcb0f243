import { parseJson } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';

/**
 * Translations already parsed, by their JSON text: the same few hundred reference rows are read on
 * every listing and detail. Keyed by the text itself, an edited translation is simply another key.
 */
const translations = new Map<string, Readonly<Record<string, string>>>();
const TRANSLATIONS_KEPT = 5000;

/** A reference row's name in the locale, from its translations, else its plain name. */
export function localName(name: string, i18n: string | null | undefined, locale: Locale): string {
  if (!i18n) return name;
  let names = translations.get(i18n);
  if (!names) {
    names = Object.freeze(parseJson<Record<string, string>>(i18n, {}));
    if (translations.size >= TRANSLATIONS_KEPT) translations.clear();
    translations.set(i18n, names);
  }
  return names[locale] || name;
}

/** An optional text (a description) in the locale, else its plain text, else null. */
export const localText = (text: string | null, i18n: string | null | undefined, locale: Locale): string | null =>
  localName(text ?? '', i18n, locale) || null;

/** Converts minor units to the currency's major unit (12550 cents → 125.5). */
export const toMajor = (minor: number, minorUnits: number): number => minor / 10 ** minorUnits;
export const toMinor = (major: number, minorUnits: number): number => Math.round(major * 10 ** minorUnits);

/** The URL browsers fetch a stored picture's key at (`Deps.mediaUrl`). */
export type MediaUrl = (key: string) => string;

/** `/media/<key>` on every server process, or `<MEDIA_PUBLIC_URL>/<key>` behind a CDN or the bucket's own site. */
export const mediaUrls =
  (publicUrl: string | undefined): MediaUrl =>
  (key) =>
    `${publicUrl ?? '/media'}/${key}`;
