import { describe, expect, it } from 'vitest';
import { hasVisibleText, isBetween, isEmail, isPhone, isProfileUrl, isSafeName, PERSON_NAME, PROFILE_URL } from './fields.ts';

describe('the shared field rules', () => {
  it('takes a name of visible text in any script, never a control character or a bidi override, embedding or isolate', () => {
    for (const good of ['Zoë', "O'Brien", 'عبد الله', '王小明', 'Jean-Luc', 'a\u200db']) expect(isSafeName(good), good).toBe(true);
    const bad = ['\u0000', '\u0007', '\t', '\n', '\u001f', '\u007f', '\u0080', '\u009f', '\u202a', '\u202e', '\u2066', '\u2069'];
    for (const c of bad) expect(isSafeName(`An${c}a`), JSON.stringify(c)).toBe(false);
    expect(isSafeName('\u200b\u200c')).toBe(false);
  });

  it('finds no visible text in spaces and zero-width characters alone', () => {
    for (const empty of ['', ' \n\t', '\u200b\u200c\u200d', '\u2060\ufeff\u00a0'])
      expect(hasVisibleText(empty), JSON.stringify(empty)).toBe(false);
    for (const text of ['a', '\u200bHi', '.']) expect(hasVisibleText(text), text).toBe(true);
  });

  it('takes a phone number of 6 to 15 digits with the usual separators, and nothing else', () => {
    for (const good of ['+49 30 1234567', '030 (123) 456', '0612345678', '+1.415.555.0100', ' 123456 ', '+123456789012345'])
      expect(isPhone(good), good).toBe(true);
    for (const bad of ['12345', '+1234567890123456', '1234567890123456', 'call me', '++49123456', '-123456', '12a3456', ''])
      expect(isPhone(bad), bad).toBe(false);
  });

  it('checks an email address quickly: something, an @, a domain with a dot, 254 characters at most', () => {
    for (const good of ['ana@example.com', ' ana.b+c@mail.example.org ']) expect(isEmail(good), good).toBe(true);
    for (const bad of ['ana', 'ana@example', 'ana @example.com', '@example.com', `${'a'.repeat(250)}@example.com`])
      expect(isEmail(bad), bad).toBe(false);
  });

  it('measures a name without its surrounding spaces', () => {
    expect(isBetween(' Al ', PERSON_NAME)).toBe(true);
    expect(isBetween(' A ', PERSON_NAME)).toBe(false);
    expect(isBetween('x'.repeat(31), PERSON_NAME)).toBe(false);
  });

  it('takes http and https profile links only', () => {
    for (const ok of [
      'https://example.test',
      'http://example.test/me?x=1#top',
      ' HTTPS://Example.Test/a ',
      'https://xn--bcher-kva.example/',
    ]) {
      expect(isProfileUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://example.test',
      'https://',
      'https:// example.test',
      'example.test',
      '//example.test',
      '',
      `https://example.test/${'a'.repeat(PROFILE_URL.max)}`,
    ]) {
      expect(isProfileUrl(bad), bad).toBe(false);
    }
  });
});
