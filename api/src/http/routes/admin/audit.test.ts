import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { AuditEntry } from './audit.routes.ts';
import type { runNowRoute } from './datacrons.routes.ts';
import type { AdminRole } from './roles.routes.ts';
import type { AdminUser } from './users.routes.ts';

/**
 * A reference record as the admin API answers it: `recordSchema(def)`, built at run time from a
 * declaration, so its type names no field but `id`, the key of every record.
 */
type AdminRecord = Record<string, unknown> & { id: number };
type AdminUserRecord = z.infer<typeof AdminUser>;
type AdminRoleRecord = z.infer<typeof AdminRole>;
type Entry = z.infer<typeof AuditEntry>;

let t: TestApp;
let root: TestMember;
let colourist: TestMember;
let member: TestMember;

/** Every row of the log, oldest first, as stored. */
const logRows = () => t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
const lastRow = async () => (await logRows()).at(-1)!;
const snapshot = (text: string | null) => (text === null ? null : JSON.parse(text));

/** A list request with its JSON parameters encoded as ra-data-simple-rest does. */
const audit = (query: Record<string, unknown>, headers = root.headers) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.set(name, JSON.stringify(value));
  return t.request(`/api/v1/admin/audit?${params}`, { headers });
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 2, env: { TRUST_PROXY: 'true' } });
  root = await t.member('auditroot');
  await t.grant(root.id, [], 'SUPADMIN');
  colourist = await t.member('auditcolours');
  await t.grant(colourist.id, ['admin.color.index', 'admin.color.create', 'admin.color.update', 'admin.color.delete']);
  member = await t.member('auditmember');
});
afterAll(() => t.destroy());

describe('the audit log of admin writes', () => {
  it('records a create, an update and a delete of a reference row, one row each, with before and after', async () => {
    const before = (await logRows()).length;
    const created = await t.request('/api/v1/admin/colors', {
      method: 'POST',
      json: { name: 'Audit teal', hex: '#008080' },
      headers: root.headers,
    });
    expect(created.status).toBe(201);
    const colour = await readJson<AdminRecord>(created);
    let row = await lastRow();
    expect(row).toMatchObject({ user_id: root.id, action: 'create', resource: 'colors', record_id: String(colour.id), before: null });
    expect(snapshot(row.after)).toMatchObject({ id: colour.id, name: 'Audit teal', hex: '#008080' });
    expect(Date.now() - Date.parse(row.at)).toBeLessThan(60_000);

    const updated = await t.request(`/api/v1/admin/colors/${colour.id}`, {
      method: 'PUT',
      json: { name: 'Audit petrol', hex: '#008080' },
      headers: root.headers,
    });
    expect(updated.status).toBe(200);
    row = await lastRow();
    expect(row).toMatchObject({ action: 'update', resource: 'colors', record_id: String(colour.id) });
    expect(snapshot(row.before)).toMatchObject({ name: 'Audit teal' });
    expect(snapshot(row.after)).toMatchObject({ name: 'Audit petrol' });

    const deleted = await t.request(`/api/v1/admin/colors/${colour.id}`, { method: 'DELETE', headers: root.headers });
    expect(deleted.status).toBe(200);
    row = await lastRow();
    expect(row).toMatchObject({ action: 'delete', resource: 'colors', record_id: String(colour.id), after: null });
    expect(snapshot(row.before)).toMatchObject({ name: 'Audit petrol' });
    expect((await logRows()).length).toBe(before + 3);
  });

  it("records a user's role and status change, and never a password or its hash", async () => {
    const admin = await t.database.db.selectFrom('roles').select('id').where('name', '=', 'ADMIN').executeTakeFirstOrThrow();
    const body = {
      email: 'audited@example.test',
      username: 'audited',
      firstName: 'Audrey',
      lastName: 'Dited',
      status: 'active',
      roleIds: [] as number[],
      password: 'Correct-horse-battery-9',
    };
    const created = await readJson<AdminUserRecord>(
      await t.request('/api/v1/admin/users', { method: 'POST', json: body, headers: root.headers }),
    );
    expect(created.id).toBeGreaterThan(0);
    const hash = (await t.database.db.selectFrom('users').select('password_hash').where('id', '=', created.id).executeTakeFirstOrThrow())
      .password_hash!;
    let row = await lastRow();
    expect(row).toMatchObject({ action: 'create', resource: 'users', record_id: String(created.id) });
    expect(snapshot(row.after)).toMatchObject({ username: 'audited', password: '[redacted]' });

    const changed = await t.request(`/api/v1/admin/users/${created.id}`, {
      method: 'PUT',
      json: { ...body, status: 'suspended', roleIds: [admin.id], password: 'Another-horse-battery-8' },
      headers: root.headers,
    });
    expect(changed.status).toBe(200);
    row = await lastRow();
    expect(row).toMatchObject({ action: 'update', resource: 'users', record_id: String(created.id) });
    expect(snapshot(row.before)).toMatchObject({ status: 'active', roleIds: [], roles: [] });
    expect(snapshot(row.after)).toMatchObject({ status: 'suspended', roleIds: [admin.id], roles: ['ADMIN'], password: '[redacted]' });

    const text = JSON.stringify(await logRows());
    expect(text).not.toContain('Correct-horse-battery-9');
    expect(text).not.toContain('Another-horse-battery-8');
    expect(text).not.toContain(hash);
  });

  it("records a role's new permissions, a listing's moderation and the settings", async () => {
    const role = await readJson<AdminRoleRecord>(
      await t.request('/api/v1/admin/roles', {
        method: 'POST',
        json: { name: 'Auditors', permissions: ['admin.audit.index'] },
        headers: root.headers,
      }),
    );
    const res = await t.request(`/api/v1/admin/roles/${role.id}`, {
      method: 'PUT',
      json: { name: 'Auditors', permissions: ['admin.audit.index', 'admin.color.index'] },
      headers: root.headers,
    });
    expect(res.status).toBe(200);
    let row = await lastRow();
    expect(row).toMatchObject({ action: 'update', resource: 'roles', record_id: String(role.id) });
    expect(snapshot(row.before).permissions).toEqual(['admin.audit.index']);
    expect(snapshot(row.after).permissions).toEqual(['admin.audit.index', 'admin.color.index']);

    const vehicle = await t.database.db.selectFrom('vehicles').select(['id', 'featured']).orderBy('id').executeTakeFirstOrThrow();
    const featured = !vehicle.featured;
    expect(
      (await t.request(`/api/v1/admin/vehicles/${vehicle.id}`, { method: 'PUT', json: { featured }, headers: root.headers })).status,
    ).toBe(200);
    row = await lastRow();
    expect(row).toMatchObject({ action: 'update', resource: 'vehicles', record_id: String(vehicle.id) });
    expect([snapshot(row.before).featured, snapshot(row.after).featured]).toEqual([!featured, featured]);

    const settings = { maintenanceEnabled: true, maintenanceMessage: { en_US: 'Back soon' } };
    expect((await t.request('/api/v1/admin/settings/site', { method: 'PUT', json: settings, headers: root.headers })).status).toBe(200);
    row = await lastRow();
    expect(row).toMatchObject({ action: 'update', resource: 'settings', record_id: 'site' });
    expect(snapshot(row.before)).toMatchObject({ maintenanceEnabled: false });
    expect(snapshot(row.after)).toMatchObject(settings);
  });

  it('records a run now with the run it made', async () => {
    const job = await t.database.db.selectFrom('datacrons').select('id').where('handler', '=', 'purge-expired').executeTakeFirstOrThrow();
    const res = await t.request(`/api/v1/admin/datacrons/${job.id}/run`, { method: 'POST', headers: root.headers });
    expect(res.status).toBe(200);
    const { data } = await readJson<RouteJson<typeof runNowRoute, 200>>(res);
    const row = await lastRow();
    expect(row).toMatchObject({ user_id: root.id, action: 'run', resource: 'datacrons', record_id: String(job.id), before: null });
    expect(snapshot(row.after)).toMatchObject({ id: data.id, trigger: 'manual', outcome: 'success' });
  });

  it('redacts a secret the write sets: the log says it was set, never what it is', async () => {
    const res = await t.request('/api/v1/admin/federers', {
      method: 'POST',
      json: { code: 'audit-sso', name: 'Audit SSO', issuer: 'https://sso.example.test', clientId: 'app', clientSecret: 'hush-hush-42' },
      headers: root.headers,
    });
    expect(res.status).toBe(201);
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'create', resource: 'federers' });
    expect(snapshot(row.after)).toMatchObject({ clientId: 'app', clientSecret: '[redacted]' });
    expect(JSON.stringify(await logRows())).not.toContain('hush-hush-42');
  });

  it('writes nothing for a change that is refused or fails', async () => {
    const count = (await logRows()).length;
    const colour = await readJson<AdminRecord>(
      await t.request('/api/v1/admin/colors', { method: 'POST', json: { name: 'Audit plum', hex: '#8e4585' }, headers: root.headers }),
    );
    const after = count + 1;
    const refused = [
      // A taken code (409), a missing field (422), no right (403), nothing to change (404), the last found inside the write.
      await t.request('/api/v1/admin/countries', { method: 'POST', json: { code: 'FR', name: 'France bis' }, headers: root.headers }),
      await t.request(`/api/v1/admin/colors/${colour.id}`, { method: 'PUT', json: { hex: '#000000' }, headers: root.headers }),
      await t.request(`/api/v1/admin/colors/${colour.id}`, { method: 'DELETE', headers: member.headers }),
      await t.request('/api/v1/admin/colors/999999', { method: 'DELETE', headers: root.headers }),
      await t.request('/api/v1/admin/vehicles/999999', { method: 'PUT', json: { featured: true }, headers: root.headers }),
      // Suspending oneself, and a job that does not exist.
      await t.request(`/api/v1/admin/users/${root.id}`, {
        method: 'PUT',
        json: { email: root.email, username: 'auditroot', firstName: 'Test', lastName: 'Member', status: 'suspended', roleIds: [] },
        headers: root.headers,
      }),
      await t.request('/api/v1/admin/datacrons/999999/run', { method: 'POST', headers: root.headers }),
    ];
    expect(refused.map((r) => r.status)).toEqual([409, 422, 403, 404, 404, 409, 404]);
    expect((await logRows()).length).toBe(after);
  });
});

describe('GET /api/v1/admin/audit (admin.audit.index)', () => {
  it('answers 401 signed out and 403 to a role without the permission', async () => {
    expect((await t.request('/api/v1/admin/audit')).status).toBe(401);
    const forbidden = await audit({}, colourist.headers);
    expect(forbidden.status).toBe(403);
    expect((await readJson<ApiError>(forbidden)).code).toBe('FORBIDDEN');
    expect((await t.request('/api/v1/admin/audit/1', { headers: colourist.headers })).status).toBe(403);
  });

  it('lists newest first with Content-Range, and filters by user, resource, action, record id and dates', async () => {
    const made = await readJson<AdminRecord>(
      await t.request('/api/v1/admin/colors', {
        method: 'POST',
        json: { name: 'Audit ochre', hex: '#cc7722' },
        headers: colourist.headers,
      }),
    );
    const all = await audit({ range: [0, 999] });
    expect(all.status).toBe(200);
    const rows = await readJson<Entry[]>(all);
    const total = (await logRows()).length;
    expect(all.headers.get('Content-Range')).toBe(`audit 0-${total - 1}/${total}`);
    expect(rows[0]).toMatchObject({
      userId: colourist.id,
      username: 'auditcolours',
      action: 'create',
      resource: 'colors',
      recordId: String(made.id),
    });
    expect(rows[0]!.after).toMatchObject({ name: 'Audit ochre' });
    expect(rows.map((r: { id: number }) => r.id)).toEqual([...rows.map((r: { id: number }) => r.id)].sort((a, b) => b - a));

    const byUser = await readJson<Entry[]>(await audit({ filter: { user: 'auditcolours' } }));
    expect(byUser.map((r: { recordId: string }) => r.recordId)).toEqual([String(made.id)]);
    expect(await readJson<Entry[]>(await audit({ filter: { userId: colourist.id } }))).toHaveLength(1);

    const users = await readJson<Entry[]>(await audit({ filter: { resource: 'users' } }));
    expect(users.length).toBe(2);
    expect(new Set(users.map((r: { resource: string }) => r.resource))).toEqual(new Set(['users']));
    const runs = await readJson<Entry[]>(await audit({ filter: { action: 'run' } }));
    expect(runs.map((r: { resource: string }) => r.resource)).toEqual(['datacrons']);
    const deletes = await readJson<Entry[]>(await audit({ filter: { resource: 'colors', action: ['delete'] } }));
    expect(deletes).toHaveLength(1);
    const oneRecord = await readJson<Entry[]>(await audit({ filter: { resource: 'colors', recordId: deletes[0]!.recordId } }));
    expect(oneRecord.map((r: { action: string }) => r.action)).toEqual(['delete', 'update', 'create']);

    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(await readJson<Entry[]>(await audit({ filter: { since: future } }))).toEqual([]);
    const until = await audit({ filter: { until: future } });
    expect(until.headers.get('Content-Range')).toMatch(new RegExp(`/${total}$`));
    expect(await readJson<Entry[]>(await audit({ filter: { until: '2020-01-01T00:00:00.000Z' } }))).toEqual([]);

    const one = await t.request(`/api/v1/admin/audit/${rows[0]!.id}`, { headers: root.headers });
    expect(await readJson<Entry>(one)).toEqual(rows[0]);
    expect((await t.request('/api/v1/admin/audit/999999', { headers: root.headers })).status).toBe(404);
  });

  it('answers a bad filter or sort with a localized 422', async () => {
    for (const query of [
      { filter: { action: 'explode' } },
      { filter: { since: 'yesterday' } },
      { filter: { resource: 'DROP TABLE' } },
      { filter: { userId: 'me' } },
      { filter: { colour: 'red' } },
      { sort: ['before', 'ASC'] },
    ]) {
      const res = await audit(query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect((await readJson<ApiError>(res)).code).toBe('VALIDATION_FAILED');
    }
    const fr = await t.request(`/api/v1/admin/audit?lng=fr_FR&filter=${encodeURIComponent('{"action":"explode"}')}`, {
      headers: root.headers,
    });
    expect(fr.status).toBe(422);
    expect((await readJson<ApiError>(fr)).details![0]!.message).not.toBe('Invalid value.');
  });

  it('takes no writes: the log and the run history have only the reads of a crudRouter', async () => {
    const [entry] = await readJson<Entry[]>(await audit({ range: [0, 0] }));
    const rows = (await logRows()).length;
    for (const [method, path] of [
      ['POST', '/api/v1/admin/audit'],
      ['PUT', `/api/v1/admin/audit/${entry!.id}`],
      ['DELETE', `/api/v1/admin/audit/${entry!.id}`],
      ['POST', '/api/v1/admin/datacron-runs'],
      ['DELETE', '/api/v1/admin/datacron-runs/1'],
    ]) {
      const res = await t.request(path!, { method: method!, headers: root.headers, ...(method === 'DELETE' ? {} : { json: {} }) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await logRows()).toHaveLength(rows);
    expect((await t.request(`/api/v1/admin/audit/${entry!.id}`, { headers: root.headers })).status).toBe(200);
  });
});
