import { describe, expect, it } from 'vitest';
import { fieldChanges, recordName, sinceDay, translations, untilDay } from './diff.ts';

describe('fieldChanges', () => {
  it('puts the changed fields of an update first and marks the others unchanged', () => {
    expect(fieldChanges({ id: 1, name: 'Teal', hex: '#008080' }, { id: 1, name: 'Petrol', hex: '#008080' })).toEqual([
      { field: 'name', before: 'Teal', after: 'Petrol', changed: true },
      { field: 'id', before: 1, after: 1, changed: false },
      { field: 'hex', before: '#008080', after: '#008080', changed: false },
    ]);
  });

  it('compares lists and objects by value, and counts a field that appears as changed', () => {
    const rows = fieldChanges({ roleIds: [1], tags: { a: 1 } }, { roleIds: [1, 2], tags: { a: 1 }, password: '[redacted]' });
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['roleIds', true],
      ['password', true],
      ['tags', false],
    ]);
  });

  it('shows every field of a create or a delete as changed', () => {
    expect(fieldChanges(null, { name: 'Teal' })).toEqual([{ field: 'name', before: undefined, after: 'Teal', changed: true }]);
    expect(fieldChanges({ name: 'Teal' }, null)).toEqual([{ field: 'name', before: 'Teal', after: undefined, changed: true }]);
  });
});

describe('the date filters', () => {
  it('send the first instant of the day picked, and of the day after for "to", and show the day picked', () => {
    const since = sinceDay.parse('2026-11-03')!;
    const until = untilDay.parse('2026-11-03')!;
    expect(new Date(until).getTime() - new Date(since).getTime()).toBeGreaterThanOrEqual(23 * 3600_000);
    expect(new Date(since).getDate()).toBe(3);
    expect(sinceDay.format(since)).toBe('2026-11-03');
    expect(untilDay.format(until)).toBe('2026-11-03');
    expect(sinceDay.parse('')).toBeUndefined();
    expect(untilDay.format(null)).toBe('');
  });
});

describe('the audit log names records and reads translated texts (issue 33)', () => {
  const names = { en_US: 'Saloon', fr_FR: 'Berline', ar_SA: 'سيدان' };

  it('names a record by its title, name or username, in the reader’s language when translated', () => {
    expect(recordName({ after: { id: 4, title: 'Peugeot 208' }, before: null }, 'en_US')).toBe('Peugeot 208');
    expect(recordName({ after: null, before: { id: 9, name: names } }, 'fr_FR')).toBe('Berline');
    expect(recordName({ after: { name: names }, before: null }, 'zh_CN')).toBe('Saloon');
    expect(recordName({ after: { id: 2, username: 'claire' }, before: null }, 'en_US')).toBe('claire');
    expect(recordName({ after: { id: 3, hex: '#000000' }, before: null }, 'en_US')).toBeNull();
  });

  it('reads an object of locale codes as texts per language, and nothing else as one', () => {
    expect(translations(names)).toEqual([
      ['en_US', 'Saloon'],
      ['fr_FR', 'Berline'],
      ['ar_SA', 'سيدان'],
    ]);
    expect(translations({ en_US: 'Saloon', colour: 'red' })).toBeNull();
    expect(translations(['en_US'])).toBeNull();
    expect(translations('Saloon')).toBeNull();
  });
});
