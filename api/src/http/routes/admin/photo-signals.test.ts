import type { Vehicle } from '@autoroute/contract/vehicles';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Data, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import { testPhoto } from '../../../testing-photos.ts';
import { sign } from '../../middleware/signature.ts';
import type { upload as uploadRoute } from '../pictures/pictures.routes.ts';
import type { vehicleSignalsRoute } from './signals.routes.ts';

// Near-duplicate photos (docs/decisions/053): pictures uploaded through the storefront's route, hashed, compared across listings.
let t: TestApp;
let dave: TestMember;
let erin: TestMember;
let moderator: TestMember;
const db = () => t.database.db;
const ref = {} as Record<'eur' | 'france' | 'paris' | 'category' | 'color' | 'petrol' | 'sale' | 'manual' | 'option', number>;
type Signals = RouteJson<typeof vehicleSignalsRoute, 200>['data'];
type Uploaded = RouteJson<typeof uploadRoute, 201>;

const idOf = async (table: 'categories' | 'colors' | 'fuel_types' | 'types' | 'transmissions', code: string) =>
  (await db().selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** Uploads a JPEG as the storefront does (multipart, signed timestamp), and answers the picture's id. */
async function upload(member: TestMember, bytes: Uint8Array): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  const headers = new Headers({
    ...member.headers,
    'content-type': request.headers.get('content-type')!,
    'content-length': String(body.byteLength),
  });
  const timestamp = String(Date.now());
  headers.set('x-timestamp', timestamp);
  headers.set('x-signature', sign(t.deps.config.signingKey, timestamp));
  const res = await t.app.request('/api/v1/pictures', { method: 'POST', headers, body });
  if (res.status !== 201) throw new Error(`could not upload: ${res.status} ${await res.text()}`);
  return (await readJson<Uploaded>(res)).data.id;
}

/** Publishes a listing with these pictures as the member through the API, and answers its id. */
async function publish(member: TestMember, pictures: number[]): Promise<number> {
  const json = {
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
    pictures,
  };
  const res = await t.request('/api/v1/vehicles', { method: 'POST', json, headers: member.headers });
  if (res.status !== 201) throw new Error(`could not publish: ${res.status} ${await res.text()}`);
  return (await readJson<Data<Vehicle>>(res)).data.id;
}

const signalsOf = async (id: number): Promise<Signals> => {
  const res = await t.request(`/api/v1/admin/vehicles/${id}/signals`, { headers: moderator.headers });
  expect(res.status).toBe(200);
  return (await readJson<Data<Signals>>(res)).data;
};
const photoSignals = async (id: number) => (await signalsOf(id)).filter((s) => s.kind.startsWith('photo_'));
const remove = (ids: number[]) => db().deleteFrom('vehicles').where('id', 'in', ids).execute();

let original: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  [dave, erin, moderator] = (await Promise.all(['dave', 'erin', 'mod'].map((name) => t.member(name)))) as [
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
  original = await testPhoto(11);
});
afterAll(() => t.destroy());

describe('near-duplicate photos', () => {
  it('stores a perceptual hash and its four bands with each upload', async () => {
    const id = await upload(dave, original);
    const row = await db().selectFrom('pictures').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.phash).toMatch(/^[0-9a-f]{16}$/);
    expect([row.phash_b0, row.phash_b1, row.phash_b2, row.phash_b3]).toEqual(
      [0, 1, 2, 3].map((i) => Number.parseInt(row.phash!.slice(i * 4, i * 4 + 4), 16)),
    );
    await db().deleteFrom('pictures').where('id', '=', id).execute();
  });

  it('raises a high signal on the second seller’s listing, naming the first, and nothing for a different photo', async () => {
    const first = await publish(dave, [await upload(dave, original)]);
    expect(await photoSignals(first)).toEqual([]);

    // The same photo, smaller, cropped a little and recompressed at quality 60, among another one.
    const copy = await sharp(original)
      .extract({ left: 24, top: 18, width: 1552, height: 1164 })
      .resize({ width: 900 })
      .jpeg({ quality: 60 })
      .toBuffer();
    const second = await publish(erin, [await upload(erin, await testPhoto(12)), await upload(erin, copy)]);
    const signals = await photoSignals(second);
    expect(signals).toEqual([
      expect.objectContaining({
        kind: 'photo_duplicate_other_seller',
        severity: 'high',
        details: expect.objectContaining({ listings: [first], sellers: [dave.id], threshold: 6 }),
      }),
    ]);
    const distance = signals[0]?.details.distance as number;
    expect(distance).toBeLessThanOrEqual(6);
    expect(signals[0]?.explanation).toContain(`listing ${first}`);

    const other = await publish(erin, [await upload(erin, await testPhoto(13))]);
    expect(await photoSignals(other)).toEqual([]);

    // Removing the copied picture from the listing refreshes its signals in the same transaction.
    const copyId = (
      await db().selectFrom('pictures').select('id').where('vehicle_id', '=', second).orderBy('position', 'desc').executeTakeFirstOrThrow()
    ).id;
    const res = await t.request(`/api/v1/pictures/${copyId}`, { method: 'DELETE', headers: erin.headers });
    expect(res.status).toBe(200);
    expect(await photoSignals(second)).toEqual([]);

    // Sold, the first listing no longer counts.
    const again = await publish(erin, [await upload(erin, copy)]);
    expect((await photoSignals(again)).map((s) => s.kind)).toEqual(['photo_duplicate_other_seller']);
    await db().updateTable('vehicles').set({ sold: 1 }).where('id', '=', first).execute();
    const patched = await t.request(`/api/v1/vehicles/${again}`, { method: 'PATCH', json: { price: 12000 }, headers: erin.headers });
    expect(patched.status).toBe(200);
    expect(await photoSignals(again)).toEqual([]);
    await remove([first, second, other, again]);
  });

  it('raises a low signal for the same seller’s own copy', async () => {
    const first = await publish(dave, [await upload(dave, original)]);
    const resized = await sharp(original).resize({ width: 640 }).jpeg({ quality: 75 }).toBuffer();
    const second = await publish(dave, [await upload(dave, resized)]);
    expect(await photoSignals(second)).toEqual([
      expect.objectContaining({
        kind: 'photo_duplicate_same_seller',
        severity: 'low',
        details: expect.objectContaining({ listings: [first] }),
      }),
    ]);
    await remove([first, second]);
  });
});
