import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * One number that changes whenever anything a public page shows changes, other than the vehicles
 * themselves (catalogue_version counts those): their pictures, options and likes, the seller's name
 * and type, every reference table, the content pages and the site settings. Bumped in the same
 * transaction as the change, whoever makes it, like catalogue_version. A rendered public page is
 * stamped with both numbers, so a server process keeps and revalidates it only while neither moved
 * (docs/decisions/024-page-cache.md).
 */
export const SITE_TABLES = [
  'pictures',
  'vehicle_options',
  'likes',
  'categories',
  'transmissions',
  'fuel_types',
  'options',
  'types',
  'themes',
  'providers',
  'languages',
  'countries',
  'cities',
  'currencies',
  'colors',
  'makes',
  'models',
  'pages',
  'page_translations',
  'settings',
] as const;
/** The columns of users a public page shows (the seller on a listing): a sign-in bumps nothing. */
const SELLER_COLUMNS = ['name', 'first_name', 'seller_type'] as const;

const triggerName = (table: string, event: string) => `${table}_site_${event}`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_version')
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('site_version').values({ version: 1 }).execute();
  const columns = sql.join(SELLER_COLUMNS.map((c) => sql.id(c)));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function site_changed() returns trigger language plpgsql as $$
      begin
        update site_version set version = version + 1;
        return null;
      end $$`.execute(db);
    for (const table of SITE_TABLES) {
      await sql`create trigger ${sql.id(triggerName(table, 'changed'))} after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function site_changed()`.execute(db);
    }
    await sql`create trigger users_site_changed after update of ${columns} on users
      for each statement execute function site_changed()`.execute(db);
  } else {
    for (const table of SITE_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.id(triggerName(table, event))} after ${sql.raw(event)} on ${sql.id(table)} begin
          update site_version set version = version + 1;
        end`.execute(db);
      }
    }
    await sql`create trigger users_site_update after update of ${columns} on users begin
      update site_version set version = version + 1;
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of [...SITE_TABLES, 'users'])
      await sql`drop trigger if exists ${sql.id(triggerName(table, 'changed'))} on ${sql.id(table)}`.execute(db);
    await sql`drop function if exists site_changed()`.execute(db);
  } else {
    for (const table of SITE_TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql`drop trigger if exists ${sql.id(triggerName(table, event))}`.execute(db);
    await sql`drop trigger if exists users_site_update`.execute(db);
  }
  await db.schema.dropTable('site_version').execute();
}
