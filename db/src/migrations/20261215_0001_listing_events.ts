import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Instant alerts in seconds (issue 32, docs/decisions/042). A listing published or repriced writes
 * a row here in the seller's own transaction: the outbox of the alert worker, which every process
 * runs. A process claims rows with a lease (`claimed_until`, `claimed_by`), as a job claims its
 * datacron (decision 009), matches the listing against the instant saved searches, and deletes the
 * row once done: the table holds only the work still to do. A crashed process's lease runs out and
 * another takes the row again; what it sends is deduplicated by `saved_search_matches`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('listing_events')
    .addColumn('id', 'integer', id)
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    // 'published' or 'repriced'.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('claimed_until', 'text')
    .addColumn('claimed_by', 'text')
    // How many times a process took it: a row that keeps failing is given up after a few.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('listing_events_vehicle_id_idx').on('listing_events').column('vehicle_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listing_events').execute();
}
