import type { MarketPrice as Market, Vehicle as VehicleDetail } from '@autoroute/contract/vehicles';
import { fromReference } from '@autoroute/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../core/limiters.ts';
import { type ApiError, createTestApp, type Data, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import type { priceCheckRoute } from './market.routes.ts';

// Issue 17 item 4: what comparable listings say a listing is worth.
let t: TestApp;
const db = () => t.database.db;

type PriceCheck = RouteJson<typeof priceCheckRoute, 200>;
const median = (sorted: number[]) => {
  const at = (sorted.length - 1) / 2;
  return sorted[Math.floor(at)]! + (sorted[Math.ceil(at)]! - sorted[Math.floor(at)]!) * (at - Math.floor(at));
};
const check = (body: unknown) => t.request('/api/v1/price-check', { method: 'POST', json: body });

beforeAll(async () => {
  t = await createTestApp({ vehicles: 1500 });
});
afterAll(() => t.destroy());

describe('a listing’s market price', () => {
  it('is the median of the comparable listings the basis names, and rates the price against it', async () => {
    // The most common make and model of the demo catalogue: it has comparables, in several currencies.
    const common = await db()
      .selectFrom('vehicles')
      .select(['brand', 'model', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sold', '=', 0)
      .groupBy(['brand', 'model'])
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const listing = await db()
      .selectFrom('vehicles')
      .innerJoin('currencies as c', 'c.id', 'vehicles.currency_id')
      .select([
        'vehicles.id',
        'year',
        'mileage',
        'fuel_type_id',
        'category_id',
        'type_id',
        'price_minor',
        'price_ref_minor',
        'currency_id',
        'c.minor_units',
        'c.rate',
      ])
      .where('brand', '=', common.brand)
      .where('model', '=', common.model)
      .where('sold', '=', 0)
      .orderBy('vehicles.id')
      .executeTakeFirstOrThrow();
    const market = (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${listing.id}`))).data.marketPrice as Market;
    expect(market.comparables).toBeGreaterThanOrEqual(5);
    expect(market.basis.scope).toBe('model');
    // The same listings, read here from the basis the answer gives: in any currency, by their reference price.
    const { basis } = market;
    let query = db()
      .selectFrom('vehicles')
      .select(['price_ref_minor', 'currency_id'])
      .where('brand', '=', common.brand)
      .where('model', '=', common.model)
      // A day's rent is no sale price: only listings of the same type compare.
      .where('type_id', '=', listing.type_id)
      .where('year', '>=', basis.minYear)
      .where('year', '<=', basis.maxYear)
      .where('id', '!=', listing.id)
      // Live, or sold in the last 180 days.
      .where((eb) => eb.or([eb('sold', '=', 0), eb('sold_at', '>=', new Date(Date.now() - 180 * 86_400_000).toISOString())]));
    if (basis.minMileage !== null) query = query.where('mileage', '>=', basis.minMileage).where('mileage', '<=', basis.maxMileage!);
    if (basis.sameFuel) query = query.where('fuel_type_id', '=', listing.fuel_type_id);
    const rows = await query.orderBy('price_ref_minor').execute();
    const prices = rows.map((r) => Number(r.price_ref_minor));
    expect(market.comparables).toBe(prices.length);
    const scale = 10 ** listing.minor_units;
    // Given in the listing's own currency, converted back from the reference at its rate.
    expect(market.estimate).toBeCloseTo(fromReference(median(prices), listing.minor_units, Number(listing.rate)) / scale, 2);
    expect(market.low!).toBeLessThanOrEqual(market.estimate!);
    expect(market.high!).toBeGreaterThanOrEqual(market.estimate!);
    const gap = (Number(listing.price_ref_minor) - median(prices)) / median(prices);
    const expected = gap <= -0.15 ? 'great' : gap <= -0.05 ? 'good' : gap <= 0.05 ? 'fair' : gap < 0.15 ? 'high' : 'overpriced';
    expect(market.rating).toBe(expected);
    expect(market.basis.minYear).toBeLessThanOrEqual(listing.year);
    expect(market.basis.maxYear).toBeGreaterThanOrEqual(listing.year);

    // The listing form's check before publishing: the same market, and a price rated against it.
    const input = {
      brand: common.brand,
      model: common.model,
      year: listing.year,
      mileage: listing.mileage,
      currencyId: listing.currency_id,
      typeId: listing.type_id,
    };
    const low = await readJson<PriceCheck>(await check({ ...input, fuelTypeId: listing.fuel_type_id, price: market.estimate! * 0.5 }));
    expect(low.data.rating).toBe('great');
    expect(low.data.comparables).toBeGreaterThanOrEqual(market.comparables);
    const high = await readJson<PriceCheck>(await check({ ...input, fuelTypeId: listing.fuel_type_id, price: market.estimate! * 2 }));
    expect(high.data.rating).toBe('overpriced');
    const unpriced = await readJson<PriceCheck>(await check(input));
    expect(unpriced.data.rating).toBe('unknown');
    expect(unpriced.data.estimate).not.toBeNull();
    // Editing the listing: it is not one of its own comparables, so the check finds the listing page's market.
    const editing = await readJson<PriceCheck>(
      await check({ ...input, fuelTypeId: listing.fuel_type_id, categoryId: listing.category_id, vehicleId: listing.id }),
    );
    expect(editing.data.comparables).toBe(market.comparables);
    expect(editing.data.estimate).toBe(market.estimate);
  });

  it('compares a rare model with its segment and body, then its segment, and says so', async () => {
    // A model with fewer than five live listings for sale: its own listings are too few (rentals are not rated).
    const rare = await db()
      .selectFrom('vehicles as v')
      .innerJoin('types as ty', 'ty.id', 'v.type_id')
      .where('ty.code', '=', 'sale')
      .innerJoin('makes as k', 'k.name', 'v.brand')
      .innerJoin('models as m', (j) => j.onRef('m.make_id', '=', 'k.id').onRef('m.name', '=', 'v.model'))
      .select(['v.brand', 'v.model', 'v.type_id', 'm.segment', (eb) => eb.fn.countAll<number>().as('n')])
      .where('v.sold', '=', 0)
      .groupBy(['v.brand', 'v.model', 'v.type_id', 'm.segment'])
      .having((eb) => eb.fn.countAll(), '<', 3)
      .orderBy('v.brand')
      .executeTakeFirstOrThrow();
    const listing = await db()
      .selectFrom('vehicles')
      .select(['id', 'year'])
      .where('brand', '=', rare.brand)
      .where('model', '=', rare.model)
      .where('type_id', '=', rare.type_id)
      .where('sold', '=', 0)
      .executeTakeFirstOrThrow();
    const market = (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${listing.id}`))).data.marketPrice as Market;
    expect(rare.segment).not.toBeNull();
    expect(['body', 'segment']).toContain(market.basis.scope);
    expect(market.comparables).toBeGreaterThanOrEqual(5);
    expect(market.rating).not.toBe('unknown');
    // The same answer before publishing: a rare model's price check reaches its segment too.
    const detail = (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${listing.id}`))).data;
    const checked = await readJson<PriceCheck>(
      await check({
        brand: rare.brand,
        model: rare.model,
        year: listing.year,
        mileage: detail.mileage,
        currencyId: detail.currency.id,
        typeId: rare.type_id,
        categoryId: detail.category.id,
        price: detail.price,
      }),
    );
    expect(checked.data.basis.scope).toBe(market.basis.scope);
    expect(checked.data.comparables).toBeGreaterThanOrEqual(market.comparables);
  });

  it('says unknown, with no estimate, when fewer than five listings compare', async () => {
    const currency = (await db().selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow()).id;
    const { status, body } = await check({
      brand: 'Trabant',
      model: '601',
      year: 1985,
      mileage: 80000,
      currencyId: currency,
      price: 3000,
    }).then(async (r) => ({ status: r.status, body: await readJson<PriceCheck>(r) }));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ estimate: null, low: null, high: null, comparables: 0, confidence: null, rating: 'unknown' });
  });

  it('refuses a bad price check with 422 naming each field', async () => {
    const currency = (await db().selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow()).id;
    const good = { brand: 'Peugeot', model: '208', year: 2020, mileage: 40000, currencyId: currency };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...good, brand: '' }, ['brand']],
      [{ ...good, year: 1800 }, ['year']],
      [{ ...good, mileage: -1 }, ['mileage']],
      [{ ...good, mileage: 'far' }, ['mileage']],
      [{ ...good, price: 0 }, ['price']],
      [{ ...good, colour: 'red' }, ['(root)']],
      [{ ...good, currencyId: 999999 }, ['currencyId']],
    ];
    for (const [body, paths] of cases) {
      const res = await check(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await readJson<ApiError>(res)).details as { path: string }[]).map((d) => d.path)).toEqual(paths);
    }
  });
});

describe('the price check’s rate limit (issue 31)', () => {
  it('answers a localized 429 with Retry-After once an address has made its checks of the hour', async () => {
    await t.deps.limiters.reset('priceCheckPerIp', 'local');
    const currency = (await db().selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow()).id;
    const body = { brand: 'Trabant', model: '601', year: 1985, mileage: 80000, currencyId: currency, price: 3000 };
    for (let i = 0; i < LIMITS.priceCheckPerIp.points; i++) expect((await check(body)).status, `check ${i + 1}`).toBe(200);
    const refused = await t.request('/api/v1/price-check', { method: 'POST', json: body, headers: { 'accept-language': 'de-DE' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await readJson<ApiError>(refused)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      error: 'Zu viele Anfragen: Bitte versuchen Sie es später erneut.',
    });
    await t.deps.limiters.reset('priceCheckPerIp', 'local');
    expect((await check(body)).status).toBe(200);
  });
});
