import { ensureAdmin } from '@autoroute/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../testing.ts';

let t: TestApp;

const signIn = async (email: string, password: string) => {
  const body = await json(await t.request('/api/v1/auth/login', { method: 'POST', json: { email, password } }));
  return { authorization: `Bearer ${body.security.accessToken}` };
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 12 });
  await ensureAdmin(t.database.db, { email: 'root@example.test', password: 'root passphrase 123' });
});
afterAll(() => t.destroy());

describe('GET /api/v1/admin/dashboard (SPEC §6: admin.dashboard.index)', () => {
  it('answers 401 when signed out and 403 to a demo seller, who holds no admin permission', async () => {
    const signedOut = await t.request('/api/v1/admin/dashboard');
    expect(signedOut.status).toBe(401);
    expect((await json(signedOut)).code).toBe('UNAUTHORIZED');
    const seller = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', '%@demo.autoroute.local')
      .executeTakeFirstOrThrow();
    const res = await t.request('/api/v1/admin/dashboard', { headers: await signIn(seller.email, 'demo-seller-2026') });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe('FORBIDDEN');
  });

  it('gives the SUPADMIN the figures, counted from the database', async () => {
    const res = await t.request('/api/v1/admin/dashboard', { headers: await signIn('root@example.test', 'root passphrase 123') });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    const users = await t.database.db.selectFrom('users').select('id').execute();
    const vehicles = await t.database.db.selectFrom('vehicles').select('sold').execute();
    expect(data).toEqual({
      users: users.length,
      newUsers: users.length,
      listed: vehicles.filter((v) => v.sold === 0).length,
      sold: vehicles.filter((v) => v.sold === 1).length,
      history: [],
    });
    expect(data.listed + data.sold).toBe(12);
  });
});
