import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, readJson, type TestApp, type TestMember } from '../../../testing.ts';

/*
 * The console's makes and models (issue 33 item 11): declared resources whose listings name them by
 * text (a listing's brand and model), so a delete counts those listings and a rename carries over.
 */

type Row = Record<string, unknown> & { id: number };

let t: TestApp;
let admin: TestMember;
let modelsOnly: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 6 });
  admin = await t.member('catalogueadmin');
  await t.grant(admin.id, [], 'ADMIN');
  modelsOnly = await t.member('modelsonly');
  await t.grant(modelsOnly.id, ['admin.model.index', 'admin.model.update']);
  member = await t.member('catalogueplain');
});
afterAll(() => t.destroy());

/** A make and model some listing uses, with how many listings use each. */
async function usedModel() {
  const row = await t.database.db
    .selectFrom('vehicles as v')
    .innerJoin('makes as mk', 'mk.name', 'v.brand')
    .innerJoin('models as md', (j) => j.onRef('md.make_id', '=', 'mk.id').onRef('md.name', '=', 'v.model'))
    .select(['mk.id as makeId', 'mk.name as make', 'md.id as modelId', 'md.name as model'])
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  const count = async (where: { brand: string; model?: string }) => {
    let q = t.database.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('brand', '=', where.brand);
    if (where.model) q = q.where('model', '=', where.model);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return { ...row, makeListings: await count({ brand: row.make }), modelListings: await count({ brand: row.make, model: row.model }) };
}

const auditRows = (resource: string, recordId: number) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after'])
    .where('resource', '=', resource)
    .where('record_id', '=', String(recordId))
    .orderBy('id')
    .execute();

describe('makes and models in the console', () => {
  it('lists makes searched by name, and models of a make with their segment', async () => {
    const { makeId, make } = await usedModel();
    const q = encodeURIComponent(JSON.stringify({ q: make.slice(0, 4) }));
    const makes = await readJson<Row[]>(await t.request(`/api/v1/admin/makes?filter=${q}`, { headers: admin.headers }));
    expect(makes.map((m) => m.name)).toContain(make);
    const byMake = encodeURIComponent(JSON.stringify({ makeId }));
    const res = await t.request(`/api/v1/admin/models?filter=${byMake}&range=[0,99]`, { headers: admin.headers });
    expect(res.status).toBe(200);
    const models = await readJson<Row[]>(res);
    expect(models.length).toBeGreaterThan(0);
    for (const m of models)
      expect(m).toMatchObject({ makeId, segment: expect.stringMatching(/^(economy|family|premium|luxury|sports|supercar|utility)$/) });
  });

  it('creates, edits and deletes an unused make and model, each in the audit log', async () => {
    const make = await t.request('/api/v1/admin/makes', { method: 'POST', json: { name: 'Zephyrine' }, headers: admin.headers });
    expect(make.status).toBe(201);
    const { id: makeId } = await readJson<Row>(make);
    const model = await t.request('/api/v1/admin/models', {
      method: 'POST',
      json: { name: 'Breeze', makeId, segment: 'family' },
      headers: admin.headers,
    });
    expect(model.status).toBe(201);
    const { id: modelId } = await readJson<Row>(model);
    const edited = await t.request(`/api/v1/admin/models/${modelId}`, {
      method: 'PUT',
      json: { name: 'Breeze Sport', makeId, segment: 'sports' },
      headers: admin.headers,
    });
    expect(await readJson<Row>(edited)).toMatchObject({ id: modelId, name: 'Breeze Sport', segment: 'sports', makeId });
    expect((await t.request(`/api/v1/admin/models/${modelId}`, { method: 'DELETE', headers: admin.headers })).status).toBe(200);
    expect((await t.request(`/api/v1/admin/makes/${makeId}`, { method: 'DELETE', headers: admin.headers })).status).toBe(200);
    expect((await auditRows('models', modelId)).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect((await auditRows('makes', makeId)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('refuses a bad segment, an unknown make and a duplicate model with a 4xx, changing nothing', async () => {
    const { makeId, model } = await usedModel();
    const before = await t.database.db
      .selectFrom('models')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await t.request('/api/v1/admin/models?lng=fr_FR', {
      method: 'POST',
      json: { name: 'X', makeId, segment: 'spaceship' },
      headers: admin.headers,
    });
    expect(bad.status).toBe(422);
    const unknown = await t.request('/api/v1/admin/models', {
      method: 'POST',
      json: { name: 'X', makeId: 2_000_000 },
      headers: admin.headers,
    });
    expect(unknown.status).toBe(422);
    const twin = await t.request('/api/v1/admin/models', { method: 'POST', json: { name: model, makeId }, headers: admin.headers });
    expect(twin.status).toBe(409);
    expect((await readJson<ApiError>(twin)).code).toBe('DUPLICATE');
    const after = await t.database.db
      .selectFrom('models')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses to delete a make or model listings use with a localized 409 naming them', async () => {
    const { makeId, modelId, makeListings, modelListings } = await usedModel();
    const res = await t.request(`/api/v1/admin/models/${modelId}`, { method: 'DELETE', headers: admin.headers });
    expect(res.status).toBe(409);
    const error = await readJson<ApiError>(res);
    expect(error.code).toBe('IN_USE');
    expect(error.error).toMatch(new RegExp(`\\b${modelListings === 1 ? 'Vehicle' : 'Vehicles'}: ${modelListings}\\b`));
    const fr = await readJson<ApiError>(
      await t.request(`/api/v1/admin/makes/${makeId}?lng=fr_FR`, { method: 'DELETE', headers: admin.headers }),
    );
    expect(fr.code).toBe('IN_USE');
    expect(fr.error).toMatch(new RegExp(`Véhicules?: ${makeListings}\\b`));
    expect(fr.error).toMatch(/Modèles?: \d+/);
    expect(await t.database.db.selectFrom('models').select('id').where('id', '=', modelId).executeTakeFirst()).toBeDefined();
    expect(await t.database.db.selectFrom('makes').select('id').where('id', '=', makeId).executeTakeFirst()).toBeDefined();
  });

  it('renames a model on the listings that name it, and the public pages see the change', async () => {
    const { makeId, make, modelId, model, modelListings } = await usedModel();
    const site = async () => Number((await t.database.db.selectFrom('site_version').select('version').executeTakeFirstOrThrow()).version);
    const version = await site();
    const res = await t.request(`/api/v1/admin/models/${modelId}`, {
      method: 'PUT',
      json: { name: `${model} Renamed`, makeId },
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    const renamed = await t.database.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('brand', '=', make)
      .where('model', '=', `${model} Renamed`)
      .executeTakeFirstOrThrow();
    expect(Number(renamed.n)).toBe(modelListings);
    expect(await site()).toBeGreaterThan(version);
    const [entry] = await auditRows('models', modelId);
    expect(entry).toMatchObject({ action: 'update' });
    expect(JSON.parse(String(entry!.after))).toMatchObject({ name: `${model} Renamed` });
  });

  it('asks its own permission of each route: a stranger 401, a member 403, a models-only admin 403 on makes', async () => {
    const { makeId } = await usedModel();
    expect((await t.request('/api/v1/admin/makes')).status).toBe(401);
    expect((await t.request('/api/v1/admin/makes', { headers: member.headers })).status).toBe(403);
    expect((await t.request('/api/v1/admin/models', { headers: member.headers })).status).toBe(403);
    expect((await t.request('/api/v1/admin/makes', { headers: modelsOnly.headers })).status).toBe(403);
    expect((await t.request('/api/v1/admin/models', { headers: modelsOnly.headers })).status).toBe(200);
    const put = await t.request(`/api/v1/admin/makes/${makeId}`, { method: 'PUT', json: { name: 'Nope' }, headers: modelsOnly.headers });
    expect(put.status).toBe(403);
    // The model screen names each model's make: the titles of makes are open to it (decision 019).
    const refs = await t.request(`/api/v1/admin/makes/references?filter=${encodeURIComponent(JSON.stringify({ id: [makeId] }))}`, {
      headers: modelsOnly.headers,
    });
    expect(refs.status).toBe(200);
  });
});
