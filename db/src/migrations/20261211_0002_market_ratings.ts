import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * A fair-price rating on every listing (issue 17), stored so that search can filter and sort by it.
 *
 * - Columns on `vehicles`, not a table beside it: the search's filters and orders read vehicle
 *   columns through its indexes (walks, seeks and facet counts), and a join would step out of them.
 *   `market_rating` is the rating; `market_gap` is (price − estimate) / estimate, and 1,000,000 when
 *   there is no estimate, so that the best-deal order is a plain ascending column with unknown
 *   ratings last. The estimate and its quartiles (minor units), the comparables counted, the step
 *   of the comparables' widening that found them, and when they were computed serve the detail.
 * - `market_stale` holds the make-and-model groups whose ratings must be computed again: triggers
 *   mark a group when one of its listings is added, deleted, repriced, sold or changes what it is
 *   compared by, whoever writes it (the API, the back office, another process). A re-mark bumps
 *   `version`, so the job forgets a group only if it was not marked again while it computed.
 * - The search index gets `market_rating` last (SQLite) or carried (PostgreSQL): the rating filter
 *   is read from the index like every other filter. The best-deal order has its own index.
 */
const SQLITE_SEARCH_INDEX = [
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
  'featured',
  'plan_featured',
];
/** PostgreSQL's covering sort indexes carry what the search filters on (20261125_0001). */
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
  'market_rating',
];
/** What a listing is compared by: a change of any of these moves its group's ratings. */
const COMPARED = ['brand', 'model', 'price_minor', 'currency_id', 'type_id', 'year', 'mileage', 'fuel_type_id', 'sold', 'sold_at'];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
const ids = (columns: string[]) => sql.join(columns.map((c) => sql.id(c)));

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('vehicles')
    .addColumn('market_rating', 'text', (c) => c.notNull().defaultTo('unknown'))
    .execute();
  await db.schema
    .alterTable('vehicles')
    .addColumn('market_gap', pg ? sql`double precision` : 'real', (c) => c.notNull().defaultTo(1_000_000))
    .execute();
  for (const column of ['market_estimate_minor', 'market_low_minor', 'market_high_minor']) {
    await db.schema.alterTable('vehicles').addColumn(column, 'bigint').execute();
  }
  await db.schema
    .alterTable('vehicles')
    .addColumn('market_comparables', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('vehicles').addColumn('market_step', 'integer').execute();
  await db.schema.alterTable('vehicles').addColumn('market_computed_at', 'text').execute();

  await db.schema
    .createTable('market_stale')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('market_stale_pk', ['brand', 'model'])
    .execute();
  // Every group of an existing catalogue is computed by the job's first passes.
  await sql`insert into market_stale (brand, model) select distinct brand, model from vehicles`.execute(db);

  const mark = (rows: string) =>
    sql.raw(`insert into market_stale (brand, model) select distinct brand, model from ${rows} where true
      on conflict (brand, model) do update set version = market_stale.version + 1`);
  if (pg) {
    const changed = sql.raw(COMPARED.map((c) => `n.${c} is distinct from o.${c}`).join(' or '));
    await sql`create function market_marked() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${mark('new_rows')};
        elsif tg_op = 'DELETE' then
          ${mark('old_rows')};
        else
          insert into market_stale (brand, model)
            select distinct g.brand, g.model from (
              select n.brand, n.model from new_rows n join old_rows o on o.id = n.id where ${changed}
              union all
              select o.brand, o.model from new_rows n join old_rows o on o.id = n.id where ${changed}
            ) g
            on conflict (brand, model) do update set version = market_stale.version + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger vehicles_market_ai after insert on vehicles referencing new table as new_rows
      for each statement execute function market_marked()`.execute(db);
    await sql`create trigger vehicles_market_ad after delete on vehicles referencing old table as old_rows
      for each statement execute function market_marked()`.execute(db);
    await sql`create trigger vehicles_market_au after update on vehicles referencing old table as old_rows new table as new_rows
      for each statement execute function market_marked()`.execute(db);

    await db.schema.dropIndex('vehicles_search_facets_idx').execute();
    await sql`create index vehicles_search_facets_idx on vehicles (${ids(SQLITE_SEARCH_INDEX.slice(0, 16))}) include (id, featured, plan_featured, market_rating)`.execute(
      db,
    );
    await sql`create index vehicles_by_deal_idx on vehicles (market_gap, id desc) include (${ids(FILTERED)})`.execute(db);
  } else {
    const upsert = (alias: string) =>
      sql.raw(`insert into market_stale (brand, model) values (${alias}.brand, ${alias}.model)
      on conflict (brand, model) do update set version = market_stale.version + 1;`);
    await sql`create trigger vehicles_market_ai after insert on vehicles begin ${upsert('new')} end`.execute(db);
    await sql`create trigger vehicles_market_ad after delete on vehicles begin ${upsert('old')} end`.execute(db);
    await sql`create trigger vehicles_market_au after update of ${ids(COMPARED)} on vehicles begin ${upsert('old')} ${upsert('new')} end`.execute(
      db,
    );
    await db.schema.dropIndex('vehicles_search_facets_idx').execute();
    await sql`create index vehicles_search_facets_idx on vehicles (${ids([...SQLITE_SEARCH_INDEX, 'market_rating'])})`.execute(db);
    await sql`create index vehicles_live_deal_idx on vehicles (sold, market_gap, id desc)`.execute(db);
  }

  // An existing installation gets the job here; a new one gets it with the rest of its seeded jobs.
  const seeded = await db.selectFrom('datacrons').select('id').limit(1).executeTakeFirst();
  if (seeded) {
    await db
      .insertInto('datacrons')
      .values({
        name: 'Market ratings',
        handler: 'refresh-market-ratings',
        cron: '* * * * *',
        description: 'Computes again the fair-price ratings of the makes and models whose listings changed.',
        active: 1,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.deleteFrom('datacrons').where('handler', '=', 'refresh-market-ratings').execute();
  await db.schema.dropIndex('vehicles_search_facets_idx').execute();
  if (pg) {
    await db.schema.dropIndex('vehicles_by_deal_idx').execute();
    for (const name of ['vehicles_market_ai', 'vehicles_market_ad', 'vehicles_market_au']) {
      await sql`drop trigger if exists ${sql.id(name)} on vehicles`.execute(db);
    }
    await sql`drop function if exists market_marked()`.execute(db);
    await sql`create index vehicles_search_facets_idx on vehicles (${ids(SQLITE_SEARCH_INDEX.slice(0, 16))}) include (id, featured, plan_featured)`.execute(
      db,
    );
  } else {
    await db.schema.dropIndex('vehicles_live_deal_idx').execute();
    for (const name of ['vehicles_market_ai', 'vehicles_market_ad', 'vehicles_market_au']) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    await sql`create index vehicles_search_facets_idx on vehicles (${ids(SQLITE_SEARCH_INDEX)})`.execute(db);
  }
  await db.schema.dropTable('market_stale').execute();
  for (const column of [
    'market_computed_at',
    'market_step',
    'market_comparables',
    'market_high_minor',
    'market_low_minor',
    'market_estimate_minor',
    'market_gap',
    'market_rating',
  ]) {
    await db.schema.alterTable('vehicles').dropColumn(column).execute();
  }
}
