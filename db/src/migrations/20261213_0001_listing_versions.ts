import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * A version per listing (issue 32, docs/decisions/040-pages-keyed-by-what-they-show.md). A kept
 * vehicle page was keyed by the whole catalogue's version: one price change anywhere made every
 * kept page of every process stale. Now a listing's page is keyed by the version of what it shows:
 * its row, its pictures, its options, its price history, its likes and its seller's public fields,
 * bumped by triggers in the same transaction as the change, whoever makes it, like the catalogue's.
 *
 * - `vehicle_versions` has a row only for listings changed since they were inserted (a listing
 *   never changed is version 0): inserting listings, the bulk of a seed or an import, writes
 *   nothing here. A deleted listing's row is bumped, not removed, so a page kept before the
 *   deletion is never taken for the listing's.
 * - Pictures, options and the seller's name and type no longer move `site_version`, which every
 *   page is keyed by: they move the listing's version, and `catalogue_version`, which listing pages
 *   (home, search: their cards show the cover and the seller's type) depend on. The release before
 *   this one keys every page by the catalogue and site versions both, so it still sees them.
 * - PostgreSQL bumps once per statement from its transition tables (a bulk change is one upsert);
 *   SQLite per row.
 */

/** Tables whose rows belong to a listing (by `vehicle_id`): a change to one is a change to the listing's page. */
const LISTING_PARTS = ['pictures', 'vehicle_options', 'vehicle_prices', 'likes'] as const;
/** Of those, what listing cards show too: they move the catalogue's version instead of the site's. */
const CARD_PARTS = ['pictures', 'vehicle_options'] as const;
/** The columns of users a listing's page shows (the seller): a sign-in bumps nothing. */
const SELLER_COLUMNS = ['name', 'first_name', 'seller_type'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

const pgBump = (rows: string) => `insert into vehicle_versions (vehicle_id, version)
    select id, 1 from (${rows}) changed where id is not null
    on conflict (vehicle_id) do update set version = vehicle_versions.version + 1`;
const sqliteBump = (id: string) =>
  `insert into vehicle_versions (vehicle_id, version) values (${id}, 1) on conflict (vehicle_id) do update set version = version + 1;`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('vehicle_versions')
    .addColumn('vehicle_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  const seller = sql.join(SELLER_COLUMNS.map((c) => sql.id(c)));
  if (pg) {
    // One function and trigger per table and event: a trigger with transition tables has one event.
    const parts: [table: string, column: string][] = [
      ['vehicles', 'id'],
      ...LISTING_PARTS.map((t) => [t, 'vehicle_id'] as [string, string]),
    ];
    for (const [table, column] of parts) {
      for (const event of table === 'vehicles' ? (['update', 'delete'] as const) : EVENTS) {
        const name = `${table}_listing_${event}`;
        const rows =
          event === 'insert'
            ? `select distinct ${column} as id from new_rows`
            : event === 'delete'
              ? `select distinct ${column} as id from old_rows`
              : `select ${column} as id from new_rows union select ${column} from old_rows`;
        const tables =
          event === 'insert'
            ? 'new table as new_rows'
            : event === 'delete'
              ? 'old table as old_rows'
              : 'old table as old_rows new table as new_rows';
        await sql
          .raw(`create function ${name}() returns trigger language plpgsql as $$
            begin
              ${pgBump(rows)};
              return null;
            end $$`)
          .execute(db);
        await sql
          .raw(`create trigger ${name} after ${event} on ${table} referencing ${tables} for each statement execute function ${name}()`)
          .execute(db);
      }
    }
    await sql`create function users_listing_update() returns trigger language plpgsql as $$
      begin
        ${sql.raw(pgBump('select id from vehicles where owner_id = new.id'))};
        update catalogue_version set version = version + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger users_listing_update after update of ${seller} on users for each row
      when ((old.name, old.first_name, old.seller_type) is distinct from (new.name, new.first_name, new.seller_type))
      execute function users_listing_update()`.execute(db);
    // What cards show moves the catalogue (which listing pages depend on), no longer the site.
    await sql`drop trigger if exists users_site_changed on users`.execute(db);
    for (const table of CARD_PARTS) {
      await sql`drop trigger if exists ${sql.id(`${table}_site_changed`)} on ${sql.id(table)}`.execute(db);
      await sql`create trigger ${sql.id(`${table}_catalogue_changed`)} after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function catalogue_changed()`.execute(db);
    }
  } else {
    for (const event of ['update', 'delete'] as const) {
      await sql
        .raw(`create trigger vehicles_listing_${event} after ${event} on vehicles begin
          ${sqliteBump(event === 'delete' ? 'old.id' : 'new.id')}
        end`)
        .execute(db);
    }
    for (const table of LISTING_PARTS) {
      for (const event of EVENTS) {
        const bumps =
          event === 'insert'
            ? sqliteBump('new.vehicle_id')
            : event === 'delete'
              ? sqliteBump('old.vehicle_id')
              : `${sqliteBump('new.vehicle_id')}\n${sqliteBump('old.vehicle_id')}`;
        await sql.raw(`create trigger ${table}_listing_${event} after ${event} on ${table} begin ${bumps} end`).execute(db);
      }
    }
    await sql`create trigger users_listing_update after update of ${seller} on users
      when old.name is not new.name or old.first_name is not new.first_name or old.seller_type is not new.seller_type
      begin
        insert into vehicle_versions (vehicle_id, version) select id, 1 from vehicles where owner_id = new.id and true
          on conflict (vehicle_id) do update set version = version + 1;
        update catalogue_version set version = version + 1;
      end`.execute(db);
    await sql`drop trigger if exists users_site_update`.execute(db);
    for (const table of CARD_PARTS) {
      for (const event of EVENTS) {
        await sql`drop trigger if exists ${sql.id(`${table}_site_${event}`)}`.execute(db);
        await sql`create trigger ${sql.id(`${table}_catalogue_${event}`)} after ${sql.raw(event)} on ${sql.id(table)} begin
          update catalogue_version set version = version + 1;
        end`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const seller = sql.join(SELLER_COLUMNS.map((c) => sql.id(c)));
  if (pg) {
    for (const table of ['vehicles', ...LISTING_PARTS]) {
      for (const event of EVENTS) {
        await sql.raw(`drop trigger if exists ${table}_listing_${event} on ${table}`).execute(db);
        await sql.raw(`drop function if exists ${table}_listing_${event}()`).execute(db);
      }
    }
    await sql`drop trigger if exists users_listing_update on users`.execute(db);
    await sql`drop function if exists users_listing_update()`.execute(db);
    await sql`create trigger users_site_changed after update of ${seller} on users
      for each statement execute function site_changed()`.execute(db);
    for (const table of CARD_PARTS) {
      await sql`drop trigger if exists ${sql.id(`${table}_catalogue_changed`)} on ${sql.id(table)}`.execute(db);
      await sql`create trigger ${sql.id(`${table}_site_changed`)} after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function site_changed()`.execute(db);
    }
  } else {
    for (const table of ['vehicles', ...LISTING_PARTS])
      for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_listing_${event}`).execute(db);
    await sql`drop trigger if exists users_listing_update`.execute(db);
    await sql`create trigger users_site_update after update of ${seller} on users begin
      update site_version set version = version + 1;
    end`.execute(db);
    for (const table of CARD_PARTS) {
      for (const event of EVENTS) {
        await sql`drop trigger if exists ${sql.id(`${table}_catalogue_${event}`)}`.execute(db);
        await sql`create trigger ${sql.id(`${table}_site_${event}`)} after ${sql.raw(event)} on ${sql.id(table)} begin
          update site_version set version = version + 1;
        end`.execute(db);
      }
    }
  }
  await db.schema.dropTable('vehicle_versions').execute();
}
