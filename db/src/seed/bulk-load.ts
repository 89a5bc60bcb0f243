import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database>;

/** From this many vehicles at once, they are loaded in bulk (bulkLoad, bulkLoadPostgres). */
export const BULK_VEHICLES = 20_000;

/**
 * Many listings at once on SQLite: the listing tables' secondary indexes and triggers are set
 * aside, the rows written, then each index built in one sorted pass and the text index rebuilt
 * from the table, instead of keeping twenty-odd indexes and FTS5 current row by row (more than
 * twice as fast at 100,000 vehicles). Inside the caller's transaction: SQLite's schema changes are
 * transactional, so a seed that fails or is stopped leaves the database as it was, indexes and
 * all. The versions those triggers move (catalogue and site) are moved once at the end. Readers of
 * a live database wait for the commit, as for any write.
 */
export async function bulkLoad(tx: Db, load: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ type: 'index' | 'trigger'; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where tbl_name in ('vehicles', 'pictures', 'vehicle_options') and type in ('index', 'trigger') and sql is not null`.execute(tx);
  for (const r of rows) await sql`drop ${sql.raw(r.type)} ${sql.id(r.name)}`.execute(tx);
  await load();
  // A second thread sorts for the index builds: the equipment index (eight million rows at a million listings) is built in half the time.
  await sql`pragma threads = 2`.execute(tx);
  for (const r of [...rows.filter((r) => r.type === 'index'), ...rows.filter((r) => r.type === 'trigger')]) {
    await sql.raw(r.sql).execute(tx);
  }
  await sql`pragma threads = 0`.execute(tx);
  await sql`insert into vehicles_fts(vehicles_fts) values ('rebuild')`.execute(tx);
  await sql`update catalogue_version set version = version + 1`.execute(tx);
  await sql`update site_version set version = version + 1`.execute(tx);
}

/**
 * The same on PostgreSQL: the listing tables' secondary indexes are dropped and their triggers
 * disabled inside the caller's transaction (PostgreSQL's schema changes are transactional too), the
 * rows written, then each index built in one pass. Inserting a million listings into a table that
 * keeps eighteen indexes (four of them carrying fifteen columns) current row by row is what made a
 * large seed slow; building them afterwards is several times faster. Constraints' indexes (primary
 * keys, unique) stay: the load relies on them.
 */
export async function bulkLoadPostgres(tx: Db, load: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in (${sql.join(BULK_TABLES)})
      and indexname not in (select conname from pg_constraint)`.execute(tx);
  for (const r of rows) await sql`drop index ${sql.id(r.name)}`.execute(tx);
  for (const table of BULK_TABLES) await sql`alter table ${sql.id(table)} disable trigger user`.execute(tx);
  await load();
  await sql`set local maintenance_work_mem = '512MB'`.execute(tx);
  for (const r of rows) await sql.raw(r.definition).execute(tx);
  for (const table of BULK_TABLES) await sql`alter table ${sql.id(table)} enable trigger user`.execute(tx);
  await sql`update catalogue_version set version = version + 1`.execute(tx);
  await sql`update site_version set version = version + 1`.execute(tx);
}

/** The tables a bulk load writes most of its rows to. */
export const BULK_TABLES = ['vehicles', 'pictures', 'vehicle_options', 'vehicle_prices'];
/**
 * SQLite: a bulk load under a rollback journal instead of the WAL when no other connection has
 * the file open (switching needs it alone; otherwise the WAL stays). Pages the load adds to the
 * end of the file are then written once, not into the WAL and copied again by the checkpoint:
 * 17 % of a 200,000-vehicle seed. Durable all the same, and back to WAL after.
 */
export async function withRollbackJournal<T>(db: Db, work: () => Promise<T>): Promise<T> {
  let switched = false;
  if (!db.isTransaction) {
    try {
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode = delete`.execute(db);
      switched = rows[0]?.journal_mode === 'delete';
    } catch {
      // Another connection holds the file: the load goes through the WAL.
    }
  }
  try {
    return await work();
  } finally {
    if (switched) await sql`pragma journal_mode = wal`.execute(db);
  }
}
