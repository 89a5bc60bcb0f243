import { describe, expect, it } from 'vitest';
import { fieldChanges, sinceDay, untilDay } from './diff.ts';

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
