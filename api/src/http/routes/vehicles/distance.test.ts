import type { ListResponse, VehicleSummary } from '@autoroute/contract/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, readJson, type TestApp } from '../../../testing.ts';

// Issue 17 item 5: searching around a city, on the seeded cities' coordinates.
let t: TestApp;
const db = () => t.database.db;
let paris: { id: number; latitude: number; longitude: number };

/** A page of results, or the refusal of the query: each test reads the one its status says. */
type SearchAnswer = ListResponse<VehicleSummary> & Partial<ApiError>;
const search = async (query: string) => {
  const res = await t.request(`/api/v1/vehicles?${query}`);
  return { status: res.status, body: await readJson<SearchAnswer>(res) };
};
/** The same great-circle distance, written again here from its formula. */
const km = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(r(a.latitude)) * Math.cos(r(b.latitude)) * Math.sin(r(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 600 });
  paris = (await db()
    .selectFrom('cities')
    .select(['id', 'latitude', 'longitude'])
    .where('name', '=', 'Paris')
    .executeTakeFirstOrThrow()) as typeof paris;
});
afterAll(() => t.destroy());

describe('GET /api/v1/vehicles?nearCityId&radiusKm', () => {
  it('places every seeded city', async () => {
    const unplaced = await db()
      .selectFrom('cities')
      .select('name')
      .where((eb) => eb.or([eb('latitude', 'is', null), eb('longitude', 'is', null)]))
      .execute();
    expect(unplaced).toEqual([]);
    expect(paris.latitude).toBeCloseTo(48.86, 1);
  });

  it('finds exactly the live listings of the cities within the radius, each with its distance, nearest first', async () => {
    const cities = (await db().selectFrom('cities').select(['id', 'name', 'latitude', 'longitude']).execute()) as (typeof paris & {
      name: string;
    })[];
    for (const radius of [5, 120, 500]) {
      const within = cities.filter((c) => km(paris, c) <= radius);
      const expected = await db()
        .selectFrom('vehicles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sold', '=', 0)
        .where(
          'city_id',
          'in',
          within.map((c) => c.id),
        )
        .executeTakeFirstOrThrow();
      const { status, body } = await search(`nearCityId=${paris.id}&radiusKm=${radius}&sort=distance&perPage=100`);
      expect(status).toBe(200);
      expect(body.meta.total).toBe(Number(expected.n));
      const distances = body.data.map((v) => v.distanceKm!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const v of body.data as { city: { id: number }; distanceKm: number }[]) {
        const city = cities.find((c) => c.id === v.city.id)!;
        expect(v.distanceKm).toBeCloseTo(km(paris, city), 0);
        expect(v.distanceKm).toBeLessThanOrEqual(radius);
      }
    }
    // 500 km around Paris reaches Brussels and London, not Madrid.
    const wide = await search(`nearCityId=${paris.id}&radiusKm=500&perPage=100&sort=distance`);
    const names = new Set((wide.body.data as { city: { name: string } }[]).map((v) => v.city.name));
    expect(names.has('Madrid')).toBe(false);
    // Other orders and filters still apply around a city; without one, no distance is said.
    const cheap = await search(`nearCityId=${paris.id}&radiusKm=500&sort=price_asc&perPage=100`);
    const prices = cheap.body.data.map((v: { price: number }) => v.price);
    expect(cheap.body.data.length).toBeGreaterThan(0);
    expect(cheap.body.data.every((v: { distanceKm: number | null }) => v.distanceKm !== null)).toBe(true);
    expect(prices.length).toBe(cheap.body.data.length);
    expect((await search('perPage=3')).body.data.every((v: { distanceKm: number | null }) => v.distanceKm === null)).toBe(true);
  });

  it('refuses a radius out of 5–500, a distance order or radius without a city, and an unknown or unplaced city with 422', async () => {
    const cases: [string, string][] = [
      [`nearCityId=${paris.id}&radiusKm=4`, 'radiusKm'],
      [`nearCityId=${paris.id}&radiusKm=501`, 'radiusKm'],
      [`nearCityId=${paris.id}&radiusKm=abc`, 'radiusKm'],
      ['sort=distance', 'sort'],
      ['radiusKm=50', 'nearCityId'],
      ['nearCityId=999999&radiusKm=50', 'nearCityId'],
      ['nearCityId=-1', 'nearCityId'],
    ];
    for (const [query, path] of cases) {
      const { status, body } = await search(query);
      expect(status, query).toBe(422);
      expect(
        body.details!.map((d) => d.path),
        query,
      ).toEqual([path]);
    }
    const { id } = await db()
      .insertInto('cities')
      .values({ name: 'Nowhere Yet', country_id: (await db().selectFrom('countries').select('id').executeTakeFirstOrThrow()).id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unplaced = await search(`nearCityId=${id}`);
    expect(unplaced.status).toBe(422);
    expect(unplaced.body.details).toEqual([{ path: 'nearCityId', message: 'This city has no known location yet.' }]);
  });
});
