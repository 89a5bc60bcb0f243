import type { VehicleStats } from '@autoroute/contract/billing';
import type { Database } from '@autoroute/db';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Data, readJson, type TestApp, type TestMember } from '../../../testing.ts';

// Issue 33 item 8: a listing's figures next to those of similar listings, over the same days.
let t: TestApp;
const db = () => t.database.db;
const today = new Date().toISOString().slice(0, 10);

const idOf = async (table: 'currencies' | 'countries' | 'fuel_types' | 'types' | 'transmissions', code: string) =>
  (await db().selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** Publishes a Renault Clio for sale through the API, as the form does. */
async function publish(m: TestMember): Promise<number> {
  const first = async (table: 'categories' | 'colors' | 'options') =>
    (await db().selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const body = {
    title: 'Renault Clio 1.0 90 hp',
    brand: 'Renault',
    model: 'Clio',
    year: 2021,
    price: 12500,
    currencyId: await idOf('currencies', 'EUR'),
    countryId: await idOf('countries', 'FR'),
    cityId: (await db().selectFrom('cities').select('id').where('name', '=', 'Paris').executeTakeFirstOrThrow()).id,
    categoryId: await first('categories'),
    colorId: await first('colors'),
    mileage: 42000,
    fuelTypeId: await idOf('fuel_types', 'petrol'),
    typeId: await idOf('types', 'sale'),
    transmissionId: await idOf('transmissions', 'manual'),
    number_of_doors: 5,
    number_of_seats: 5,
    description: 'One owner, full service history, never crashed.',
    options: [await first('options')],
    pictures: [await t.picture(m.id)],
  };
  const res = await t.request('/api/v1/vehicles?lng=en_US', { method: 'POST', json: body, headers: m.headers });
  expect(res.status).toBe(201);
  return (await readJson<Data<{ id: number }>>(res)).data.id;
}

/** A copy of a stored listing, as another seller's, with some columns changed; answers its id. */
async function copyOf(id: number, ownerId: number, change: Record<string, unknown> = {}): Promise<number> {
  // Its id and PostgreSQL’s generated search columns are the database's to write.
  const {
    id: _id,
    search: _search,
    search_named: _named,
    ...row
  } = (await db().selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const copy = { ...row, owner_id: ownerId, ...change } as Insertable<Database['vehicles']>;
  return (await db().insertInto('vehicles').values(copy).returning('id').executeTakeFirstOrThrow()).id;
}

/** `views` visitors today, and `contacts` messages from the last days. */
async function activity(vehicleId: number, sellerId: number, views: number, contacts = 0) {
  for (let i = 0; i < views; i++)
    await db()
      .insertInto('vehicle_views')
      .values({ vehicle_id: vehicleId, visitor_hash: `visitor-${i}`, day: today })
      .execute();
  for (let i = 0; i < contacts; i++)
    await db()
      .insertInto('contacts')
      .values({ seller_id: sellerId, vehicle_id: vehicleId, sender_id: null, notification_id: null })
      .execute();
}

const stats = async (m: TestMember, id: number) => {
  const res = await t.request(`/api/v1/me/vehicles/${id}/stats?days=30&lng=en_US`, { headers: m.headers });
  return { status: res.status, data: res.ok ? (await readJson<Data<VehicleStats>>(res)).data : null };
};

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.destroy());

describe('a listing’s statistics against similar listings', () => {
  it('gives the median views and contacts of the same model’s listings of its type, over the same days, to its owner only', async () => {
    const seller = await t.member('selma');
    const other = await t.member('otto');
    await t.subscribe(seller.id, 'Individual Plus (monthly)');
    const mine = await publish(seller);
    await activity(mine, seller.id, 50, 7);

    // Six other Clios for sale: views 0, 0, 1, 2, 4, 9 (median 1.5), contacts 0, 0, 1, 2, 3, 5 (median 1.5).
    const figures: [number, number][] = [
      [0, 3],
      [9, 0],
      [1, 5],
      [2, 0],
      [4, 2],
      [0, 1],
    ];
    for (const [views, contacts] of figures) await activity(await copyOf(mine, other.id), other.id, views, contacts);
    // Not similar, however busy: a Clio for rent, a Clio sold long ago, and a model of another segment.
    const clio = await db()
      .selectFrom('models as m')
      .innerJoin('makes as k', 'k.id', 'm.make_id')
      .select('m.segment')
      .where('k.name', '=', 'Renault')
      .where('m.name', '=', 'Clio')
      .executeTakeFirstOrThrow();
    expect(clio.segment).not.toBeNull();
    const elsewhere = await db()
      .selectFrom('models as m')
      .innerJoin('makes as k', 'k.id', 'm.make_id')
      .select(['k.name as brand', 'm.name as model'])
      .where('m.segment', '!=', clio.segment)
      .orderBy('m.id')
      .executeTakeFirstOrThrow();
    await activity(await copyOf(mine, other.id, { type_id: await idOf('types', 'rent_day') }), other.id, 100, 100);
    const longAgo = new Date(Date.now() - 200 * 86_400_000).toISOString();
    await activity(await copyOf(mine, other.id, { sold: 1, sold_at: longAgo }), other.id, 100, 100);
    await activity(await copyOf(mine, other.id, elsewhere), other.id, 100, 100);
    // Views of a similar listing before the period do not count.
    const old = await copyOf(mine, other.id);
    await db().insertInto('vehicle_views').values({ vehicle_id: old, visitor_hash: 'early', day: '2020-01-01' }).execute();

    const { status, data } = await stats(seller, mine);
    expect(status).toBe(200);
    expect(data?.totals).toMatchObject({ views: 50, contacts: 7 });
    // Seven similar listings: the six above and the one viewed before the period (0 views, 0 contacts).
    expect(data?.similar).toEqual({ scope: 'model', listings: 7, medians: { views: 1, likes: 0, favorites: 0, contacts: 1 } });

    // Only its owner sees them: another member is refused, a stranger must sign in.
    expect((await stats(other, mine)).status).toBe(403);
    expect((await t.request(`/api/v1/me/vehicles/${mine}/stats`)).status).toBe(401);
  });

  it('compares a rare model with its segment, and says so; a listing alone in its segment is compared with nothing', async () => {
    const seller = await t.member('sacha');
    await t.subscribe(seller.id, 'Individual Plus (monthly)');
    const clio = await publish(seller);
    // A model of the Clio's segment with no other listing: its segment's listings are the Clios above (and this seller's).
    const segment = (
      await db()
        .selectFrom('models as m')
        .innerJoin('makes as k', 'k.id', 'm.make_id')
        .select('m.segment')
        .where('k.name', '=', 'Renault')
        .where('m.name', '=', 'Clio')
        .executeTakeFirstOrThrow()
    ).segment;
    const sibling = await db()
      .selectFrom('models as m')
      .innerJoin('makes as k', 'k.id', 'm.make_id')
      .select(['k.name as brand', 'm.name as model'])
      .where('m.segment', '=', segment)
      .where('m.name', '!=', 'Clio')
      .orderBy('m.id')
      .executeTakeFirstOrThrow();
    const rare = await copyOf(clio, seller.id, sibling);
    const clios = await db()
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('brand', '=', 'Renault')
      .where('model', '=', 'Clio')
      .where('type_id', '=', await idOf('types', 'sale'))
      .where('sold', '=', 0)
      .executeTakeFirstOrThrow();
    const { data } = await stats(seller, rare);
    expect(data?.similar).toMatchObject({ scope: 'segment', listings: Number(clios.n) });
    // The Clios' views: 0, 0, 0, 0, 1, 2, 4, 9, 50 (the last is the first seller's).
    expect(data?.similar?.medians.views).toBe(1);

    const unique = await copyOf(clio, seller.id, { type_id: await idOf('types', 'rent_month') });
    expect((await stats(seller, unique)).data?.similar).toBeNull();
  });
});
