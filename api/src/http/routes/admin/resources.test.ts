import type { Plans } from '@autoroute/contract/billing';
import { type FieldDef, RESOURCE_NAMES, RESOURCES, type ResourceDef } from '@autoroute/contract/resources';
import type { ContentPage } from '@autoroute/contract/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type Data, readJson, type TestApp, type TestMember } from '../../../testing.ts';

/**
 * A record as the admin API answers it: `recordSchema(def)` (contract/src/resource-schema.ts), built at
 * run time from a declaration, so its type names no field but `id`, the key of every record.
 */
type AdminRecord = Record<string, unknown> & { id: number };
/** A plan's record, whose translated name the test spreads (its type from the declaration is known only at run time). */
type CartRecord = AdminRecord & { nameI18n: Record<string, string> };
/** A CMS page's record, whose text by locale the test reads (its type from the declaration is known only at run time). */
type PageRecord = AdminRecord & { content: Record<string, unknown> };
/** A picker's answer: `{ id, [title]: string }`, the title named by the resource (resources.routes.ts). */
interface Reference {
  id: number;
  [title: string]: unknown;
}

let t: TestApp;
let superAdmin: TestMember;
let member: TestMember;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 6, env: { TRUST_PROXY: 'true' } });
  superAdmin = await t.member('root');
  await t.grant(superAdmin.id, [], 'SUPADMIN');
  member = await t.member('plainmember');
});
afterAll(() => t.destroy());

/** An id of an existing row of the resource a reference points at. */
async function someId(def: ResourceDef): Promise<number> {
  const row = await t.database.db
    .selectFrom(def.table as 'countries')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A valid value of each kind, unique where it must be. */
async function sampleValue(field: FieldDef): Promise<unknown> {
  const n = ++serial;
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'secret':
      return `S${n} ${field.source}`.slice(0, field.max);
    case 'code':
      // A digit first: no seeded ISO code looks like this.
      return field.max === 2 ? `${n % 10}${(Math.floor(n / 10) % 36).toString(36)}` : `${n % 10}${Math.floor(n / 10).toString(36)}`;
    case 'url':
      return `https://id.example.test/${n}`;
    case 'hex':
      return '#1E90FF';
    case 'cron':
      return '30 2 * * *';
    case 'integer':
      return Math.max(field.min ?? 0, 1);
    case 'decimal':
      return 45.5;
    case 'limit':
      return 5;
    case 'money':
      return 19.99;
    case 'boolean':
      return true;
    case 'reference':
      return someId(RESOURCES[field.reference!]);
    case 'choice':
      return field.choices![0];
    case 'translations':
      return { en_US: `Sample ${n}`, fr_FR: `Exemple ${n}` };
    case 'content':
      return {
        en_US: { title: `Sample ${n}`, summary: 'A sample.', body: 'Some text.' },
        fr_FR: { title: `Exemple ${n}`, body: 'Du texte.' },
      };
  }
}

async function sampleBody(def: ResourceDef): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of def.fields) body[field.source] = await sampleValue(field);
  return body;
}

const count = async (def: ResourceDef) =>
  Number(
    (
      await t.database.db
        .selectFrom(def.table as 'countries')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const as = (who: TestMember | null) => (who ? who.headers : {});

/** Each action of a resource, done once by `who`: the status it answers. */
async function attempt(def: ResourceDef, action: 'index' | 'create' | 'update' | 'delete', who: TestMember | null): Promise<number> {
  const base = `/api/v1/admin/${def.name}`;
  switch (action) {
    case 'index':
      return (await t.request(base, { headers: as(who) })).status;
    case 'create':
      return (await t.request(base, { method: 'POST', json: await sampleBody(def), headers: as(who) })).status;
    case 'update': {
      const created = await readJson<AdminRecord>(
        await t.request(base, { method: 'POST', json: await sampleBody(def), headers: superAdmin.headers }),
      );
      return (await t.request(`${base}/${created.id}`, { method: 'PUT', json: await sampleBody(def), headers: as(who) })).status;
    }
    case 'delete': {
      const created = await readJson<AdminRecord>(
        await t.request(base, { method: 'POST', json: await sampleBody(def), headers: superAdmin.headers }),
      );
      return (await t.request(`${base}/${created.id}`, { method: 'DELETE', headers: as(who) })).status;
    }
  }
}

describe('the permission matrix of every declared admin resource (SPEC §6)', () => {
  const actions = ['index', 'create', 'update', 'delete'] as const;
  const success = { index: 200, create: 201, update: 200, delete: 200 };

  it.each(RESOURCE_NAMES)('%s: anonymous 401, member 403, admin without the permission 403, with it and SUPADMIN succeed', async (name) => {
    const def = RESOURCES[name];
    for (const action of actions) {
      // An administrator holding every other right of this resource, but not this one.
      const lacking = await t.member(`lack-${def.permission}-${action}`);
      await t.grant(
        lacking.id,
        actions.filter((a) => a !== action).map((a) => `admin.${def.permission}.${a}`),
      );
      const holding = await t.member(`hold-${def.permission}-${action}`);
      await t.grant(holding.id, [`admin.${def.permission}.${action}`]);

      expect(await attempt(def, action, null), `${name} ${action} anonymous`).toBe(401);
      expect(await attempt(def, action, member), `${name} ${action} member`).toBe(403);
      expect(await attempt(def, action, lacking), `${name} ${action} without the permission`).toBe(403);
      const got = await attempt(def, action, holding);
      expect(got, `${name} ${action} with the permission`).toBe(success[action]);
      expect(await attempt(def, action, superAdmin), `${name} ${action} SUPADMIN`).toBe(success[action]);
    }
  });
});

describe('validation of admin forms (SPEC §5)', () => {
  it.each(RESOURCE_NAMES)('%s: every required field missing in turn is refused with its own message and creates nothing', async (name) => {
    const def = RESOURCES[name];
    const before = await count(def);
    for (const field of def.fields.filter((f) => f.required)) {
      const body = await sampleBody(def);
      delete body[field.source];
      const res = await t.request(`/api/v1/admin/${name}`, { method: 'POST', json: body, headers: superAdmin.headers });
      expect(res.status, `${name} without ${field.source}`).toBe(422);
      const error = await readJson<ApiError>(res);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details).toContainEqual({ path: field.source, message: expect.stringMatching(/ is required\.$/) });
    }
    expect(await count(def)).toBe(before);
  });

  it('names the field in the message, as SPEC §5 does ("Name is required."), in the request language', async () => {
    const res = await t.request('/api/v1/admin/colors', { method: 'POST', json: { hex: '#000000' }, headers: superAdmin.headers });
    expect((await readJson<ApiError>(res)).details).toEqual([{ path: 'name', message: 'Name is required.' }]);
    const fr = await t.request('/api/v1/admin/colors?lng=fr_FR', { method: 'POST', json: { name: '  ' }, headers: superAdmin.headers });
    const details = (await readJson<ApiError>(fr)).details as { path: string; message: string }[];
    expect(details.map((d) => d.path).sort()).toEqual(['hex', 'name']);
    for (const d of details) expect(d.message).not.toMatch(/is required/);
  });

  it('refuses a bad colour, a bad cron expression, a bad code and an unknown reference, changing nothing', async () => {
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['colors', { name: 'Mauve', hex: 'purple' }, 'hex', /#/],
      ['colors', { name: 'Mauve', hex: '#12345' }, 'hex', /#/],
      ['datacrons', { name: 'Nightly', handler: 'purge-expired', cron: 'every night' }, 'cron', /cron/],
      ['datacrons', { name: 'Nightly', handler: 'mine-bitcoin', cron: '0 3 * * *' }, 'handler', /purge-expired/],
      ['countries', { name: 'Atlantis', code: 'A!' }, 'code', /letters/],
      ['cities', { name: 'Nowhere', countryId: 2147483000 }, 'countryId', /does not exist/],
      ['carts', { name: 'Gold', groupId: 1, price: -1, currencyId: 1, months: 1 }, 'price', /at least 0/],
      ['carts', { name: 'Gold', groupId: 1, price: 10, currencyId: 1, months: 0 }, 'months', /at least 1/],
      ['cart-details', { name: 'Gold', cartId: 1, vehicleLimit: 2.5, photoLimit: null, contactLimit: null }, 'vehicleLimit', /whole/],
      ['federers', { name: 'Corp', code: 'corp', issuer: 'not a url' }, 'issuer', /URL/],
    ];
    for (const [name, body, path, message] of cases) {
      const def = RESOURCES[name as (typeof RESOURCE_NAMES)[number]];
      const before = await count(def);
      const res = await t.request(`/api/v1/admin/${name}`, { method: 'POST', json: body, headers: superAdmin.headers });
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(422);
      const error = await readJson<ApiError>(res);
      expect(error.details!.find((d) => d.path === path)?.message, `${name}.${path}`).toMatch(message);
      expect(await count(def)).toBe(before);
    }
  });

  it('answers malformed JSON with 400 and no change', async () => {
    const before = await count(RESOURCES.colors);
    const res = await t.request('/api/v1/admin/colors', {
      method: 'POST',
      body: '{"name": ',
      headers: { ...superAdmin.headers, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await count(RESOURCES.colors)).toBe(before);
  });

  it('refuses a second row with a taken unique value with 409 naming the field', async () => {
    const france = await t.database.db.selectFrom('countries').select(['id', 'name']).where('code', '=', 'FR').executeTakeFirstOrThrow();
    const before = await count(RESOURCES.countries);
    const res = await t.request('/api/v1/admin/countries', {
      method: 'POST',
      json: { code: 'FR', name: 'France bis' },
      headers: superAdmin.headers,
    });
    expect(res.status).toBe(409);
    const error = await readJson<ApiError>(res);
    expect(error).toMatchObject({ code: 'DUPLICATE', error: 'Another record already has this ISO code.' });
    expect(error.details).toEqual([{ path: 'code', message: 'Another record already has this ISO code.' }]);
    expect(await count(RESOURCES.countries)).toBe(before);
    // Its own code is no duplicate of itself.
    const same = await t.request(`/api/v1/admin/countries/${france.id}`, {
      method: 'PUT',
      json: { id: france.id, code: 'FR', name: france.name, createdAt: 'ignored' },
      headers: superAdmin.headers,
    });
    expect(same.status).toBe(200);
    // A city name is unique within its country only.
    const paris = await t.database.db
      .selectFrom('cities')
      .select(['name', 'country_id'])
      .where('name', '=', 'Paris')
      .executeTakeFirstOrThrow();
    const twin = await t.request('/api/v1/admin/cities', {
      method: 'POST',
      json: { name: 'Paris', countryId: paris.country_id },
      headers: superAdmin.headers,
    });
    expect(twin.status).toBe(409);
    expect((await readJson<ApiError>(twin)).error).toBe('Another record already has this Country + Name.');
  });
});

describe('the ra-data-simple-rest list contract (DESIGN §2)', () => {
  it('pages, sorts and counts in Content-Range', async () => {
    const total = await count(RESOURCES.countries);
    const res = await t.request(
      `/api/v1/admin/countries?sort=${encodeURIComponent('["code","DESC"]')}&range=${encodeURIComponent('[2,6]')}`,
      {
        headers: superAdmin.headers,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe(`countries 2-6/${total}`);
    const page = await readJson<AdminRecord[]>(res);
    expect(page).toHaveLength(5);
    const all = await t.database.db.selectFrom('countries').select('code').orderBy('code', 'desc').orderBy('id').execute();
    expect(page.map((c) => c.code)).toEqual(all.slice(2, 7).map((c) => c.code));
  });

  it('searches with q, case-insensitively, in the declared columns, and filters by reference', async () => {
    const q = encodeURIComponent(JSON.stringify({ q: 'fRaN' }));
    const found = await readJson<AdminRecord[]>(await t.request(`/api/v1/admin/countries?filter=${q}`, { headers: superAdmin.headers }));
    expect(found.map((c) => c.code)).toContain('FR');
    const france = await t.database.db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow();
    const filter = encodeURIComponent(JSON.stringify({ countryId: france.id }));
    const res = await t.request(`/api/v1/admin/cities?filter=${filter}&range=${encodeURIComponent('[0,999]')}`, {
      headers: superAdmin.headers,
    });
    const cities = await readJson<AdminRecord[]>(res);
    const expected = await t.database.db.selectFrom('cities').select('id').where('country_id', '=', france.id).execute();
    expect(cities).toHaveLength(expected.length);
    expect(cities.every((c) => c.countryId === france.id)).toBe(true);
    // A search term with LIKE's wildcards matches them literally.
    const wild = encodeURIComponent(JSON.stringify({ q: '%_%' }));
    expect(
      await readJson<AdminRecord[]>(await t.request(`/api/v1/admin/countries?filter=${wild}`, { headers: superAdmin.headers })),
    ).toEqual([]);
  });

  it('answers getMany (filter by a list of ids) with exactly those rows', async () => {
    const ids = (await t.database.db.selectFrom('colors').select('id').orderBy('id').limit(3).execute()).map((c) => c.id);
    const filter = encodeURIComponent(JSON.stringify({ id: ids }));
    const rows = await readJson<AdminRecord[]>(await t.request(`/api/v1/admin/colors?filter=${filter}`, { headers: superAdmin.headers }));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('refuses an unknown sort field, a bad range and an unknown filter with 422 naming the part', async () => {
    for (const [query, path] of [
      [`sort=${encodeURIComponent('["password","ASC"]')}`, 'sort'],
      [`sort=${encodeURIComponent('["name","SIDEWAYS"]')}`, 'sort'],
      [`range=${encodeURIComponent('[5,1]')}`, 'range'],
      [`range=${encodeURIComponent('[0,100000]')}`, 'range'],
      ['range=nonsense', 'range'],
      [`filter=${encodeURIComponent('{"secret":1}')}`, 'filter'],
      [`filter=${encodeURIComponent('[1]')}`, 'filter'],
      [`filter=${encodeURIComponent('{"id":["x"]}')}`, 'filter.id'],
    ]) {
      const res = await t.request(`/api/v1/admin/colors?${query}`, { headers: superAdmin.headers });
      expect(res.status, query).toBe(422);
      expect((await readJson<ApiError>(res)).details![0]!.path, query).toBe(path);
    }
  });

  it('answers 404 for an unknown id on read, update and delete', async () => {
    const body = await sampleBody(RESOURCES.colors);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.request('/api/v1/admin/colors/2147483000', {
        method,
        ...(method === 'PUT' ? { json: body } : {}),
        headers: superAdmin.headers,
      });
      expect(res.status, method).toBe(404);
    }
  });
});

describe('records as the back office reads and writes them', () => {
  it('keeps money in minor units and answers it in the major unit, translations as an object, and never a secret', async () => {
    const body = { ...(await sampleBody(RESOURCES.carts)), price: 1234.5 };
    const created = await readJson<AdminRecord>(
      await t.request('/api/v1/admin/carts', { method: 'POST', json: body, headers: superAdmin.headers }),
    );
    expect(created.price).toBe(1234.5);
    const row = await t.database.db.selectFrom('carts').select('price_minor').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.price_minor).toBe(123450);

    const color = await readJson<AdminRecord>(
      await t.request('/api/v1/admin/colors', {
        method: 'POST',
        json: { name: 'Teal', hex: '#008080', nameI18n: { fr_FR: 'Sarcelle', de_DE: '' } },
        headers: superAdmin.headers,
      }),
    );
    expect(color.nameI18n).toEqual({ fr_FR: 'Sarcelle' });

    const federer = await readJson<AdminRecord>(
      await t.request('/api/v1/admin/federers', {
        method: 'POST',
        json: {
          code: 'corp-sso',
          name: 'Corp SSO',
          issuer: 'https://sso.example.test',
          clientId: 'app',
          clientSecret: 's3cret',
          active: true,
        },
        headers: superAdmin.headers,
      }),
    );
    expect(federer).not.toHaveProperty('clientSecret');
    expect(JSON.stringify(federer)).not.toContain('s3cret');
    // Saving the form again without the secret keeps it.
    await t.request(`/api/v1/admin/federers/${federer.id}`, {
      method: 'PUT',
      json: { ...federer, name: 'Corp' },
      headers: superAdmin.headers,
    });
    const stored = await t.database.db
      .selectFrom('federers')
      .select(['name', 'client_secret'])
      .where('id', '=', federer.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Corp', client_secret: 's3cret' });
  });

  it("saves a plan's name and description in each language, reads them back, and the plans page shows them", async () => {
    const cart = await t.database.db
      .selectFrom('carts')
      .select('id')
      .where('name', '=', 'Professional (monthly)')
      .executeTakeFirstOrThrow();
    const record = await readJson<CartRecord>(await t.request(`/api/v1/admin/carts/${cart.id}`, { headers: superAdmin.headers }));
    expect(record.nameI18n).toMatchObject({ en_US: 'Professional (monthly)', fr_FR: 'Professionnel (mensuel)' });
    const nameI18n = { ...record.nameI18n, fr_FR: 'Pro (au mois)', ru_RU: '' };
    const descriptionI18n = { fr_FR: 'Pour les pros, payé au mois.' };
    const saved = await t.request(`/api/v1/admin/carts/${cart.id}`, {
      method: 'PUT',
      json: { ...record, nameI18n, descriptionI18n },
      headers: superAdmin.headers,
    });
    expect(saved.status).toBe(200);
    const expected: Record<string, string> = { ...record.nameI18n, fr_FR: 'Pro (au mois)' };
    delete expected.ru_RU;
    expect(await readJson<AdminRecord>(saved)).toMatchObject({ nameI18n: expected, descriptionI18n });
    expect(await readJson<AdminRecord>(await t.request(`/api/v1/admin/carts/${cart.id}`, { headers: superAdmin.headers }))).toMatchObject({
      nameI18n: expected,
      descriptionI18n,
    });
    const plans = (await readJson<Data<Plans>>(await t.request('/api/v1/plans?lng=fr_FR'))).data.groups.flatMap((g) => g.plans);
    expect(plans.find((p) => p.id === cart.id)).toMatchObject({
      name: 'Pro (au mois)',
      description: 'Pour les pros, payé au mois.',
    });
    // A name too long in one language is refused like the plain name, naming the language's field.
    const tooLong = await t.request(`/api/v1/admin/carts/${cart.id}`, {
      method: 'PUT',
      json: { ...record, nameI18n: { de_DE: 'x'.repeat(121) } },
      headers: superAdmin.headers,
    });
    expect(tooLong.status).toBe(422);
    expect((await readJson<ApiError>(tooLong)).details![0]!.path).toBe('nameI18n.de_DE');
  });

  it('takes an unlimited plan limit as null, and requires the limit to be given', async () => {
    const cartId = await someId(RESOURCES.carts);
    const res = await t.request('/api/v1/admin/cart-details', {
      method: 'POST',
      json: { name: 'Unlimited', cartId, vehicleLimit: null, photoLimit: 20, contactLimit: null },
      headers: superAdmin.headers,
    });
    expect(res.status).toBe(201);
    expect(await readJson<AdminRecord>(res)).toMatchObject({
      vehicleLimit: null,
      photoLimit: 20,
      contactLimit: null,
      featuredListing: false,
    });
  });
});

describe('CMS pages with their text in every locale', () => {
  it('reads and replaces the text, requires the English title and body, and the public page shows the edit', async () => {
    const page = await t.database.db.selectFrom('pages').selectAll().where('slug', '=', 'about').executeTakeFirstOrThrow();
    const record = await readJson<PageRecord>(await t.request(`/api/v1/admin/pages/${page.id}`, { headers: superAdmin.headers }));
    expect(Object.keys(record.content).sort()).toEqual(['ar_SA', 'de_DE', 'en_US', 'es_ES', 'fr_FR', 'pt_BR', 'ru_RU', 'zh_CN']);
    const list = await readJson<AdminRecord[]>(await t.request('/api/v1/admin/pages', { headers: superAdmin.headers }));
    expect(list[0]).not.toHaveProperty('content');

    const missing = await t.request(`/api/v1/admin/pages/${page.id}`, {
      method: 'PUT',
      json: { ...record, content: { fr_FR: { title: 'À propos', body: 'Texte' } } },
      headers: superAdmin.headers,
    });
    expect(missing.status).toBe(422);
    expect((await readJson<ApiError>(missing)).details).toEqual([
      { path: 'content.en_US.title', message: 'Title (English) is required.' },
      { path: 'content.en_US.body', message: 'Text (English) is required.' },
    ]);
    expect(
      (await readJson<AdminRecord>(await t.request(`/api/v1/admin/pages/${page.id}`, { headers: superAdmin.headers }))).content,
    ).toEqual(record.content);

    const content = { ...record.content, en_US: { title: 'About us', summary: 'Who we are.', body: 'We are a small team.' }, ru_RU: null };
    const saved = await t.request(`/api/v1/admin/pages/${page.id}`, {
      method: 'PUT',
      json: { ...record, content },
      headers: superAdmin.headers,
    });
    expect(saved.status).toBe(200);
    const after = (await readJson<PageRecord>(saved)).content;
    expect(after.en_US).toEqual({ title: 'About us', summary: 'Who we are.', body: 'We are a small team.' });
    expect(after).not.toHaveProperty('ru_RU');
    const shown = await readJson<Data<ContentPage>>(await t.request('/api/v1/pages/about?lng=en_US'));
    expect(shown.data).toMatchObject({ title: 'About us', body: 'We are a small team.' });
  });
});

describe('deleting a row still in use (issue 5: 409 naming what uses it)', () => {
  it('refuses to delete a country with cities and vehicles, and deletes nothing', async () => {
    const used = await t.database.db
      .selectFrom('vehicles')
      .innerJoin('countries', 'countries.id', 'vehicles.country_id')
      .select(['countries.id', 'countries.code', (eb) => eb.fn.countAll<number>().as('vehicles')])
      .groupBy(['countries.id', 'countries.code'])
      .orderBy('vehicles', 'desc')
      .orderBy('countries.id')
      .executeTakeFirstOrThrow();
    const vehicles = Number(used.vehicles);
    const before = await count(RESOURCES.countries);
    const res = await t.request(`/api/v1/admin/countries/${used.id}`, { method: 'DELETE', headers: superAdmin.headers });
    expect(res.status).toBe(409);
    const error = await readJson<ApiError>(res);
    expect(error.code).toBe('IN_USE');
    expect(error.error).toMatch(/^This record is still in use, so it was not deleted: .*Cities: \d+/);
    expect(error.error).toMatch(new RegExp(`\\b${vehicles === 1 ? 'Vehicle' : 'Vehicles'}: ${vehicles}\\b`));
    expect(await count(RESOURCES.countries)).toBe(before);

    const ar = await t.request(`/api/v1/admin/countries/${used.id}?lng=ar_SA`, { method: 'DELETE', headers: superAdmin.headers });
    expect(ar.status).toBe(409);
    expect((await readJson<ApiError>(ar)).error).not.toMatch(/still in use/);
  });

  it('deletes a row nothing uses and answers it', async () => {
    const created = await readJson<AdminRecord>(
      await t.request('/api/v1/admin/colors', { method: 'POST', json: { name: 'Unused', hex: '#ABCDEF' }, headers: superAdmin.headers }),
    );
    const res = await t.request(`/api/v1/admin/colors/${created.id}`, { method: 'DELETE', headers: superAdmin.headers });
    expect(res.status).toBe(200);
    expect(await readJson<AdminRecord>(res)).toMatchObject({ id: created.id, name: 'Unused', hex: '#ABCDEF' });
    expect(await t.database.db.selectFrom('colors').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('a limited role reads the names of what its rows point at (issue 13 item 8, decision 019)', () => {
  let cityAdmin: TestMember;
  const refs = (query: string) => `/api/v1/admin/countries/references?${query}`;

  beforeAll(async () => {
    cityAdmin = await t.member('cityonly');
    await t.grant(cityAdmin.id, ['admin.city.index', 'admin.city.update']);
  });

  it('answers the id and name of referenced countries, and nothing else of them', async () => {
    const cities = await readJson<AdminRecord[]>(await t.request('/api/v1/admin/cities?range=[0,4]', { headers: cityAdmin.headers }));
    const ids = [...new Set(cities.map((c) => c.countryId))];
    const res = await t.request(refs(`filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`), { headers: cityAdmin.headers });
    expect(res.status).toBe(200);
    const countries = await readJson<Reference[]>(res);
    expect(countries.map((c) => c.id).sort()).toEqual([...ids].sort());
    for (const country of countries) expect(Object.keys(country).sort()).toEqual(['id', 'name']);
    const france = await t.database.db.selectFrom('countries').select(['id', 'name']).where('code', '=', 'FR').executeTakeFirstOrThrow();
    const one = await readJson<Reference[]>(await t.request(refs(`filter={"id":[${france.id}]}`), { headers: cityAdmin.headers }));
    expect(one).toEqual([{ id: france.id, name: france.name }]);
  });

  it("answers a picker's search by name, one page with its total", async () => {
    const res = await t.request(refs(`filter=${encodeURIComponent('{"q":"fra"}')}&range=[0,9]`), { headers: cityAdmin.headers });
    expect(res.status).toBe(200);
    const found = await readJson<Reference[]>(res);
    expect(found.map((c) => c.name)).toContain('France');
    expect(res.headers.get('content-range')).toMatch(/^countries 0-\d+\/\d+$/);
  });

  it("refuses the country's full record, its writes, its list and unrelated resources", async () => {
    const france = await t.database.db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow();
    const as = { headers: cityAdmin.headers };
    expect((await t.request('/api/v1/admin/countries', as)).status).toBe(403);
    expect((await t.request(`/api/v1/admin/countries/${france.id}`, as)).status).toBe(403);
    expect(
      (await t.request(`/api/v1/admin/countries/${france.id}`, { method: 'PUT', json: { name: 'X', code: 'XX' }, ...as })).status,
    ).toBe(403);
    expect((await t.request(`/api/v1/admin/countries/${france.id}`, { method: 'DELETE', ...as })).status).toBe(403);
    expect((await t.request('/api/v1/admin/countries', { method: 'POST', json: { name: 'X', code: 'XX' }, ...as })).status).toBe(403);
    // Nothing about cities points at colours or currencies.
    expect((await t.request('/api/v1/admin/colors/references', as)).status).toBe(403);
    expect((await t.request('/api/v1/admin/currencies/references', as)).status).toBe(403);
    // Other fields cannot be asked for, searched or sorted by.
    expect((await t.request(refs('sort=["code","ASC"]'), as)).status).toBe(422);
    expect((await t.request(refs('filter={"code":"FR"}'), as)).status).toBe(422);
  });

  it('is refused to a signed-out caller and to a member, and open to whoever may list the resource', async () => {
    expect((await t.request(refs(''))).status).toBe(401);
    expect((await t.request(refs(''), { headers: member.headers })).status).toBe(403);
    const countryAdmin = await t.member('countryonly');
    await t.grant(countryAdmin.id, ['admin.country.index']);
    expect((await t.request(refs(''), { headers: countryAdmin.headers })).status).toBe(200);
    expect((await t.request(refs(''), { headers: superAdmin.headers })).status).toBe(200);
  });

  it('follows every declared reference: each right over a resource opens the titles of what it points at', async () => {
    for (const name of RESOURCE_NAMES) {
      const def = RESOURCES[name];
      for (const field of def.fields.filter((f) => f.kind === 'reference')) {
        const holder = await t.member(`ref-${def.permission}-${field.source}`);
        await t.grant(holder.id, [`admin.${def.permission}.delete`]);
        const res = await t.request(`/api/v1/admin/${field.reference}/references?range=[0,0]`, { headers: holder.headers });
        expect(res.status, `${name}.${field.source}`).toBe(200);
        const [first] = await readJson<Reference[]>(res);
        expect(Object.keys(first ?? { id: 0, [RESOURCES[field.reference!].title]: '' }).sort()).toEqual(
          ['id', RESOURCES[field.reference!].title].sort(),
        );
      }
    }
  });
});

describe('a schedule that never runs (issue 13 item 12b)', () => {
  it('refuses 0 0 31 2 * with that reason, in the request language, and saves nothing', async () => {
    const def = RESOURCES.datacrons;
    const before = await count(def);
    const body = { ...(await sampleBody(def)), cron: '0 0 31 2 *' };
    const res = await t.request('/api/v1/admin/datacrons', { method: 'POST', json: body, headers: superAdmin.headers });
    expect(res.status).toBe(422);
    const error = await readJson<ApiError>(res);
    expect(error.details).toContainEqual({ path: 'cron', message: 'This schedule never runs: no date matches it (like 31 February).' });
    const fr = await t.request('/api/v1/admin/datacrons?lng=fr_FR', { method: 'POST', json: body, headers: superAdmin.headers });
    expect((await readJson<ApiError>(fr)).details).toContainEqual(
      expect.objectContaining({ path: 'cron', message: expect.stringMatching(/jamais/) }),
    );
    const unreadable = await t.request('/api/v1/admin/datacrons', {
      method: 'POST',
      json: { ...body, cron: 'every night' },
      headers: superAdmin.headers,
    });
    expect((await readJson<ApiError>(unreadable)).details).toContainEqual(
      expect.objectContaining({ path: 'cron', message: expect.stringMatching(/^Enter a cron/) }),
    );
    expect(await count(def)).toBe(before);
  });
});

describe("lists sort names by the reader's collation (issue 13 item 12d)", () => {
  const order = async (path: string) =>
    (await readJson<AdminRecord[]>(await t.request(path, { headers: superAdmin.headers }))).map((r) => r.name) as string[];

  it('puts Łódź after Lisbon and before Madrid, not after Zurich, in a list and in a picker', async () => {
    for (const path of [
      '/api/v1/admin/cities?sort=["name","ASC"]&range=[0,999]',
      '/api/v1/admin/cities?sort=["name","ASC"]&range=[0,999]&lng=fr_FR',
      '/api/v1/admin/cities/references?sort=["name","ASC"]&range=[0,999]',
    ]) {
      const names = await order(path);
      const at = (name: string) => names.indexOf(name);
      expect(at('Łódź'), path).toBeGreaterThan(at('Lisbon'));
      expect(at('Łódź'), path).toBeLessThan(at('Madrid'));
      expect(at('Łódź'), path).toBeLessThan(at('Zurich'));
    }
    const descending = await order('/api/v1/admin/cities?sort=["name","DESC"]&range=[0,999]');
    expect(descending.indexOf('Łódź')).toBeGreaterThan(descending.indexOf('Zurich'));
    expect(descending.indexOf('Łódź')).toBeLessThan(descending.indexOf('Lisbon'));
  });

  it('pages a collated sort without gaps or repeats, with the total', async () => {
    const all = await order('/api/v1/admin/cities?sort=["name","ASC"]&range=[0,999]');
    const res = await t.request('/api/v1/admin/cities?sort=["name","ASC"]&range=[10,19]', { headers: superAdmin.headers });
    expect((await readJson<AdminRecord[]>(res)).map((r) => r.name)).toEqual(all.slice(10, 20));
    expect(res.headers.get('content-range')).toBe(`cities 10-19/${all.length}`);
  });
});
