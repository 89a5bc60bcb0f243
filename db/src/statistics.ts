import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Planner statistics for `tables` (every table when none are named), after the product changed
 * many of their rows at once: a seed, a migration, a bulk load. Statistics are the product's job,
 * not the operator's: PostgreSQL's autovacuum analyses a table only once enough of it changed and
 * a while later, and SQLite never does; without them PostgreSQL plans a million listings as the
 * empty table it last saw (seconds for a filtered search), and SQLite guesses
 * (docs/decisions/041-search-at-a-million.md). PostgreSQL: ANALYZE of the tables, which samples
 * them. SQLite: ANALYZE, which reads each index whole (7.5 s for the listings' thirty indexes at a
 * million): under an analysis limit it reads the first few thousand entries of each, which all
 * share their leading `sold = 0`, and the planner then took `sold` for a column of 500 values.
 * Inside a transaction on either engine, so statistics commit with the rows they describe.
 */
export async function analyzeTables(db: Kysely<any>, tables: readonly string[] = [], options: { vacuum?: boolean } = {}): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const named = sql.join(tables.map((t) => sql.id(t)));
    // After a bulk load, VACUUM too (outside a transaction only): it marks the pages all-visible,
    // without which an index-only scan (the facet sample, the covering sort indexes) still reads
    // every row's page; autovacuum would do it, minutes later.
    if (options.vacuum && !db.isTransaction) await sql`vacuum (analyze) ${named}`.execute(db);
    else await sql`analyze ${named}`.execute(db);
    return;
  }
  if (tables.length === 0) await sql`analyze`.execute(db);
  else for (const table of tables) await sql`analyze ${sql.id(table)}`.execute(db);
}
