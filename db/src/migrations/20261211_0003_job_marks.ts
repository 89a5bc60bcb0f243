import type { Kysely } from 'kysely';

/*
 * Where a job keeps how far it got (the saved-search alerts' mark: the last listing change it
 * looked at). It lived in `settings`, whose every write moves the site version (20261206_0001): a
 * pass each minute made every kept public page stale each minute, and a browser's revalidation
 * fail. A table of its own, which no public page reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_marks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  const kept = await db.selectFrom('settings').select(['key', 'value']).where('key', '=', 'saved_search_watermark').executeTakeFirst();
  if (kept) {
    await db.insertInto('job_marks').values({ name: kept.key, value: kept.value }).execute();
    await db.deleteFrom('settings').where('key', '=', kept.key).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const kept = await db.selectFrom('job_marks').select(['name', 'value']).where('name', '=', 'saved_search_watermark').executeTakeFirst();
  if (kept) await db.insertInto('settings').values({ key: kept.name, value: kept.value }).execute();
  await db.schema.dropTable('job_marks').execute();
}
