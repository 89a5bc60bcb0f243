import type { ListResponse, Vehicle as VehicleDetail, VehicleSummary } from '@autoroute/contract/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type Data, readJson, type TestApp } from '../../../testing.ts';

type VehicleList = ListResponse<VehicleSummary>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ vehicles: 40 });
});
afterAll(() => t.destroy());

describe('GET /api/v1/vehicles', () => {
  it('lists unsold vehicles newest first, with pagination metadata', async () => {
    const res = await t.request('/api/v1/vehicles?perPage=10');
    expect(res.status).toBe(200);
    const body = await readJson<VehicleList>(res);
    const unsold = await t.database.db
      .selectFrom('vehicles')
      .select(t.database.db.fn.countAll<number>().as('n'))
      .where('sold', '=', 0)
      .executeTakeFirstOrThrow();
    expect(body.meta).toMatchObject({ total: Number(unsold.n), page: 1, perPage: 10, pages: Math.ceil(Number(unsold.n) / 10) });
    expect(body.data).toHaveLength(10);
    const dates = body.data.map((v: { createdAt: string }) => v.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data.every((v: { sold: boolean }) => v.sold === false)).toBe(true);
  });

  it('gives each listing its price in major units, currency, key facts and cover picture', async () => {
    const body = await readJson<VehicleList>(await t.request('/api/v1/vehicles?perPage=1'));
    const v = body.data[0]!;
    const row = await t.database.db
      .selectFrom('vehicles')
      .innerJoin('currencies', 'currencies.id', 'vehicles.currency_id')
      .select(['price_minor', 'currencies.code', 'minor_units'])
      .where('vehicles.id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(v.price).toBe(Number(row.price_minor) / 10 ** row.minor_units);
    expect(v.currency.code).toBe(row.code);
    expect(v.cover!.url).toMatch(/^\/media\/seed\/.+\.svg$/);
    expect(typeof v.fuel_type.name).toBe('string');
    expect(['individual', 'professional']).toContain(v.seller_type);
  });

  it('includes sold vehicles only when asked', async () => {
    const all = await readJson<VehicleList>(await t.request('/api/v1/vehicles?includeSold=true&perPage=1'));
    const total = await t.database.db.selectFrom('vehicles').select(t.database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(all.meta.total).toBe(Number(total.n));
  });

  it('translates reference names into the request language', async () => {
    const en = await readJson<VehicleList>(await t.request('/api/v1/vehicles?perPage=5&lng=en_US'));
    const fr = await readJson<VehicleList>(await t.request('/api/v1/vehicles?perPage=5&lng=fr_FR'));
    const row = await t.database.db
      .selectFrom('fuel_types')
      .select(['name_i18n'])
      .where('id', '=', fr.data[0]!.fuel_type.id)
      .executeTakeFirstOrThrow();
    expect(fr.data[0]!.fuel_type.name).toBe(JSON.parse(row.name_i18n ?? '{}').fr_FR);
    expect(en.data[0]!.fuel_type.name).toBe(JSON.parse(row.name_i18n ?? '{}').en_US);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['perPage=101', 'perPage'],
    ['perPage=-3', 'perPage'],
    ['sort=cheapest', 'sort'],
    ['includeSold=maybe', 'includeSold'],
  ])('refuses a malformed query (%s) with 422 naming the parameter', async (query, field) => {
    const res = await t.request(`/api/v1/vehicles?${query}`);
    expect(res.status).toBe(422);
    const body = await readJson<ApiError>(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details!.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('localizes validation messages', async () => {
    const res = await t.request('/api/v1/vehicles?perPage=500', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    const body = await readJson<ApiError>(res);
    const en = await readJson<ApiError>(await t.request('/api/v1/vehicles?perPage=500'));
    expect(body.error).not.toBe(en.error);
    expect(body.details![0]!.message).not.toBe(en.details![0]!.message);
    expect(res.headers.get('content-language')).toBe('de-DE');
  });
});

describe('GET /api/v1/vehicles/{id}', () => {
  it('answers every field of SPEC §3 with its pictures and options', async () => {
    const { data: list } = await readJson<VehicleList>(await t.request('/api/v1/vehicles?perPage=1'));
    const res = await t.request(`/api/v1/vehicles/${list[0]!.id}`);
    expect(res.status).toBe(200);
    const { data: v } = await readJson<Data<VehicleDetail>>(res);
    for (const field of [
      'title',
      'brand',
      'model',
      'register',
      'year',
      'price',
      'currency',
      'country',
      'city',
      'cityId',
      'address',
      'postal_code',
      'sold',
      'category',
      'color',
      'mileage',
      'fuel_type',
      'type',
      'transmission',
      'engine_size',
      'number_of_doors',
      'number_of_seats',
      'vin',
      'insurance_expiry_date',
      'options',
      'description',
      'pictures',
      'createdAt',
      'updatedAt',
      'canEdit',
      'canDelete',
      'battery_capacity',
      'battery_type',
      'battery_health',
      'charging_time',
      'fast_charging',
      'battery_range',
      'battery_consumption',
      'fiscal_power',
      'din_power',
      'engine_power',
      'torque',
      'range',
      'registration_date',
      'number_of_owners',
      'is_first_hand',
      'emissions_standard',
      'co2_emissions',
      'euro_standard',
      'critair',
      'maintenance_history',
      'accident_history',
      'length',
      'width',
      'height',
      'weight',
      'wheelbase',
      'trunk_volume',
      'upholstery',
      'origin',
      'origin_country',
      'import_status',
      'imported',
      'first_registration_country',
      'seller',
    ]) {
      expect(v).toHaveProperty(field);
    }
    expect(v.pictures.length).toBeGreaterThan(0);
    expect(v.options.length).toBeGreaterThan(0);
    expect(v.canEdit).toBe(false);
    expect(v.canDelete).toBe(false);
    // The seller's account: what a report of the seller names (docs/decisions/056).
    const owner = await t.database.db.selectFrom('vehicles').select('owner_id').where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(v.seller.id).toBe(owner.owner_id);
  });

  it('answers 404 VEHICLE_NOT_FOUND in the envelope, in the request language', async () => {
    const res = await t.request('/api/v1/vehicles/999999');
    expect(res.status).toBe(404);
    expect(await readJson<ApiError>(res)).toEqual({ error: 'Vehicle not found.', code: 'VEHICLE_NOT_FOUND' });
    const fr = await readJson<ApiError>(await t.request('/api/v1/vehicles/999999?lng=fr_FR'));
    expect(fr.code).toBe('VEHICLE_NOT_FOUND');
    expect(fr.error).not.toBe('Vehicle not found.');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999'])('refuses the id %s with 422, never 500', async (id) => {
    const res = await t.request(`/api/v1/vehicles/${id}`);
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).code).toBe('VALIDATION_FAILED');
  });
});
