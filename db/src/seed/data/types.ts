export { type Locale, LOCALES } from '@autoroute/locales/meta';
import type { Locale } from '@autoroute/locales/meta';

/** A name in each of the eight locales. */
export type I18nText = Record<Locale, string>;
