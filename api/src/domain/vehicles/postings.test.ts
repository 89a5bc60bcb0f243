import type { ListResponse, SearchFacets, VehicleSummary } from '@autoroute/contract/vehicles';
import { referencePrice } from '@autoroute/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readJson, type TestApp } from '../../testing.ts';
import type { SearchCriteria } from './criteria.data.ts';
import { countFacets } from './facets.ts';
import { createSearchPostings, type SearchPostings } from './postings.ts';
import { searchVehicleIds } from './search.data.ts';

/*
 * The postings in the process (docs/decisions/044) answer what the database answers: the same page
 * of ids in the same order and the same exact counts, for every kind of filter, sort and page, and
 * they see every change committed by anyone at the next search (TEST_DIALECT=postgres runs this
 * file on PostgreSQL).
 */

type VehicleList = ListResponse<VehicleSummary> & { meta: { facets: SearchFacets; countsEstimated: boolean } };

let t: TestApp;
let postings: SearchPostings;

beforeAll(async () => {
  // Every search without words from the postings, from the first listing on.
  t = await createTestApp({ vehicles: 1200, env: { SEARCH_POSTINGS_FROM: '0' } });
  await t.database.db.updateTable('vehicles').set({ sold: 1 }).where('id', '<', 120).execute();
  // A second process over the same database: it learns of changes only through the database.
  postings = createSearchPostings({
    db: t.database.db,
    dialect: t.database.dialect,
    committed: t.database.committed,
    from: 0,
    log: t.deps.log,
  });
  await postings.warm();
  await t.deps.postings.warm();
  // Changed after the postings were built, by every kind of write: what the searches then compare
  // was put in place listing by listing (the build loads them all at once).
  const db = t.database.db;
  const ids = (await db.selectFrom('vehicles').select('id').orderBy('id').execute()).map((r) => r.id);
  const r = generator(7);
  for (const id of ids.filter(() => r.chance(0.08))) {
    const other = r.pick(ids);
    const from = await db.selectFrom('vehicles').selectAll().where('id', '=', other).executeTakeFirstOrThrow();
    await db
      .updateTable('vehicles')
      .set(
        r.pick([
          { price_minor: from.price_minor, currency_id: from.currency_id },
          { sold: r.chance(0.5) ? 1 : 0 },
          { fuel_type_id: from.fuel_type_id, brand: from.brand, model: from.model },
          { city_id: from.city_id, country_id: from.country_id, year: from.year, mileage: from.mileage },
          { market_rating: from.market_rating, market_gap: from.market_gap, featured: r.chance(0.5) ? 1 : 0 },
          { created_at: from.created_at },
        ]),
      )
      .where('id', '=', id)
      .execute();
  }
  await db
    .deleteFrom('vehicles')
    .where(
      'id',
      'in',
      ids.filter(() => r.chance(0.01)),
    )
    .execute();
}, 120_000);
afterAll(() => t.destroy());

/** A small deterministic generator, so a failure names a criteria set that can be run again. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** A price in a currency's minor units as its reference price. */
async function referenceOf(currencyId: number) {
  const c = await t.database.db
    .selectFrom('currencies')
    .select(['minor_units', 'rate'])
    .where('id', '=', currencyId)
    .executeTakeFirstOrThrow();
  return (minor: number) => referencePrice(minor, c.minor_units, Number(c.rate));
}

const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'deal', 'distance'] as const;

async function criteriaSets(count: number): Promise<SearchCriteria[]> {
  const rows = await t.database.db.selectFrom('vehicles').selectAll().execute();
  const r = generator(44);
  const some = () => r.pick(rows);
  const sets: SearchCriteria[] = [];
  for (let i = 0; i < count; i++) {
    const c: SearchCriteria = { includeSold: r.chance(0.2), sort: r.pick(SORTS), page: r.int(1, 3), perPage: r.pick([5, 12, 20]) };
    // Each filter with a value some listing has, or now and then one none has.
    if (r.chance(0.25)) c.brand = r.chance(0.1) ? 'No Such Make' : some().brand;
    if (r.chance(0.1)) ({ brand: c.brand, model: c.model } = some());
    if (r.chance(0.25)) c.categoryId = some().category_id;
    if (r.chance(0.2)) c.typeId = some().type_id;
    if (r.chance(0.3)) c.fuelTypeId = some().fuel_type_id;
    if (r.chance(0.2)) c.transmissionId = some().transmission_id;
    if (r.chance(0.15)) c.colorId = some().color_id;
    if (r.chance(0.2)) c.countryId = some().country_id;
    if (r.chance(0.1)) c.cityId = some().city_id;
    if (r.chance(0.1)) c.doors = some().number_of_doors;
    if (r.chance(0.3)) c.minYear = some().year;
    if (r.chance(0.2)) c.maxYear = some().year + r.int(0, 5);
    if (r.chance(0.25)) c.maxMileage = some().mileage;
    if (r.chance(0.3)) {
      const ref = Number(some().price_ref_minor);
      if (r.chance(0.7)) c.minPriceRef = Math.round(ref * 0.7);
      if (r.chance(0.7)) c.maxPriceRef = Math.round(ref * 1.3);
    }
    if (r.chance(0.2))
      c.rating = [...new Set([r.pick(['great', 'good', 'fair', 'high', 'overpriced', 'unknown'] as const), 'good' as const])];
    if ((c.sort === 'distance' && r.chance(0.9)) || r.chance(0.15)) {
      // The cities within a radius, nearest first, as the service gives them.
      const cities = [...new Set(rows.map((row) => row.city_id))].filter(() => r.chance(0.3));
      c.near = cities.map((id, k) => ({ id, km: k * 10 }));
    }
    sets.push(c);
  }
  return sets;
}

/** The database's answer, counted exactly. */
async function fromDatabase(c: SearchCriteria) {
  const db = t.database.db;
  const counting = countFacets(
    db,
    t.database.dialect,
    { longRead: t.database.longRead, sharedFrom: Number.MAX_SAFE_INTEGER, estimateFrom: 0 },
    c,
  );
  const [ids, counts] = await Promise.all([searchVehicleIds(db, t.database.dialect, c, counting), counting]);
  return { ids, counts };
}

async function fromPostings(c: SearchCriteria, from = postings) {
  const answer = await from.search(c);
  expect(answer, 'a search without words is answered from the postings').not.toBeNull();
  return { ids: answer!.ids, counts: answer!.counts };
}

describe('search postings in the process', () => {
  it('answer every kind of search as the database does: the page, its order, the total and each facet’s counts', async () => {
    const sets = await criteriaSets(250);
    let nonEmpty = 0;
    for (const c of sets) {
      const [db, posted] = [await fromDatabase(c), await fromPostings(c)];
      expect({ c, ids: posted.ids, total: posted.counts.total }).toEqual({ c, ids: db.ids, total: db.counts.total });
      expect({ c, facets: posted.counts.facets }).toEqual({ c, facets: db.counts.facets });
      expect(posted.counts.estimated).toBe(false);
      if (db.ids.length > 0) nonEmpty++;
    }
    // The sets reach pages with listings as well as empty ones.
    expect(nonEmpty).toBeGreaterThan(60);
    expect(nonEmpty).toBeLessThan(sets.length);
  });

  it('see a change committed by anyone at the next search: a new price, a sale, a new listing, a deletion', async () => {
    const db = t.database.db;
    const listing = await db.selectFrom('vehicles').selectAll().where('sold', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // Bounds on the reference price the triggers write (db/src/prices.ts), as the service converts them.
    const ref = await referenceOf(listing.currency_id);
    const priced = (): SearchCriteria => ({
      minPriceRef: ref(987_654_300),
      maxPriceRef: ref(987_654_400),
      includeSold: false,
      sort: 'price_asc',
      page: 1,
      perPage: 20,
    });
    expect((await fromPostings(priced())).ids).toEqual([]);

    await db.updateTable('vehicles').set({ price_minor: 987_654_321 }).where('id', '=', listing.id).execute();
    expect((await fromPostings(priced())).ids).toEqual([listing.id]);

    await db.updateTable('vehicles').set({ sold: 1 }).where('id', '=', listing.id).execute();
    expect((await fromPostings(priced())).ids).toEqual([]);
    expect((await fromPostings({ ...priced(), includeSold: true })).ids).toEqual([listing.id]);

    const { id, created_at, updated_at, search, search_named, ...copy } = listing as typeof listing & {
      search?: unknown;
      search_named?: unknown;
    };
    const { id: copyId } = await db
      .insertInto('vehicles')
      .values({ ...copy, price_minor: 987_654_350 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const found = await fromPostings(priced());
    expect(found.ids).toEqual([copyId]);
    expect(found.counts.total).toBe(1);
    expect(found.counts.facets.fuelTypeId.get(listing.fuel_type_id)).toBe(1);

    await db.deleteFrom('vehicles').where('id', '=', copyId).execute();
    expect(await fromPostings(priced())).toEqual(await fromDatabase(priced()));
    expect((await fromPostings(priced())).ids).toEqual([]);
  });

  // SQLite has one writer (and one connection here): a commit out of order is PostgreSQL's case.
  it.runIf(process.env.TEST_DIALECT === 'postgres')(
    'see a change whose transaction began before a change read earlier (PostgreSQL numbers transactions as they begin)',
    async () => {
      const db = t.database.db;
      const [first, second] = await db
        .selectFrom('vehicles')
        .select(['id', 'currency_id'])
        .where('sold', '=', 0)
        .orderBy('id')
        .limit(2)
        .execute();
      const ref = await referenceOf(first!.currency_id);
      const priced = (minor: number): SearchCriteria => ({
        minPriceRef: ref(minor),
        maxPriceRef: ref(minor),
        includeSold: false,
        sort: 'newest',
        page: 1,
        perPage: 20,
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let numbered!: () => void;
      const begun = new Promise<void>((resolve) => {
        numbered = resolve;
      });
      // A transaction takes its number, and writes the listing only after a later one committed.
      const early = db.transaction().execute(async (trx) => {
        await sql`select pg_current_xact_id()`.execute(trx);
        numbered();
        await held;
        await trx.updateTable('vehicles').set({ price_minor: 876_543_210 }).where('id', '=', first!.id).execute();
      });
      await begun;
      await db
        .updateTable('vehicles')
        .set({ price_minor: 876_543_211, currency_id: first!.currency_id })
        .where('id', '=', second!.id)
        .execute();
      expect((await fromPostings(priced(876_543_211))).ids).toEqual([second!.id]);
      release();
      await early;
      expect((await fromPostings(priced(876_543_210))).ids).toEqual([first!.id]);
    },
  );

  it('answer the API’s searches without words with exact counts; searches with words stay the database’s', async () => {
    const res = await t.request('/api/v1/vehicles?sort=price_asc&perPage=5');
    expect(res.status).toBe(200);
    const body = await readJson<VehicleList>(res);
    // A price order is the sales' (the service names the type it compares).
    expect(body.meta.pricedTypeId).toEqual(expect.any(Number));
    const c: SearchCriteria = { includeSold: false, sort: 'price_asc', typeId: body.meta.pricedTypeId!, page: 1, perPage: 5 };
    const db = await fromDatabase(c);
    expect(body.data.map((v) => v.id)).toEqual(db.ids);
    expect(body.meta.total).toBe(db.counts.total);
    expect(body.meta.countsEstimated).toBe(false);
    expect(await t.deps.postings.search({ ...c, q: 'renault' })).toBeNull();
  });
});
