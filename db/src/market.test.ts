import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figuresUpdate, type MarketFigures } from './market.ts';
import { createTestDatabase, type TestDatabase, testDialect } from './testing.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const figures: MarketFigures = {
  estimateMinor: 1_000_000,
  lowMinor: 900_000,
  highMinor: 1_100_000,
  comparables: 7,
  step: 0,
  rating: 'fair',
  gap: 0.01,
};

describe('writing market figures', () => {
  it('writes a chunk on either engine', async () => {
    const result = await t.db.executeQuery(figuresUpdate(t.db, [{ id: 1, figures }], new Date().toISOString()));
    // No such listing: nothing written, and no error.
    expect(Number(result.numAffectedRows ?? 0)).toBe(0);
  });

  // A scan per chunk made rating a million listings quadratic (2,000 statements, each reading every row).
  it.skipIf(testDialect() !== 'sqlite')('finds each listing by its primary key on SQLite, never by a scan of the table', async () => {
    const chunk = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, figures }));
    const update = figuresUpdate(t.db, chunk, new Date().toISOString());
    const { rows } = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${update.sql}`, [...update.parameters]),
    );
    const plan = rows.map((r) => r.detail);
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH vehicles USING INTEGER PRIMARY KEY/));
    expect(plan.filter((step) => /^SCAN vehicles\b/.test(step))).toEqual([]);
  });
});
