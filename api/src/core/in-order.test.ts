import { describe, expect, it } from 'vitest';
import { inIdOrder } from './in-order.ts';

describe('inIdOrder', () => {
  const rows = [
    { id: 3, name: 'c' },
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ];

  it("puts rows in the ids' order and leaves out ids with no row", () => {
    expect(inIdOrder([2, 9, 3, 1], rows).map((r) => r.name)).toEqual(['b', 'c', 'a']);
  });

  it('maps each row, and reads ids PostgreSQL answers as strings (bigint columns)', () => {
    const fromPostgres = rows.map((r) => ({ ...r, id: String(r.id) }));
    expect(inIdOrder([1, 3], fromPostgres, (r) => r.name.toUpperCase())).toEqual(['A', 'C']);
  });
});
