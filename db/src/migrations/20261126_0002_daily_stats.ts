import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * One row per UTC day, written by the recompute-stats job: what happened that day (new members,
 * new listings, listing views, messages to sellers), recounted for the last days on every run, and
 * the totals (members, listed, sold, paying members) as they were when the day was last counted,
 * null for a day no run saw. The dashboard reads its history here instead of counting the whole
 * catalogue per day on every visit. The two indexes let a run count its days without reading every
 * view or notification ever recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('daily_stats')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('new_users', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_listings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contacts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('users', 'integer')
    .addColumn('listed', 'integer')
    .addColumn('sold', 'integer')
    .addColumn('premium', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('vehicle_views_day_idx').on('vehicle_views').column('day').execute();
  await db.schema.createIndex('notifications_kind_created_at_idx').on('notifications').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_kind_created_at_idx').execute();
  await db.schema.dropIndex('vehicle_views_day_idx').execute();
  await db.schema.dropTable('daily_stats').execute();
}
