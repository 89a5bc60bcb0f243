import type { Vehicle } from '@autoroute/contract/vehicles';
import { checkDigitOf } from '@autoroute/contract/vin';
import type { NewVehicle } from '@autoroute/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vinSignals } from '../../../domain/trust/signals.ts';
import { type ApiError, createTestApp, type Data, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { vehicleSignalsRoute } from './signals.routes.ts';

// Trust & safety (docs/decisions/052): the fraud signals a listing's write computes, as a moderator reads them.
let t: TestApp;
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;
let moderator: TestMember;
const db = () => t.database.db;
const ref = {} as Record<'eur' | 'france' | 'paris' | 'category' | 'color' | 'petrol' | 'sale' | 'manual' | 'option', number>;
type Signals = RouteJson<typeof vehicleSignalsRoute, 200>['data'];

const idOf = async (table: 'categories' | 'colors' | 'fuel_types' | 'types' | 'transmissions', code: string) =>
  (await db().selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

async function listing(member: TestMember, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Renault Clio 1.0 90 hp',
    brand: 'Renault',
    model: 'Clio',
    year: 2021,
    price: 12500,
    currencyId: ref.eur,
    countryId: ref.france,
    cityId: ref.paris,
    categoryId: ref.category,
    colorId: ref.color,
    mileage: 42000,
    fuelTypeId: ref.petrol,
    typeId: ref.sale,
    transmissionId: ref.manual,
    number_of_doors: 5,
    number_of_seats: 5,
    description: 'One owner, full service history.',
    options: [ref.option],
    pictures: [await t.picture(member.id)],
    ...overrides,
  };
}

/** Publishes a listing as the member through the API, and answers its id. */
async function publish(member: TestMember, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request('/api/v1/vehicles', { method: 'POST', json: await listing(member, overrides), headers: member.headers });
  if (res.status !== 201) throw new Error(`could not publish: ${res.status} ${await res.text()}`);
  return (await readJson<Data<Vehicle>>(res)).data.id;
}

const signalsOf = async (id: number): Promise<Signals> => {
  const res = await t.request(`/api/v1/admin/vehicles/${id}/signals`, { headers: moderator.headers });
  expect(res.status).toBe(200);
  return (await readJson<Data<Signals>>(res)).data;
};
const kinds = async (id: number) => (await signalsOf(id)).map((s) => s.kind);
const remove = (id: number) => db().deleteFrom('vehicles').where('id', '=', id).execute();

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol, moderator] = (await Promise.all(['alice', 'bob', 'carol', 'mod'].map((name) => t.member(name)))) as [
    TestMember,
    TestMember,
    TestMember,
    TestMember,
  ];
  await t.grant(moderator.id, ['admin.vehicle.index']);
  const first = async (table: 'categories' | 'colors') =>
    (await db().selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  Object.assign(ref, {
    eur: (await db().selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow()).id,
    france: (await db().selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow()).id,
    paris: (await db().selectFrom('cities').select('id').where('name', '=', 'Paris').executeTakeFirstOrThrow()).id,
    category: await first('categories'),
    color: await first('colors'),
    petrol: await idOf('fuel_types', 'petrol'),
    sale: await idOf('types', 'sale'),
    manual: await idOf('transmissions', 'manual'),
    option: (await db().selectFrom('options').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  });
});
afterAll(() => t.destroy());

describe('the VIN’s check digit (49 CFR 565)', () => {
  it.each([
    ['1M8GDM9AXKP042788', 1989],
    ['11111111111111111', 2001],
    ['1HGCM82633A004352', 2003],
  ])('raises nothing on %s, whose digit is right', async (vin, year) => {
    const id = await publish(alice, { vin, year, price: 4000 });
    expect(await kinds(id)).not.toContain('vin_check_digit');
    expect(await kinds(id)).not.toContain('vin_format');
    await remove(id);
  });

  it.each(['1M8GDM9A1KP042788', '11111111211111111', '1HGCM82643A004352'])(
    'raises a high signal on %s, saying the digit expected and found',
    async (vin) => {
      const id = await publish(alice, { vin, year: 2003 });
      const signal = (await signalsOf(id)).find((s) => s.kind === 'vin_check_digit');
      expect(signal).toMatchObject({ severity: 'high', details: { vin, expected: checkDigitOf(vin), found: vin[8] } });
      expect(signal?.explanation).toContain(`its check digit is ${checkDigitOf(vin)}`);
      await remove(id);
    },
  );

  it('says when the VIN decodes to another make or model year than the listing’s', async () => {
    // A 2003 Honda (1HG…, model year code 3) listed as a 2021 Renault.
    const id = await publish(alice, { vin: '1HGCM82633A004352', year: 2021 });
    expect((await signalsOf(id)).find((s) => s.kind === 'vin_mismatch')).toMatchObject({
      severity: 'medium',
      details: { make: { decoded: 'Honda', listed: 'Renault' }, year: { decoded: 2003, listed: 2021 } },
    });
    await remove(id);
  });

  it('reads a VIN that is not one (a row the form did not write) as a high signal', () => {
    expect(vinSignals('VF1RJA0056712345', { brand: 'Renault', year: 2021 })).toEqual([
      { kind: 'vin_format', severity: 'high', details: { vin: 'VF1RJA0056712345', reason: 'length', length: 16 } },
    ]);
    expect(vinSignals('VF1RJA0056712345O', { brand: 'Renault', year: 2021 })[0]).toMatchObject({
      kind: 'vin_format',
      details: { reason: 'characters' },
    });
  });
});

describe('the same VIN twice', () => {
  it('raises a high signal on the second listing when another seller has it for sale, and a low one for the seller’s own duplicate', async () => {
    const vin = 'VF1RJA00567123456';
    const first = await publish(alice, { vin });
    expect(await kinds(first)).toEqual([]);

    const second = await publish(bob, { vin: vin.toLowerCase() });
    const signals = await signalsOf(second);
    expect(signals).toEqual([
      expect.objectContaining({
        kind: 'vin_duplicate_other_seller',
        severity: 'high',
        details: { vin, listings: [first], sellers: [alice.id] },
      }),
    ]);
    expect(signals[0]?.explanation).toContain(`listing ${first}`);
    // A high signal keeps a new listing for a moderator (docs/decisions/057): pending, in a case, out of public view.
    const pending = await db().selectFrom('vehicles').select(['moderation', 'sold']).where('id', '=', second).executeTakeFirstOrThrow();
    expect(pending).toEqual({ moderation: 'pending', sold: 2 });
    expect((await t.request(`/api/v1/vehicles/${second}`)).status).toBe(404);
    expect((await t.request(`/api/v1/vehicles/${second}`, { headers: bob.headers })).status).toBe(200);
    const opened = await db().selectFrom('moderation_cases').selectAll().where('target_id', '=', second).executeTakeFirstOrThrow();
    expect(opened).toMatchObject({ target_kind: 'listing', status: 'open', subject_user_id: bob.id });
    expect(await kinds(first)).toEqual([]);

    const again = await publish(bob, { vin });
    expect((await signalsOf(again)).map((s) => [s.kind, s.severity])).toEqual([
      ['vin_duplicate_other_seller', 'high'],
      ['vin_duplicate_same_seller', 'low'],
    ]);

    // Sold, the first listing is no longer a duplicate: the next write of the second says so.
    await db().updateTable('vehicles').set({ sold: 1 }).where('id', 'in', [first, again]).execute();
    const res = await t.request(`/api/v1/vehicles/${second}`, { method: 'PATCH', json: { price: 12000 }, headers: bob.headers });
    expect(res.status).toBe(200);
    expect(await kinds(second)).toEqual([]);
    for (const id of [first, second, again]) await remove(id);
  });
});

describe('the price against the market', () => {
  it('raises a medium signal on a price far below the estimate, with the price and the estimate', async () => {
    // Comparables: carol's listing at 15,000 and six copies of it (a fixture: the free plan lists three).
    const model = await publish(carol, { brand: 'Peugeot', model: '208', title: 'Peugeot 208', price: 15000 });
    const stored = await db().selectFrom('vehicles').selectAll().where('id', '=', model).executeTakeFirstOrThrow();
    // Without its id and PostgreSQL's generated search columns, which the database writes.
    const row = Object.fromEntries(Object.entries(stored).filter(([k]) => k !== 'id' && !k.startsWith('search'))) as NewVehicle;
    await db()
      .insertInto('vehicles')
      .values(Array.from({ length: 6 }, () => row))
      .execute();

    const cheap = await publish(alice, { brand: 'Peugeot', model: '208', title: 'Peugeot 208', price: 5000 });
    const signal = (await signalsOf(cheap)).find((s) => s.kind === 'price_far_below_market');
    expect(signal).toMatchObject({
      severity: 'medium',
      details: { price: 5000, estimate: 15000, currency: 'EUR', share: 0.33, threshold: 0.5 },
    });
    expect(signal?.explanation).toContain('33 %');

    const fair = await publish(bob, { brand: 'Peugeot', model: '208', title: 'Peugeot 208', price: 14000 });
    expect(await kinds(fair)).not.toContain('price_far_below_market');

    // Seven listings for sale: a private seller with more than five.
    const res = await t.request(`/api/v1/vehicles/${model}`, { method: 'PATCH', json: { mileage: 43000 }, headers: carol.headers });
    expect(res.status).toBe(200);
    expect((await signalsOf(model)).find((s) => s.kind === 'private_seller_many_listings')).toMatchObject({
      severity: 'low',
      details: { sellerType: 'individual', liveListings: 7, limit: 5 },
    });
  });
});

describe('GET /api/v1/admin/vehicles/{id}/signals', () => {
  it('is refused to a member without the moderation permission (403) and to a stranger (401)', async () => {
    const id = await publish(alice);
    const member = await t.request(`/api/v1/admin/vehicles/${id}/signals`, { headers: alice.headers });
    expect(member.status).toBe(403);
    expect((await readJson<ApiError>(member)).code).toBe('FORBIDDEN');
    const stranger = await t.request(`/api/v1/admin/vehicles/${id}/signals`);
    expect(stranger.status).toBe(401);
    await remove(id);
  });

  it('answers 404 for a listing that does not exist, and the signals go with a deleted listing', async () => {
    const res = await t.request('/api/v1/admin/vehicles/999999/signals', { headers: moderator.headers });
    expect(res.status).toBe(404);
    const id = await publish(alice, { vin: '1HGCM82643A004352', year: 2003 });
    await remove(id);
    const left = await db().selectFrom('listing_signals').select('id').where('vehicle_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
