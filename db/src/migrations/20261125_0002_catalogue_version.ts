import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * One number that changes whenever any vehicle is inserted, updated or deleted, in the same
 * transaction as the change, whoever makes it (the API, the back office, a cascade, another server
 * process). The search keeps the facet counts of broad queries stamped with the version they were
 * counted at, and reuses them only while it is unchanged (docs/decisions/005-facet-counts.md).
 * PostgreSQL bumps it once per statement; SQLite has only row triggers, and one writer at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_version').values({ version: 1 }).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function catalogue_changed() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = version + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger vehicles_catalogue_changed after insert or update or delete or truncate on vehicles
      for each statement execute function catalogue_changed()`.execute(db);
  } else {
    for (const [name, event] of [
      ['vehicles_catalogue_ai', 'insert'],
      ['vehicles_catalogue_au', 'update'],
      ['vehicles_catalogue_ad', 'delete'],
    ] as const) {
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on vehicles begin
        update catalogue_version set version = version + 1;
      end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists vehicles_catalogue_changed on vehicles`.execute(db);
    await sql`drop function if exists catalogue_changed()`.execute(db);
  } else {
    for (const name of ['vehicles_catalogue_ai', 'vehicles_catalogue_au', 'vehicles_catalogue_ad']) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('catalogue_version').execute();
}
