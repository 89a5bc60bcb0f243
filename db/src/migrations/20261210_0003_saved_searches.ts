import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Saved searches and their alerts (issue 17). A member keeps up to 20 searches, each the query of
 * GET /vehicles with a name and how often to be told of new matches. The alert job finds listings
 * published or edited since its last pass (by `vehicles.updated_at`, hence its index), records each
 * (search, listing) match once, and tells the member: at once (instant) or in a daily or weekly
 * digest of what they were not told yet. An existing installation gets the job here; a new one
 * gets it with the rest of its seeded jobs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The search's parameters as GET /vehicles takes them (JSON), without page and page size.
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    // When the member last opened it from their list: "N new since your last visit".
    .addColumn('viewed_at', 'text', (c) => c.notNull().defaultTo(now))
    // When its last digest went out (daily, weekly).
    .addColumn('digest_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('saved_searches_user_id_idx').on('saved_searches').column('user_id').execute();
  await db.schema.createIndex('saved_searches_frequency_idx').on('saved_searches').column('frequency').execute();

  await db.schema
    .createTable('saved_search_matches')
    .addColumn('saved_search_id', 'integer', (c) => c.notNull().references('saved_searches.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('matched_at', 'text', (c) => c.notNull().defaultTo(now))
    // When the member was told of it; null while it waits for a digest.
    .addColumn('notified_at', 'text')
    .addPrimaryKeyConstraint('saved_search_matches_pk', ['saved_search_id', 'vehicle_id'])
    .execute();
  await db.schema.createIndex('saved_search_matches_vehicle_id_idx').on('saved_search_matches').column('vehicle_id').execute();

  await db.schema.createIndex('vehicles_updated_at_idx').on('vehicles').column('updated_at').execute();
  // The alert a notification carries: its mail links to the search and can pause it.
  await db.schema
    .alterTable('notifications')
    .addColumn('saved_search_id', 'integer', (c) => c.references('saved_searches.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('notifications_saved_search_id_idx').on('notifications').column('saved_search_id').execute();

  const seeded = await db.selectFrom('datacrons').select('id').limit(1).executeTakeFirst();
  if (seeded) {
    await db
      .insertInto('datacrons')
      .values({
        name: 'Saved search alerts',
        handler: 'saved-search-alerts',
        cron: '* * * * *',
        description: 'Finds new listings matching saved searches; tells members at once or in their daily or weekly digest.',
        active: 1,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('datacrons').where('handler', '=', 'saved-search-alerts').execute();
  await db.schema.dropIndex('notifications_saved_search_id_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('saved_search_id').execute();
  await db.schema.dropIndex('vehicles_updated_at_idx').execute();
  await db.schema.dropTable('saved_search_matches').execute();
  await db.schema.dropTable('saved_searches').execute();
}
