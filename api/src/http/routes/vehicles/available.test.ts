import type { ListResponse, SearchFacets, Vehicle, VehicleSummary } from '@autoroute/contract/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeRentalsSearch } from '../../../domain/vehicles/available.data.ts';
import { countFacets } from '../../../domain/vehicles/facets.ts';
import { VehicleListQuery } from '../../../domain/vehicles/query.ts';
import { searchVehicleIds } from '../../../domain/vehicles/search.data.ts';
import { searchCriteria } from '../../../domain/vehicles/vehicles.service.ts';
import { type ApiError, createTestApp, readJson, type TestApp } from '../../../testing.ts';

/*
 * The search's "available from … to" and the rentals that are not sales (docs/decisions/061), on
 * the database's path and on the postings' (a second app answers searches without words from
 * them: SEARCH_POSTINGS_FROM=0). TEST_DIALECT=postgres runs this file on PostgreSQL.
 */

type VehicleList = ListResponse<VehicleSummary> & { meta: { facets: SearchFacets; pricedTypeId: number | null } };

let t: TestApp;
let posted: TestApp;
let types: Record<string, number>;
/** Rental listings (live) of the demo catalogue, with their owner and currency. */
let rentals: { id: number; owner_id: number; currency_id: number; type_id: number }[];

beforeAll(async () => {
  [t, posted] = await Promise.all([createTestApp({ vehicles: 240 }), createTestApp({ vehicles: 240, env: { SEARCH_POSTINGS_FROM: '0' } })]);
  types = Object.fromEntries((await t.database.db.selectFrom('types').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  rentals = await t.database.db
    .selectFrom('vehicles')
    .select(['id', 'owner_id', 'currency_id', 'type_id'])
    .where('type_id', 'in', [types.rent_day!, types.rent_month!])
    .where('sold', '=', 0)
    .orderBy('id')
    .execute();
  // The seeded terms allow stays of 1 to 90 days everywhere: each test sets the terms it is about.
  for (const app of [t, posted]) await app.database.db.updateTable('rental_terms').set({ min_days: 1, max_days: 90 }).execute();
  await posted.deps.postings.warm();
});

afterAll(async () => {
  await Promise.all([t?.destroy(), posted?.destroy()]);
});

const minutes = (iso: string) => Math.floor(Date.parse(iso) / 60_000);

/** A booking of a listing on these local days, in this state (as the bookings service writes one: Europe/Paris, 09:00 to 18:00). */
async function book(app: TestApp, vehicle: (typeof rentals)[number], startOn: string, endOn: string, state: string) {
  const startAt = new Date(`${startOn}T08:00:00Z`).toISOString();
  const endAt = new Date(`${endOn}T17:00:00Z`).toISOString();
  const days = Math.round((Date.parse(endOn) - Date.parse(startOn)) / 86_400_000);
  const { id } = await app.database.db
    .insertInto('bookings')
    .values({
      vehicle_id: vehicle.id,
      owner_id: vehicle.owner_id,
      renter_id: null,
      state,
      start_on: startOn,
      end_on: endOn,
      start_at: startAt,
      end_at: endAt,
      span_from: minutes(startAt),
      span_to: minutes(endAt),
      time_zone: 'Europe/Paris',
      days,
      currency_id: vehicle.currency_id,
      lines: '[]',
      total_minor: 10_000 * days,
      terms: '{}',
      cancellation: 'moderate',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function search(app: TestApp, query: string): Promise<VehicleList> {
  const res = await app.request(`/api/v1/vehicles?perPage=100&${query}`);
  expect(res.status).toBe(200);
  return readJson<VehicleList>(res);
}
const idsOf = (list: VehicleList) => list.data.map((v) => v.id);

describe('GET /api/v1/vehicles?availableFrom&availableTo', () => {
  it('keeps only rentals, and its counts agree with its list', async () => {
    expect(rentals.length).toBeGreaterThan(10);
    for (const app of [t, posted]) {
      const list = await search(app, 'availableFrom=2031-01-05&availableTo=2031-01-08');
      expect(list.data.every((v) => v.type.code === 'rent_day' || v.type.code === 'rent_month')).toBe(true);
      // Nothing is booked then: every live rental whose terms allow three days.
      expect(list.meta.total).toBe(list.data.length);
      expect(idsOf(list).sort((a, b) => a - b)).toEqual(rentals.map((r) => r.id));
      const byType = list.meta.facets.typeId.reduce((sum, f) => sum + f.count, 0);
      expect(byType).toBe(list.meta.total);
      expect(list.meta.facets.typeId.map((f) => f.id).sort()).not.toContain(types.sale);
      // A sale type asked with dates: nothing.
      expect((await search(app, `typeId=${types.sale}&availableFrom=2031-01-05&availableTo=2031-01-08`)).meta.total).toBe(0);
    }
  });

  it('drops a booked car for overlapping days, keeps it for the days around (its return day is taken until the return), and ignores a declined booking', async () => {
    const [booked, declined] = [rentals[0]!, rentals[1]!];
    for (const app of [t, posted]) {
      await book(app, booked, '2031-03-10', '2031-03-15', 'accepted');
      await book(app, declined, '2031-03-10', '2031-03-15', 'declined');
      const has = async (from: string, to: string, id: number) =>
        idsOf(await search(app, `availableFrom=${from}&availableTo=${to}`)).includes(id);
      // Overlapping: inside, across its start, across its end, around it.
      for (const [from, to] of [
        ['2031-03-11', '2031-03-13'],
        ['2031-03-08', '2031-03-11'],
        ['2031-03-14', '2031-03-17'],
        ['2031-03-01', '2031-03-20'],
      ] as const) {
        expect(await has(from, to, booked.id), `${from}…${to}`).toBe(false);
        expect(await has(from, to, declined.id), `${from}…${to} (declined)`).toBe(true);
      }
      // The car is out until its return on the 15th: a pickup that day, or a return on the 10th, meets it.
      expect(await has('2031-03-15', '2031-03-18', booked.id)).toBe(false);
      expect(await has('2031-03-07', '2031-03-10', booked.id)).toBe(false);
      expect(await has('2031-03-16', '2031-03-18', booked.id)).toBe(true);
      expect(await has('2031-03-07', '2031-03-09', booked.id)).toBe(true);
      // A requested or active booking holds the car as an accepted one does; a cancelled one does not.
      const requested = rentals[2]!;
      await book(app, requested, '2031-04-01', '2031-04-03', 'requested');
      expect(await has('2031-04-02', '2031-04-05', requested.id)).toBe(false);
      await app.database.db.updateTable('bookings').set({ state: 'cancelled' }).where('vehicle_id', '=', requested.id).execute();
      expect(await has('2031-04-02', '2031-04-05', requested.id)).toBe(true);
    }
  });

  it('drops a car on the days of its owner’s blocks: one-off, and weekly while the block runs', async () => {
    const [once, weekly] = [rentals[3]!, rentals[4]!];
    for (const app of [t, posted]) {
      await app.database.db
        .insertInto('availability_blocks')
        .values([
          { vehicle_id: once.id, kind: 'once', starts_on: '2031-05-10', ends_on: '2031-05-12' },
          // Every Wednesday (3) from 2031-05-01 until 2031-06-01: 2031-05-07 is a Wednesday.
          { vehicle_id: weekly.id, kind: 'weekly', starts_on: '2031-05-01', ends_on: '2031-06-01', weekday: 3 },
        ] as never)
        .execute();
      const has = async (from: string, to: string, id: number) =>
        idsOf(await search(app, `availableFrom=${from}&availableTo=${to}`)).includes(id);
      expect(await has('2031-05-11', '2031-05-14', once.id)).toBe(false);
      expect(await has('2031-05-12', '2031-05-14', once.id)).toBe(true);
      // A return on a closed day is refused as a pickup is; the day before is free.
      expect(await has('2031-05-08', '2031-05-10', once.id)).toBe(false);
      expect(await has('2031-05-08', '2031-05-09', once.id)).toBe(true);
      // Thursday to Tuesday: no Wednesday; Tuesday to Thursday: one.
      expect(await has('2031-05-08', '2031-05-13', weekly.id)).toBe(true);
      expect(await has('2031-05-13', '2031-05-15', weekly.id)).toBe(false);
      // A Wednesday before the block begins, and after it ends.
      expect(await has('2031-04-29', '2031-05-01', weekly.id)).toBe(true);
      expect(await has('2031-04-29', '2031-05-02', weekly.id)).toBe(true);
      expect(await has('2031-06-03', '2031-06-05', weekly.id)).toBe(true);
      expect(await has('2031-05-27', '2031-05-30', weekly.id)).toBe(false);
    }
  });

  it('respects the terms’ shortest and longest stays (no terms: 1 to 90 days)', async () => {
    const picky = rentals[5]!;
    for (const app of [t, posted]) {
      await app.database.db
        .insertInto('rental_terms')
        .values({ vehicle_id: picky.id, min_days: 3, max_days: 120, ical_token: `t-${picky.id}-${app === t ? 'a' : 'b'}` } as never)
        .onConflict((oc) => oc.column('vehicle_id').doUpdateSet({ min_days: 3, max_days: 120 }))
        .execute();
      const has = async (from: string, to: string, id: number) =>
        idsOf(await search(app, `availableFrom=${from}&availableTo=${to}`)).includes(id);
      expect(await has('2032-01-01', '2032-01-03', picky.id)).toBe(false);
      expect(await has('2032-01-01', '2032-01-04', picky.id)).toBe(true);
      // 100 days: past the default 90 of a listing without terms, within this one's 120.
      const long = idsOf(await search(app, 'availableFrom=2032-01-01&availableTo=2032-04-10'));
      expect(long).toContain(picky.id);
      const withoutTerms = rentals[7]!;
      await app.database.db.deleteFrom('rental_terms').where('vehicle_id', '=', withoutTerms.id).execute();
      expect(long).not.toContain(withoutTerms.id);
    }
  });

  it.each([
    ['availableFrom=2031-01-05', 'availableTo', 'Give both dates, or neither.'],
    ['availableTo=2031-01-05', 'availableFrom', 'Give both dates, or neither.'],
    ['availableFrom=2031-01-05&availableTo=2031-01-05', 'availableTo', 'The return day must be after the pickup day.'],
    ['availableFrom=2031-01-05&availableTo=2031-01-01', 'availableTo', 'The return day must be after the pickup day.'],
    ['availableFrom=2031-01-05&availableTo=2033-01-06', 'availableTo', 'At most 730 days apart.'],
    ['availableFrom=2031-02-30&availableTo=2031-03-05', 'availableFrom', 'Enter a valid date.'],
    ['availableFrom=tomorrow&availableTo=2031-03-05', 'availableFrom', 'Enter a valid date.'],
  ])('refuses %s with a localized 422 naming %s', async (query, field, message) => {
    const res = await t.request(`/api/v1/vehicles?${query}`);
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details).toContainEqual({ path: field, message });
    const fr = await readJson<ApiError>(await t.request(`/api/v1/vehicles?${query}&lng=fr_FR`));
    const inFrench = fr.details!.find((d) => d.path === field)!;
    expect(inFrench.message).not.toBe(message);
    expect(inFrench.message.length).toBeGreaterThan(5);
  });

  it('reads its rentals once and answers what the database’s query answers: the page, its order, the total and each facet', async () => {
    const db = t.database.db;
    const one = await db
      .selectFrom('vehicles')
      .select(['fuel_type_id', 'country_id', 'brand'])
      .where('id', '=', rentals[8]!.id)
      .executeTakeFirstOrThrow();
    const options = { longRead: t.deps.longRead, sharedFrom: 0, estimateFrom: 0 };
    for (const query of [
      'sort=newest',
      'sort=relevance',
      'sort=price_asc',
      'sort=price_desc',
      'sort=year_desc',
      'sort=mileage_asc',
      'sort=deal',
      `fuelTypeId=${one.fuel_type_id}&sort=mileage_asc`,
      `countryId=${one.country_id}&brand=${encodeURIComponent(one.brand)}`,
      `typeId=${types.rent_month}&perPage=5&page=2`,
      'perPage=7&page=3&sort=price_asc',
    ]) {
      const q = VehicleListQuery.parse(Object.fromEntries(new URLSearchParams(`availableFrom=2031-03-12&availableTo=2031-03-14&${query}`)));
      const c = await searchCriteria(db, q, 'en_US');
      const here = await freeRentalsSearch(db, t.database.dialect, c);
      const counted = await countFacets(db, t.database.dialect, options, c);
      expect(here.ids, query).toEqual(await searchVehicleIds(db, t.database.dialect, c));
      expect(here.counts.total, query).toBe(counted.total);
      expect(here.counts.facets, query).toEqual(counted.facets);
    }
  });

  it('is kept by a saved search as the search takes it, and refused there as here', async () => {
    const member = await t.member('renter');
    const save = (query: Record<string, unknown>) =>
      t.request('/api/v1/me/saved-searches', { method: 'POST', headers: member.headers, json: { name: 'Summer', query } });
    const res = await save({ availableFrom: '2031-07-01', availableTo: '2031-07-15', sort: 'price_asc' });
    expect(res.status).toBe(201);
    const { data } = await readJson<{ data: { query: Record<string, unknown> } }>(res);
    expect(data.query).toMatchObject({ availableFrom: '2031-07-01', availableTo: '2031-07-15', sort: 'price_asc' });
    const refused = await save({ availableFrom: '2031-07-01' });
    expect(refused.status).toBe(422);
    expect((await readJson<ApiError>(refused)).details!.map((d) => d.path)).toEqual(['query.availableTo']);
  });

  it('accepts exactly 730 days', async () => {
    expect((await t.request('/api/v1/vehicles?availableFrom=2031-01-05&availableTo=2033-01-04')).status).toBe(200);
  });
});

describe('rentals are not sales', () => {
  const kinds = (list: VehicleList) => list.data.map((v) => v.type.code);

  it('never sorts sales and rentals together by price, on either path', async () => {
    for (const app of [t, posted]) {
      for (const sort of ['price_asc', 'price_desc']) {
        // Without a type: sales only, and the answer says so.
        const plain = await search(app, `sort=${sort}`);
        expect(new Set(kinds(plain))).toEqual(new Set(['sale']));
        expect(plain.meta.pricedTypeId).toBe(types.sale);
        // Available rentals without a type: day rents only.
        const dated = await search(app, `sort=${sort}&availableFrom=2033-06-01&availableTo=2033-06-04`);
        expect(dated.data.length).toBeGreaterThan(0);
        expect(new Set(kinds(dated))).toEqual(new Set(['rent_day']));
        expect(dated.meta.pricedTypeId).toBe(types.rent_day);
        // One rental type asked: its listings, in price order.
        const monthly = await search(app, `sort=${sort}&typeId=${types.rent_month}`);
        expect(new Set(kinds(monthly))).toEqual(new Set(['rent_month']));
        const prices = monthly.data.map((v) => v.price);
        const sorted = [...prices].sort((a, b) => (sort === 'price_asc' ? a - b : b - a));
        expect(monthly.data.length).toBeGreaterThan(1);
        // Prices compare in one reference scale across currencies: same currency, same order.
        const euros = monthly.data.filter((v) => v.currency.code === monthly.data[0]!.currency.code).map((v) => v.price);
        expect(euros).toEqual([...euros].sort((a, b) => (sort === 'price_asc' ? a - b : b - a)));
        expect(sorted.length).toBe(prices.length);
      }
    }
  });

  it('gives a rental no sale price rating, on its card and on its page', async () => {
    // Rated as a sale would be, by the market job: still not a rating of a rent.
    const rental = rentals[6]!;
    await t.database.db
      .updateTable('vehicles')
      .set({ market_rating: 'great', market_gap: -0.3, market_estimate_minor: 123_400 })
      .where('id', '=', rental.id)
      .execute();
    const list = await search(t, `typeId=${rental.type_id}`);
    const card = list.data.find((v) => v.id === rental.id)!;
    expect(card.rating).toBe('unknown');
    expect(card.marketEstimate).toBeNull();
    const page = await readJson<{ data: Vehicle }>(await t.request(`/api/v1/vehicles/${rental.id}`));
    expect(page.data.marketPrice.rating).toBe('unknown');
    expect(page.data.marketPrice.estimate).toBeNull();
    // A sale keeps its rating.
    const sale = await search(t, `typeId=${types.sale}&rating=great,good,fair,high,overpriced`);
    expect(sale.data.length).toBeGreaterThan(0);
    expect(sale.data.every((v) => v.rating !== 'unknown')).toBe(true);
  });
});
