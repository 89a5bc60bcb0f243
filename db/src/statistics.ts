import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * How many rows of each index SQLite reads to estimate it (PRAGMA analysis_limit): enough for the
 * planner's choices, and an ANALYZE of a million listings' twenty indexes takes milliseconds
 * instead of a full read of each.
 */
const SQLITE_ANALYSIS_LIMIT = 2000;

/**
 * Planner statistics for `tables` (every table when none are named), after the product changed
 * many of their rows at once: a seed, a migration, a bulk load. Statistics are the product's job,
 * not the operator's: PostgreSQL's autovacuum analyses a table only once enough of it changed and
 * a while later, and SQLite never does; without them PostgreSQL plans a million listings as the
 * empty table it last saw (seconds for a filtered search), and SQLite guesses
 * (docs/decisions/041-search-at-a-million.md). PostgreSQL: ANALYZE of the tables, which samples
 * them. SQLite: ANALYZE under an analysis limit, which reads a few thousand entries of each index.
 * Inside a transaction on either engine, so statistics commit with the rows they describe.
 */
export async function analyzeTables(db: Kysely<any>, tables: readonly string[] = []): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`analyze ${sql.join(tables.map((t) => sql.id(t)))}`.execute(db);
    return;
  }
  await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  if (tables.length === 0) await sql`analyze`.execute(db);
  else for (const table of tables) await sql`analyze ${sql.id(table)}`.execute(db);
  await sql`pragma analysis_limit = 0`.execute(db);
}
