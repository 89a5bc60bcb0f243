import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Reviews of a seller by a buyer who wrote to them on Autoroute (trust & safety, issue 35 item 6):
 * one per conversation, 1-5 stars with sub-ratings (communication, the listing's accuracy, would
 * recommend) and a text. `status` is `pending` until the screening has run, then `published` or
 * `rejected` (links, contact details), or `removed` by a moderator's decision. The seller answers
 * once (`reply`). Seller pages read the published ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', id)
    .addColumn('conversation_id', 'integer', (c) => c.references('conversations.id').onDelete('set null'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The name shown with the review, as it was when written (a first name and an initial).
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null'))
    // The listing's title when the review was written: the listing may be gone since.
    .addColumn('vehicle_title', 'text')
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('communication', 'integer', (c) => c.notNull().check(sql`communication between 1 and 5`))
    .addColumn('accuracy', 'integer', (c) => c.notNull().check(sql`accuracy between 1 and 5`))
    .addColumn('recommend', 'integer', (c) => c.notNull().check(sql`recommend in (0, 1)`))
    .addColumn('body', 'text', (c) => c.notNull())
    // A locale code (`fr_FR`): the language the review was written in.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'published', 'rejected', 'removed')`),
    )
    // Why the screening refused it ('link', 'contact'): told to the author.
    .addColumn('rejected_reason', 'text')
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('reviews_conversation_id_uq').on('reviews').column('conversation_id').unique().execute();
  await db.schema.createIndex('reviews_seller_status_idx').on('reviews').columns(['seller_id', 'status', 'published_at']).execute();
  await db.schema.createIndex('reviews_author_id_idx').on('reviews').column('author_id').execute();
  await db.schema.createIndex('reviews_vehicle_id_idx').on('reviews').column('vehicle_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reviews').execute();
}
