import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * PostgreSQL only. A sorted search page is read by walking an index in the asked order and keeping
 * the rows that pass the filters. When the filters and the order are correlated (no recent car
 * within a maximum year, sorted by mileage), that walk passes tens of thousands of rows before it
 * fills a page, each one fetched from the table: 30 to 70 ms at 100,000 vehicles. Each index here
 * leads with one sort column and carries every column the search filters on, so the walk reads
 * the index alone (about ten times faster per row) and any filter can be checked on the way. They
 * lead with the sort column, not with `sold`, so a search including sold vehicles walks them too.
 * They also let the facet counts read a price or year range from an index alone.
 * SQLite keeps its own plan (see whereOf in the search): an index it could walk would lead it there
 * without statistics, so it gets none of these.
 */
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
const SORTED = {
  created_at: 'vehicles_by_created_at_idx',
  price_minor: 'vehicles_by_price_idx',
  year: 'vehicles_by_year_idx',
  mileage: 'vehicles_by_mileage_idx',
};

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [column, name] of Object.entries(SORTED)) {
    const carried = FILTERED.filter((c) => c !== column);
    await sql`create index ${sql.id(name)} on vehicles (${sql.id(column)}, id) include (${sql.join(carried.map((c) => sql.id(c)))})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const name of Object.values(SORTED)) await db.schema.dropIndex(name).execute();
}
