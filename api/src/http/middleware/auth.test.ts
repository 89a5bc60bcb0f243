import { ensureAdmin } from '@autoroute/db/seed';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthSecret } from '../../domain/auth/secret.data.ts';
import { createTestApp, type RouteJson, readJson, type TestApp } from '../../testing.ts';
import type { AppEnv } from '../context.ts';
import type { loginRoute } from '../routes/auth/auth.routes.ts';
import { authenticate, requirePermission, requireVerifiedEmail } from './auth.ts';

let t: TestApp;
let guarded: Hono<AppEnv>;

const bearer = async (email: string, password: string) => {
  const body = await readJson<RouteJson<typeof loginRoute, 200>>(
    await t.request('/api/v1/auth/login', { method: 'POST', json: { email, password } }),
  );
  return { authorization: `Bearer ${body.security.accessToken}` };
};

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.database.db, { email: 'root@example.test', password: 'root passphrase 123' });
  // The guards exactly as routes use them, on a router of their own.
  guarded = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('t', ((k: string) => k) as never);
      await next();
    })
    .use(
      '*',
      authenticate(t.deps, () => loadAuthSecret(t.database.db)),
    )
    .get('/cities', requirePermission('admin.city.index'), (c) => c.text('cities'))
    .get('/publish', requireVerifiedEmail(), (c) => c.text('published'))
    .onError((err, c) => c.json({ status: (err as { status?: number }).status }, ((err as { status?: number }).status ?? 500) as 401));
});
afterAll(() => t.destroy());

describe('the permission guard (SPEC §6)', () => {
  it('answers 401 when signed out', async () => {
    expect((await guarded.request('/cities')).status).toBe(401);
  });

  it('answers 403 to a member without the permission, and lets a SUPADMIN through', async () => {
    await t.request('/api/v1/auth/signup', {
      method: 'POST',
      json: {
        email: 'member@example.test',
        password: 'member passphrase 1',
        username: 'member',
        firstName: 'Mem',
        lastName: 'Ber',
        phone: '+33612345678',
      },
    });
    expect((await guarded.request('/cities', { headers: await bearer('member', 'member passphrase 1') })).status).toBe(403);
    const res = await guarded.request('/cities', { headers: await bearer('root@example.test', 'root passphrase 123') });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('cities');
  });

  it('answers 402 to an unverified address where a verified one is needed (SPEC §8)', async () => {
    expect((await guarded.request('/publish', { headers: await bearer('member', 'member passphrase 1') })).status).toBe(402);
    expect((await guarded.request('/publish', { headers: await bearer('root@example.test', 'root passphrase 123') })).status).toBe(200);
  });
});
