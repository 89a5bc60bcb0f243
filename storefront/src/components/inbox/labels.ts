import type { TFunction } from 'i18next';

/** The forms already found, by translator (one per locale, lib/i18n.ts) and key: every page's header asks for the same two. */
const found = new WeakMap<TFunction, Map<string, Record<string, string>>>();

/**
 * A plural text in every form the locale uses, with "{{count}}" left in, so an island can pick the
 * form for a number it learns later (Intl.PluralRules) without shipping i18next.
 */
export function pluralForms(t: TFunction, key: string, locale: string): Record<string, string> {
  let byKey = found.get(t);
  const known = byKey?.get(`${locale}|${key}`);
  if (known) return { ...known };
  const rules = new Intl.PluralRules(locale.replace('_', '-'));
  const categories = rules.resolvedOptions().pluralCategories.length;
  const forms: Record<string, string> = {};
  for (let n = 0, count = 0; n < 200 && count < categories; n++) {
    const category = rules.select(n);
    if (category in forms) continue;
    forms[category] = String(t(key, { count: n })).replace(String(n), '{{count}}');
    count++;
  }
  if (!byKey) {
    byKey = new Map();
    found.set(t, byKey);
  }
  byKey.set(`${locale}|${key}`, forms);
  return { ...forms };
}
