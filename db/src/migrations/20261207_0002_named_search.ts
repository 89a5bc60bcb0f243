import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * PostgreSQL: the words of a listing's title, make and model alone, as a stored tsvector beside
 * `search` (every text column). Relevance with words puts listings whose title, make and model
 * hold every word before those that need their description (api/src/domain/vehicles/search.data.ts, relevantIds); reading
 * it stored spares tokenizing three columns of every match on every search. SQLite answers the
 * same question from its FTS5 table, with a column filter.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table vehicles add column search_named tsvector generated always as (
    to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(model, ''))
  ) stored`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table vehicles drop column search_named`.execute(db);
}
