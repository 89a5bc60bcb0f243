import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { mediaFolder, seedDemoCatalogue, seedReference } from './seed/index.ts';
import { createTestDatabase, type TestDatabase, testDialect } from './testing.ts';

/** Whether the planner holds statistics of `table`: sqlite_stat1 rows, or PostgreSQL's last analyse. */
async function analysed(t: TestDatabase, table: string): Promise<boolean> {
  if (testDialect() === 'postgres') {
    const { rows } = await sql<{ at: Date | null }>`
      select coalesce(last_analyze, last_autoanalyze) as at from pg_stat_user_tables where relname = ${table}`.execute(t.db);
    return Boolean(rows[0]?.at);
  }
  const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(t.db);
  if (!Number(exists.rows[0]?.n)) return false;
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = ${table}`.execute(t.db);
  return Number(rows[0]?.n) > 0;
}

let t: TestDatabase | undefined;
afterEach(async () => {
  await t?.destroy();
  t = undefined;
});

describe('planner statistics (docs/decisions/041)', () => {
  it('are made by the seed for the listings it wrote, index by index on SQLite', async () => {
    t = await createTestDatabase();
    await seedReference(t.db);
    await seedDemoCatalogue(t.db, { vehicles: 200, media: mediaFolder(path.join(t.dir, 'media')) });
    for (const table of ['vehicles', 'pictures', 'vehicle_options', 'vehicle_prices']) expect(await analysed(t, table), table).toBe(true);
    if (testDialect() === 'sqlite') {
      const { rows } = await sql<{ idx: string | null; stat: string }>`
        select idx, stat from sqlite_stat1 where tbl = 'vehicles' and idx = 'vehicles_search_facets_idx'`.execute(t.db);
      // The first figure is the row count the planner weighs the index by.
      expect(Number(rows[0]?.stat.split(' ')[0])).toBe(200);
    }
  });

  it('are made by a migration run that applied something, not by one that applied nothing', async () => {
    t = await createTestDatabase({ migrate: false });
    await migrateToLatest(t.db);
    await seedReference(t.db);
    expect(await analysed(t, 'vehicles')).toBe(true);
    if (testDialect() === 'sqlite') {
      await sql`delete from sqlite_stat1`.execute(t.db);
      expect(await migrateToLatest(t.db)).toEqual([]);
      expect(await analysed(t, 'vehicles')).toBe(false);
    }
  });
});
