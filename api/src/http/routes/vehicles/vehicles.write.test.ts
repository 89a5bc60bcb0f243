import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ListResponse, Vehicle as VehicleDetail, VehicleSummary } from '@autoroute/contract/vehicles';
import { ensureAdmin } from '@autoroute/db/seed';
import type { z } from '@hono/zod-openapi';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type Data, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import type { SignedIn } from '../auth/auth.routes.ts';
import type { myVehiclesRoute } from '../me/me.routes.ts';
import type { listRoute as notificationsRoute } from '../notifications/notifications.routes.ts';
import type { deleteVehicleRoute } from './vehicles.routes.ts';

const verifiedUser = (name: string) => t.member(name);

let t: TestApp;
type Headers = { authorization: string };
let owner: Headers;
let stranger: Headers;
let unverified: Headers;
let admin: Headers;
let ownerId: number;
let strangerId: number;

/** Reference ids the forms choose from, read from the seeded reference data. */
const ref = {} as {
  eur: number;
  jpy: number;
  france: number;
  germany: number;
  japan: number;
  paris: number;
  berlin: number;
  tokyo: number;
  category: number;
  color: number;
  petrol: number;
  electric: number;
  sale: number;
  manual: number;
  automatic: number;
  options: number[];
};

const db = () => t.database.db;
const count = async (table: 'vehicles' | 'vehicle_options') =>
  Number((await db().selectFrom(table).select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const idOf = async (table: 'categories' | 'colors' | 'fuel_types' | 'types' | 'transmissions', code: string) =>
  (await db().selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const countryId = async (code: string) =>
  (await db().selectFrom('countries').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const cityId = async (name: string) => (await db().selectFrom('cities').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const currencyId = async (code: string) =>
  (await db().selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

async function signIn(email: string, password: string): Promise<Headers> {
  const body = await readJson<z.infer<typeof SignedIn>>(
    await t.request('/api/v1/auth/login', { method: 'POST', json: { email, password } }),
  );
  return { authorization: `Bearer ${body.security.accessToken}` };
}

const picture = (ownerOf: number) => t.picture(ownerOf);

/** The core fields only: a petrol car, which has no battery facts to give. */
async function coreVehicle(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Renault Clio 1.0 90 hp',
    brand: 'Renault',
    model: 'Clio',
    year: 2021,
    price: 12500.5,
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
    description: 'One owner, full service history, never crashed.',
    options: [ref.options[0]],
    pictures: [await picture(ownerId)],
    ...overrides,
  };
}

/** Every field of SPEC §3, an electric car so the battery group applies. */
async function fullVehicle() {
  return {
    ...(await coreVehicle()),
    title: 'Renault Megane E-Tech EV60',
    model: 'Megane E-Tech',
    register: 'AB-123-CD',
    address: '12 Station Road',
    postal_code: '75011',
    fuelTypeId: ref.electric,
    transmissionId: ref.automatic,
    engine_size: null,
    vin: 'VF1RJA00567123456',
    insurance_expiry_date: '2027-03-31',
    options: ref.options,
    pictures: [await picture(ownerId), await picture(ownerId), await picture(ownerId)],
    battery_capacity: 60,
    battery_type: 'Lithium-ion NMC',
    battery_health: 96,
    charging_time: 9.5,
    fast_charging: true,
    battery_range: 450,
    battery_consumption: 16.1,
    fiscal_power: 5,
    din_power: 220,
    engine_power: 160,
    torque: 300,
    range: 450,
    registration_date: '2022-06-15',
    number_of_owners: 1,
    is_first_hand: true,
    emissions_standard: 'Zero emission',
    co2_emissions: 0,
    euro_standard: 'Euro 6d',
    critair: '0',
    maintenance_history: 'Full dealer service history',
    accident_history: 'No accident reported',
    length: 4.2,
    width: 1.77,
    height: 1.5,
    weight: 1624,
    wheelbase: 2685,
    trunk_volume: 440,
    upholstery: 'Cloth',
    origin: 'Imported',
    originCountryId: ref.france,
    import_status: 'Cleared',
    imported: true,
    firstRegistrationCountryId: ref.germany,
  };
}

const post = (body: unknown, headers: Record<string, string> = owner) =>
  t.request('/api/v1/vehicles', { method: 'POST', json: body, headers });
const send = (method: 'PUT' | 'PATCH', id: number, body: unknown, headers: Record<string, string> = owner) =>
  t.request(`/api/v1/vehicles/${id}`, { method, json: body, headers });
const detailsOf = async (res: Response) => (await readJson<ApiError>(res)).details as { path: string; message: string }[];

async function created(overrides: Record<string, unknown> = {}, headers: Headers = owner): Promise<VehicleDetail> {
  const res = await post(await coreVehicle(overrides), headers);
  expect(res.status).toBe(201);
  return (await readJson<Data<VehicleDetail>>(res)).data;
}

const storedRow = (id: number) => db().selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(db(), { email: 'root@example.test', password: 'root passphrase 123' });
  admin = await signIn('root@example.test', 'root passphrase 123');
  ({ headers: owner, id: ownerId } = await verifiedUser('olivia'));
  // These tests publish many listings: a plan without a listing limit (the free plan allows 3).
  await t.subscribe(ownerId, 'Professional Unlimited (monthly)');
  ({ headers: stranger, id: strangerId } = await verifiedUser('samuel'));
  await t.request('/api/v1/auth/signup', {
    method: 'POST',
    json: {
      email: 'uma@example.test',
      password: 'a long enough passphrase',
      username: 'uma',
      firstName: 'Uma',
      lastName: 'Unverified',
      phone: '+33 6 12 34 56 78',
    },
  });
  unverified = await signIn('uma@example.test', 'a long enough passphrase');

  Object.assign(ref, {
    eur: await currencyId('EUR'),
    jpy: await currencyId('JPY'),
    france: await countryId('FR'),
    germany: await countryId('DE'),
    japan: await countryId('JP'),
    paris: await cityId('Paris'),
    berlin: await cityId('Berlin'),
    tokyo: await cityId('Tokyo'),
    category: (await db().selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    color: (await db().selectFrom('colors').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    petrol: await idOf('fuel_types', 'petrol'),
    electric: await idOf('fuel_types', 'electric'),
    sale: await idOf('types', 'sale'),
    manual: await idOf('transmissions', 'manual'),
    automatic: await idOf('transmissions', 'automatic'),
    options: (await db().selectFrom('options').select('id').orderBy('id').limit(3).execute()).map((o) => o.id),
  });
});
afterAll(() => t.destroy());

describe('POST /api/v1/vehicles (SPEC §3, §5)', () => {
  it('publishes a vehicle with every field, answers 201 with it, and GET /vehicles/{id} shows the same', async () => {
    const body = await fullVehicle();
    const res = await post(body);
    expect(res.status).toBe(201);
    const { data } = await readJson<Data<VehicleDetail>>(res);
    expect(data).toMatchObject({
      title: body.title,
      brand: 'Renault',
      model: 'Megane E-Tech',
      register: 'AB-123-CD',
      year: 2021,
      price: 12500.5,
      currency: { id: ref.eur, code: 'EUR' },
      country: { id: ref.france },
      city: { id: ref.paris, name: 'Paris' },
      cityId: ref.paris,
      address: '12 Station Road',
      postal_code: '75011',
      sold: false,
      category: { id: ref.category },
      color: { id: ref.color },
      mileage: 42000,
      fuel_type: { id: ref.electric, code: 'electric' },
      type: { id: ref.sale, code: 'sale' },
      transmission: { id: ref.automatic, code: 'automatic' },
      engine_size: null,
      number_of_doors: 5,
      number_of_seats: 5,
      vin: 'VF1RJA00567123456',
      insurance_expiry_date: '2027-03-31',
      description: body.description,
      battery_capacity: 60,
      battery_type: 'Lithium-ion NMC',
      battery_health: 96,
      charging_time: 9.5,
      fast_charging: true,
      battery_range: 450,
      battery_consumption: 16.1,
      fiscal_power: 5,
      din_power: 220,
      engine_power: 160,
      torque: 300,
      range: 450,
      registration_date: '2022-06-15',
      number_of_owners: 1,
      is_first_hand: true,
      emissions_standard: 'Zero emission',
      co2_emissions: 0,
      euro_standard: 'Euro 6d',
      critair: '0',
      maintenance_history: 'Full dealer service history',
      accident_history: 'No accident reported',
      length: 4.2,
      width: 1.77,
      height: 1.5,
      weight: 1624,
      wheelbase: 2685,
      trunk_volume: 440,
      upholstery: 'Cloth',
      origin: 'Imported',
      origin_country: { id: ref.france, code: 'FR' },
      import_status: 'Cleared',
      imported: true,
      first_registration_country: { id: ref.germany, code: 'DE' },
      canEdit: true,
      canDelete: true,
    });
    expect(data.options.map((o: { id: number }) => o.id).sort()).toEqual([...ref.options].sort());
    expect(data.pictures.map((p: { id: number }) => p.id)).toEqual(body.pictures);
    expect(data.cover!.id).toBe(body.pictures[0]);

    const shown = await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${data.id}`, { headers: owner }));
    expect(shown.data).toEqual(data);

    const row = await storedRow(data.id);
    expect(row.owner_id).toBe(ownerId);
    expect(Number(row.price_minor)).toBe(1250050);
    const pictures = await db().selectFrom('pictures').select(['id', 'vehicle_id', 'position']).where('id', 'in', body.pictures).execute();
    expect(pictures.sort((a, b) => a.position - b.position)).toEqual(
      body.pictures.map((id, position) => ({ id, vehicle_id: data.id, position })),
    );
  });

  it('accepts a petrol car without any battery fact, and leaves the optional groups empty', async () => {
    const data = await created();
    expect(data).toMatchObject({ battery_capacity: null, battery_type: null, fast_charging: null, vin: null, origin_country: null });
  });

  it('stores the price in the minor units of its currency (yen have none)', async () => {
    const data = await created({ price: 1500000, currencyId: ref.jpy, countryId: ref.japan, cityId: ref.tokyo });
    expect(data.price).toBe(1500000);
    expect(Number((await storedRow(data.id)).price_minor)).toBe(1500000);
    const res = await post(await coreVehicle({ price: 1500000.5, currencyId: ref.jpy }));
    expect(res.status).toBe(422);
    expect(await detailsOf(res)).toEqual([{ path: 'price', message: 'The price has more decimals than its currency allows.' }]);
  });

  it('takes the catalogue spelling of a known brand and model', async () => {
    const data = await created({ brand: 'renault', model: 'CLIO' });
    expect([data.brand, data.model]).toEqual(['Renault', 'Clio']);
  });

  it.each([
    ['title', 'Title is required.'],
    ['brand', 'Brand is required.'],
    ['model', 'Model is required.'],
    ['year', 'Year is required.'],
    ['price', 'Price is required.'],
    ['currencyId', 'Currency is required.'],
    ['countryId', 'Country is required.'],
    ['cityId', 'City is required.'],
    ['categoryId', 'Category is required.'],
    ['colorId', 'Color is required.'],
    ['mileage', 'Mileage is required.'],
    ['fuelTypeId', 'Fuel type is required.'],
    ['typeId', 'Type is required.'],
    ['transmissionId', 'Transmission is required.'],
    ['number_of_doors', 'Number of doors is required.'],
    ['number_of_seats', 'Number of seats is required.'],
    ['description', 'Description is required.'],
    ['options', 'Choose at least one option.'],
    ['pictures', 'Add at least one picture.'],
  ])('refuses a vehicle without %s with its own message, and inserts nothing', async (field, message) => {
    const before = await count('vehicles');
    const body: Record<string, unknown> = await coreVehicle();
    delete body[field];
    const res = await post(body);
    expect(res.status).toBe(422);
    const answer = await readJson<ApiError>(res);
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.details).toEqual([{ path: field, message }]);

    const blank = await post(
      await coreVehicle({ [field]: ['options', 'pictures'].includes(field) ? [] : field.endsWith('Id') ? null : '' }),
    );
    if (!['year', 'price', 'mileage', 'number_of_doors', 'number_of_seats'].includes(field)) {
      expect(blank.status).toBe(422);
      expect(await detailsOf(blank)).toEqual([{ path: field, message }]);
    }
    expect(await count('vehicles')).toBe(before);
  });

  it('says a missing field in the request language', async () => {
    const body: Record<string, unknown> = await coreVehicle();
    delete body.title;
    const res = await t.request('/api/v1/vehicles?lng=fr_FR', { method: 'POST', json: body, headers: owner });
    expect(await detailsOf(res)).toEqual([{ path: 'title', message: 'Le titre est obligatoire.' }]);
  });

  it('requires the battery facts of an electric vehicle, each with its own message', async () => {
    const before = await count('vehicles');
    const res = await post(await coreVehicle({ fuelTypeId: ref.electric, model: 'Zoe' }));
    expect(res.status).toBe(422);
    const needed = 'is required for an electric or plug-in hybrid vehicle.';
    expect(await detailsOf(res)).toEqual([
      { path: 'battery_capacity', message: `Battery capacity ${needed}` },
      { path: 'battery_type', message: `Battery type ${needed}` },
      { path: 'battery_health', message: `Battery health ${needed}` },
      { path: 'charging_time', message: `Charging time ${needed}` },
      { path: 'fast_charging', message: `Fast charging ${needed}` },
      { path: 'battery_range', message: `Battery range ${needed}` },
      { path: 'battery_consumption', message: `Battery consumption ${needed}` },
    ]);
    expect(await count('vehicles')).toBe(before);
  });

  const nextYear = new Date().getUTCFullYear() + 1;
  it.each([
    ['a year before 1900', { year: 1899 }, 'year', 'The year must be between 1900 and next year.'],
    ['a year after next year', { year: nextYear + 1 }, 'year', 'The year must be between 1900 and next year.'],
    ['a year that is not a whole number', { year: 2020.5 }, 'year', 'Must be a whole number.'],
    ['a negative mileage', { mileage: -1 }, 'mileage', 'Must be at least 0.'],
    ['a zero price', { price: 0 }, 'price', 'The price must be greater than zero.'],
    ['a negative price', { price: -10 }, 'price', 'The price must be greater than zero.'],
    ['an absurd price', { price: 5e9 }, 'price', 'Must be at most 1000000000.'],
    ['a price as text', { price: 'cheap' }, 'price', 'Must be a number.'],
    ['eight doors', { number_of_doors: 8 }, 'number_of_doors', 'Must be at most 7.'],
    ['no door', { number_of_doors: 0 }, 'number_of_doors', 'Must be at least 1.'],
    ['a hundred seats', { number_of_seats: 100 }, 'number_of_seats', 'Must be at most 99.'],
    ['a battery health over 100 %', { battery_health: 101 }, 'battery_health', 'Must be at most 100.'],
    ['a VIN with an O', { vin: 'VF1RJA0O567123456' }, 'vin', 'A VIN is 17 letters and digits, without I, O or Q.'],
    ['a short VIN', { vin: 'VF1RJA005671' }, 'vin', 'A VIN is 17 letters and digits, without I, O or Q.'],
    ['a date that is not ISO', { insurance_expiry_date: '31/03/2027' }, 'insurance_expiry_date', 'Enter a valid date.'],
    ['an unknown currency', { currencyId: 999999 }, 'currencyId', 'This choice does not exist.'],
    ['an unknown category', { categoryId: 999999 }, 'categoryId', 'This choice does not exist.'],
    ['an unknown fuel type', { fuelTypeId: 999999 }, 'fuelTypeId', 'This choice does not exist.'],
    ['an unknown origin country', { originCountryId: 999999 }, 'originCountryId', 'This choice does not exist.'],
    ['an id that is not a number', { colorId: 'red' }, 'colorId', 'Must be a number.'],
    ['a title that is not text', { title: 42 }, 'title', 'This value is not valid.'],
    ['an optional number given as text', { battery_health: 'good' }, 'battery_health', 'Must be a number.'],
    ['a yes/no given as text', { fast_charging: 'yes' }, 'fast_charging', 'This value is not valid.'],
    ['a city of another country', { cityId: 'berlin' }, 'cityId', 'This city is not in the chosen country.'],
    ['a model the brand does not make', { model: 'Golf' }, 'model', 'This model is not a known model of this brand.'],
    ['an unknown option', { options: [999999] }, 'options.0', 'This choice does not exist.'],
    ['an unknown field', { colour: 'red' }, '(root)', 'Unknown field: colour.'],
  ])('refuses %s with 422 naming the field, and inserts nothing', async (_label, change, path, message) => {
    const before = await count('vehicles');
    const resolved = { ...change } as Record<string, unknown>;
    if (resolved.cityId === 'berlin') resolved.cityId = ref.berlin;
    const res = await post(await coreVehicle(resolved));
    expect(res.status).toBe(422);
    expect(await detailsOf(res)).toContainEqual({ path, message });
    expect(await count('vehicles')).toBe(before);
  });

  it('accepts a brand the catalogue does not know, with any model', async () => {
    const data = await created({ brand: 'Lada', model: 'Niva Legend', title: 'Lada Niva' });
    expect([data.brand, data.model]).toEqual(['Lada', 'Niva Legend']);
  });

  it('refuses pictures that are not the caller’s, are used by another listing, do not exist or repeat, and attaches none', async () => {
    const before = await count('vehicles');
    const mine = await picture(ownerId);
    const theirs = await picture(strangerId);
    const used = (await created()).pictures[0]!.id;
    const res = await post(await coreVehicle({ pictures: [mine, theirs, used, 999999, mine] }));
    expect(res.status).toBe(422);
    expect(await detailsOf(res)).toEqual([
      { path: 'pictures.1', message: 'This picture does not exist or is not yours.' },
      { path: 'pictures.2', message: 'This picture is already used by another listing.' },
      { path: 'pictures.3', message: 'This picture does not exist or is not yours.' },
      { path: 'pictures.4', message: 'This picture is listed twice.' },
    ]);
    expect(await count('vehicles')).toBe(before + 1);
    const free = await db().selectFrom('pictures').select('vehicle_id').where('id', 'in', [mine, theirs]).execute();
    expect(free.every((p) => p.vehicle_id === null)).toBe(true);
  });

  it('answers 401 when signed out and 402 EMAIL_NOT_VERIFIED before the address is verified, inserting nothing', async () => {
    const before = await count('vehicles');
    const body = await coreVehicle();
    const signedOut = await post(body, {});
    expect(signedOut.status).toBe(401);
    expect((await readJson<ApiError>(signedOut)).code).toBe('UNAUTHORIZED');
    const notVerified = await post(body, unverified);
    expect(notVerified.status).toBe(402);
    expect(await readJson<ApiError>(notVerified)).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      error: 'Please verify your email address first.',
    });
    expect(await count('vehicles')).toBe(before);
  });
});

describe('PUT and PATCH /api/v1/vehicles/{id}', () => {
  it('replaces every field, the options and the pictures in their new order; a picture left out is detached, not deleted', async () => {
    const first = await created({ pictures: [await picture(ownerId), await picture(ownerId)], options: [ref.options[0]] });
    const [kept, dropped] = first.pictures.map((p: { id: number }) => p.id) as [number, number];
    const added = await picture(ownerId);
    const body = await coreVehicle({
      title: 'Renault Clio, new tyres',
      price: 11900,
      mileage: 43000,
      options: [ref.options[1], ref.options[2]],
      pictures: [added, kept],
    });
    const res = await send('PUT', first.id, body);
    expect(res.status).toBe(200);
    const { data } = await readJson<Data<VehicleDetail>>(res);
    expect(data).toMatchObject({ id: first.id, title: 'Renault Clio, new tyres', price: 11900, mileage: 43000, canEdit: true });
    expect(data.pictures.map((p: { id: number }) => p.id)).toEqual([added, kept]);
    expect(data.cover!.id).toBe(added);
    expect(data.options.map((o: { id: number }) => o.id).sort()).toEqual([ref.options[1], ref.options[2]].sort());
    const detached = await db()
      .selectFrom('pictures')
      .select(['vehicle_id', 'owner_id'])
      .where('id', '=', dropped)
      .executeTakeFirstOrThrow();
    expect(detached).toEqual({ vehicle_id: null, owner_id: ownerId });
    expect((body.pictures as number[]).includes(dropped)).toBe(false);
  });

  it('refuses a PUT missing a field with 422 and changes nothing', async () => {
    const v = await created();
    const before = await storedRow(v.id);
    const body: Record<string, unknown> = await coreVehicle({ title: 'Changed' });
    delete body.description;
    const res = await send('PUT', v.id, body);
    expect(res.status).toBe(422);
    expect(await detailsOf(res)).toEqual([{ path: 'description', message: 'Description is required.' }]);
    expect(await storedRow(v.id)).toEqual(before);
  });

  it('marks a vehicle sold and back on sale with PATCH { sold }, recording when it was sold', async () => {
    const v = await created();
    const sold = await send('PATCH', v.id, { sold: true });
    expect(sold.status).toBe(200);
    expect((await readJson<Data<VehicleDetail>>(sold)).data).toMatchObject({ id: v.id, sold: true, title: v.title, price: v.price });
    const row = await storedRow(v.id);
    expect(row.sold).toBe(1);
    expect(row.sold_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const back = await send('PATCH', v.id, { sold: false });
    expect((await readJson<Data<VehicleDetail>>(back)).data.sold).toBe(false);
    expect((await storedRow(v.id)).sold_at).toBeNull();
  });

  it('changes only the fields a PATCH gives, keeping options and pictures', async () => {
    const v = await created();
    const res = await send('PATCH', v.id, { price: 9999.99, mileage: 50000 });
    expect(res.status).toBe(200);
    const { data } = await readJson<Data<VehicleDetail>>(res);
    expect(data).toMatchObject({ price: 9999.99, mileage: 50000, title: v.title, brand: v.brand, year: v.year });
    expect(data.pictures).toEqual(v.pictures);
    expect(data.options).toEqual(v.options);
  });

  it('checks a PATCH together with the stored fields: an electric drive needs its battery facts', async () => {
    const v = await created();
    const before = await storedRow(v.id);
    const res = await send('PATCH', v.id, { fuelTypeId: ref.electric });
    expect(res.status).toBe(422);
    expect((await detailsOf(res)).map((d) => d.path)).toContain('battery_capacity');
    const moved = await send('PATCH', v.id, { cityId: ref.berlin });
    expect(await detailsOf(moved)).toEqual([{ path: 'cityId', message: 'This city is not in the chosen country.' }]);
    const otherMake = await send('PATCH', v.id, { model: 'Golf' });
    expect(await detailsOf(otherMake)).toEqual([{ path: 'model', message: 'This model is not a known model of this brand.' }]);
    const nulled = await send('PATCH', v.id, { title: null });
    expect(await detailsOf(nulled)).toEqual([{ path: 'title', message: 'Title is required.' }]);
    expect(await storedRow(v.id)).toEqual(before);
  });

  it('answers 404 VEHICLE_NOT_FOUND for an unknown vehicle and 401 when signed out', async () => {
    const unknown = await send('PATCH', 999999, { sold: true });
    expect(unknown.status).toBe(404);
    expect((await readJson<ApiError>(unknown)).code).toBe('VEHICLE_NOT_FOUND');
    expect((await send('PUT', 999999, await coreVehicle())).status).toBe(404);
    expect((await send('PATCH', 1, { sold: true }, {})).status).toBe(401);
  });
});

describe('price history, days on the market and the final price (issue 17)', () => {
  const prices = (id: number) =>
    db()
      .selectFrom('vehicle_prices')
      .select(['price_minor', 'currency_id', 'created_at'])
      .where('vehicle_id', '=', id)
      .orderBy('id')
      .execute();
  const detail = async (id: number, headers: Record<string, string> = {}) =>
    (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${id}`, { headers }))).data;

  it('answers one price for a listing never repriced, then every price with its date, oldest first', async () => {
    const v = await created({ price: 15000 });
    const fresh = await detail(v.id);
    expect(fresh.priceHistory).toEqual([{ price: 15000, currency: 'EUR', at: v.createdAt }]);
    expect(fresh.daysOnMarket).toBe(0);
    expect(await prices(v.id)).toEqual([]);

    // A change of anything but the price records nothing.
    expect((await send('PATCH', v.id, { mileage: 42000 })).status).toBe(200);
    expect(await prices(v.id)).toEqual([]);

    expect((await send('PATCH', v.id, { price: 14250.5 })).status).toBe(200);
    const put = await send('PUT', v.id, await coreVehicle({ price: 13900 }));
    expect(put.status).toBe(200);
    const history = (await detail(v.id)).priceHistory as { price: number; currency: string; at: string }[];
    expect(history.map((h) => h.price)).toEqual([15000, 14250.5, 13900]);
    expect(history[0]!.at).toBe(v.createdAt);
    expect(history.every((h) => h.currency === 'EUR')).toBe(true);
    expect([...history.map((h) => h.at)].sort()).toEqual(history.map((h) => h.at));
    // The same price again is no change.
    expect((await send('PATCH', v.id, { price: 13900 })).status).toBe(200);
    expect(await prices(v.id)).toHaveLength(3);
  });

  it('counts days on the market from publication until sold, or until today', async () => {
    // A seller of its own: moved back in time, the listing would reorder the owner's list.
    const seller = await verifiedUser('dana');
    const v = await created({ pictures: [await picture(seller.id)] }, seller.headers);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000 - 60_000).toISOString();
    await db().updateTable('vehicles').set({ created_at: tenDaysAgo }).where('id', '=', v.id).execute();
    expect((await detail(v.id)).daysOnMarket).toBe(10);
    expect((await send('PATCH', v.id, { sold: true }, seller.headers)).status).toBe(200);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await db().updateTable('vehicles').set({ sold_at: threeDaysAgo }).where('id', '=', v.id).execute();
    const sold = await detail(v.id);
    expect(sold.daysOnMarket).toBe(7);
    expect(sold.soldAt).toBe(threeDaysAgo);
  });

  it('keeps the final price a seller gives when marking sold, shown to them alone, and forgets it back on sale', async () => {
    const v = await created({ price: 12000 });
    const res = await send('PATCH', v.id, { sold: true, soldPrice: 11500 });
    expect(res.status).toBe(200);
    expect((await readJson<Data<VehicleDetail>>(res)).data).toMatchObject({ sold: true, soldPrice: 11500 });
    expect(Number((await storedRow(v.id)).sold_price_minor)).toBe(1150000);
    expect((await detail(v.id)).soldPrice).toBeNull();
    expect((await detail(v.id, stranger)).soldPrice).toBeNull();
    expect((await detail(v.id, owner)).soldPrice).toBe(11500);
    // The owner's list of their listings says it too.
    const mine = await readJson<RouteJson<typeof myVehiclesRoute, 200>>(
      await t.request('/api/v1/me/vehicles?perPage=100', { headers: owner }),
    );
    expect(mine.data.find((x) => x.id === v.id)?.soldPrice).toBe(11500);
    // Another member may not give or change it: refused, and nothing changes.
    const other = await send('PATCH', v.id, { soldPrice: 1 }, stranger);
    expect(other.status).toBe(403);
    expect(Number((await storedRow(v.id)).sold_price_minor)).toBe(1150000);
    // Signed out, neither.
    expect((await t.request(`/api/v1/vehicles/${v.id}`, { method: 'PATCH', json: { soldPrice: 2 } })).status).toBe(401);
    expect(Number((await storedRow(v.id)).sold_price_minor)).toBe(1150000);
    // Corrected while still sold, then forgotten with the sale.
    expect((await readJson<Data<VehicleDetail>>(await send('PATCH', v.id, { soldPrice: 11400 }))).data.soldPrice).toBe(11400);
    expect((await readJson<Data<VehicleDetail>>(await send('PATCH', v.id, { sold: false }))).data.soldPrice).toBeNull();
    expect((await storedRow(v.id)).sold_price_minor).toBeNull();
  });

  it('refuses a final price for a listing on sale, or one its currency cannot hold, with 422, changing nothing', async () => {
    const v = await created({ price: 12000 });
    const before = await storedRow(v.id);
    const unsold = await send('PATCH', v.id, { soldPrice: 11000 });
    expect(unsold.status).toBe(422);
    expect(await detailsOf(unsold)).toEqual([{ path: 'soldPrice', message: expect.stringMatching(/sold/i) }]);
    const withdrawn = await send('PATCH', v.id, { sold: false, soldPrice: 11000, price: 9000 });
    expect(withdrawn.status).toBe(422);
    const fraction = await send('PATCH', v.id, { sold: true, soldPrice: 11000.123 });
    expect(fraction.status).toBe(422);
    expect((await detailsOf(fraction)).map((d) => d.path)).toEqual(['soldPrice']);
    const negative = await send('PATCH', v.id, { sold: true, soldPrice: -5 });
    expect(negative.status).toBe(422);
    const text = await send('PATCH', v.id, { sold: true, soldPrice: 'a lot' });
    expect(text.status).toBe(422);
    expect(await storedRow(v.id)).toEqual(before);
    expect(await prices(v.id)).toEqual([]);
  });
});

describe('price drops (issue 17)', () => {
  /** A header as the mail carries it (mailparser folds the List-* ones into an object of its own). */
  const headerOf = (mail: ParsedMail, name: string) =>
    mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '') ?? null;
  const inbox = async (headers: Record<string, string>) =>
    (await readJson<RouteJson<typeof notificationsRoute, 200>>(await t.request('/api/v1/notifications', { headers }))).data.filter(
      (n) => n.kind === 'price_drop',
    );
  const runMailJob = async () => {
    const job = await db().selectFrom('datacrons').select('id').where('handler', '=', 'send-notification-mail').executeTakeFirstOrThrow();
    return t.deps.jobs.runNow(job.id);
  };
  const mailsTo = async (to: string) => {
    const folder = path.join(t.database.dir, 'outbox');
    const files = existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(folder, f)))));
    // Price-drop mails only (their unsubscribe link names the kind), not the member's sign-up code.
    return mails.filter(
      (m) =>
        (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === to)) &&
        (headerOf(m, 'List-Unsubscribe') ?? '').includes('.price_drop.'),
    );
  };
  const settings = async (member: { id: number; headers: Record<string, string> }, changes: Record<string, unknown>) => {
    const current = (
      await readJson<Data<Record<string, unknown>>>(
        await t.request(`/api/v1/user/${member.id}/notification-settings`, { headers: member.headers }),
      )
    ).data;
    const res = await t.request(`/api/v1/user/${member.id}/notification-settings`, {
      method: 'PUT',
      json: { ...current, ...changes },
      headers: member.headers,
    });
    expect(res.status).toBe(200);
  };

  it('tells whoever liked or saved a listing, once per lowering, in their language: the inbox at once, the mail by the job', async () => {
    const v = await created({ price: 20000 });
    const liker = await verifiedUser('lena');
    const saver = await verifiedUser('sacha');
    const noMail = await verifiedUser('nomail');
    const silent = await verifiedUser('silent');
    const mark = (who: { headers: Record<string, string> }, kind: 'like' | 'favorite') =>
      t.request(`/api/v1/vehicles/${v.id}/${kind}`, { method: 'POST', headers: who.headers });
    for (const [who, kind] of [
      [liker, 'like'],
      [saver, 'favorite'],
      [saver, 'like'],
      [noMail, 'favorite'],
      [silent, 'like'],
    ] as const)
      expect((await mark(who, kind)).status).toBeLessThan(300);
    expect(
      (await t.request(`/api/v1/user/${saver.id}`, { method: 'PATCH', json: { language: 'fr_FR' }, headers: saver.headers })).status,
    ).toBe(200);
    await settings(noMail, { email: false });
    await settings(silent, { type: 'none' });

    // Raised, or changed in another way: nobody hears of it.
    expect((await send('PATCH', v.id, { price: 21000, mileage: 1000 })).status).toBe(200);
    expect(await inbox(liker.headers)).toEqual([]);

    expect((await send('PATCH', v.id, { price: 18500 })).status).toBe(200);
    const [english] = await inbox(liker.headers);
    expect(english?.message).toBe(`The price of “${v.title}” went down from €21,000.00 to €18,500.00.`);
    // Liked and saved: told once. In their own language.
    const french = await inbox(saver.headers);
    expect(french).toHaveLength(1);
    expect(french[0]!.message).toMatch(/^Le prix de « .+ » est passé de 21\u202f000,00\u00a0€ à 18\u202f500,00\u00a0€\.$/);
    expect(await inbox(noMail.headers)).toHaveLength(1);
    expect(await inbox(silent.headers)).toEqual([]);
    expect(await inbox(owner)).toEqual([]);
    // Nothing mailed in the seller's request: the job does it.
    expect(await mailsTo(liker.email)).toEqual([]);

    const run = await runMailJob();
    expect(run.status === 'finished' && run.run.summary).toBe('Mailed 2 of 2 waiting notifications.');
    const [mail] = await mailsTo(liker.email);
    expect(mail?.subject).toBe(`Price drop: “${v.title}”`);
    expect(mail?.text).toContain('went down from €21,000.00 to €18,500.00');
    expect(mail?.html).toContain(`/vehicles/${v.id}`);
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail!, 'List-Unsubscribe')).toMatch(/^<http:\/\/.+\/api\/v1\/unsubscribe\/\d+\.price_drop\.[\w-]+>$/);
    const [mailFr] = await mailsTo(saver.email);
    expect(headerOf(mailFr!, 'Content-Language')).toBe('fr-FR');
    expect(await mailsTo(noMail.email)).toEqual([]);
    expect(await mailsTo(silent.email)).toEqual([]);

    // Once: the next run mails nothing again.
    await runMailJob();
    expect(await mailsTo(liker.email)).toHaveLength(1);
    // The next lowering is news again.
    expect((await send('PATCH', v.id, { price: 18000 })).status).toBe(200);
    expect(await inbox(liker.headers)).toHaveLength(2);
    await runMailJob();
    expect(await mailsTo(liker.email)).toHaveLength(2);
  });

  it('a price drop mail’s unsubscribe link turns off the price drops’ email alone, and says so (issue 33)', async () => {
    const v = await created({ price: 16000 });
    // A member the file already has (its sign-ups share one address's limit).
    const watcher = { id: strangerId, headers: stranger, email: 'samuel@example.test' };
    expect((await t.request(`/api/v1/vehicles/${v.id}/like`, { method: 'POST', headers: watcher.headers })).status).toBeLessThan(300);
    const [notices, mails] = [(await inbox(watcher.headers)).length, (await mailsTo(watcher.email)).length];
    expect((await send('PATCH', v.id, { price: 15500 })).status).toBe(200);
    await runMailJob();
    const mail = (await mailsTo(watcher.email)).at(-1);
    expect(await mailsTo(watcher.email)).toHaveLength(mails + 1);
    const link = headerOf(mail!, 'List-Unsubscribe')!.slice(1, -1);
    // The link names its topic in its signed token.
    expect(new URL(link).pathname).toMatch(new RegExp(`/api/v1/unsubscribe/${watcher.id}\\.price_drop\\.[\\w-]+$`));

    // Followed as a mail client's one-click button posts it.
    const res = await t.app.request(new URL(link).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Done: price drop emails are switched off. Your other emails are unchanged.');
    expect(page).toMatch(/href="[^"]+\/settings\/notifications\/"/);
    const stored = await db()
      .selectFrom('notification_preferences')
      .select(['email', 'message_email', 'price_drop_email', 'saved_search_email', 'price_drop_inbox'])
      .where('user_id', '=', watcher.id)
      .executeTakeFirst();
    expect(stored).toEqual({ email: 1, message_email: 1, price_drop_email: 0, saved_search_email: 1, price_drop_inbox: 1 });

    // The next drop is in the inbox, and no longer mailed.
    expect((await send('PATCH', v.id, { price: 15000 })).status).toBe(200);
    expect(await inbox(watcher.headers)).toHaveLength(notices + 2);
    await runMailJob();
    expect(await mailsTo(watcher.email)).toHaveLength(mails + 1);
  });

  it('tells of a drop in the inbox and by mail only as the watcher’s price-drop topic says (issue 33)', async () => {
    const v = await created({ price: 15000 });
    // One member (the file's sign-ups share one address's limit), through each choice in turn.
    const watcher = await verifiedUser('pdwatch');
    expect((await t.request(`/api/v1/vehicles/${v.id}/like`, { method: 'POST', headers: watcher.headers })).status).toBeLessThan(300);
    const topic = (inbox: boolean, email: boolean) =>
      settings(watcher, {
        topics: { priceDrop: { inbox, email }, savedSearch: { inbox: true, email: true }, message: { email: true } },
      });
    const drop = async (price: number) => {
      expect((await send('PATCH', v.id, { price })).status).toBe(200);
      await runMailJob();
      return { told: (await inbox(watcher.headers)).length, mailed: (await mailsTo(watcher.email)).length };
    };
    // Off in the inbox: nothing at all, not even the mail its switch asks for.
    await topic(false, true);
    expect(await drop(14000)).toEqual({ told: 0, mailed: 0 });
    // In the inbox only.
    await topic(true, false);
    expect(await drop(13000)).toEqual({ told: 1, mailed: 0 });
    // Both.
    await topic(true, true);
    expect(await drop(12000)).toEqual({ told: 2, mailed: 1 });
    // The topic's mail turned off after the drop, before the job: nothing mailed.
    expect((await send('PATCH', v.id, { price: 11000 })).status).toBe(200);
    await topic(true, false);
    await runMailJob();
    expect((await inbox(watcher.headers)).length).toBe(3);
    expect(await mailsTo(watcher.email)).toHaveLength(1);
  });

  it('mails nobody who turned mail off after the drop, and a refused price change tells nobody', async () => {
    const v = await created({ price: 9000 });
    const fan = await verifiedUser('fan');
    expect((await t.request(`/api/v1/vehicles/${v.id}/like`, { method: 'POST', headers: fan.headers })).status).toBeLessThan(300);
    expect((await send('PATCH', v.id, { price: -1 })).status).toBe(422);
    expect((await send('PATCH', v.id, { price: 8000.123 })).status).toBe(422);
    expect(await inbox(fan.headers)).toEqual([]);
    expect((await send('PATCH', v.id, { price: 8000 })).status).toBe(200);
    expect(await inbox(fan.headers)).toHaveLength(1);
    await settings(fan, { email: false });
    await runMailJob();
    expect(await mailsTo(fan.email)).toEqual([]);
  });
});

describe('someone else’s listing (SPEC §6: canEdit, canDelete, delete_vehicle)', () => {
  it('answers 403 to a stranger on PUT, PATCH and DELETE, and changes nothing', async () => {
    const v = await created();
    const row = await storedRow(v.id);
    const options = await count('vehicle_options');
    for (const res of [
      await send('PUT', v.id, await coreVehicle({ title: 'Stolen', pictures: [await picture(strangerId)] }), stranger),
      await send('PATCH', v.id, { sold: true }, stranger),
      await t.request(`/api/v1/vehicles/${v.id}`, { method: 'DELETE', headers: stranger }),
    ]) {
      expect(res.status).toBe(403);
      expect((await readJson<ApiError>(res)).code).toBe('FORBIDDEN');
    }
    expect(await storedRow(v.id)).toEqual(row);
    expect(await count('vehicle_options')).toBe(options);
  });

  it('shows canEdit and canDelete to the owner only; an admin holding delete_vehicle may delete but not edit', async () => {
    const v = await created();
    const flags = async (headers: Record<string, string>) => {
      const { data } = await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${v.id}`, { headers }));
      return [data.canEdit, data.canDelete];
    };
    expect(await flags(owner)).toEqual([true, true]);
    expect(await flags(stranger)).toEqual([false, false]);
    expect(await flags({})).toEqual([false, false]);
    expect(await flags(admin)).toEqual([false, true]);
    expect((await send('PATCH', v.id, { sold: true }, admin)).status).toBe(403);
  });

  it('lets an admin holding delete_vehicle delete it, with its options and pictures', async () => {
    const v = await created();
    const res = await t.request(`/api/v1/vehicles/${v.id}`, { method: 'DELETE', headers: admin });
    expect(res.status).toBe(200);
    expect(await readJson<RouteJson<typeof deleteVehicleRoute, 200>>(res)).toEqual({ data: { ok: true } });
    expect((await t.request(`/api/v1/vehicles/${v.id}`)).status).toBe(404);
    expect(await db().selectFrom('vehicle_options').select('option_id').where('vehicle_id', '=', v.id).execute()).toEqual([]);
    expect(await db().selectFrom('pictures').select('id').where('vehicle_id', '=', v.id).execute()).toEqual([]);
  });

  it('removes the files of its uploaded pictures with the listing, and leaves shared catalogue files alone', async () => {
    const media = t.deps.config.mediaDir;
    const put = (key: string) => {
      mkdirSync(path.dirname(path.join(media, key)), { recursive: true });
      writeFileSync(path.join(media, key), 'x');
      return key;
    };
    const uploaded = await picture(ownerId);
    const keys = [put(`pictures/ab/ab${uploaded}/full.jpg`), put(`pictures/ab/ab${uploaded}/640.webp`)];
    await db()
      .updateTable('pictures')
      .set({ storage_key: keys[0]!, renditions: JSON.stringify([{ width: 640, height: 427, format: 'webp', key: keys[1] }]) })
      .where('id', '=', uploaded)
      .execute();
    const shared = await picture(ownerId);
    const sharedKey = put(`seed/shared-${shared}.jpg`);
    await db().updateTable('pictures').set({ storage_key: sharedKey }).where('id', '=', shared).execute();
    const v = await created({ pictures: [uploaded, shared] });

    expect((await t.request(`/api/v1/vehicles/${v.id}`, { method: 'DELETE', headers: owner })).status).toBe(200);
    expect(keys.filter((key) => existsSync(path.join(media, key)))).toEqual([]);
    expect(existsSync(path.join(media, `pictures/ab/ab${uploaded}`))).toBe(false);
    expect(existsSync(path.join(media, sharedKey))).toBe(true);
  });

  it('lets the owner delete their listing; a second delete answers 404', async () => {
    const v = await created();
    const res = await t.request(`/api/v1/vehicles/${v.id}`, { method: 'DELETE', headers: owner });
    expect(res.status).toBe(200);
    const again = await t.request(`/api/v1/vehicles/${v.id}`, { method: 'DELETE', headers: owner });
    expect(again.status).toBe(404);
    expect((await readJson<ApiError>(again)).code).toBe('VEHICLE_NOT_FOUND');
    expect((await t.request(`/api/v1/vehicles/${v.id}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('GET /api/v1/me/vehicles', () => {
  it('lists the caller’s own listings, sold ones included, newest first, paginated', async () => {
    const sold = await created();
    expect((await send('PATCH', sold.id, { sold: true })).status).toBe(200);
    await created();
    const mine = await db().selectFrom('vehicles').select('id').where('owner_id', '=', ownerId).orderBy('id', 'desc').execute();
    const res = await t.request('/api/v1/me/vehicles?perPage=100', { headers: owner });
    expect(res.status).toBe(200);
    const body = await readJson<RouteJson<typeof myVehiclesRoute, 200>>(res);
    expect(body.meta).toEqual({ total: mine.length, page: 1, perPage: 100, pages: 1 });
    expect(body.data.map((v: { id: number }) => v.id)).toEqual(mine.map((v) => v.id));
    expect(body.data.find((v: { id: number }) => v.id === sold.id)!.sold).toBe(true);
    const dates = body.data.map((v: { createdAt: string }) => v.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page2 = await readJson<RouteJson<typeof myVehiclesRoute, 200>>(
      await t.request('/api/v1/me/vehicles?perPage=2&page=2', { headers: owner }),
    );
    expect(page2.data.map((v: { id: number }) => v.id)).toEqual(mine.slice(2, 4).map((v) => v.id));
    expect(page2.meta).toEqual({ total: mine.length, page: 2, perPage: 2, pages: Math.ceil(mine.length / 2) });
  });

  it('shows a stranger only their own listings, and answers 401 when signed out', async () => {
    const body = await readJson<RouteJson<typeof myVehiclesRoute, 200>>(await t.request('/api/v1/me/vehicles', { headers: stranger }));
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
    expect((await t.request('/api/v1/me/vehicles')).status).toBe(401);
    expect((await t.request('/api/v1/me/vehicles?perPage=500', { headers: owner })).status).toBe(422);
  });
});

describe('the search after a write (SPEC §2: facet counts)', () => {
  it('counts a new, sold, back on sale, edited or deleted listing at once, in the total and the facets', async () => {
    const search = async () => {
      const { meta } = await readJson<ListResponse<VehicleSummary>>(await t.request('/api/v1/vehicles?brand=Renault&minYear=2000'));
      const count = (id: number) => meta.facets!.transmissionId.find((f: { id: number }) => f.id === id)?.count ?? 0;
      // Asked twice each time: the second answer may be one the search kept from the first.
      await t.request('/api/v1/vehicles?brand=Renault&minYear=2000');
      return { total: meta.total as number, manual: count(ref.manual), automatic: count(ref.automatic) };
    };
    const before = await search();
    const v = await created({ transmissionId: ref.manual });
    expect(await search()).toEqual({ ...before, total: before.total + 1, manual: before.manual + 1 });

    await send('PATCH', v.id, { sold: true });
    expect(await search()).toEqual(before);
    await send('PATCH', v.id, { sold: false });
    expect(await search()).toEqual({ ...before, total: before.total + 1, manual: before.manual + 1 });

    await send('PATCH', v.id, { transmissionId: ref.automatic });
    expect(await search()).toEqual({ ...before, total: before.total + 1, automatic: before.automatic + 1 });

    expect((await t.request(`/api/v1/vehicles/${v.id}`, { method: 'DELETE', headers: owner })).status).toBe(200);
    expect(await search()).toEqual(before);
  });
});

/**
 * The parts of /api/v1/openapi.json this test reads. The document's own type (`getOpenAPI31Document`) makes each of
 * them optional and a schema possibly a `$ref`, which these are not.
 */
interface DocumentParts {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { required: string[] }> };
}

describe('GET /api/v1/openapi.json', () => {
  it('documents the write routes, their payload and the delete answer', async () => {
    const doc = await readJson<DocumentParts>(await t.app.request('/api/v1/openapi.json'));
    expect(Object.keys(doc.paths['/api/v1/vehicles']!)).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/v1/vehicles/{id}']!)).toEqual(expect.arrayContaining(['get', 'put', 'patch', 'delete']));
    expect(doc.paths['/api/v1/me/vehicles']!.get).toBeDefined();
    expect(doc.paths['/api/v1/vehicles']!.post!.responses['402']).toBeDefined();
    expect(doc.paths['/api/v1/vehicles/{id}']!.delete!.responses['200']).toBeDefined();
    expect(doc.components.schemas.VehicleInput!.required).toEqual(
      expect.arrayContaining(['title', 'price', 'currencyId', 'cityId', 'options', 'pictures', 'description']),
    );
    expect(doc.components.schemas.VehicleInput!.required).not.toContain('battery_capacity');
  });
});
