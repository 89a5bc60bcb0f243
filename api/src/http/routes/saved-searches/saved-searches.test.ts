import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { testDialect } from '@autoroute/db/testing';
import { CompiledQuery } from 'kysely';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingsChangedSince } from '../../../domain/saved-searches/saved-searches.data.ts';
import { type ApiError, createTestApp, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { listRoute as inboxRoute } from '../notifications/notifications.routes.ts';
import type { createVehicleRoute } from '../vehicles/vehicles.routes.ts';
import type { createSavedSearchRoute, listSavedSearchesRoute, updateSavedSearchRoute } from './saved-searches.routes.ts';

type Listed = RouteJson<typeof listSavedSearchesRoute, 200>;
type Created = RouteJson<typeof createSavedSearchRoute, 201>;
type Changed = RouteJson<typeof updateSavedSearchRoute, 200>;
type Published = RouteJson<typeof createVehicleRoute, 201>;

// Issue 17 item 1: saved searches, their limits, and their alerts through the real jobs.
let t: TestApp;
let buyer: TestMember;
let other: TestMember;
let seller: TestMember;
let option: number;
const db = () => t.database.db;

const idOf = async (table: 'categories' | 'fuel_types' | 'types' | 'transmissions' | 'colors', code: string) =>
  (await db().selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const ref = {} as Record<'eur' | 'france' | 'paris' | 'suv' | 'sedan' | 'color' | 'diesel' | 'petrol' | 'sale' | 'manual', number>;

const saved = (member: TestMember, init: { method?: string; json?: unknown } = {}, id?: number) =>
  t.request(`/api/v1/me/saved-searches${id === undefined ? '' : `/${id}`}`, { ...init, headers: member.headers });
const count = async (member: TestMember) =>
  Number(
    (
      await db()
        .selectFrom('saved_searches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', member.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const detailsOf = async (res: Response) => (await readJson<ApiError>(res)).details as { path: string; message: string }[];

/** A listing the seller publishes through the API. */
async function publish(overrides: Record<string, unknown>) {
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
      options: [option],
      pictures: [await t.picture(seller.id)],
      ...overrides,
    },
  });
  // The listing, or a refusal whose details the failure message shows.
  const body = await readJson<Published & Partial<ApiError>>(res);
  expect(res.status, JSON.stringify(body.details)).toBe(201);
  return body.data as { id: number; title: string };
}

const runJob = async (handler: string) => {
  const job = await db().selectFrom('datacrons').select('id').where('handler', '=', handler).executeTakeFirstOrThrow();
  const result = await t.deps.jobs.runNow(job.id);
  if (result.status !== 'finished') throw new Error(`${handler}: ${result.status}`);
  return result.run.summary;
};
const alerts = async (member: TestMember) =>
  (
    (await readJson<RouteJson<typeof inboxRoute, 200>>(await t.request('/api/v1/notifications', { headers: member.headers }))).data as {
      kind: string;
      message: string;
    }[]
  ).filter((n) => n.kind === 'saved_search');
const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '') ?? null;
async function alertMails(to: string) {
  const folder = path.join(t.database.dir, 'outbox');
  const mails = await Promise.all(
    readdirSync(folder)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => simpleParser(readFileSync(path.join(folder, f)))),
  );
  return mails.filter(
    (m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === to && /\.search_\d+\./.test(headerOf(m, 'List-Unsubscribe') ?? ''),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.member('bella');
  other = await t.member('otto');
  seller = await t.member('selma');
  option = (await db().selectFrom('options').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
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
  });
});
afterAll(() => t.destroy());

describe('/api/v1/me/saved-searches', () => {
  it('saves a search with the query of GET /vehicles, lists, renames, pauses and deletes it', async () => {
    const res = await saved(buyer, {
      method: 'POST',
      json: {
        name: 'Diesel SUVs',
        query: { categoryId: String(ref.suv), fuelTypeId: ref.diesel, maxPrice: '30000', currencyId: ref.eur, sort: 'price_asc' },
        frequency: 'instant',
      },
    });
    expect(res.status).toBe(201);
    const { data } = await readJson<Created>(res);
    expect(data).toMatchObject({
      name: 'Diesel SUVs',
      frequency: 'instant',
      newSinceViewed: 0,
      query: { categoryId: ref.suv, fuelTypeId: ref.diesel, maxPrice: 30000, currencyId: ref.eur, sort: 'price_asc' },
    });
    // The same query the search takes: it answers as GET /vehicles does.
    const search = await t.request(
      `/api/v1/vehicles?${new URLSearchParams(Object.entries(data.query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    );
    expect(search.status).toBe(200);

    expect((await readJson<Listed>(await saved(buyer))).data.map((s: { id: number }) => s.id)).toEqual([data.id]);
    // A flag as JSON writes it is the flag the URL writes: the stored query reads back the same.
    const withSold = await saved(buyer, { method: 'POST', json: { name: 'Sold too', query: { brand: 'Peugeot', includeSold: true } } });
    expect(withSold.status).toBe(201);
    const sold = (await readJson<Created>(withSold)).data;
    expect(sold.query).toEqual({ brand: 'Peugeot', includeSold: true, sort: 'newest' });
    expect((await saved(buyer, { method: 'DELETE' }, sold.id)).status).toBe(204);
    const renamed = await saved(buyer, { method: 'PATCH', json: { name: 'SUVs under 30k', frequency: 'off' } }, data.id);
    expect(renamed.status).toBe(200);
    expect((await readJson<Changed>(renamed)).data).toMatchObject({ name: 'SUVs under 30k', frequency: 'off' });
    expect((await saved(buyer, { method: 'DELETE' }, data.id)).status).toBe(204);
    expect((await readJson<Listed>(await saved(buyer))).data).toEqual([]);
  });

  it('refuses a bad query, name or frequency with 422 naming each field, and saves nothing', async () => {
    const before = await count(buyer);
    const cases: [unknown, string[]][] = [
      [{ name: 'x', query: { minYear: 2020, maxYear: 2010 } }, ['query.minYear']],
      [{ name: 'x', query: { maxPrice: 1000 } }, ['query.maxPrice']],
      [{ name: 'x', query: { minYear: 'soon' } }, ['query.minYear']],
      [{ name: 'x', query: { sort: 'cheapest' } }, ['query.sort']],
      [{ name: '', query: {} }, ['name']],
      [{ name: 'x'.repeat(81), query: {} }, ['name']],
      [{ name: 'x', query: {}, frequency: 'hourly' }, ['frequency']],
      [{ name: 'x', query: {}, colour: 'red' }, ['(root)']],
      [{ query: {} }, ['name']],
    ];
    for (const [body, paths] of cases) {
      const res = await saved(buyer, { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await detailsOf(res)).map((d) => d.path)).toEqual(paths);
    }
    // A currency the catalogue does not have: known only to the data, answered the same way.
    const unknown = await saved(buyer, { method: 'POST', json: { name: 'x', query: { currencyId: 999999, maxPrice: 10 } } });
    expect(unknown.status).toBe(422);
    expect((await detailsOf(unknown)).map((d) => d.path)).toEqual(['query.currencyId']);
    // In the request's language.
    const french = await t.request('/api/v1/me/saved-searches', {
      method: 'POST',
      headers: { ...buyer.headers, 'accept-language': 'fr' },
      json: { name: '', query: {} },
    });
    expect((await detailsOf(french))[0]?.message).toMatch(/obligatoire|requis/i);
    expect(await count(buyer)).toBe(before);
  });

  it('keeps at most 20: the 21st is a 422 SAVED_SEARCH_LIMIT that saves nothing', async () => {
    const member = await t.member('collector');
    for (let i = 1; i <= 20; i++)
      expect((await saved(member, { method: 'POST', json: { name: `Search ${i}`, query: { q: `car ${i}` } } })).status).toBe(201);
    const res = await saved(member, { method: 'POST', json: { name: 'One too many', query: {} } });
    expect(res.status).toBe(422);
    const body = await readJson<ApiError>(res);
    expect(body.code).toBe('SAVED_SEARCH_LIMIT');
    expect(body.error).toContain('20');
    expect(await count(member)).toBe(20);
  });

  it('lets no one else read, change or delete a member’s searches (404), and no one signed out (401)', async () => {
    const { data } = await readJson<Created>(await saved(buyer, { method: 'POST', json: { name: 'Mine', query: { brand: 'Peugeot' } } }));
    expect((await readJson<Listed>(await saved(other))).data).toEqual([]);
    const change = await saved(other, { method: 'PATCH', json: { name: 'Stolen' } }, data.id);
    expect(change.status).toBe(404);
    expect((await readJson<ApiError>(change)).code).toBe('SAVED_SEARCH_NOT_FOUND');
    expect((await saved(other, { method: 'DELETE' }, data.id)).status).toBe(404);
    expect((await t.request('/api/v1/me/saved-searches')).status).toBe(401);
    expect((await readJson<Listed>(await saved(buyer))).data.find((s: { id: number }) => s.id === data.id)).toMatchObject({ name: 'Mine' });
    await saved(buyer, { method: 'DELETE' }, data.id);
  });
});

describe('saved search alerts', () => {
  it('keeps its mark where no public page looks: a pass leaves every kept page fresh', async () => {
    const version = async () => Number((await db().selectFrom('site_version').select('version').executeTakeFirstOrThrow()).version);
    const [site, catalogue] = [await version(), await db().selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()];
    await runJob('saved-search-alerts');
    await runJob('saved-search-alerts');
    expect(await version()).toBe(site);
    expect(await db().selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).toEqual(catalogue);
    expect(await db().selectFrom('job_marks').select('name').execute()).toEqual([{ name: 'saved_search_watermark' }]);
  });

  // Each minute, on every process: reading every live listing to sort them blocked all requests for 1.3 s at a million.
  it.runIf(testDialect() === 'sqlite')('reads the changed listings by their update time, never every live listing', async () => {
    const query = listingsChangedSince(db(), new Date().toISOString(), 5000).compile();
    const { rows } = await db().executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const plan = rows.map((r) => r.detail);
    expect(plan).toEqual([expect.stringMatching(/^SEARCH vehicles USING INDEX vehicles_updated_at_idx \(updated_at>\?\)$/)]);
  });

  it('tells an instant search of a matching listing within a pass, once, by inbox and mail with a link that pauses that search', async () => {
    const { data: search } = await readJson<Created>(
      await saved(buyer, {
        method: 'POST',
        json: { name: 'Diesel Peugeot', query: { brand: 'Peugeot', fuelTypeId: ref.diesel }, frequency: 'instant' },
      }),
    );
    const { data: quiet } = await readJson<Created>(
      await saved(other, { method: 'POST', json: { name: 'Sedans', query: { categoryId: ref.sedan }, frequency: 'instant' } }),
    );
    await runJob('saved-search-alerts');
    const matching = await publish({});
    await publish({ title: 'Peugeot 208 1.2 PureTech', model: '208', fuelTypeId: ref.petrol, categoryId: ref.sedan });
    // Nothing in the seller's request: the job finds it.
    expect(await alerts(buyer)).toEqual([]);
    expect(await runJob('saved-search-alerts')).toMatch(/; [1-9]\d* new match/);
    const [alert, ...more] = await alerts(buyer);
    expect(more).toEqual([]);
    expect(alert?.message).toBe(`1 new listing matches your saved search “Diesel Peugeot”: “${matching.title}”.`);
    expect(await alerts(other)).toHaveLength(1); // the petrol sedan, for the other member's search
    const listed = (await readJson<Listed>(await saved(buyer))).data.find((s: { id: number }) => s.id === search.id);
    expect(listed!.newSinceViewed).toBe(1);

    // Once: the next pass tells nothing new.
    await runJob('saved-search-alerts');
    expect(await alerts(buyer)).toHaveLength(1);

    await runJob('send-notification-mail');
    const [mail] = await alertMails(buyer.email);
    expect(mail?.subject).toBe('New listings for “Diesel Peugeot”');
    expect(mail?.text).toContain(matching.title);
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = headerOf(mail!, 'List-Unsubscribe')!.slice(1, -1);
    expect(link).toMatch(new RegExp(`\\.search_${search.id}\\.`));

    // The one-click link pauses this search alone.
    const unsubscribe = await t.request(new URL(link).pathname, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(unsubscribe.status).toBe(200);
    const after = (await readJson<Listed>(await saved(buyer))).data.find((s: { id: number }) => s.id === search.id);
    expect(after!.frequency).toBe('off');
    expect((await readJson<Listed>(await saved(other))).data.find((s: { id: number }) => s.id === quiet.id)!.frequency).toBe('instant');
    // Paused: a new match tells nothing.
    await publish({ title: 'Peugeot 5008 2.0 BlueHDi', model: '5008' });
    await runJob('saved-search-alerts');
    expect(await alerts(buyer)).toHaveLength(1);
    // Marked viewed: nothing new since.
    const viewed = await saved(buyer, { method: 'PATCH', json: { viewed: true } }, search.id);
    expect((await readJson<Changed>(viewed)).data.newSinceViewed).toBe(0);
  });

  it('gathers a daily search’s matches into one digest a day, of what the member was not told yet', async () => {
    const member = await t.member('daisy');
    // A seller of their own: the free plan's listing limit is the first seller's by now.
    seller = await t.member('sven');
    const { data: search } = await readJson<Created>(
      await saved(member, { method: 'POST', json: { name: 'Any Peugeot', query: { brand: 'Peugeot' }, frequency: 'daily' } }),
    );
    const first = await publish({ title: 'Peugeot 308 SW 1.5 BlueHDi', model: '308' });
    await runJob('saved-search-alerts');
    // Found, but the day is not over.
    expect(await alerts(member)).toEqual([]);
    // A day later (the search saved a day ago), one digest names what it found.
    const yesterday = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
    await db().updateTable('saved_searches').set({ viewed_at: yesterday }).where('id', '=', search.id).execute();
    await db()
      .updateTable('saved_searches')
      .set({ created_at: yesterday } as never)
      .where('id', '=', search.id)
      .execute();
    await runJob('saved-search-alerts');
    const digest = await alerts(member);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.message).toContain(first.title);
    // The next pass the same day sends no second digest, even with a new match.
    await publish({ title: 'Peugeot 208 1.2 PureTech', model: '208', fuelTypeId: ref.petrol });
    await runJob('saved-search-alerts');
    expect(await alerts(member)).toHaveLength(1);
  });

  // SQLite's reads hold the thread: a pass over 10,000 searches held every request for 300 ms.
  it.runIf(testDialect() === 'sqlite')('lets the event loop turn every few saved searches during a pass', async () => {
    await publish({ title: 'Dacia Duster 1.0 TCe' });
    /** Turns of the event loop while one pass runs. */
    const turnsDuring = async () => {
      let turns = 0;
      let running = true;
      const tick = () => {
        if (!running) return;
        turns += 1;
        setImmediate(tick);
      };
      setImmediate(tick);
      try {
        await runJob('saved-search-alerts');
      } finally {
        running = false;
      }
      return turns;
    };
    const before = await turnsDuring();
    const member = await t.member('tara');
    const now = new Date().toISOString();
    await db()
      .insertInto('saved_searches')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          user_id: member.id,
          name: `Nothing ${i}`,
          query: JSON.stringify({ q: `nomatch${i}` }),
          frequency: 'instant' as const,
          created_at: now,
          updated_at: now,
          viewed_at: now,
        })),
      )
      .execute();
    // A turn every 20 searches: five more for the hundred.
    expect((await turnsDuring()) - before).toBeGreaterThanOrEqual(5);
    await db().deleteFrom('saved_searches').where('user_id', '=', member.id).execute();
  });

  it('tells a search in the inbox and by mail only as the member’s saved-search topic says (issue 33)', async () => {
    const topics = (member: TestMember, savedSearch: { inbox: boolean; email: boolean }) =>
      t.request(`/api/v1/user/${member.id}/notification-settings`, { headers: member.headers }).then(async (res) => {
        const { data } = await readJson<{ data: { topics: Record<string, unknown> } & Record<string, unknown> }>(res);
        const put = await t.request(`/api/v1/user/${member.id}/notification-settings`, {
          method: 'PUT',
          headers: member.headers,
          json: { ...data, topics: { ...data.topics, savedSearch } },
        });
        expect(put.status).toBe(200);
      });
    const off = await t.member('offie');
    const inboxOnly = await t.member('inga');
    const both = other;
    await topics(off, { inbox: false, email: true });
    await topics(inboxOnly, { inbox: true, email: false });
    seller = await t.member('tomas');
    for (const member of [off, inboxOnly, both])
      expect(
        (await saved(member, { method: 'POST', json: { name: 'Any Dacia', query: { brand: 'Dacia' }, frequency: 'instant' } })).status,
      ).toBe(201);
    await runJob('saved-search-alerts');
    const [told, mailed] = [(await alerts(both)).length, (await alertMails(both.email)).length];
    await publish({ title: 'Dacia Duster 1.5 dCi', brand: 'Dacia', model: 'Duster' });
    await runJob('saved-search-alerts');
    await runJob('send-notification-mail');
    expect(await alerts(off)).toEqual([]);
    expect(await alertMails(off.email)).toEqual([]);
    expect(await alerts(inboxOnly)).toHaveLength(1);
    expect(await alertMails(inboxOnly.email)).toEqual([]);
    expect(await alerts(both)).toHaveLength(told + 1);
    expect(await alertMails(both.email)).toHaveLength(mailed + 1);
  });
});
