import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * SQLite: one index per search order, in exactly that order among live listings, ties newest
 * first (id descending), so a search can read listings in the asked order and stop at its page
 * instead of reading every match and sorting them (searchVehicleIds, docs/decisions/005-facet-counts.md).
 * The newest-first and promoted orders already have theirs (`sold, created_at` and
 * `vehicles_promoted_live_idx`); price descending reads the price index backwards.
 * PostgreSQL has its covering sort indexes (20261125_0001) and its planner's statistics.
 */
const SQLITE_SORT_INDEXES = {
  price_minor: { name: 'vehicles_live_price_idx', columns: sql`sold, price_minor, id` },
  year: { name: 'vehicles_live_year_idx', columns: sql`sold, year, id` },
  mileage: { name: 'vehicles_live_mileage_idx', columns: sql`sold, mileage, id desc` },
} as const;

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { name, columns } of Object.values(SQLITE_SORT_INDEXES)) {
    await sql`create index ${sql.id(name)} on vehicles (${columns})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { name } of Object.values(SQLITE_SORT_INDEXES)) await db.schema.dropIndex(name).execute();
}
