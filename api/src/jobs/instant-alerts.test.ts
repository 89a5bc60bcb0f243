import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import type { listRoute as inboxRoute } from '../http/routes/notifications/notifications.routes.ts';
import type { createVehicleRoute } from '../http/routes/vehicles/vehicles.routes.ts';
import { type ApiError, createTestApp, outboxMails, type RouteJson, readJson, type TestApp, type TestMember } from '../testing.ts';
import { mayMatch } from './instant-alerts.ts';

type Published = RouteJson<typeof createVehicleRoute, 201>;

// Issue 32 item 4: instant alerts reach the inbox in seconds and the mail soon after, once, on any process.
let t: TestApp;
const db = () => t.database.db;
const ref = {} as Record<
  'eur' | 'france' | 'paris' | 'suv' | 'sedan' | 'color' | 'diesel' | 'petrol' | 'sale' | 'manual' | 'option',
  number
>;
const idOf = async (table: 'categories' | 'fuel_types' | 'types' | 'transmissions', code: string) =>
  (await db().selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** Polls `read` until `done` holds or the deadline passes (no timing is asserted beyond the deadline). */
async function within<T>(ms: number, read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function publish(seller: TestMember, overrides: Record<string, unknown> = {}) {
  const res = await t.request('/api/v1/vehicles', {
    method: 'POST',
    headers: seller.headers,
    json: {
      title: 'Peugeot 3008 1.5 BlueHDi',
      brand: 'Peugeot',
      model: '3008',
      year: 2020,
      price: 21000,
      currencyId: ref.eur,
      countryId: ref.france,
      cityId: ref.paris,
      categoryId: ref.suv,
      colorId: ref.color,
      mileage: 60000,
      fuelTypeId: ref.diesel,
      typeId: ref.sale,
      transmissionId: ref.manual,
      number_of_doors: 5,
      number_of_seats: 5,
      description: 'Family SUV, full service history.',
      options: [ref.option],
      pictures: [await t.picture(seller.id)],
      ...overrides,
    },
  });
  const body = await readJson<Published & Partial<ApiError>>(res);
  expect(res.status, JSON.stringify(body.details)).toBe(201);
  return body.data as { id: number; title: string };
}

const saveSearch = async (member: TestMember, name: string, query: Record<string, unknown>) => {
  const res = await t.request('/api/v1/me/saved-searches', {
    method: 'POST',
    headers: member.headers,
    json: { name, query, frequency: 'instant' },
  });
  expect(res.status).toBe(201);
};
const inbox = async (member: TestMember, kind: string) =>
  (
    (await readJson<RouteJson<typeof inboxRoute, 200>>(await t.request('/api/v1/notifications', { headers: member.headers }))).data as {
      kind: string;
      message: string;
    }[]
  ).filter((n) => n.kind === kind);
const mails = (member: TestMember, subject: RegExp) => outboxMails(t.database.dir, member.email).filter((m) => subject.test(m.subject));
const runJob = async (handler: string) => {
  const job = await db().selectFrom('datacrons').select('id').where('handler', '=', handler).executeTakeFirstOrThrow();
  const result = await t.deps.jobs.runNow(job.id);
  if (result.status !== 'finished') throw new Error(`${handler}: ${result.status}`);
  return result.run.summary;
};

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(ref, {
    eur: (await db().selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow()).id,
    france: (await db().selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow()).id,
    paris: (await db().selectFrom('cities').select('id').where('name', '=', 'Paris').executeTakeFirstOrThrow()).id,
    suv: await idOf('categories', 'suv'),
    sedan: await idOf('categories', 'sedan'),
    color: (await db().selectFrom('colors').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    diesel: await idOf('fuel_types', 'diesel'),
    petrol: await idOf('fuel_types', 'petrol'),
    sale: await idOf('types', 'sale'),
    manual: await idOf('transmissions', 'manual'),
    option: (await db().selectFrom('options').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  });
  // The worker as a server runs it (ALERTS_POLL_MS by default), without the per-minute schedule.
  t.deps.jobs.alerts.start();
});
afterAll(() => t.destroy());

describe('instant alerts (issue 32)', () => {
  it('tells an instant search of a published listing in its inbox within 10 s and by mail within 30 s; a listing it does not match tells nothing', async () => {
    const buyer = await t.member('ines');
    const seller = await t.member('sami');
    await saveSearch(buyer, 'Diesel Peugeot SUVs', { brand: 'Peugeot', fuelTypeId: ref.diesel, categoryId: ref.suv });
    // Not matching: petrol. Published first, so the matching one's alert proves this one had its pass.
    await publish(seller, { title: 'Peugeot 208 1.2 PureTech', model: '208', fuelTypeId: ref.petrol, categoryId: ref.sedan });
    const listing = await publish(seller);

    const alerts = await within(
      10_000,
      () => inbox(buyer, 'saved_search'),
      (a) => a.length > 0,
    );
    expect(alerts.map((a) => a.message)).toEqual([`1 new listing matches your saved search “Diesel Peugeot SUVs”: “${listing.title}”.`]);
    const sent = await within(
      30_000,
      () => mails(buyer, /Diesel Peugeot SUVs/),
      (m) => m.length > 0,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(listing.title);
    // Queued work is done and gone.
    await within(
      10_000,
      () => db().selectFrom('listing_events').select('id').execute(),
      (rows) => rows.length === 0,
    );

    // The per-minute job finds the same listings and tells nothing again.
    expect(await runJob('saved-search-alerts')).toMatch(/; 0 alerts\.$/);
    expect(await runJob('send-notification-mail')).toMatch(/^Mailed 0 of 0 /);
    expect(await inbox(buyer, 'saved_search')).toHaveLength(1);
    expect(mails(buyer, /Diesel Peugeot SUVs/)).toHaveLength(1);
  });

  it('tells whoever liked a listing of its price drop: the inbox at once, the mail within 30 s', async () => {
    const watcher = await t.member('wanda');
    const seller = await t.member('sol');
    const listing = await publish(seller, { price: 20000 });
    expect((await t.request(`/api/v1/vehicles/${listing.id}/like`, { method: 'POST', headers: watcher.headers })).status).toBeLessThan(300);
    const res = await t.request(`/api/v1/vehicles/${listing.id}`, { method: 'PATCH', headers: seller.headers, json: { price: 18500 } });
    expect(res.status).toBe(200);
    const drops = await within(
      10_000,
      () => inbox(watcher, 'price_drop'),
      (a) => a.length > 0,
    );
    expect(drops).toHaveLength(1);
    const sent = await within(
      30_000,
      () => mails(watcher, /^Price drop/),
      (m) => m.length > 0,
    );
    expect(sent.map((m) => m.subject)).toEqual([`Price drop: “${listing.title}”`]);
  });

  it('a repriced listing that now fits a search’s budget tells it', async () => {
    const buyer = await t.member('bea');
    const seller = await t.member('stan');
    await saveSearch(buyer, 'Cheap 3008', { brand: 'Peugeot', model: '3008', currencyId: ref.eur, maxPrice: 15000 });
    const listing = await publish(seller, { price: 16000 });
    // Its publication has had its pass (the queue is empty) and told nothing.
    await within(
      10_000,
      () => db().selectFrom('listing_events').select('id').execute(),
      (rows) => rows.length === 0,
    );
    expect(await inbox(buyer, 'saved_search')).toEqual([]);
    await t.request(`/api/v1/vehicles/${listing.id}`, { method: 'PATCH', headers: seller.headers, json: { price: 14900 } });
    const alerts = await within(
      10_000,
      () => inbox(buyer, 'saved_search'),
      (a) => a.length > 0,
    );
    expect(alerts).toHaveLength(1);
  });

  it('two workers on one database send one alert and one mail', async () => {
    // A second process's deps over the same database: its own worker, its own claims.
    const second = createDeps(t.deps.config, t.database, pino({ level: 'silent' }));
    second.jobs.alerts.start();
    try {
      const buyer = await t.member('dora');
      const seller = await t.member('seb');
      await saveSearch(buyer, 'Any 5008', { brand: 'Peugeot', model: '5008' });
      await publish(seller, { title: 'Peugeot 5008 2.0 BlueHDi', model: '5008' });
      // Both woken at once, and passes forced on both while the queue is read.
      second.jobs.listingChanged();
      await Promise.all([t.deps.jobs.alerts.pass(), second.jobs.alerts.pass(), t.deps.jobs.alerts.pass(), second.jobs.alerts.pass()]);
      await within(
        30_000,
        () => mails(buyer, /Any 5008/),
        (m) => m.length > 0,
      );
      await Promise.all([t.deps.jobs.alerts.pass(), second.jobs.alerts.pass()]);
      expect(await inbox(buyer, 'saved_search')).toHaveLength(1);
      expect(mails(buyer, /Any 5008/)).toHaveLength(1);
    } finally {
      await second.jobs.stop();
      await second.limiters.close();
    }
  });

  it('claims each queued event once when two workers take the queue at the same time', async () => {
    const buyer = await t.member('cleo');
    const seller = await t.member('simon');
    await saveSearch(buyer, 'Any Peugeot 308', { brand: 'Peugeot', model: '308' });
    // Queued without a wake-up, then taken by two passes at once (and the polling worker).
    await t.deps.jobs.alerts.stop();
    const second = createDeps(t.deps.config, t.database, pino({ level: 'silent' }));
    try {
      await publish(seller, { title: 'Peugeot 308 1.2 PureTech', model: '308', fuelTypeId: ref.petrol, categoryId: ref.sedan });
      const passes = await Promise.all([t.deps.jobs.alerts.pass(), second.jobs.alerts.pass()]);
      expect(passes.map((p) => p.events).sort()).toEqual([0, 1]);
      expect(passes.reduce((n, p) => n + p.alerts, 0)).toBe(1);
      expect(await inbox(buyer, 'saved_search')).toHaveLength(1);
    } finally {
      await second.limiters.close();
      t.deps.jobs.alerts.start();
    }
  });
});

describe('mayMatch', () => {
  const listing = {
    id: 1,
    owner_id: 1,
    sold: 0 as const,
    brand: 'Peugeot',
    model: '3008',
    year: 2020,
    price_minor: 2_100_000,
    currency_id: 1,
    minor_units: 2,
    country_id: 1,
    city_id: 1,
    category_id: 1,
    color_id: 1,
    mileage: 60000,
    fuel_type_id: 1,
    type_id: 1,
    transmission_id: 1,
    number_of_doors: 5,
  };
  const q = (extra: Record<string, unknown>) => ({ includeSold: false, sort: 'newest' as const, page: 1, perPage: 24, ...extra });
  it('keeps what the exact query may find and drops what it cannot', () => {
    expect(mayMatch(q({ brand: 'peugeot', maxPrice: 21000, currencyId: 1, q: 'anything' }), listing)).toBe(true);
    expect(mayMatch(q({ brand: 'Renault' }), listing)).toBe(false);
    expect(mayMatch(q({ currencyId: 1, maxPrice: 20999 }), listing)).toBe(false);
    expect(mayMatch(q({ minYear: 2021 }), listing)).toBe(false);
    expect(mayMatch(q({ fuelTypeId: 2 }), listing)).toBe(false);
    expect(mayMatch(q({ doors: 3 }), listing)).toBe(false);
  });
});
