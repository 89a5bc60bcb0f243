import type { TFunction } from 'i18next';

/**
 * A plural text in every form the locale uses, with "{{count}}" left in, so an island can pick the
 * form for a number it learns later (Intl.PluralRules) without shipping i18next.
 */
export function pluralForms(t: TFunction, key: string, locale: string): Record<string, string> {
  const rules = new Intl.PluralRules(locale.replace('_', '-'));
  const forms: Record<string, string> = {};
  for (let n = 0; n < 200 && Object.keys(forms).length < rules.resolvedOptions().pluralCategories.length; n++) {
    const category = rules.select(n);
    if (!(category in forms)) forms[category] = String(t(key, { count: n })).replace(String(n), '{{count}}');
  }
  return forms;
}
