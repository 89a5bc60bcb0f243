import { createI18n, LOCALES } from '@autoroute/locales';
import { describe, expect, it } from 'vitest';
import { pluralForms } from '../components/inbox/labels.ts';
import { formatPrice, translator } from './i18n.ts';

/** i18next itself, asked every time: what the remembering translator must answer. */
const plain = createI18n('storefront');

describe('the pages’ translator', () => {
  it('is one function per locale, and answers what i18next answers, options and plural forms included', () => {
    const calls: [string, unknown?][] = [
      ['nav.search'],
      ['common:appName'],
      ['common:km', { value: '12,000' }],
      ['search.results', { count: 1, formatted: '1' }],
      ['search.results', { count: 2, formatted: '2' }],
      // `replace` keeps `count` from picking a plural form (components/search/SearchFilters.astro).
      ['search.optionCount', { replace: { name: 'Electric', count: '1,204' } }],
      ['nav.notificationsUnread', { count: 3 }],
      ['vehicle.market.rating.great'],
      ['no.such.key'],
    ];
    for (const locale of LOCALES) {
      const t = translator(locale);
      expect(translator(locale)).toBe(t);
      const reference = plain.getFixedT(locale, 'storefront') as unknown as (key: string, options?: unknown) => unknown;
      for (const [key, options] of calls) {
        const expected = options === undefined ? reference(key) : reference(key, options);
        // Twice: the first answer is i18next's, the second the one remembered.
        for (let i = 0; i < 2; i++) expect(options === undefined ? t(key) : t(key, options as never)).toBe(expected);
      }
    }
  });

  it('tells options apart by their values and their types', () => {
    const t = translator('en_US');
    expect(t('common:km', { value: '5' })).toBe('5 km');
    expect(t('common:km', { value: '6' })).toBe('6 km');
    expect(t('search.results', { count: 1, formatted: 'one' })).toBe('one vehicle');
    expect(t('search.results', { count: 7, formatted: 'one' })).toBe('one vehicles');
    expect(t('search.optionCount', { replace: { name: 'Diesel', count: '3' } })).toBe('Diesel (3)');
    expect(t('search.optionCount', { replace: { name: 'Petrol', count: '3' } })).toBe('Petrol (3)');
  });

  it('gives a plural text’s forms once per locale and key, each call its own copy', () => {
    const t = translator('ar_SA');
    const first = pluralForms(t, 'nav.notificationsUnread', 'ar_SA');
    expect(Object.keys(first).sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    first.one = 'changed';
    expect(pluralForms(t, 'nav.notificationsUnread', 'ar_SA').one).not.toBe('changed');
  });
});

describe('prices', () => {
  it('keep their cents, and an estimate reads in whole units', () => {
    expect(formatPrice(18249.57, 'EUR', 'en_US')).toBe('€18,249.57');
    expect(formatPrice(18249.57, 'EUR', 'en_US', { whole: true })).toBe('€18,250');
    expect(formatPrice(18249.4, 'EUR', 'fr_FR', { whole: true })).toBe('18\u202f249\u00a0€');
    expect(formatPrice(18000, 'EUR', 'en_US')).toBe('€18,000');
  });
});
