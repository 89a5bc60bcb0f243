import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Likes get a version of their own (docs/decisions/024-page-cache.md, amended 2026-11-26). A like
 * count shows on one page, the vehicle's (and its API detail), yet a like moved site_version, which
 * made every kept public page stale: home, search and content pages were rendered again at each like,
 * the most frequent write of a marketplace. Now a like moves likes_version, which only a vehicle's
 * page and detail are stamped with.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('likes_version')
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('likes_version').values({ version: 1 }).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists likes_site_changed on likes`.execute(db);
    await sql`create function likes_changed() returns trigger language plpgsql as $$
      begin
        update likes_version set version = version + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger likes_version_changed after insert or update or delete or truncate on likes
      for each statement execute function likes_changed()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`likes_site_${event}`)}`.execute(db);
      await sql`create trigger ${sql.id(`likes_version_${event}`)} after ${sql.raw(event)} on likes begin
        update likes_version set version = version + 1;
      end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists likes_version_changed on likes`.execute(db);
    await sql`drop function if exists likes_changed()`.execute(db);
    await sql`create trigger likes_site_changed after insert or update or delete or truncate on likes
      for each statement execute function site_changed()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`likes_version_${event}`)}`.execute(db);
      await sql`create trigger ${sql.id(`likes_site_${event}`)} after ${sql.raw(event)} on likes begin
        update site_version set version = version + 1;
      end`.execute(db);
    }
  }
  await db.schema.dropTable('likes_version').execute();
}
