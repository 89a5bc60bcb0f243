import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * A buyer's message to a seller, counted from a record of its own. Contacts were counted from the
 * seller's inbox (`notifications` of kind 'contact'), so a seller who deleted a message erased it
 * from their listing's statistics, from the dashboard, and from the monthly count their plan
 * limits. The message itself stays in the inbox; this row only says that it was sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'integer', id)
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A listing deleted later keeps its seller's count for the month.
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null'))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The message in the inbox while the seller keeps it.
    .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('contacts_seller_id_created_at_idx').on('contacts').columns(['seller_id', 'created_at']).execute();
  await db.schema.createIndex('contacts_vehicle_id_created_at_idx').on('contacts').columns(['vehicle_id', 'created_at']).execute();
  await db.schema.createIndex('contacts_sender_id_idx').on('contacts').column('sender_id').execute();
  await db.schema.createIndex('contacts_notification_id_idx').on('contacts').column('notification_id').execute();
  await db.schema.createIndex('contacts_created_at_idx').on('contacts').column('created_at').execute();

  // The messages still in inboxes; those already deleted are gone for good.
  await sql`insert into contacts (seller_id, vehicle_id, sender_id, notification_id, created_at)
    select user_id, vehicle_id, sender_id, id, created_at from notifications where kind = 'contact' order by id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contacts').execute();
}
