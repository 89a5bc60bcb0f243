import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * A listing's prices over time (issue 17): a row for each price it has had, written when the price
 * or its currency changes, the first row being the price it was published at (written with the first
 * change, dated from the listing's creation; a listing never changed has no row and its one price is
 * its current one). And the final price its seller may give when marking it sold.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('vehicle_prices')
    .addColumn('id', 'integer', id)
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('vehicle_prices_vehicle_id_created_at_idx')
    .on('vehicle_prices')
    .columns(['vehicle_id', 'created_at'])
    .execute();
  await db.schema.createIndex('vehicle_prices_currency_id_idx').on('vehicle_prices').column('currency_id').execute();
  await db.schema.alterTable('vehicles').addColumn('sold_price_minor', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vehicles').dropColumn('sold_price_minor').execute();
  await db.schema.dropTable('vehicle_prices').execute();
}
