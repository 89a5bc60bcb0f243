import type { ListResponse, Vehicle as VehicleDetail, VehicleSummary } from '@autoroute/contract/vehicles';
import { MARKET_GAP_UNKNOWN, referencePrice } from '@autoroute/db';
import { DEMO_PASSWORD } from '@autoroute/db/seed';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type Data, readJson, type TestApp } from '../../../testing.ts';
import type { SignedIn } from '../auth/auth.routes.ts';

// Issue 17 item 4: the fair-price rating on every search result, its filter and the best-deal order.
let t: TestApp;
const db = () => t.database.db;

interface Summary {
  id: number;
  brand: string;
  model: string;
  price: number;
  rating: string;
  marketEstimate: number | null;
}
/** A page of results, or the refusal of the query: each test reads the one its status says. */
type SearchAnswer = ListResponse<VehicleSummary> & Partial<ApiError>;
const search = async (query: string) => {
  const res = await t.request(`/api/v1/vehicles?${query}`);
  return { status: res.status, body: await readJson<SearchAnswer>(res) };
};
const stored = async (ids: number[]) =>
  new Map(
    (await db().selectFrom('vehicles').select(['id', 'market_rating', 'market_gap']).where('id', 'in', ids).execute()).map((r) => [
      r.id,
      { rating: r.market_rating, gap: Number(r.market_gap) },
    ]),
  );
const runJob = async (handler: string) => {
  const job = await db().selectFrom('datacrons').select('id').where('handler', '=', handler).executeTakeFirstOrThrow();
  const result = await t.deps.jobs.runNow(job.id);
  if (result.status !== 'finished') throw new Error(`${handler}: ${result.status}`);
  return result.run.summary;
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 1500 });
});
afterAll(() => t.destroy());

describe('the stored fair-price rating', () => {
  it('is filled for every seeded listing, and the search card and the detail say the same', async () => {
    const unrated = await db().selectFrom('vehicles').select('id').where('market_computed_at', 'is', null).execute();
    expect(unrated).toEqual([]);
    expect(await db().selectFrom('market_stale').selectAll().execute()).toEqual([]);
    const { body } = await search('perPage=50');
    const cards = body.data as Summary[];
    expect(new Set(cards.map((c) => c.rating)).size).toBeGreaterThan(1);
    for (const card of cards.slice(0, 10)) {
      const detail = (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${card.id}`))).data;
      expect(detail.marketPrice!.rating).toBe(card.rating);
      expect(detail.marketPrice!.estimate).toBe(card.marketEstimate);
    }
  });
});

describe('GET /api/v1/vehicles?rating', () => {
  it('keeps only the listings with these ratings, counted exactly', async () => {
    const expected = await db()
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sold', '=', 0)
      .where('market_rating', 'in', ['great', 'good'])
      .executeTakeFirstOrThrow();
    expect(Number(expected.n)).toBeGreaterThan(0);
    for (const sort of ['newest', 'mileage_asc', 'deal', 'relevance']) {
      const { status, body } = await search(`rating=great,good&sort=${sort}&perPage=100`);
      expect(status).toBe(200);
      expect(body.meta.total).toBe(Number(expected.n));
      expect((body.data as Summary[]).every((v) => v.rating === 'great' || v.rating === 'good')).toBe(true);
    }
    // With other filters, words and facets too.
    const { body } = await search('rating=overpriced,unknown&q=peugeot&perPage=100');
    expect((body.data as Summary[]).every((v) => v.rating === 'overpriced' || v.rating === 'unknown')).toBe(true);
  });

  it('refuses a rating it does not know with 422 in the visitor’s language, as a saved search does, saving nothing', async () => {
    for (const query of ['rating=cheap', 'rating=great,cheap', 'rating=', 'rating=,']) {
      const { status, body } = await search(`${query}&lng=fr_FR`);
      if (query === 'rating=') {
        expect(status).toBe(200); // an empty form field is no filter
        continue;
      }
      expect(status, query).toBe(422);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toEqual([{ path: 'rating', message: 'Choisissez parmi : great, good, fair, high, overpriced, unknown.' }]);
    }
    const member = await t.member('rita');
    const saved = (body: unknown) => t.request('/api/v1/me/saved-searches', { method: 'POST', json: body, headers: member.headers });
    const refused = await saved({ name: 'Deals', query: { rating: 'bargain' }, frequency: 'instant' });
    expect(refused.status).toBe(422);
    expect(((await readJson<ApiError>(refused)).details as { path: string }[]).map((d) => d.path)).toEqual(['query.rating']);
    expect(await db().selectFrom('saved_searches').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
    expect((await saved({ name: 'Deals', query: { rating: 'great,good' }, frequency: 'instant' })).status).toBe(201);
  });
});

describe('GET /api/v1/vehicles?sort=deal', () => {
  it('puts the price furthest below its estimate first and unrated listings last, on every way of reading a page', async () => {
    for (const filters of ['', 'brand=Peugeot', 'maxMileage=30000&minYear=2022', 'q=peugeot', 'includeSold=true']) {
      const seen: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const { status, body } = await search(`sort=deal&perPage=7&page=${page}&${filters}`);
        expect(status).toBe(200);
        seen.push(...(body.data as Summary[]).map((v) => v.id));
      }
      expect(seen.length, filters).toBeGreaterThan(0);
      const gaps = await stored(seen);
      const ordered = seen.map((id) => gaps.get(id)!.gap);
      expect(ordered, filters).toEqual([...ordered].sort((a, b) => a - b));
      expect(new Set(seen).size).toBe(seen.length);
    }
    // The last page of the plain order holds the unrated listings.
    const all = await search('sort=deal&perPage=100&page=1');
    const pages = all.body.meta.pages as number;
    const last = (await search(`sort=deal&perPage=100&page=${pages}`)).body.data as Summary[];
    const unknown = await db()
      .selectFrom('vehicles')
      .select('id')
      .where('sold', '=', 0)
      .where('market_gap', '=', MARKET_GAP_UNKNOWN)
      .execute();
    if (unknown.length) expect(last.at(-1)?.rating).toBe('unknown');
    expect((all.body.data as Summary[])[0]?.rating).toBe('great');
  });
});

describe('a repriced listing', () => {
  it('keeps its rating until the market job runs, then is rated at its new price, its make and model with it', async () => {
    const card = ((await search('rating=fair&sort=newest&perPage=1')).body.data as Summary[])[0]!;
    const owner = await db()
      .selectFrom('vehicles as v')
      .innerJoin('users as u', 'u.id', 'v.owner_id')
      .select('u.email')
      .where('v.id', '=', card.id)
      .executeTakeFirstOrThrow();
    const login = await readJson<z.infer<typeof SignedIn>>(
      await t.request('/api/v1/auth/login', { method: 'POST', json: { email: owner.email, password: DEMO_PASSWORD } }),
    );
    const headers = { authorization: `Bearer ${login.security.accessToken}` };
    const reprice = (price: number) => t.request(`/api/v1/vehicles/${card.id}`, { method: 'PATCH', json: { price }, headers });

    expect((await reprice(Math.round(card.marketEstimate! * 3))).status).toBe(200);
    // The seller's request only marks the make and model stale.
    expect(await db().selectFrom('market_stale').select(['brand', 'model']).execute()).toEqual([{ brand: card.brand, model: card.model }]);
    expect((await stored([card.id])).get(card.id)?.rating).toBe('fair');
    expect(await runJob('refresh-market-ratings')).toMatch(/^1 make and model group rated again; [1-9]\d* listings? changed$/);
    expect((await stored([card.id])).get(card.id)?.rating).toBe('overpriced');
    const overpriced = (
      await search(`rating=overpriced&brand=${encodeURIComponent(card.brand)}&model=${encodeURIComponent(card.model)}&perPage=100`)
    ).body.data as Summary[];
    expect(overpriced.map((v) => v.id)).toContain(card.id);
    expect(await db().selectFrom('market_stale').selectAll().execute()).toEqual([]);

    expect((await reprice(Math.round(card.marketEstimate! * 0.5))).status).toBe(200);
    await runJob('refresh-market-ratings');
    const detail = (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${card.id}`))).data;
    expect(detail.rating).toBe('great');
    expect(detail.marketPrice!.rating).toBe('great');
    // A pass with nothing marked changes nothing.
    expect(await runJob('refresh-market-ratings')).toBe('0 make and model groups rated again; 0 listings changed');
  });
});

describe('the demo catalogue’s ratings (issue 33)', () => {
  // `npm start`'s catalogue: 600 listings over 164 models, 42 makes and nine currencies.
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ vehicles: 600 });
  });
  afterAll(() => demo.destroy());
  const demoDb = () => demo.database.db;
  const ratedShare = async () => {
    const rows = await demoDb()
      .selectFrom('vehicles as v')
      .innerJoin('types as ty', 'ty.id', 'v.type_id')
      .select('v.market_rating')
      .where('v.sold', '=', 0)
      .where('ty.code', '=', 'sale')
      .execute();
    return rows.filter((r) => r.market_rating !== 'unknown').length / rows.length;
  };

  it('rates at least 80 % of the live sales, comparing rare models with their segment, and has good deals to show', async () => {
    expect(await ratedShare()).toBeGreaterThanOrEqual(0.8);
    const steps = await demoDb()
      .selectFrom('vehicles')
      .select('market_step')
      .where('market_step', '>=', 3)
      .where('market_rating', '!=', 'unknown')
      .execute();
    expect(steps.length).toBeGreaterThan(0);
    const res = await demo.request('/api/v1/vehicles?rating=great,good&sort=deal&perPage=5');
    const body = await readJson<SearchAnswer>(res);
    expect(body.meta.total).toBeGreaterThan(20);
    expect(body.data.map((v) => v.rating).every((r) => r === 'great' || r === 'good')).toBe(true);
  });

  it('converts every listing of a currency again when an administrator changes its rate, and rates them again', async () => {
    const admin = await demo.member('rates');
    await demo.grant(admin.id, [], 'SUPADMIN');
    const gbp = await demoDb().selectFrom('currencies').select(['id', 'rate']).where('code', '=', 'GBP').executeTakeFirstOrThrow();
    const listing = await demoDb()
      .selectFrom('vehicles')
      .select(['id', 'price_minor', 'price_ref_minor', 'brand', 'model'])
      .where('currency_id', '=', gbp.id)
      .executeTakeFirstOrThrow();
    // The console sends the whole record back, as its edit form does.
    const record = await readJson<Record<string, unknown>>(
      await demo.request(`/api/v1/admin/currencies/${gbp.id}`, { headers: admin.headers }),
    );
    const save = (rate: number, query = '') =>
      demo.request(`/api/v1/admin/currencies/${gbp.id}${query}`, { method: 'PUT', json: { ...record, rate }, headers: admin.headers });
    const res = await save(Number(gbp.rate) * 2);
    expect(res.status).toBe(200);
    const after = await demoDb().selectFrom('vehicles').select('price_ref_minor').where('id', '=', listing.id).executeTakeFirstOrThrow();
    // The same price in pounds is worth half as much in the reference currency.
    expect(Number(after.price_ref_minor)).toBe(referencePrice(Number(listing.price_minor), 2, Number(gbp.rate) * 2));
    expect(Number(after.price_ref_minor)).toBeLessThan(Number(listing.price_ref_minor));
    // Its group waits for the market job, which rates it at its converted price.
    expect(
      await demoDb()
        .selectFrom('market_stale')
        .select('brand')
        .where('brand', '=', listing.brand)
        .where('model', '=', listing.model)
        .execute(),
    ).toHaveLength(1);
    const job = await demoDb()
      .selectFrom('datacrons')
      .select('id')
      .where('handler', '=', 'refresh-market-ratings')
      .executeTakeFirstOrThrow();
    expect((await demo.deps.jobs.runNow(job.id)).status).toBe('finished');
    expect(await demoDb().selectFrom('market_stale').selectAll().execute()).toEqual([]);
    // A rate must be a positive number: refused in the visitor's language, nothing changed.
    const refused = await save(0, '?lng=fr_FR');
    expect(refused.status).toBe(422);
    expect((await readJson<ApiError>(refused)).details!.map((d: { path: string }) => d.path)).toEqual(['rate']);
  });
});
