import type { UserConfig } from '@autoroute/contract/site';
import type { ListResponse, SearchFacets, Vehicle as VehicleDetail, VehicleSummary } from '@autoroute/contract/vehicles';
import { referencePrice } from '@autoroute/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiError, createTestApp, type Data, readJson, type TestApp } from '../../../testing.ts';

/** The search's answer: its meta always carries the facets. */
type VehicleList = ListResponse<VehicleSummary> & { meta: { facets: SearchFacets } };

/*
 * Every result is checked against a plain reading of the listings in JavaScript, so the same
 * assertions hold on SQLite and on PostgreSQL (TEST_DIALECT=postgres runs this file there).
 */

interface Listing {
  id: number;
  title: string;
  brand: string;
  model: string;
  description: string;
  sold: number;
  category_id: number;
  type_id: number;
  fuel_type_id: number;
  transmission_id: number;
  color_id: number;
  country_id: number;
  city_id: number;
  currency_id: number;
  price_minor: number;
  /** Its price in hundredths of the reference currency, as the search compares prices (db/src/prices.ts). */
  price_ref_minor: number;
  minor_units: number;
  rate: number;
  type_code: string;
  year: number;
  mileage: number;
  number_of_doors: number;
  created_at: string;
}

let t: TestApp;
let all: Listing[];

beforeAll(async () => {
  t = await createTestApp({ vehicles: 300 });
  all = (await t.database.db
    .selectFrom('vehicles as v')
    .innerJoin('currencies as c', 'c.id', 'v.currency_id')
    .innerJoin('types as ty', 'ty.id', 'v.type_id')
    .select([
      'v.id',
      'v.title',
      'v.brand',
      'v.model',
      'v.description',
      'v.sold',
      'v.category_id',
      'v.type_id',
      'v.fuel_type_id',
      'v.transmission_id',
      'v.color_id',
      'v.country_id',
      'v.city_id',
      'v.currency_id',
      'v.price_minor',
      'v.price_ref_minor',
      'c.minor_units',
      'c.rate',
      'ty.code as type_code',
      'v.year',
      'v.mileage',
      'v.number_of_doors',
      'v.created_at',
    ])
    .execute()) as Listing[];
  for (const v of all) v.price_ref_minor = Number(v.price_ref_minor);
});
afterAll(() => t.destroy());

/** A sale, whose price a price bound or order compares when no type is asked (a rent never shares them). */
const isSale = (v: Listing) => v.type_code === 'sale';
/** A price in a listing's currency (minor units) on the reference scale, as the search converts a bound. */
const asReference = (minor: number, of: Listing) => referencePrice(minor, of.minor_units, Number(of.rate));

const newestFirst = (a: Listing, b: Listing) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id);
const unsold = () => all.filter((v) => v.sold === 0);
const mostCommon = <K extends keyof Listing>(key: K, rows = unsold()): Listing[K] => {
  const counts = new Map<Listing[K], number>();
  for (const v of rows) counts.set(v[key], (counts.get(v[key]) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
};

/**
 * Runs `check` with exactly these listings featured by an administrator and by a plan, then puts
 * every listing's flags back as they were.
 */
async function withFeatured(byAdmin: number[], byPlan: number[], check: () => Promise<void>) {
  const db = t.database.db;
  const before = await db.selectFrom('vehicles').select(['id', 'featured', 'plan_featured']).execute();
  const set = async (column: 'featured' | 'plan_featured', ids: number[]) => {
    await db
      .updateTable('vehicles')
      .set({ [column]: 0 })
      .execute();
    if (ids.length)
      await db
        .updateTable('vehicles')
        .set({ [column]: 1 })
        .where('id', 'in', ids)
        .execute();
  };
  await set('featured', byAdmin);
  await set('plan_featured', byPlan);
  try {
    await check();
  } finally {
    await set(
      'featured',
      before.filter((r) => r.featured).map((r) => r.id),
    );
    await set(
      'plan_featured',
      before.filter((r) => r.plan_featured).map((r) => r.id),
    );
  }
}

/** Every id the search answers, page after page, in order. */
async function searchIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await t.request(`/api/v1/vehicles?perPage=100&page=${page}&${query}`);
    expect(res.status).toBe(200);
    const body = await readJson<VehicleList>(res);
    ids.push(...body.data.map((v: { id: number }) => v.id));
    if (page >= body.meta.pages) {
      expect(ids).toHaveLength(body.meta.total);
      return ids;
    }
  }
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** What the text search promises: every word found, the last one as the start of a word. */
function matchesText(v: Listing, q: string): boolean {
  const own = words(`${v.title} ${v.brand} ${v.model} ${v.description}`);
  const terms = words(q);
  return terms.every((term, i) => own.some((w) => (i === terms.length - 1 ? w.startsWith(term) : w === term)));
}

describe('GET /api/v1/vehicles: filters', () => {
  it.each([
    ['brand', 'brand'],
    ['model', 'model'],
    ['categoryId', 'category_id'],
    ['typeId', 'type_id'],
    ['fuelTypeId', 'fuel_type_id'],
    ['transmissionId', 'transmission_id'],
    ['colorId', 'color_id'],
    ['countryId', 'country_id'],
    ['cityId', 'city_id'],
    ['doors', 'number_of_doors'],
  ] as const)('filters by %s', async (param, column) => {
    const value = mostCommon(column);
    const expected = unsold()
      .filter((v) => v[column] === value)
      .sort(newestFirst)
      .map((v) => v.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(await searchIds(`${param}=${encodeURIComponent(String(value))}`)).toEqual(expected);
  });

  it('filters by year range and maximum mileage', async () => {
    const expected = unsold()
      .filter((v) => v.year >= 2012 && v.year <= 2020 && v.mileage <= 120000)
      .sort(newestFirst)
      .map((v) => v.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(await searchIds('minYear=2012&maxYear=2020&maxMileage=120000')).toEqual(expected);
  });

  it('takes a currency alone as the one prices are asked in, not as a filter', async () => {
    expect(await searchIds(`currencyId=${mostCommon('currency_id')}`)).toEqual(
      unsold()
        .sort(newestFirst)
        .map((v) => v.id),
    );
  });

  it('filters the sales’ prices in any currency, converted at the currencies’ rates, bounds included', async () => {
    const currency = mostCommon('currency_id');
    const inCurrency = unsold().filter((v) => v.currency_id === currency && isSale(v));
    const one = inCurrency[0]!;
    const prices = inCurrency.map((v) => v.price_minor).sort((a, b) => a - b);
    const scale = 10 ** one.minor_units;
    const low = prices[Math.floor(prices.length / 4)]!;
    const high = prices[Math.floor((prices.length * 3) / 4)]!;
    const matches = unsold().filter(
      (v) => isSale(v) && v.price_ref_minor >= asReference(low, one) && v.price_ref_minor <= asReference(high, one),
    );
    // Listings in other currencies are found by their converted price; the bounds themselves are included.
    expect(matches.some((v) => v.currency_id !== currency)).toBe(true);
    expect(matches.some((v) => v.price_minor === low && v.currency_id === currency)).toBe(true);
    const expected = matches.sort(newestFirst).map((v) => v.id);
    expect(await searchIds(`currencyId=${currency}&minPrice=${low / scale}&maxPrice=${high / scale}`)).toEqual(expected);
    const cheapest = await readJson<VehicleList>(
      await t.request(`/api/v1/vehicles?currencyId=${currency}&maxPrice=${prices[0]! / scale}&perPage=100`),
    );
    expect(cheapest.data.length).toBeGreaterThan(0);
    expect(cheapest.data.every((v) => v.type.code === 'sale')).toBe(true);
    expect(cheapest.meta.pricedTypeId).toBe(one.type_id);
  });

  it('compares the rents of a rental type among themselves, never with sales', async () => {
    const rent = unsold().find((v) => v.type_code === 'rent_day')!;
    const currency = rent.currency_id;
    const rents = unsold().filter((v) => v.type_id === rent.type_id);
    const max = Math.max(...rents.map((v) => v.price_ref_minor));
    const body = await readJson<VehicleList>(
      await t.request(
        `/api/v1/vehicles?typeId=${rent.type_id}&currencyId=${currency}&maxPrice=${Math.ceil((max * Number(rent.rate)) / 100) + 1}&sort=price_asc&perPage=100`,
      ),
    );
    expect(body.data.map((v) => v.id)).toEqual(
      [...rents].sort((a, b) => a.price_ref_minor - b.price_ref_minor || b.id - a.id).map((v) => v.id),
    );
    expect(body.meta.pricedTypeId).toBe(rent.type_id);
  });

  it('combines filters, and shows sold vehicles only when asked', async () => {
    const fuel = mostCommon('fuel_type_id');
    const type = mostCommon('type_id');
    const expect1 = all.filter((v) => v.fuel_type_id === fuel && v.type_id === type && v.year >= 2010).sort(newestFirst);
    expect(await searchIds(`fuelTypeId=${fuel}&typeId=${type}&minYear=2010&includeSold=true`)).toEqual(expect1.map((v) => v.id));
    expect(await searchIds(`fuelTypeId=${fuel}&typeId=${type}&minYear=2010`)).toEqual(expect1.filter((v) => v.sold === 0).map((v) => v.id));
  });

  it('treats empty parameters, as a plain search form sends them, as not set', async () => {
    expect(await searchIds('q=&brand=&categoryId=&minPrice=&maxPrice=&minYear=&doors=')).toEqual(
      unsold()
        .sort(newestFirst)
        .map((v) => v.id),
    );
  });

  it('answers an empty page for a value nothing has', async () => {
    const body = await readJson<VehicleList>(await t.request('/api/v1/vehicles?categoryId=999999&brand=Nonexistent'));
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
  });
});

describe('GET /api/v1/vehicles: text search', () => {
  it('finds listings by brand, model and words of the title or description', async () => {
    const brand = mostCommon('brand');
    for (const q of [
      brand,
      `${brand} ${mostCommon(
        'model',
        unsold().filter((v) => v.brand === brand),
      )}`,
      'serviced',
    ]) {
      const expected = unsold()
        .filter((v) => matchesText(v, q))
        .sort(newestFirst)
        .map((v) => v.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(await searchIds(`q=${encodeURIComponent(q)}`)).toEqual(expected);
    }
  });

  it('matches the last word as the start of a word, ignoring case', async () => {
    const brand = mostCommon('brand');
    const prefix = brand.slice(0, 3).toUpperCase();
    const expected = unsold()
      .filter((v) => matchesText(v, prefix))
      .sort(newestFirst)
      .map((v) => v.id);
    expect(expected).toContain(unsold().find((v) => v.brand === brand)!.id);
    expect(await searchIds(`q=${encodeURIComponent(prefix)}`)).toEqual(expected);
  });

  it('ranks by relevance with words, and falls back to newest first without them', async () => {
    await withFeatured([], [], async () => {
      const brand = mostCommon('brand');
      const expected = unsold()
        .filter((v) => matchesText(v, brand))
        .map((v) => v.id)
        .sort((a, b) => a - b);
      const ranked = await searchIds(`q=${encodeURIComponent(brand)}&sort=relevance`);
      expect([...ranked].sort((a, b) => a - b)).toEqual(expected);
      expect(await searchIds('sort=relevance')).toEqual(await searchIds('sort=newest'));
    });
  });

  it('ranks listings featured by an administrator or by their plan first, then as it would without them', async () => {
    const brand = mostCommon('brand');
    const ofBrand = unsold().filter((v) => v.brand === brand);
    const byAdmin = ofBrand.filter((_, i) => i % 5 === 0).map((v) => v.id);
    const byPlan = unsold()
      .filter((_, i) => i % 7 === 3)
      .map((v) => v.id);
    await withFeatured(byAdmin, byPlan, async () => {
      const featured = new Set([...byAdmin, ...byPlan]);
      const featuredFirst = (rows: Listing[]) => [...rows.filter((v) => featured.has(v.id)), ...rows.filter((v) => !featured.has(v.id))];
      const newest = unsold().sort(newestFirst);
      expect(featured.size).toBeGreaterThan(0);
      expect(await searchIds('sort=relevance')).toEqual(featuredFirst(newest).map((v) => v.id));
      const country = mostCommon('country_id');
      expect(await searchIds(`sort=relevance&countryId=${country}`)).toEqual(
        featuredFirst(newest.filter((v) => v.country_id === country)).map((v) => v.id),
      );
      // With words, featured matches come first, each side ranked by the words; other orders ignore it.
      const ranked = await searchIds(`q=${encodeURIComponent(brand)}&sort=relevance`);
      const matching = unsold().filter((v) => matchesText(v, brand));
      const featuredMatches = matching.filter((v) => featured.has(v.id)).length;
      expect(featuredMatches).toBeGreaterThan(0);
      expect(ranked.slice(0, featuredMatches).every((id) => featured.has(id))).toBe(true);
      expect(ranked.slice(featuredMatches).some((id) => featured.has(id))).toBe(false);
      expect(await searchIds('sort=newest')).toEqual(newest.map((v) => v.id));
    });
  });

  it.each([
    '"',
    '*',
    'AND (',
    'NEAR(',
    'OR',
    'NOT',
    '"unterminated',
    'title:golf',
    '-',
    "'",
    "' OR 1=1 --",
    '\\',
    '^golf',
    '{title brand}: x',
    'a & b | !c',
    'x:*',
    '(((',
    '💥🚗',
    'ÉLECTRIQUE àéî',
    'w'.repeat(200),
  ])('never fails on search syntax typed by a visitor (%s)', async (q) => {
    const res = await t.request(`/api/v1/vehicles?q=${encodeURIComponent(q)}&sort=relevance`);
    expect(res.status).toBe(200);
    const body = await readJson<VehicleList>(res);
    expect(body.meta.total).toBe(unsold().filter((v) => (words(q).length ? matchesText(v, q) : true)).length);
  });

  it('reads operators as plain words', async () => {
    const brand = mostCommon('brand');
    expect(await searchIds(`q=${encodeURIComponent(`"${brand}" AND (`)}`)).toEqual(
      unsold()
        .filter((v) => matchesText(v, `${brand} and`))
        .sort(newestFirst)
        .map((v) => v.id),
    );
  });
});

describe('GET /api/v1/vehicles: sorting and pages', () => {
  it.each([
    ['newest', newestFirst],
    ['price_asc', (a: Listing, b: Listing) => a.price_ref_minor - b.price_ref_minor || b.id - a.id],
    ['price_desc', (a: Listing, b: Listing) => b.price_ref_minor - a.price_ref_minor || b.id - a.id],
    ['year_desc', (a: Listing, b: Listing) => b.year - a.year || b.id - a.id],
    ['mileage_asc', (a: Listing, b: Listing) => a.mileage - b.mileage || b.id - a.id],
  ] as const)('sorts by %s', async (sort, order) => {
    // A price order without a type is the sales' (a rent never shares it); every currency in one order.
    const priced = sort.startsWith('price');
    const country = mostCommon('country_id');
    expect(await searchIds(`sort=${sort}&countryId=${country}`)).toEqual(
      unsold()
        .filter((v) => v.country_id === country && (!priced || isSale(v)))
        .sort(order)
        .map((v) => v.id),
    );
    expect(await searchIds(`sort=${sort}`)).toEqual(
      unsold()
        .filter((v) => !priced || isSale(v))
        .sort(order)
        .map((v) => v.id),
    );
  });

  it('pages through results without overlap, and answers an empty page past the end', async () => {
    const expected = unsold().sort(newestFirst);
    const first = await readJson<VehicleList>(await t.request('/api/v1/vehicles?perPage=7&page=1'));
    const second = await readJson<VehicleList>(await t.request('/api/v1/vehicles?perPage=7&page=2'));
    expect([...first.data, ...second.data].map((v: { id: number }) => v.id)).toEqual(expected.slice(0, 14).map((v) => v.id));
    expect(second.meta).toMatchObject({ total: expected.length, page: 2, perPage: 7, pages: Math.ceil(expected.length / 7) });
    const past = await readJson<VehicleList>(await t.request('/api/v1/vehicles?perPage=100&page=50'));
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(expected.length);
  });
});

describe('GET /api/v1/vehicles: every way of reading a search gives the same pages', () => {
  // Both engines read a search without words in its order and stop at the page when matches are
  // common, seek the facet combinations that hold matches when they are rare, and else sort all
  // the matches; which one runs depends on the counts. Each query below is checked page by page
  // (small pages, so a walk in order is tried and may fall short) against a plain sort.
  const quartile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;
  it.each([['relevance'], ['newest'], ['price_asc'], ['price_desc'], ['year_desc'], ['mileage_asc']] as const)(
    'sorted by %s',
    async (sort) => {
      const flags = new Map(
        (await t.database.db.selectFrom('vehicles').select(['id', 'featured', 'plan_featured']).execute()).map((r) => [
          r.id,
          r.featured | r.plan_featured,
        ]),
      );
      const orders = {
        relevance: (a: Listing, b: Listing) => flags.get(b.id)! - flags.get(a.id)! || newestFirst(a, b),
        newest: newestFirst,
        price_asc: (a: Listing, b: Listing) => a.price_ref_minor - b.price_ref_minor || b.id - a.id,
        price_desc: (a: Listing, b: Listing) => b.price_ref_minor - a.price_ref_minor || b.id - a.id,
        year_desc: (a: Listing, b: Listing) => b.year - a.year || b.id - a.id,
        mileage_asc: (a: Listing, b: Listing) => a.mileage - b.mileage || b.id - a.id,
      };
      const live = unsold();
      const currency = mostCommon('currency_id');
      const inCurrency = live.filter((v) => v.currency_id === currency && isSale(v));
      const one = inCurrency[0]!;
      const scale = 10 ** one.minor_units;
      const midPrice = quartile(
        inCurrency.map((v) => v.price_minor),
        0.5,
      );
      const oldYear = quartile(
        live.map((v) => v.year),
        0.25,
      );
      const lowMileage = quartile(
        live.map((v) => v.mileage),
        0.3,
      );
      const category = mostCommon('category_id');
      const fuel = mostCommon(
        'fuel_type_id',
        live.filter((v) => v.category_id === category),
      );
      const cases: [query: string, keep: (v: Listing) => boolean][] = [
        // Common matches: met early in any order.
        [`typeId=${one.type_id}`, (v) => v.type_id === one.type_id],
        // A bound on the order's own column (prices in every currency, converted), and on others.
        [`currencyId=${currency}&minPrice=${midPrice / scale}`, (v) => isSale(v) && v.price_ref_minor >= asReference(midPrice, one)],
        [`minYear=${oldYear}&maxMileage=${lowMileage * 3}`, (v) => v.year >= oldYear && v.mileage <= lowMileage * 3],
        // Filters that go against the order: old cars are the cheap, high-mileage ones.
        [`maxYear=${oldYear}`, (v) => v.year <= oldYear],
        // Rare combinations, with and without a currency and price.
        [
          `categoryId=${category}&fuelTypeId=${fuel}&maxYear=${oldYear + 2}`,
          (v) => v.category_id === category && v.fuel_type_id === fuel && v.year <= oldYear + 2,
        ],
        [
          `categoryId=${category}&currencyId=${currency}&maxPrice=${midPrice / scale}`,
          (v) => v.category_id === category && isSale(v) && v.price_ref_minor <= asReference(midPrice, one),
        ],
      ];
      for (const [query, keep] of cases) {
        // A price order without a type is the sales'.
        const expected = live
          .filter((v) => keep(v) && (!sort.startsWith('price') || query.includes('typeId=') || isSale(v)))
          .sort(orders[sort])
          .map((v) => v.id);
        expect(expected.length, query).toBeGreaterThan(3);
        for (let page = 1; page <= 4; page++) {
          const body = await readJson<VehicleList>(await t.request(`/api/v1/vehicles?sort=${sort}&${query}&perPage=3&page=${page}`));
          expect(
            body.data.map((v: { id: number }) => v.id),
            `${query} page ${page}`,
          ).toEqual(expected.slice((page - 1) * 3, page * 3));
          expect(body.meta.total).toBe(expected.length);
        }
        expect(await searchIds(`sort=${sort}&${query}`), query).toEqual(expected);
      }
    },
  );
});

describe('GET /api/v1/vehicles: relevance with words', () => {
  it('puts promoted listings first, then on each side those whose title, make and model hold every word, then the newest', async () => {
    const brand = mostCommon('brand');
    const model = mostCommon(
      'model',
      unsold().filter((v) => v.brand === brand),
    );
    const ofBrand = unsold().filter((v) => v.brand === brand);
    const byAdmin = ofBrand.filter((_, i) => i % 4 === 1).map((v) => v.id);
    const byPlan = unsold()
      .filter((_, i) => i % 6 === 2)
      .map((v) => v.id);
    await withFeatured(byAdmin, byPlan, async () => {
      const promoted = new Set([...byAdmin, ...byPlan]);
      // A word in the title, make or model counts more than one only the description holds.
      const named = (v: Listing, q: string) => matchesText({ ...v, description: '' }, q);
      const relevance = (q: string) => (a: Listing, b: Listing) =>
        Number(promoted.has(b.id)) - Number(promoted.has(a.id)) || Number(named(b, q)) - Number(named(a, q)) || newestFirst(a, b);
      const description = words(unsold()[0]!.description).find((w) => w.length > 4 && !unsold().some((v) => named(v, w)))!;
      for (const q of [brand, `${brand} ${model}`, brand.slice(0, 3), description, `${brand} ${description}`]) {
        const expected = unsold()
          .filter((v) => matchesText(v, q))
          .sort(relevance(q))
          .map((v) => v.id);
        expect(expected.length, q).toBeGreaterThan(0);
        // Small pages, so the walk in promoted order is tried (and may fall short) before every match is sorted.
        for (let page = 1; page <= 3; page++) {
          const body = await readJson<VehicleList>(
            await t.request(`/api/v1/vehicles?q=${encodeURIComponent(q)}&sort=relevance&perPage=3&page=${page}`),
          );
          expect(
            body.data.map((v: { id: number }) => v.id),
            `${q} page ${page}`,
          ).toEqual(expected.slice((page - 1) * 3, page * 3));
        }
        expect(await searchIds(`q=${encodeURIComponent(q)}&sort=relevance`), q).toEqual(expected);
      }
    });
  });
});

describe('GET /api/v1/vehicles: facets', () => {
  const facetOf = (rows: Listing[], column: keyof Listing) => {
    const counts = new Map<unknown, number>();
    for (const v of rows) counts.set(v[column], (counts.get(v[column]) ?? 0) + 1);
    return counts;
  };
  const asMap = (list: { id?: number; value?: string; count: number }[]) => new Map(list.map((f) => [f.id ?? f.value, f.count]));

  it('counts each facet with every other active filter applied', async () => {
    const fuel = mostCommon('fuel_type_id');
    const brand = mostCommon(
      'brand',
      unsold().filter((v) => v.fuel_type_id === fuel),
    );
    const body = await readJson<VehicleList>(
      await t.request(`/api/v1/vehicles?fuelTypeId=${fuel}&brand=${encodeURIComponent(brand)}&minYear=2008`),
    );
    const base = unsold().filter((v) => v.year >= 2008);
    const { facets } = body.meta;
    expect(asMap(facets.fuelTypeId)).toEqual(
      facetOf(
        base.filter((v) => v.brand === brand),
        'fuel_type_id',
      ),
    );
    expect(asMap(facets.brand)).toEqual(
      facetOf(
        base.filter((v) => v.fuel_type_id === fuel),
        'brand',
      ),
    );
    const both = base.filter((v) => v.brand === brand && v.fuel_type_id === fuel);
    expect(body.meta.total).toBe(both.length);
    expect(asMap(facets.categoryId)).toEqual(facetOf(both, 'category_id'));
    expect(asMap(facets.typeId)).toEqual(facetOf(both, 'type_id'));
    expect(asMap(facets.transmissionId)).toEqual(facetOf(both, 'transmission_id'));
  });

  it('counts colour, country and city across the other facets, both ways', async () => {
    const country = mostCommon('country_id');
    const color = mostCommon(
      'color_id',
      unsold().filter((v) => v.country_id === country),
    );
    const fuel = mostCommon(
      'fuel_type_id',
      unsold().filter((v) => v.country_id === country && v.color_id === color),
    );
    const body = await readJson<VehicleList>(
      await t.request(`/api/v1/vehicles?countryId=${country}&colorId=${color}&fuelTypeId=${fuel}&minYear=2005`),
    );
    const base = unsold().filter((v) => v.year >= 2005);
    const { facets } = body.meta;
    // Each facet counts the vehicles that pass every other filter, whichever grouping it is read from.
    expect(asMap(facets.colorId)).toEqual(
      facetOf(
        base.filter((v) => v.country_id === country && v.fuel_type_id === fuel),
        'color_id',
      ),
    );
    expect(asMap(facets.countryId)).toEqual(
      facetOf(
        base.filter((v) => v.color_id === color && v.fuel_type_id === fuel),
        'country_id',
      ),
    );
    expect(asMap(facets.fuelTypeId)).toEqual(
      facetOf(
        base.filter((v) => v.country_id === country && v.color_id === color),
        'fuel_type_id',
      ),
    );
    const all3 = base.filter((v) => v.country_id === country && v.color_id === color && v.fuel_type_id === fuel);
    expect(body.meta.total).toBe(all3.length);
    expect(asMap(facets.brand)).toEqual(facetOf(all3, 'brand'));
    // Cities are counted for the chosen country, and named.
    expect(asMap(facets.cityId)).toEqual(facetOf(all3, 'city_id'));
    expect(facets.cityId.every((c: { name: string }) => c.name.length > 0)).toBe(true);

    const city = mostCommon(
      'city_id',
      unsold().filter((v) => v.country_id === country),
    );
    const inCity = (await readJson<VehicleList>(await t.request(`/api/v1/vehicles?countryId=${country}&cityId=${city}`))).meta;
    expect(inCity.total).toBe(unsold().filter((v) => v.city_id === city).length);
    expect(asMap(inCity.facets.cityId)).toEqual(
      facetOf(
        unsold().filter((v) => v.country_id === country),
        'city_id',
      ),
    );
    expect(asMap(inCity.facets.countryId)).toEqual(
      facetOf(
        unsold().filter((v) => v.city_id === city),
        'country_id',
      ),
    );
    // Without a country, no city is listed: the list would be the world's.
    expect((await readJson<VehicleList>(await t.request('/api/v1/vehicles'))).meta.facets.cityId).toEqual([]);
  });

  it('names cities in the request language', async () => {
    const listing = unsold()[0]!;
    const row = await t.database.db
      .selectFrom('cities')
      .select(['name', 'name_i18n'])
      .where('id', '=', listing.city_id)
      .executeTakeFirstOrThrow();
    const names = JSON.parse(row.name_i18n ?? '{}');
    expect(names.ar_SA).toMatch(/\p{Script=Arabic}/u);
    const ar = await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${listing.id}?lng=ar_SA`));
    expect(ar.data.city.name).toBe(names.ar_SA);
    const config = await readJson<Data<UserConfig>>(await t.request('/api/v1/user/config?lng=ar_SA'));
    expect(config.data.cities.find((c: { id: number }) => c.id === listing.city_id)!.name).toBe(names.ar_SA);
    const facets = (await readJson<VehicleList>(await t.request(`/api/v1/vehicles?countryId=${listing.country_id}&lng=ar_SA`))).meta.facets;
    expect(facets.cityId.find((c: { id: number }) => c.id === listing.city_id)!.name).toBe(names.ar_SA);
  });

  it('lists facet values most frequent first, with names in the request language', async () => {
    const en = (await readJson<VehicleList>(await t.request('/api/v1/vehicles?lng=en_US'))).meta.facets;
    const fr = (await readJson<VehicleList>(await t.request('/api/v1/vehicles?lng=fr_FR'))).meta.facets;
    for (const facet of ['categoryId', 'typeId', 'fuelTypeId', 'transmissionId', 'brand', 'colorId', 'countryId'] as const) {
      const counts: number[] = en[facet].map((f: { count: number }) => f.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts.reduce((a: number, b: number) => a + b, 0)).toBe(unsold().length);
    }
    const row = await t.database.db
      .selectFrom('fuel_types')
      .select(['name_i18n'])
      .where('id', '=', fr.fuelTypeId[0]!.id)
      .executeTakeFirstOrThrow();
    const names = JSON.parse(row.name_i18n ?? '{}');
    expect(fr.fuelTypeId.find((f: { id: number }) => f.id === fr.fuelTypeId[0]!.id)!.name).toBe(names.fr_FR);
    expect(en.fuelTypeId.find((f: { id: number }) => f.id === fr.fuelTypeId[0]!.id)!.name).toBe(names.en_US);
  });

  it('keeps a chosen value listed even when nothing matches it', async () => {
    const body = await readJson<VehicleList>(await t.request('/api/v1/vehicles?brand=Nonexistent'));
    expect(body.meta.facets.brand).toContainEqual({ value: 'Nonexistent', count: 0 });
  });

  it('counts facets over text matches too', async () => {
    const brand = mostCommon('brand');
    const body = await readJson<VehicleList>(await t.request(`/api/v1/vehicles?q=${encodeURIComponent(brand)}`));
    expect(asMap(body.meta.facets.fuelTypeId)).toEqual(
      facetOf(
        unsold().filter((v) => matchesText(v, brand)),
        'fuel_type_id',
      ),
    );
  });
});

describe('GET /api/v1/vehicles: counts after changes made elsewhere', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ vehicles: 40 });
  });
  afterAll(() => other.destroy());

  /** The total and the count of one fuel type, asked twice: the second answer may be a kept one. */
  const counts = async (query: string, fuel: number) => {
    await other.request(`/api/v1/vehicles?${query}`);
    const { meta } = await readJson<VehicleList>(await other.request(`/api/v1/vehicles?${query}`));
    return { total: meta.total, fuel: meta.facets.fuelTypeId.find((f: { id: number }) => f.id === fuel)?.count ?? 0 };
  };

  it('counts a listing another server process sells, lists or deletes at once', async () => {
    // Straight into the database, as another server process or the back office would write.
    const db = other.database.db;
    const listing = await db.selectFrom('vehicles').selectAll().where('sold', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    for (const query of ['', `minYear=${listing.year}`, 'includeSold=true']) {
      const before = await counts(query, listing.fuel_type_id);
      const sold = query === 'includeSold=true' ? 0 : 1;

      await db.updateTable('vehicles').set({ sold: 1 }).where('id', '=', listing.id).execute();
      expect(await counts(query, listing.fuel_type_id)).toEqual({ total: before.total - sold, fuel: before.fuel - sold });
      await db.updateTable('vehicles').set({ sold: 0 }).where('id', '=', listing.id).execute();
      expect(await counts(query, listing.fuel_type_id)).toEqual(before);

      // A copy of it, listed anew (PostgreSQL's generated text-search columns are left to the database).
      const { id, created_at, updated_at, search, search_named, ...copy } = listing as typeof listing & {
        search?: unknown;
        search_named?: unknown;
      };
      const { id: copyId } = await db.insertInto('vehicles').values(copy).returning('id').executeTakeFirstOrThrow();
      expect(await counts(query, listing.fuel_type_id)).toEqual({ total: before.total + 1, fuel: before.fuel + 1 });
      await db.deleteFrom('vehicles').where('id', '=', copyId).execute();
      expect(await counts(query, listing.fuel_type_id)).toEqual(before);
    }
  });
});

describe('GET /api/v1/vehicles: a broad search’s counts, shared a short while after a change', () => {
  // Every search is broad here: from one listing on (50,000 by default).
  let shared: TestApp;
  beforeAll(async () => {
    shared = await createTestApp({ vehicles: 40, env: { SHARED_COUNTS_FROM: '1' } });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await shared.destroy();
  });
  const search = async (query = '') => readJson<VehicleList>(await shared.request(`/api/v1/vehicles?perPage=100&${query}`));
  const sell = (id: number, sold: number) => shared.database.db.updateTable('vehicles').set({ sold }).where('id', '=', id).execute();

  it('answers the counts it made with their time while it counts them again; the listings themselves are current', async () => {
    const before = await search();
    expect(before.meta.countsAsOf).toBeNull();
    const listing = before.data[0]!;
    await sell(listing.id, 1);

    const during = await search();
    expect(during.meta.countsAsOf).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(Date.parse(during.meta.countsAsOf!)).toBeLessThanOrEqual(Date.now());
    expect({ total: during.meta.total, facets: during.meta.facets }).toEqual({ total: before.meta.total, facets: before.meta.facets });
    expect(during.data.map((v) => v.id)).toEqual(before.data.slice(1).map((v) => v.id));

    // Counted again apart from the request: exact by the next searches.
    await vi.waitFor(async () => {
      const after = await search();
      expect(after.meta.countsAsOf).toBeNull();
      expect(after.meta.total).toBe(before.meta.total - 1);
    });
    await sell(listing.id, 0);
    await vi.waitFor(async () => expect((await search()).meta).toMatchObject({ countsAsOf: null, total: before.meta.total }));
  });

  it('counts afresh once the counts it holds are more than 30 seconds old', async () => {
    const before = await search('minYear=2000');
    expect(before.meta.countsAsOf).toBeNull();
    const listing = before.data[0]!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      await sell(listing.id, 1);
      expect((await search('minYear=2000')).meta).toMatchObject({ countsAsOf: null, total: before.meta.total - 1 });
    } finally {
      vi.useRealTimers();
      await sell(listing.id, 0);
    }
  });

  it('makes one count for the searches that miss the same counts at once', async () => {
    await search('maxMileage=900000');
    await sell((await search()).data[0]!.id, 0); // moves the catalogue's version: the kept counts are a version behind
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    const reads = vi.spyOn(shared.deps, 'longRead');
    try {
      // Six pages and orders of one search: the same counts.
      const answers = await Promise.all(
        ['', 'page=2', 'sort=newest', 'sort=mileage_asc', 'sort=year_desc', 'sort=deal&page=2'].map((more) =>
          search(`maxMileage=900000&${more}`),
        ),
      );
      expect(new Set(answers.map((a) => a.meta.total)).size).toBe(1);
      // Two groupings for the six of them (docs/decisions/005-facet-counts.md): not two each.
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('GET /api/v1/vehicles: refused queries', () => {
  it('refuses a price filter without a currency', async () => {
    for (const query of ['minPrice=1000', 'maxPrice=5000', 'minPrice=1000&maxPrice=5000']) {
      const res = await t.request(`/api/v1/vehicles?${query}`);
      expect(res.status).toBe(422);
      const body = await readJson<ApiError>(res);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details![0]).toEqual({ path: query.split('=')[0], message: 'Price filtering needs a currency chosen first.' });
    }
    const fr = await readJson<ApiError>(await t.request('/api/v1/vehicles?minPrice=1000&lng=fr_FR'));
    expect(fr.details![0]!.path).toBe('minPrice');
    expect(fr.details![0]!.message).not.toBe('Price filtering needs a currency chosen first.');
  });

  it('refuses a minimum above its maximum', async () => {
    const currency = mostCommon('currency_id');
    for (const [query, field] of [
      [`currencyId=${currency}&minPrice=5000&maxPrice=1000`, 'minPrice'],
      ['minYear=2020&maxYear=2010', 'minYear'],
    ]) {
      const res = await t.request(`/api/v1/vehicles?${query}`);
      expect(res.status).toBe(422);
      expect((await readJson<ApiError>(res)).details).toContainEqual({
        path: field,
        message: 'The minimum must not be above the maximum.',
      });
    }
  });

  it('refuses a price filter in a currency that does not exist', async () => {
    const res = await t.request('/api/v1/vehicles?currencyId=999999&minPrice=10');
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details!.map((d: { path: string }) => d.path)).toEqual(['currencyId']);
  });

  it.each([
    ['categoryId=abc', 'categoryId'],
    ['typeId=0', 'typeId'],
    ['fuelTypeId=1.5', 'fuelTypeId'],
    ['transmissionId=-2', 'transmissionId'],
    ['colorId=99999999999', 'colorId'],
    ['countryId=1e400', 'countryId'],
    ['cityId=NaN', 'cityId'],
    ['currencyId=x', 'currencyId'],
    ['currencyId=1&minPrice=abc', 'minPrice'],
    ['currencyId=1&maxPrice=-5', 'maxPrice'],
    ['currencyId=1&maxPrice=Infinity', 'maxPrice'],
    ['minYear=1800', 'minYear'],
    ['maxYear=2026.5', 'maxYear'],
    ['maxMileage=-1', 'maxMileage'],
    ['doors=0', 'doors'],
    ['doors=many', 'doors'],
    ['includeSold=yes', 'includeSold'],
    ['sort=random', 'sort'],
    ['perPage=1000', 'perPage'],
    ['categoryId=1&categoryId=2', 'categoryId'],
    [`brand=${'b'.repeat(101)}`, 'brand'],
    [`q=${'q'.repeat(201)}`, 'q'],
  ])('refuses a malformed query (%s) with 422 naming the parameter', async (query, field) => {
    const res = await t.request(`/api/v1/vehicles?${query}`);
    expect(res.status).toBe(422);
    const body = await readJson<ApiError>(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details!.map((d: { path: string }) => d.path)).toContain(field);
  });
});

describe('GET /api/v1/vehicles/featured (the home page section)', () => {
  it('lists live listings featured by an administrator or by their plan, newest first, never a sold one', async () => {
    const db = t.database.db;
    await db.updateTable('vehicles').set({ featured: 0, plan_featured: 0 }).execute();
    const live = await db
      .selectFrom('vehicles')
      .select(['id', 'created_at'])
      .where('sold', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const sold = await db.selectFrom('vehicles').select('id').where('sold', '=', 1).executeTakeFirst();
    await db.updateTable('vehicles').set({ featured: 1 }).where('id', 'in', [live[0]!.id, live[2]!.id]).execute();
    await db.updateTable('vehicles').set({ plan_featured: 1 }).where('id', '=', live[1]!.id).execute();
    if (sold) await db.updateTable('vehicles').set({ featured: 1 }).where('id', '=', sold.id).execute();

    const res = await t.request('/api/v1/vehicles/featured?perPage=6');
    expect(res.status).toBe(200);
    const { data } = await readJson<Pick<VehicleList, 'data'>>(res);
    expect(data.map((v: { id: number }) => v.id)).toEqual(live.map((v) => v.id));
    expect(data.every((v: { featured: boolean }) => v.featured)).toBe(true);
    expect((await readJson<Pick<VehicleList, 'data'>>(await t.request('/api/v1/vehicles/featured?perPage=2'))).data).toHaveLength(2);
    expect((await t.request('/api/v1/vehicles/featured?perPage=0')).status).toBe(422);
  });
});

describe('GET /api/v1/vehicles: counts estimated from the sample on a large catalogue (docs/decisions/041)', () => {
  // Every catalogue is large here: from one listing on (200,000 by default).
  let large: TestApp;
  let live: { id: number; brand: string; fuel_type_id: number; created_at: string; title: string }[];
  beforeAll(async () => {
    large = await createTestApp({ vehicles: 300, env: { ESTIMATED_COUNTS_FROM: '1' } });
    live = await large.database.db
      .selectFrom('vehicles')
      .select(['id', 'brand', 'fuel_type_id', 'created_at', 'title'])
      .where('sold', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  });
  afterAll(() => large.destroy());
  const search = async (query = '') => readJson<VehicleList>(await large.request(`/api/v1/vehicles?${query}`));
  const inSample = (rows: { id: number }[]) => rows.filter((r) => r.id % 32 === 0).length;

  it('answers a broad search with the sample’s counts, times 32, and says so; its page is exact', async () => {
    const found = await search('perPage=10');
    expect(found.meta.countsEstimated).toBe(true);
    expect(found.meta.countsAsOf).toBeNull();
    expect(found.meta.total).toBe(Math.max(inSample(live) * 32, 10));
    for (const facet of Object.values(found.meta.facets)) for (const { count } of facet) expect(count % 32).toBe(0);
    const make = found.meta.facets.brand.find((b) => b.count > 0)!;
    expect(make.count).toBe(inSample(live.filter((v) => v.brand === make.value)) * 32);
    expect(found.data.map((v) => v.id)).toEqual(live.slice(0, 10).map((v) => v.id));
    // Every page is read exactly, past the estimated total too.
    const last = await search(`perPage=100&page=3`);
    expect(last.data.map((v) => v.id)).toEqual(live.slice(200, 300).map((v) => v.id));
  });

  it('makes an estimated total agree with the page: a page cut short is the end of the list', async () => {
    const fuel = live[0]!.fuel_type_id;
    const matching = live.filter((v) => v.fuel_type_id === fuel);
    const found = await search(`fuelTypeId=${fuel}&perPage=100`);
    expect(found.meta.countsEstimated).toBe(true);
    expect(found.data.map((v) => v.id)).toEqual(matching.slice(0, 100).map((v) => v.id));
    if (matching.length < 100) expect(found.meta.total).toBe(matching.length);
    else expect(found.meta.total).toBeGreaterThanOrEqual(100);
  });

  it('counts a search with words exactly when the sample holds few of its matches', async () => {
    const word = live[0]!.title.split(' ')[0]!;
    const found = await search(`q=${encodeURIComponent(word)}&perPage=100`);
    const matching = live.filter((v) => v.title.toLowerCase().includes(word.toLowerCase()));
    if (inSample(matching) < 32) {
      expect(found.meta.countsEstimated).toBe(false);
      expect(found.meta.total).toBe((await search(`q=${encodeURIComponent(word)}&perPage=100&page=1`)).meta.total);
    }
    expect(found.data.length).toBeGreaterThan(0);
  });

  it('is exact on a catalogue under ESTIMATED_COUNTS_FROM, as every other test here', async () => {
    expect((await readJson<VehicleList>(await t.request('/api/v1/vehicles'))).meta.countsEstimated).toBe(false);
  });
});
