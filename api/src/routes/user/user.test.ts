import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, latestCode, type TestApp } from '../../testing.ts';

const member = (name: string) => t.member(name);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.destroy());

describe('GET /api/v1/user/{id}', () => {
  it('answers the user themself, with roles, permissions and is_premium', async () => {
    const me = await member('reader');
    const res = await t.request(`/api/v1/user/${me.id}`, { headers: me.headers });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ id: me.id, username: 'reader', roles: ['USER'], permissions: [], is_premium: false });
  });

  it('refuses another user (403) and anyone signed out (401)', async () => {
    const a = await member('alice');
    const b = await member('bob');
    expect((await t.request(`/api/v1/user/${b.id}`, { headers: a.headers })).status).toBe(403);
    expect((await t.request(`/api/v1/user/${b.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/v1/user/{id}', () => {
  it('saves appearance, account and display settings', async () => {
    const me = await member('settler');
    const res = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: me.headers,
      json: {
        theme: 'dark',
        font: 'manrope',
        language: 'ar_SA',
        name: 'Settler',
        dateOfBirth: '1990-05-17',
        sidebarItems: ['home', 'documents'],
        bio: 'Car lover',
        urls: ['https://example.test/me'],
      },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      theme: { code: 'dark' },
      font: 'manrope',
      language: { code: 'ar_SA' },
      name: 'Settler',
      dateOfBirth: '1990-05-17',
      sidebarItems: ['home', 'documents'],
      bio: 'Car lover',
    });
  });

  it.each([
    [{ bio: 'no' }, 'bio'],
    [{ name: 'x' }, 'name'],
    [{ sidebarItems: [] }, 'sidebarItems'],
    [{ urls: ['not a url'] }, 'urls.0'],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
    [{ theme: 'neon' }, 'theme'],
    [{ role: 'SUPADMIN' }, '(root)'],
  ])('refuses %j with 422 naming %s, and changes nothing', async (change, path) => {
    const me = await member(`bad${Math.random().toString(36).slice(2, 8)}`);
    const before = await json(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }));
    const res = await t.request(`/api/v1/user/${me.id}`, { method: 'PATCH', headers: me.headers, json: change });
    expect(res.status).toBe(422);
    expect((await json(res)).details.map((d: { path: string }) => d.path)).toContain(path);
    const after = await json(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }));
    expect(after).toEqual(before);
  });

  it('needs the current password to change the password, and can end the other sessions', async () => {
    const me = await member('changer');
    const other = await json(
      await t.request('/api/v1/auth/login', { method: 'POST', json: { email: 'changer', password: 'a long enough passphrase' } }),
    );
    const wrong = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: me.headers,
      json: { newPassword: 'another fine passphrase', currentPassword: 'nope' },
    });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).code).toBe('CURRENT_PASSWORD_WRONG');
    const ok = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: me.headers,
      json: { newPassword: 'another fine passphrase', currentPassword: 'a long enough passphrase', endOtherSessions: true },
    });
    expect(ok.status).toBe(200);
    expect(
      (await t.request('/api/v1/auth/access-token', { method: 'POST', json: { refreshToken: other.security.refreshToken } })).status,
    ).toBe(401);
    expect((await t.request(`/api/v1/user/${me.id}`, { headers: me.headers })).status).toBe(200);
  });

  it('needs the current password to change the email, which must then be verified again', async () => {
    const me = await member('mover');
    const res = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: me.headers,
      json: { email: 'moved@example.test', currentPassword: 'a long enough passphrase' },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ email: 'moved@example.test', emailVerified: false });
  });
});

describe('notification preferences and providers', () => {
  it('saves the notification type and switches', async () => {
    const me = await member('notified');
    const body = { type: 'mentions', email: false, mobile: true, communication: true, marketing: false, social: false, security: true };
    const res = await t.request(`/api/v1/user/${me.id}/notification-settings`, { method: 'PUT', headers: me.headers, json: body });
    expect((await json(res)).data).toEqual(body);
    const bad = await t.request(`/api/v1/user/${me.id}/notification-settings`, {
      method: 'PUT',
      headers: me.headers,
      json: { ...body, type: 'loud' },
    });
    expect(bad.status).toBe(422);
  });

  it('links a provider only with a fresh link_provider code, then toggles it', async () => {
    const me = await member('linker');
    const whatsapp = await t.database.db.selectFrom('providers').select('id').where('code', '=', 'whatsapp').executeTakeFirstOrThrow();
    const refused = await t.request(`/api/v1/user/${me.id}/provider`, {
      method: 'POST',
      headers: { ...me.headers, 'x-process-id': 'y'.repeat(43) },
      json: { providerId: whatsapp.id },
    });
    expect(refused.status).toBe(400);
    const sent = await json(
      await t.request('/api/v1/auth/generate-otp', { method: 'POST', json: { email: 'linker@example.test', purpose: 'link_provider' } }),
    );
    const ok = await json(
      await t.request('/api/v1/auth/verify-otp', {
        method: 'POST',
        json: { email: 'linker@example.test', otp: latestCode(t.database.dir, 'linker@example.test'), sessionId: sent.data.sessionId },
      }),
    );
    const linked = await json(
      await t.request(`/api/v1/user/${me.id}/provider`, {
        method: 'POST',
        headers: { ...me.headers, 'x-process-id': ok.data.processId },
        json: { providerId: whatsapp.id },
      }),
    );
    expect(linked.data.providers.find((p: { id: number }) => p.id === whatsapp.id)).toMatchObject({ linked: true, notifiable: true });
    const off = await json(
      await t.request(`/api/v1/user/${me.id}/is-notifiable`, {
        method: 'PUT',
        headers: me.headers,
        json: { providerId: whatsapp.id, isNotifiable: false },
      }),
    );
    expect(off.data.providers.find((p: { id: number }) => p.id === whatsapp.id)).toMatchObject({ linked: true, notifiable: false });
    const unlinked = await json(
      await t.request(`/api/v1/user/${me.id}/provider`, { method: 'DELETE', headers: me.headers, json: { providerId: whatsapp.id } }),
    );
    expect(unlinked.data.providers.find((p: { id: number }) => p.id === whatsapp.id)).toMatchObject({ linked: false });
  });
});

describe('DELETE /api/v1/user/{id}', () => {
  it('needs the password, then removes the account and its sessions', async () => {
    const me = await member('leaver');
    expect((await t.request(`/api/v1/user/${me.id}`, { method: 'DELETE', headers: me.headers, json: { password: 'wrong' } })).status).toBe(
      422,
    );
    expect(
      (await t.request(`/api/v1/user/${me.id}`, { method: 'DELETE', headers: me.headers, json: { password: 'a long enough passphrase' } }))
        .status,
    ).toBe(200);
    const gone = await t.database.db.selectFrom('users').select('id').where('id', '=', me.id).executeTakeFirst();
    expect(gone).toBeUndefined();
    expect(
      (await t.request('/api/v1/auth/login', { method: 'POST', json: { email: 'leaver', password: 'a long enough passphrase' } })).status,
    ).toBe(401);
  });
});

describe('a user id that names no one', () => {
  // Far above any id a test creates, yet a valid 32-bit id.
  const missing = 2_000_000_000;
  const settings = { type: 'all', email: true, mobile: false, communication: true, marketing: false, social: true, security: true };
  let admin: Awaited<ReturnType<typeof member>>;
  let whatsapp: number;

  beforeAll(async () => {
    admin = await member('keeper');
    await t.grant(admin.id, ['admin.user.index', 'admin.user.update', 'admin.user.delete']);
    whatsapp = (await t.database.db.selectFrom('providers').select('id').where('code', '=', 'whatsapp').executeTakeFirstOrThrow()).id;
  });

  const call = (method: string, path: string, body?: unknown, lng = 'en_US') =>
    t.request(`/api/v1/user/${path}?lng=${lng}`, { method, headers: admin.headers, ...(body === undefined ? {} : { json: body }) });

  it('answers 404 USER_NOT_FOUND to an administrator reading or saving its notification settings, and saves nothing', async () => {
    const read = await call('GET', `${missing}/notification-settings`, undefined, 'fr_FR');
    expect(read.status).toBe(404);
    expect(await json(read)).toEqual({ code: 'USER_NOT_FOUND', error: 'Utilisateur introuvable.' });
    const saved = await call('PUT', `${missing}/notification-settings`, settings);
    expect(saved.status).toBe(404);
    expect(await json(saved)).toEqual({ code: 'USER_NOT_FOUND', error: 'User not found.' });
    const rows = await t.database.db.selectFrom('notification_preferences').select('user_id').where('user_id', '=', missing).execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 USER_NOT_FOUND on every other /user/{missing} route', async () => {
    const process = { 'x-process-id': 'y'.repeat(43) };
    const routes: [string, string, unknown?, Record<string, string>?][] = [
      ['GET', ''],
      ['PATCH', '', { bio: 'A bio long enough' }],
      ['PUT', '', { bio: 'A bio long enough' }],
      ['DELETE', '', {}],
      ['POST', '/provider', { providerId: whatsapp }, process],
      ['DELETE', '/provider', { providerId: whatsapp }],
      ['PUT', '/is-notifiable', { providerId: whatsapp, isNotifiable: false }],
      ['GET', '/subscription'],
    ];
    for (const [method, suffix, body, headers] of routes) {
      const res = await t.request(`/api/v1/user/${missing}${suffix}`, {
        method,
        headers: { ...admin.headers, ...headers },
        ...(body === undefined ? {} : { json: body }),
      });
      expect([method, suffix, res.status, (await json(res)).code]).toEqual([method, suffix, 404, 'USER_NOT_FOUND']);
    }
  });

  it('answers 404 PROVIDER_NOT_FOUND, not "link it first", for a provider that does not exist', async () => {
    const res = await call('PUT', `${admin.id}/is-notifiable`, { providerId: 999_999, isNotifiable: true });
    expect(res.status).toBe(404);
    expect((await json(res)).code).toBe('PROVIDER_NOT_FOUND');
    const unlinked = await call('PUT', `${admin.id}/is-notifiable`, { providerId: whatsapp, isNotifiable: true });
    expect(unlinked.status).toBe(409);
    expect((await json(unlinked)).code).toBe('PROVIDER_NOT_LINKED');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '%20'])('answers 422 to an id like "%s" on every /user/{id} route', async (id) => {
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['PATCH', '', { bio: 'A bio long enough' }],
      ['DELETE', '', {}],
      ['GET', '/notification-settings'],
      ['PUT', '/notification-settings', settings],
      ['DELETE', '/provider', { providerId: whatsapp }],
      ['PUT', '/is-notifiable', { providerId: whatsapp, isNotifiable: true }],
      ['GET', '/subscription'],
    ];
    for (const [method, suffix, body] of routes) {
      const res = await call(method, `${id}${suffix}`, body);
      expect([method, suffix, res.status]).toEqual([method, suffix, 422]);
      expect((await json(res)).code).toBe('VALIDATION_FAILED');
    }
  });

  it('still answers 403 to a member naming an id that is not theirs, existing or not', async () => {
    const someone = await member('curious');
    const res = await t.request(`/api/v1/user/${missing}/notification-settings`, { headers: someone.headers });
    expect(res.status).toBe(403);
  });
});
