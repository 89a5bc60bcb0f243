import { brotliDecompressSync } from 'node:zlib';
import type { Vehicle as VehicleDetail } from '@autoroute/contract/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiate } from '../../server/response-cache.ts';
import { type ApiError, createTestApp, type Data, readJson, type TestApp, type TestMember } from '../../testing.ts';

// Issue 14: the API's public reads are kept per data version for anonymous callers; any write a
// public answer shows — whoever makes it, even straight in the database — is seen by the next read.
let t: TestApp;
let vehicle: { id: number; ownerId: number; cityId: number };
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 12 });
  const row = await t.database.db
    .selectFrom('vehicles')
    .select(['id', 'owner_id', 'city_id'])
    .where('sold', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  vehicle = { id: row.id, ownerId: row.owner_id, cityId: row.city_id };
  member = await t.member('reader');
});
afterAll(() => t.destroy());

const detail = async (headers: Record<string, string> = {}) => {
  const res = await t.request(`/api/v1/vehicles/${vehicle.id}?lng=en_US`, { headers });
  expect(res.status).toBe(200);
  return (await readJson<Data<VehicleDetail>>(res)).data;
};
const kept = async (path: string, locale = 'en_US') =>
  t.deps.publicReads!.find(await t.deps.publicReads!.key(path, locale), { countMiss: false })?.kept;

describe('public reads kept per data version', () => {
  it('keeps an anonymous read, and answers the same in every encoding', async () => {
    const first = await t.request(`/api/v1/vehicles/${vehicle.id}?lng=en_US`);
    const text = await first.text();
    expect(await kept(`/api/v1/vehicles/${vehicle.id}?lng=en_US`)).toBeDefined();
    const again = await t.request(`/api/v1/vehicles/${vehicle.id}?lng=en_US`);
    expect(await again.text()).toBe(text);
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.headers.get('content-language')).toBe('en-US');
    const br = await t.request(`/api/v1/vehicles/${vehicle.id}?lng=en_US`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const body = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(text);
  });

  it('answers a kept read with the headers of the first answer, and only to a good signature', async () => {
    const path = `/api/v1/vehicles/${vehicle.id}?lng=de_DE`;
    const first = await t.request(path);
    const again = await t.request(path);
    expect(await kept(path, 'de_DE')).toBeDefined();
    // All but the request's own id, and the length (of a body the first answer did not measure in-process).
    const names = (res: Response) => [...res.headers.keys()].filter((name) => name !== 'x-request-id' && name !== 'content-length').sort();
    expect(names(again)).toEqual(names(first));
    for (const name of names(first)) expect(again.headers.get(name), name).toBe(first.headers.get(name));
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    expect(again.headers.get('content-language')).toBe('de-DE');
    // Kept or not, a request without a good signature is refused, and one for a member is theirs.
    const forged = await t.app.request(path, { headers: { 'x-timestamp': String(Date.now()), 'x-signature': 'forged' } });
    expect(forged.status).toBe(401);
    expect((await readJson<ApiError>(forged)).code).toBe('BAD_SIGNATURE');
    const stale = await t.app.request(path, { headers: { 'x-timestamp': '1700000000000', 'x-signature': 'x' } });
    expect(stale.status).toBe(401);
  });

  it('shows a price changed straight in the database with the next read', async () => {
    const before = await detail();
    await t.database.db.updateTable('vehicles').set({ price_minor: 4_321_00 }).where('id', '=', vehicle.id).execute();
    const after = await detail();
    expect(after.price).toBe(4321);
    expect(after.price).not.toBe(before.price);
  });

  it('shows a like, a seller renamed and a city renamed with the next read', async () => {
    const before = await detail();
    const liked = await t.request(`/api/v1/vehicles/${vehicle.id}/like`, { method: 'POST', headers: member.headers });
    expect(liked.ok).toBe(true);
    expect((await detail()).likes).toBe(before.likes + 1);

    await t.database.db
      .updateTable('users')
      .set({ name: 'Renamed Motors', first_name: 'Renamed' })
      .where('id', '=', vehicle.ownerId)
      .execute();
    expect((await detail()).seller.name).toContain('Renamed');

    await t.database.db.updateTable('cities').set({ name: 'Newtown', name_i18n: null }).where('id', '=', vehicle.cityId).execute();
    expect((await detail()).city.name).toBe('Newtown');
  });

  it('answers a member with their own marks, and keeps nothing of theirs', async () => {
    const mine = await detail(member.headers);
    expect(mine.liked).toBe(true);
    const anonymous = await detail();
    expect(anonymous.liked).toBe(false);
  });

  it('makes only the answers that show a listing stale at its like: search, site and content stay kept (decision 040)', async () => {
    const another = await t.database.db
      .selectFrom('vehicles')
      .select('id')
      .where('id', '!=', vehicle.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const targets = [
      '/api/v1/vehicles?sort=newest',
      `/api/v1/vehicles/${vehicle.id}`,
      `/api/v1/vehicles/compare?ids=${vehicle.id},${another.id}`,
      '/api/v1/site',
      '/api/v1/pages/about',
      `/api/v1/vehicles/${another.id}`,
    ];
    const keys = () => Promise.all(targets.map(async (target) => (await t.deps.publicReads!.key(target, 'en_US')).key));
    const before = await keys();
    const likes = (await detail()).likes;
    const unliked = await t.request(`/api/v1/vehicles/${vehicle.id}/like`, { method: 'DELETE', headers: member.headers });
    expect(unliked.ok).toBe(true);
    expect((await keys()).map((key, i) => key !== before[i])).toEqual([false, true, true, false, false, false]);
    expect((await detail()).likes).toBe(likes - 1);
    // Another listing repriced: the search is stale, as is the comparison that shows it; this listing's detail is not.
    const again = await keys();
    await t.database.db.updateTable('vehicles').set({ mileage: 54_321 }).where('id', '=', another.id).execute();
    expect((await keys()).map((key, i) => key !== again[i])).toEqual([true, false, true, false, false, true]);
    // A change every answer may show makes them all stale.
    await t.database.db.updateTable('cities').set({ name: 'Oldtown' }).where('id', '=', vehicle.cityId).execute();
    expect((await keys()).every((key, i) => key !== before[i])).toBe(true);
  });

  it('counts its hits and misses, and the bytes it holds, for /metrics', async () => {
    const text = async () =>
      (await t.deps.metrics.registry.getSingleMetricAsString('autoroute_response_cache_lookups_total')) +
      (await t.deps.metrics.registry.getSingleMetricAsString('autoroute_response_cache_bytes'));
    const count = (all: string, result: string) => Number(all.match(new RegExp(`cache="api",result="${result}"} (\\d+)`))?.[1] ?? 0);
    const before = await text();
    await detail();
    await detail();
    const after = await text();
    expect(count(after, 'hit')).toBeGreaterThan(count(before, 'hit'));
    expect(Number(after.match(/autoroute_response_cache_bytes\{cache="api"\} (\d+)/)?.[1])).toBeGreaterThan(0);
  });

  it('makes a busy read once when the data moves: who asks meanwhile waits for that answer', async () => {
    const lookups = async () => {
      const all = await t.deps.metrics.registry.getSingleMetricAsString('autoroute_response_cache_lookups_total');
      return (result: string) => Number(all.match(new RegExp(`cache="api",result="${result}"} (\\d+)`))?.[1] ?? 0);
    };
    await t.database.db.updateTable('vehicles').set({ mileage: 12_345 }).where('id', '=', vehicle.id).execute();
    const before = await lookups();
    const answers = await Promise.all(Array.from({ length: 12 }, () => detail()));
    const after = await lookups();
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.mileage).toBe(12_345);
    // All twelve missed; the first made the answer, the other eleven waited for it instead of making it too.
    expect(after('miss') - before('miss')).toBe(12);
    expect(after('waited') - before('waited')).toBe(11);
  });

  it('keeps nothing that failed', async () => {
    const missing = await t.request('/api/v1/vehicles/999999?lng=en_US');
    expect(missing.status).toBe(404);
    expect(await kept('/api/v1/vehicles/999999?lng=en_US')).toBeUndefined();
  });
});

describe('choosing the encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
  ])('answers %j in %s', (header, encoding) => {
    expect(negotiate(header)).toBe(encoding);
  });
});
