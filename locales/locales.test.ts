import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import englishRa from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { formatTag, formatTagOf, LOCALES, resources } from './index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted path, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

// i18next plural suffixes: a locale may need more or fewer forms than English (Arabic six, Chinese one).
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();

// Texts that are the same in every language: brand and font names, units, and the acronym "API".
const SAME_EVERYWHERE = new Set([
  'common.appName',
  'common.km',
  'storefront.footer.apiDocs',
  'storefront.settings.form.inter',
  'storefront.settings.form.manrope',
]);

const english = new Map(leaves(resources.en_US as Tree).map(([k, v]) => [base(k), v]));

/** Arabic-Indic and Eastern Arabic-Indic digits. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

describe('one digit system and calendar per locale (formatTag)', () => {
  it.each(LOCALES)('%s writes numbers and dates in Western digits and the Gregorian calendar', (locale) => {
    const number = new Intl.NumberFormat(formatTag(locale)).format(1234567.5);
    const date = new Intl.DateTimeFormat(formatTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date('2026-06-14T12:00:00Z'),
    );
    expect(number).not.toMatch(EASTERN_DIGITS);
    expect(number).toMatch(/1.?234.?567/);
    expect(date).toMatch(/2026/);
    expect(date).toMatch(/14/);
    // Each text of the locale file writes the same digits.
    const texts = leaves(resources[locale] as Tree).filter(([, text]) => EASTERN_DIGITS.test(text));
    expect(texts).toEqual([]);
  });

  it('keeps the language tag apart from the format tag, and reads a page or user setting', () => {
    expect(formatTag('ar_SA')).toBe('ar-SA-u-ca-gregory-nu-latn');
    expect(formatTag('fr_FR')).toBe('fr-FR');
    expect(formatTagOf('ar-SA')).toBe('ar-SA-u-ca-gregory-nu-latn');
    expect(formatTagOf('nonsense')).toBe('en-US');
  });
});

describe('locale files', () => {
  it('has one file for each of the eight locales of SPEC §1', () => {
    const files = readdirSync(here)
      .filter((f) => /^[a-z]{2}_[A-Z]{2}\.json$/.test(f))
      .map((f) => f.slice(0, 5))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  describe.each(LOCALES.filter((l) => l !== 'en_US'))('%s', (locale) => {
    const entries = leaves(resources[locale] as Tree);
    const keys = new Set(entries.map(([k]) => base(k)));

    it('has every key of en_US and no other', () => {
      expect([...english.keys()].filter((k) => !keys.has(k))).toEqual([]);
      expect([...keys].filter((k) => !english.has(k))).toEqual([]);
    });

    it('translates every text (none left in English)', () => {
      // One word may be the same in both languages (Notifications, Description); a phrase is not.
      const untranslated = entries.filter(
        ([k, v]) => !SAME_EVERYWHERE.has(base(k)) && v === english.get(base(k)) && /\p{L}{2,}\s+\p{L}{2,}/u.test(v),
      );
      expect(untranslated).toEqual([]);
    });

    it('keeps the placeholders of each English text', () => {
      const wrong = entries.filter(([k, v]) => {
        const en = english.get(base(k));
        return en !== undefined && placeholders(v, /\{\{\s*(\w+)/g).join() !== placeholders(en, /\{\{\s*(\w+)/g).join() && !PLURAL.test(k);
      });
      expect(wrong).toEqual([]);
    });
  });
});

describe("react-admin's own messages where no current package exists (locales/ra)", () => {
  const en = new Map(leaves(englishRa as unknown as Tree));
  const files = readdirSync(path.join(here, 'ra')).filter((f) => f.endsWith('.json'));

  it('covers the five locales without a current ra-language package', () => {
    expect(files.map((f) => f.slice(0, 5)).sort()).toEqual(['ar_SA', 'de_DE', 'es_ES', 'pt_BR', 'zh_CN']);
  });

  describe.each(files)('%s', (file) => {
    const entries = leaves(JSON.parse(readFileSync(path.join(here, 'ra', file), 'utf8')) as Tree);

    it("has exactly ra-language-english's keys", () => {
      expect(entries.map(([k]) => k).sort()).toEqual([...en.keys()].sort());
    });

    it('translates every text and keeps its %{placeholders}', () => {
      const untranslated = entries.filter(([k, v]) => v === en.get(k) && /\p{L}{2,}\s+\p{L}{2,}/u.test(v.replace(/%\{\w+\}/g, '')));
      expect(untranslated).toEqual([]);
      const wrong = entries.filter(
        ([k, v]) => placeholders(v, /%\{(\w+)\}/g).join() !== placeholders(en.get(k) ?? '', /%\{(\w+)\}/g).join(),
      );
      expect(wrong).toEqual([]);
    });
  });
});

describe('the console names its screens in plural forms (issue 33)', () => {
  // react-admin labels a screen with `resources.<name>.name` at smart_count 2, which Arabic reads as its dual.
  it("gives every screen of ar_SA a `name_two` that is its plural, not a dual like 'طلبا دعم'", () => {
    const screens = (resources.ar_SA as { backoffice: { resources: Record<string, Record<string, string>> } }).backoffice.resources;
    const duals = Object.entries(screens)
      .filter(([, names]) => names.name_two !== undefined && names.name_two !== names.name_other)
      .map(([name, names]) => `${name}: ${names.name_two}`);
    expect(duals).toEqual([]);
  });
});
