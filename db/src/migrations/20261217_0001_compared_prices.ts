import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { EUR_RATES } from '../seed/catalogue.ts';
import { makes } from '../seed/data/makes.ts';

/*
 * Prices compared across currencies, and comparables beyond one model (issue 33).
 *
 * - `currencies.rate`: units of the currency worth one unit of the reference, the currency whose
 *   rate is 1 (the euro as seeded). An installation's currencies get the rates of the end of 2026;
 *   an administrator keeps them in the back office.
 * - `vehicles.price_ref_minor`: the price in hundredths of the reference, the one scale a search
 *   filters and sorts prices by (a price asked in any currency is converted to it) and the market
 *   compares listings by. Written by triggers whoever writes: when a listing is added (on SQLite
 *   only when the value given is not already right: the seed computes it as `referencePrice` in
 *   db/src/prices.ts does, and a million second writes would double its load), when its price or
 *   currency changes, and for every listing of a currency whose rate changes. Rounded half up on
 *   both engines (PostgreSQL's `round` of a double rounds half to even).
 * - `models.segment`: where a model sits in the market (economy, family, premium, luxury, sports,
 *   supercar, utility), the wider steps of the market's comparables. The seeded models get theirs.
 * - The price sort's indexes are on the reference price (SQLite's live walk, PostgreSQL's covering
 *   sort index).
 * - What the search postings (20261216_0001) and the market's stale groups (20261211_0002) watch
 *   now includes the reference price, and the market's groups the body too.
 */

/** The columns the postings hold: 20261216_0001's with the reference price. */
const SEARCHED = [
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
  'price_ref_minor',
  'year',
  'mileage',
  'number_of_doors',
  'market_rating',
  'market_gap',
  'sold',
  'featured',
  'plan_featured',
  'created_at',
];
const SEARCHED_BEFORE = SEARCHED.filter((c) => c !== 'price_ref_minor');
/** What a listing is compared by (20261211_0002's, with the reference price and the body). */
const COMPARED = [
  'brand',
  'model',
  'price_minor',
  'price_ref_minor',
  'currency_id',
  'type_id',
  'category_id',
  'year',
  'mileage',
  'fuel_type_id',
  'sold',
  'sold_at',
];
const COMPARED_BEFORE = ['brand', 'model', 'price_minor', 'currency_id', 'type_id', 'year', 'mileage', 'fuel_type_id', 'sold', 'sold_at'];
/** PostgreSQL's price sort index carries what the search filters on (20261125_0001), the reference price leading. */
const CARRIED = [
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
  'year',
  'mileage',
  'number_of_doors',
];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
const ids = (columns: string[]) => sql.join(columns.map((c) => sql.id(c)));

/** The reference price of `price` in the currency `c` (an alias of `currencies`), as db/src/prices.ts computes it. */
const referenced = (price: string, c: string) =>
  `floor(${price} * 1.0 / (case ${c}.minor_units when 0 then 1 when 1 then 10 when 2 then 100 when 3 then 1000 else 10000 end) / ${c}.rate * 100 + 0.5)`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('currencies')
    .addColumn('rate', pg ? sql`double precision` : 'real', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const [code, rate] of Object.entries(EUR_RATES)) {
    await db.updateTable('currencies').set({ rate }).where('code', '=', code).execute();
  }
  await db.schema.alterTable('models').addColumn('segment', 'text').execute();
  for (const make of makes) {
    for (const model of make.models) {
      await db
        .updateTable('models')
        .set({ segment: model.segment })
        .where('name', '=', model.name)
        .where('make_id', 'in', db.selectFrom('makes').select('id').where('name', '=', make.name))
        .execute();
    }
  }
  await db.schema.alterTable('vehicles').addColumn('price_ref_minor', 'bigint').execute();
  // Before the triggers below watch it: an existing catalogue is priced once, logging nothing.
  await sql
    .raw(
      `update vehicles set price_ref_minor = (select ${referenced('vehicles.price_minor', 'c')} from currencies c where c.id = vehicles.currency_id)`,
    )
    .execute(db);

  if (pg) {
    await sql
      .raw(`create function vehicles_price_ref() returns trigger language plpgsql as $$
        begin
          select ${referenced('new.price_minor', 'c')} into new.price_ref_minor from currencies c where c.id = new.currency_id;
          return new;
        end $$`)
      .execute(db);
    await sql`create trigger vehicles_price_ref before insert or update of price_minor, currency_id on vehicles
      for each row execute function vehicles_price_ref()`.execute(db);
    await sql
      .raw(`create function currencies_rate() returns trigger language plpgsql as $$
        begin
          update vehicles v set price_ref_minor = ${referenced('v.price_minor', 'new')} where v.currency_id = new.id;
          return null;
        end $$`)
      .execute(db);
    await sql`create trigger currencies_rate after update of rate, minor_units on currencies for each row
      when (old.rate is distinct from new.rate or old.minor_units is distinct from new.minor_units)
      execute function currencies_rate()`.execute(db);
  } else {
    const price = (row: string) =>
      `update vehicles set price_ref_minor = (select ${referenced(`${row}.price_minor`, 'c')} from currencies c where c.id = ${row}.currency_id) where id = ${row}.id;`;
    // A listing added with its reference price right (the seed computes it) is not written twice.
    await sql
      .raw(`create trigger vehicles_price_ref_ai after insert on vehicles
        when new.price_ref_minor is not (select ${referenced('new.price_minor', 'c')} from currencies c where c.id = new.currency_id)
        begin ${price('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger vehicles_price_ref_au after update of price_minor, currency_id on vehicles begin ${price('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger currencies_rate_au after update of rate, minor_units on currencies
        when old.rate is not new.rate or old.minor_units is not new.minor_units begin
        update vehicles set price_ref_minor = ${referenced('vehicles.price_minor', 'new')} where currency_id = new.id;
      end`)
      .execute(db);
  }
  await watch(db, SEARCHED, COMPARED);

  // The indexes on `price_minor` stay for the previous release's processes during a rolling upgrade
  // (SQLite's walk names its index): a later release drops them as a contract step.
  if (pg) {
    await sql`create index vehicles_by_price_ref_idx on vehicles (price_ref_minor, id) include (${ids(CARRIED)})`.execute(db);
  } else {
    await sql`create index vehicles_live_price_ref_idx on vehicles (sold, price_ref_minor, id)`.execute(db);
  }
}

/** The search postings' update trigger and the market's, watching these columns. */
async function watch(db: Kysely<any>, searched: string[], compared: string[]): Promise<void> {
  const changed = (columns: string[], a: string, b: string, op: string) => columns.map((c) => `${a}.${c} ${op} ${b}.${c}`).join(' or ');
  if (isPostgres(db)) {
    await sql`drop trigger vehicles_search_update on vehicles`.execute(db);
    await sql
      .raw(`create trigger vehicles_search_update after update on vehicles for each row
        when (${changed(searched, 'old', 'new', 'is distinct from')}) execute function vehicles_search_update()`)
      .execute(db);
    await sql
      .raw(`create or replace function market_marked() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into market_stale (brand, model) select distinct brand, model from new_rows where true
              on conflict (brand, model) do update set version = market_stale.version + 1;
          elsif tg_op = 'DELETE' then
            insert into market_stale (brand, model) select distinct brand, model from old_rows where true
              on conflict (brand, model) do update set version = market_stale.version + 1;
          else
            insert into market_stale (brand, model)
              select distinct g.brand, g.model from (
                select n.brand, n.model from new_rows n join old_rows o on o.id = n.id where ${changed(compared, 'n', 'o', 'is distinct from')}
                union all
                select o.brand, o.model from new_rows n join old_rows o on o.id = n.id where ${changed(compared, 'n', 'o', 'is distinct from')}
              ) g
              on conflict (brand, model) do update set version = market_stale.version + 1;
          end if;
          return null;
        end $$`)
      .execute(db);
  } else {
    await sql`drop trigger vehicles_search_update`.execute(db);
    await sql
      .raw(`create trigger vehicles_search_update after update on vehicles when ${changed(searched, 'old', 'new', 'is not')} begin
        insert into search_changes (vehicle_id) values (new.id);
      end`)
      .execute(db);
    const upsert = (alias: string) =>
      `insert into market_stale (brand, model) values (${alias}.brand, ${alias}.model)
      on conflict (brand, model) do update set version = market_stale.version + 1;`;
    await sql`drop trigger vehicles_market_au`.execute(db);
    await sql
      .raw(
        `create trigger vehicles_market_au after update of ${compared.join(', ')} on vehicles begin ${upsert('old')} ${upsert('new')} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    await db.schema.dropIndex('vehicles_by_price_ref_idx').execute();
  } else {
    await db.schema.dropIndex('vehicles_live_price_ref_idx').execute();
  }
  await watch(db, SEARCHED_BEFORE, COMPARED_BEFORE);
  if (pg) {
    await sql`drop trigger if exists vehicles_price_ref on vehicles`.execute(db);
    await sql`drop function if exists vehicles_price_ref()`.execute(db);
    await sql`drop trigger if exists currencies_rate on currencies`.execute(db);
    await sql`drop function if exists currencies_rate()`.execute(db);
  } else {
    for (const name of ['vehicles_price_ref_ai', 'vehicles_price_ref_au', 'currencies_rate_au'])
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await db.schema.alterTable('vehicles').dropColumn('price_ref_minor').execute();
  await db.schema.alterTable('models').dropColumn('segment').execute();
  await db.schema.alterTable('currencies').dropColumn('rate').execute();
}
