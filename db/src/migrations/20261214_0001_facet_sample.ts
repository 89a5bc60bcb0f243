import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A fixed sample of the live listings, one in 32 by id (`id % 32 = 0`), indexed with every column
 * a search filters or groups its facets on: a broad search's facet counts are estimated from it
 * (docs/decisions/041-search-at-a-million.md). Counting a million listings exactly, on every
 * distinct search, costs 300 ms to several seconds on either engine; reading the sample (about
 * 29,000 entries at a million) costs a few milliseconds. Partial: only the sample's rows are kept
 * in it, so it costs each write a thirty-second of an index. The make and body columns lead, in
 * the order of the first facet grouping, so that grouping reads the index in its order.
 * PostgreSQL carries the id and the text vector too: a search with words then counts its sample
 * from the index alone, without fetching each match's row.
 */
const COLUMNS = [
  'brand',
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
  'market_rating',
  'model',
  // Its one value in the index: SQLite reads an index alone only when it holds every column named.
  'sold',
];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The second facet grouping's columns lead a second sample index, read in that grouping's order (no sort). */
const PLACE_FIRST = ['color_id', 'country_id', 'city_id', ...COLUMNS.filter((c) => !['color_id', 'country_id', 'city_id'].includes(c))];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, list] of [
    ['vehicles_facet_sample_idx', COLUMNS],
    ['vehicles_facet_sample_place_idx', PLACE_FIRST],
  ] as const) {
    await sampleIndex(db, name, list);
  }
}

async function sampleIndex(db: Kysely<any>, name: string, list: readonly string[]): Promise<void> {
  const columns = sql.join(list.map((c) => sql.id(c)));
  if (isPostgres(db)) {
    await sql`create index ${sql.id(name)} on vehicles (${columns}) include (id, search) where sold = 0 and id % 32 = 0`.execute(db);
  } else {
    await sql`create index ${sql.id(name)} on vehicles (${columns}) where sold = 0 and id % 32 = 0`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('vehicles_facet_sample_place_idx').execute();
  await db.schema.dropIndex('vehicles_facet_sample_idx').execute();
}
