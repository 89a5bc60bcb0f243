import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * What the in-process search postings must read again (issue 32, docs/decisions/044). Each process
 * keeps the searched columns of every listing in memory and, before it answers a search, reads the
 * listings changed since it last looked: this log, written by triggers in the writer's own
 * transaction, whoever writes (the API, a job, an import, an operator's SQL).
 *
 * - A row per listing inserted or deleted, and per update that changes a column the postings hold
 *   (a view or a description edit writes nothing here).
 * - SQLite has one writer: a row's id is taken in commit order, and a reader goes on from the
 *   largest id it saw. PostgreSQL takes ids before commit, out of commit order: each row carries
 *   its transaction's id (`tx`), and a reader goes on from the oldest transaction still running
 *   when it last read (`pg_snapshot_xmin`), so a transaction that commits late is never skipped.
 * - Rows are kept an hour (the hourly purge job): a process that has not read them for half an
 *   hour builds its postings again.
 */

/** The columns the postings hold (api/src/domain/vehicles/postings.ts). */
export const SEARCHED_COLUMNS = [
  'brand',
  'model',
  'category_id',
  'type_id',
  'fuel_type_id',
  'transmission_id',
  'color_id',
  'country_id',
  'city_id',
  'currency_id',
  'price_minor',
  'year',
  'mileage',
  'number_of_doors',
  'market_rating',
  'market_gap',
  'sold',
  'featured',
  'plan_featured',
  'created_at',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('search_changes')
    .addColumn('id', pg ? 'bigint' : 'integer', id)
    // No reference: a deleted listing's row says it is gone.
    .addColumn('vehicle_id', 'integer', (c) => c.notNull())
    // PostgreSQL: the writing transaction's id; SQLite leaves it null.
    .addColumn('tx', 'bigint', (c) => (pg ? c.notNull().defaultTo(sql`(pg_current_xact_id()::text::bigint)`) : c))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  if (pg) await db.schema.createIndex('search_changes_tx_idx').on('search_changes').column('tx').execute();
  const changed = (a: string, b: string) => SEARCHED_COLUMNS.map((c) => `${a}.${c} is distinct from ${b}.${c}`).join(' or ');
  if (pg) {
    // Inserts and deletes once per statement (a seed or an import is one insert of many rows);
    // updates per row, as PostgreSQL allows no transition tables on a trigger naming columns.
    for (const [event, rows] of [
      ['insert', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      await sql
        .raw(`create function vehicles_search_${event}() returns trigger language plpgsql as $$
          begin
            insert into search_changes (vehicle_id) select id from ${event === 'insert' ? 'new_rows' : 'old_rows'};
            return null;
          end $$`)
        .execute(db);
      await sql
        .raw(`create trigger vehicles_search_${event} after ${event} on vehicles referencing ${rows} for each statement
          execute function vehicles_search_${event}()`)
        .execute(db);
    }
    await sql
      .raw(`create function vehicles_search_update() returns trigger language plpgsql as $$
        begin
          insert into search_changes (vehicle_id) values (new.id);
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger vehicles_search_update after update on vehicles for each row
        when (${changed('old', 'new')}) execute function vehicles_search_update()`)
      .execute(db);
  } else {
    await sql`create trigger vehicles_search_insert after insert on vehicles begin
      insert into search_changes (vehicle_id) values (new.id);
    end`.execute(db);
    await sql`create trigger vehicles_search_delete after delete on vehicles begin
      insert into search_changes (vehicle_id) values (old.id);
    end`.execute(db);
    await sql
      .raw(`create trigger vehicles_search_update after update on vehicles when ${changed('old', 'new').replaceAll('is distinct from', 'is not')} begin
        insert into search_changes (vehicle_id) values (new.id);
      end`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists vehicles_search_${event}${pg ? ' on vehicles' : ''}`).execute(db);
    if (pg) await sql.raw(`drop function if exists vehicles_search_${event}()`).execute(db);
  }
  await db.schema.dropTable('search_changes').execute();
}
