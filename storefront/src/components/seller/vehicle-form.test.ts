import { type ApiError, createTestApp, type Data, readJson, type TestApp, type TestMember } from '@autoroute/api/testing';
import { lastYear } from '@autoroute/contract/vehicle-fields';
import type { Locale } from '@autoroute/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n.ts';
import type { UserConfig } from '../../lib/types.ts';
import { emptyValues, type FormConfig, type FormValues, priceCheckInput, toInput, validate, vehicleMessages } from './vehicle-form.ts';

/*
 * The form answers before the round trip: these tests send the same form to the real API and
 * expect the very same fields and messages, in English and in Arabic.
 */

let t: TestApp;
let seller: TestMember;
let config: FormConfig;
const picture = () => t.picture(seller.id);

const idOf = (list: { id: number; code?: string | null; name: string }[], key: string) => {
  const found = list.find((x) => x.code === key || x.name === key);
  if (!found) throw new Error(`no ${key}`);
  return String(found.id);
};
const cityOf = (name: string) => String(config.cities.find((c) => c.name === name)!.id);

/** A petrol Renault Clio for sale in Paris, as a seller would type it. */
async function petrolCar(fields: Record<string, string> = {}): Promise<FormValues> {
  const values = emptyValues();
  Object.assign(values.fields, {
    title: 'Renault Clio 1.0 TCe 90',
    typeId: idOf(config.types, 'sale'),
    price: '12500.5',
    currencyId: idOf(config.currencies, 'EUR'),
    brand: 'Renault',
    model: 'Clio',
    categoryId: String(config.categories[0]!.id),
    year: '2021',
    mileage: '42000',
    fuelTypeId: idOf(config.fuelTypes, 'petrol'),
    transmissionId: String(config.transmissions[0]!.id),
    colorId: String(config.colors[0]!.id),
    number_of_doors: '5',
    number_of_seats: '5',
    countryId: idOf(config.countries, 'FR'),
    cityId: cityOf('Paris'),
    description: 'One owner, full service history.',
    ...fields,
  });
  values.options = [config.options[0]!.id];
  values.pictures = [{ key: 'a', id: await picture(), url: '/media/a.jpg', status: 'done' }];
  return values;
}

/** The fields the API names, with their messages, for the form as the island would send it. */
async function apiSays(values: FormValues, locale: Locale): Promise<Record<string, string>> {
  const res = await t.request(`/api/v1/vehicles?lng=${locale}`, { method: 'POST', json: toInput(values), headers: seller.headers });
  if (res.status === 201) return {};
  expect(res.status).toBe(422);
  const { details } = (await readJson<ApiError>(res)) as { details: { path: string; message: string }[] };
  return Object.fromEntries(details.map((d) => [d.path, d.message]));
}

const formSays = (values: FormValues, locale: Locale) => validate(values, config, vehicleMessages(translator(locale)));

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.member('seller');
  // The form is published several times over: a plan without a listing limit (the free plan allows 3).
  await t.subscribe(seller.id, 'Professional Unlimited (monthly)');
  config = (await readJson<Data<UserConfig>>(await t.request('/api/v1/user/config'))).data;
});

afterAll(async () => {
  await t?.destroy();
});

describe.each(['en_US', 'ar_SA'] as const)('the vehicle form in %s', (locale) => {
  it('names every missing field with the message the API gives ("Title is required.")', async () => {
    const empty = emptyValues();
    const form = formSays(empty, locale);
    expect(form).toEqual(await apiSays(empty, locale));
    if (locale === 'en_US') expect(form.title).toBe('Title is required.');
    expect(Object.keys(form)).toEqual(expect.arrayContaining(['options', 'pictures', 'cityId', 'number_of_seats', 'description']));
  });

  it('accepts a complete listing as the API does', async () => {
    const car = await petrolCar();
    expect(formSays(car, locale)).toEqual({});
    expect(await apiSays(car, locale)).toEqual({});
  });

  it('checks ranges, whole numbers, the year, the price and the VIN as the API does', async () => {
    const car = await petrolCar({
      title: 'x'.repeat(121),
      year: String(lastYear() + 1),
      price: '0',
      mileage: '-1',
      number_of_doors: '9',
      number_of_seats: '0',
      engine_size: '25',
      vin: 'VF1RJA00567I23456',
      number_of_owners: '1.5',
      battery_health: '101',
      length: '31',
    });
    const form = formSays(car, locale);
    expect(Object.keys(form).sort()).toEqual(
      [
        'title',
        'year',
        'price',
        'mileage',
        'number_of_doors',
        'number_of_seats',
        'engine_size',
        'vin',
        'number_of_owners',
        'battery_health',
        'length',
      ].sort(),
    );
    expect(form).toEqual(await apiSays(car, locale));
  });

  it('asks an electric car for its battery facts, and checks the currency, the city and the model as the API does', async () => {
    const car = await petrolCar({
      fuelTypeId: idOf(config.fuelTypes, 'electric'),
      currencyId: idOf(config.currencies, 'JPY'),
      cityId: cityOf('Berlin'),
      model: 'Not a Clio',
    });
    const form = formSays(car, locale);
    expect(Object.keys(form).sort()).toEqual(
      [
        'price',
        'cityId',
        'model',
        'battery_capacity',
        'battery_type',
        'battery_health',
        'charging_time',
        'fast_charging',
        'battery_range',
        'battery_consumption',
      ].sort(),
    );
    expect(form).toEqual(await apiSays(car, locale));
  });

  it('takes a brand the catalogue does not know as written', async () => {
    const car = await petrolCar({ brand: 'Zastava', model: 'Yugo 45' });
    expect(formSays(car, locale)).toEqual({});
    expect(await apiSays(car, locale)).toEqual({});
  });
});

describe('the form’s input', () => {
  it('sends empty optional fields as null and leaves missing required ones out', async () => {
    const car = await petrolCar({ vin: '', fast_charging: 'false', number_of_owners: '2' });
    const input = toInput(car);
    expect(input).toMatchObject({ vin: null, fast_charging: false, number_of_owners: 2, price: 12500.5, options: car.options });
    expect('title' in toInput(emptyValues())).toBe(false);
  });

  it('reports a number the browser could not read', () => {
    const form = validate(emptyValues(), config, vehicleMessages(translator('en_US')), new Set(['mileage']));
    expect(form.mileage).toBe('Must be a number.');
  });
});

describe('the price check’s question', () => {
  const ask = (body: unknown) => t.request('/api/v1/price-check?lng=en_US', { method: 'POST', json: body, headers: seller.headers });

  it('waits for the brand, model, year, mileage and currency', async () => {
    for (const missing of ['brand', 'model', 'year', 'mileage', 'currencyId'])
      expect(priceCheckInput((await petrolCar({ [missing]: '' })).fields), missing).toBeNull();
    expect(priceCheckInput((await petrolCar({ year: '20' })).fields)).toBeNull();
  });

  it('asks what the API answers, the type, fuel, body and price given when filled in', async () => {
    const car = await petrolCar();
    const body = priceCheckInput(car.fields);
    expect(body).toMatchObject({
      brand: 'Renault',
      model: 'Clio',
      year: 2021,
      mileage: 42000,
      price: 12500.5,
      typeId: Number(car.fields.typeId),
    });
    const res = await ask(body);
    expect(res.status).toBe(200);
    // Only the few listings published above: too few to rate, as the form then says.
    expect((await readJson<Data<unknown>>(res)).data).toMatchObject({ estimate: null, rating: 'unknown' });
    // No price yet: the market's range alone; a rental is asked as a rental.
    const rent = priceCheckInput((await petrolCar({ price: '', typeId: idOf(config.types, 'rent_day') })).fields);
    expect(rent).not.toHaveProperty('price');
    expect(rent).toMatchObject({ typeId: Number(idOf(config.types, 'rent_day')) });
    expect((await ask(rent)).status).toBe(200);
    // Editing a listing: its id goes along, so that it is not compared with itself.
    const editing = priceCheckInput(car.fields, 7);
    expect(editing).toMatchObject({ vehicleId: 7 });
    expect(body).not.toHaveProperty('vehicleId');
    expect((await ask(editing)).status).toBe(200);
  });
});
