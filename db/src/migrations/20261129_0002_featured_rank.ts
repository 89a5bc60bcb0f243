import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * The `relevance` order ranks featured listings first (`featured | plan_featured`, the API's
 * `featured`), then the newest. Indexes led by that expression keep the plain listing a walk of
 * one index, as `newest` is:
 * - SQLite: `sold`, the expression, `created_at`. The covering search index is rebuilt with both
 *   flags as its last columns, so a filtered page still reads no table row to learn its rank.
 * - PostgreSQL: like the other sort indexes (20261125_0001), the order's columns carrying every
 *   filtered column, and the two flags: PostgreSQL reads an expression index alone only when it
 *   carries the expression's columns too.
 * The expression is written exactly as the search writes it: both engines match an index on the
 * expression's text.
 */
const PROMOTED = sql`(featured | plan_featured)`;
const FACETS = [
  'sold',
  'brand',
  'category_id',
  'type_id',
  'fuel_type_id',
  'transmission_id',
  'currency_id',
  'price_minor',
  'year',
  'mileage',
  'number_of_doors',
  'color_id',
  'country_id',
  'city_id',
  'model',
  'created_at',
];
const FILTERED = [
  'sold',
  'brand',
  'model',
  'category_id',
  'type_id',
  'fuel_type_id',
  'transmission_id',
  'color_id',
  'country_id',
  'city_id',
  'currency_id',
  'price_minor',
  'year',
  'mileage',
  'number_of_doors',
];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
const ids = (columns: string[]) => sql.join(columns.map((c) => sql.id(c)));

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index vehicles_by_promoted_idx on vehicles (${PROMOTED}, created_at, id) include (${ids([...FILTERED, 'featured', 'plan_featured'])})`.execute(
      db,
    );
    return;
  }
  await sql`create index vehicles_promoted_live_idx on vehicles (sold, ${PROMOTED}, created_at)`.execute(db);
  await db.schema.dropIndex('vehicles_search_facets_idx').execute();
  await db.schema
    .createIndex('vehicles_search_facets_idx')
    .on('vehicles')
    .columns([...FACETS, 'featured', 'plan_featured'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('vehicles_by_promoted_idx').execute();
    return;
  }
  await db.schema.dropIndex('vehicles_promoted_live_idx').execute();
  await db.schema.dropIndex('vehicles_search_facets_idx').execute();
  await db.schema.createIndex('vehicles_search_facets_idx').on('vehicles').columns(FACETS).execute();
}
