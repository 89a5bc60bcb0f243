import type { SiteInfo, UserConfig } from '@autoroute/contract/site';
import { LOCALES } from '@autoroute/locales/meta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SIGNING_KEY } from '../../core/config.ts';
import { type ApiError, createTestApp, type Data, type RouteJson, readJson, type TestApp } from '../../testing.ts';
import { sign } from '../middleware/signature.ts';
import type { health } from './health/health.routes.ts';
import type { sitemapIndex, sitemapPart } from './site/site.routes.ts';

/** The document the app serves at /api/v1/openapi.json (`doc31`). */
type OpenApiDocument = ReturnType<TestApp['app']['getOpenAPI31Document']>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());

describe('GET /api/v1/health', () => {
  it('answers ok with the database engine, unsigned', async () => {
    const res = await t.app.request('/api/v1/health');
    expect(res.status).toBe(200);
    expect(await readJson<RouteJson<typeof health, 200>>(res)).toEqual({ data: { status: 'ok', database: t.database.dialect } });
  });
});

describe('GET /api/v1/user/config', () => {
  it('gives every reference list a vehicle form or search filter needs, with the limits of SPEC §9', async () => {
    const res = await t.request('/api/v1/user/config?lng=es_ES');
    expect(res.status).toBe(200);
    const { data } = await readJson<Data<UserConfig>>(res);
    for (const list of [
      'categories',
      'types',
      'fuelTypes',
      'transmissions',
      'options',
      'colors',
      'countries',
      'cities',
      'currencies',
      'makes',
      'languages',
    ] as const) {
      expect(data[list].length, list).toBeGreaterThan(0);
    }
    expect(data.types.map((x) => x.code).sort()).toEqual(['rent_day', 'rent_month', 'sale']);
    expect(data.makes.length).toBeGreaterThanOrEqual(40);
    expect(data.makes.every((m) => m.models.length > 0)).toBe(true);
    expect(data.languages.map((l) => l.code)).toEqual([...LOCALES]);
    expect(data.limits.compareMax).toBe(3);
    expect(data.limits.pictureMaxBytes).toBe(5 * 1024 * 1024);
    expect(data.maintenanceMessage).toBeNull();
    const fr = data.countries.find((c) => c.code === 'FR');
    expect(fr!.name).toBe('Francia');
  });

  it('carries the maintenance message once an administrator sets one and switches it on', async () => {
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ en_US: 'Back at 10:00', fr_FR: 'Retour à 10h' }) })
      .where('key', '=', 'maintenance_message')
      .execute();
    // Set but switched off (as the seed leaves it): not shown.
    expect((await readJson<Data<SiteInfo>>(await t.request('/api/v1/site?lng=fr_FR'))).data.maintenanceMessage).toBeNull();
    await t.database.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'maintenance_enabled').execute();
    const fr = await readJson<Data<SiteInfo>>(await t.request('/api/v1/site?lng=fr_FR'));
    expect(fr.data.maintenanceMessage).toBe('Retour à 10h');
    const config = await readJson<Data<UserConfig>>(await t.request('/api/v1/user/config'));
    expect(config.data.maintenanceMessage).toBe('Back at 10:00');
    await t.database.db.updateTable('settings').set({ value: 'null' }).where('key', '=', 'maintenance_message').execute();
    await t.database.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'maintenance_enabled').execute();
  });
});

describe('request signature (SPEC §7, DESIGN §2)', () => {
  it('refuses an unsigned request with 401 BAD_SIGNATURE', async () => {
    const res = await t.app.request('/api/v1/vehicles');
    expect(res.status).toBe(401);
    expect((await readJson<ApiError>(res)).code).toBe('BAD_SIGNATURE');
  });

  it('refuses a wrong signature and a timestamp older than five minutes', async () => {
    const wrong = await t.app.request('/api/v1/vehicles', { headers: { 'x-timestamp': String(Date.now()), 'x-signature': 'AAAA' } });
    expect(wrong.status).toBe(401);
    const old = String(Date.now() - 6 * 60 * 1000);
    const stale = await t.app.request('/api/v1/vehicles', { headers: { 'x-timestamp': old, 'x-signature': sign(DEV_SIGNING_KEY, old) } });
    expect(stale.status).toBe(401);
  });

  it('signs a body by its bytes: a tampered body is refused', async () => {
    const ts = String(Date.now());
    const res = await t.app.request('/api/v1/vehicles', {
      method: 'POST',
      headers: { 'x-timestamp': ts, 'x-signature': sign(DEV_SIGNING_KEY, '{"a":1}'), 'content-type': 'application/json' },
      body: '{"a":2}',
    });
    expect(res.status).toBe(401);
  });

  it('trusts in-process calls from the storefront', async () => {
    const res = await t.app.request('/api/v1/vehicles?perPage=1', undefined, { inProcess: true });
    expect(res.status).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown API route with 404 ROUTE_NOT_FOUND', async () => {
    const res = await t.request('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(await readJson<ApiError>(res)).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.request('/api/v1/vehicles', { method: 'POST', json: { text: 'x'.repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect((await readJson<ApiError>(res)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('picks the language from ?lng=, then the i18next cookie, then Accept-Language, then the host', async () => {
    const message = async (init: { query?: string; headers?: Record<string, string> }) =>
      (await readJson<ApiError>(await t.request(`/api/v1/vehicles/999999${init.query ?? ''}`, { headers: init.headers }))).error;
    const fr = await message({ query: '?lng=fr' });
    const de = await message({ query: '?lng=de_DE' });
    expect(await message({ headers: { cookie: 'i18next=fr_FR', 'accept-language': 'de' } })).toBe(fr);
    expect(await message({ query: '?lng=de', headers: { cookie: 'i18next=fr_FR' } })).toBe(de);
    expect(await message({ headers: { 'accept-language': 'pt-PT;q=0.4, de;q=0.9' } })).toBe(de);
    expect(await message({ headers: { host: 'autoroute.fr' } })).toBe(fr);
    expect(await message({ headers: { 'accept-language': 'xx' } })).toBe('Vehicle not found.');
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents the routes from the same zod schemas', async () => {
    const res = await t.app.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = await readJson<OpenApiDocument>(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths!)).toEqual(
      expect.arrayContaining(['/api/v1/vehicles', '/api/v1/vehicles/{id}', '/api/v1/user/config', '/api/v1/health']),
    );
    expect(JSON.stringify(doc.components!.schemas!.Vehicle)).toContain('"battery_capacity"');
    const page = await t.app.request('/api/v1/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui-bundle.js');
    const init = await t.app.request('/api/v1/docs/init.js');
    expect(await init.text()).toContain("url: '/api/v1/openapi.json'");
  });
});

describe('GET /api/v1/site/sitemap', () => {
  it('counts the live listings into parts and lists each part by id, sold ones left out', async () => {
    const s = await createTestApp({ vehicles: 30 });
    try {
      const live = await s.database.db.selectFrom('vehicles').select(['id', 'updated_at']).where('sold', '=', 0).orderBy('id').execute();
      const { data } = await readJson<RouteJson<typeof sitemapIndex, 200>>(await s.request('/api/v1/site/sitemap'));
      expect(data).toEqual({ origin: 'http://localhost:3000', vehicles: live.length, parts: 1, partSize: 5000 });
      const part = await readJson<RouteJson<typeof sitemapPart, 200>>(await s.request('/api/v1/site/sitemap/0'));
      expect(part.data).toEqual(live.map((v) => ({ id: v.id, updatedAt: v.updated_at })));
      expect((await readJson<RouteJson<typeof sitemapPart, 200>>(await s.request('/api/v1/site/sitemap/1'))).data).toEqual([]);
      expect((await s.request('/api/v1/site/sitemap/-1')).status).toBe(422);
    } finally {
      await s.destroy();
    }
  });
});
