import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, latestCode, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import type { CodeSent, loginRoute, verifyOtpRoute } from '../auth/auth.routes.ts';
import type { changeUser, getUser, linkCodeRoute, linkRoute, notifiableRoute, putSettings, unlinkRoute } from './user.routes.ts';

type UserAnswer = RouteJson<typeof getUser, 200>;
type Changed = RouteJson<ReturnType<typeof changeUser>, 200>;

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
    expect((await readJson<UserAnswer>(res)).data).toMatchObject({
      id: me.id,
      username: 'reader',
      roles: ['USER'],
      permissions: [],
      is_premium: false,
    });
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
    expect((await readJson<Changed>(res)).data).toMatchObject({
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
    const before = await readJson<UserAnswer>(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }));
    const res = await t.request(`/api/v1/user/${me.id}`, { method: 'PATCH', headers: me.headers, json: change });
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details!.map((d) => d.path)).toContain(path);
    const after = await readJson<UserAnswer>(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }));
    expect(after).toEqual(before);
  });

  // Issue 16: a profile link is a web address, never a script or a document of its own.
  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    ' javascript://example.test/%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.test/file',
    'https://',
    '//example.test/me',
    `https://example.test/${'a'.repeat(300)}`,
  ])('refuses the profile link %j with a 422 in the language of the request, and keeps the links', async (url) => {
    const me = await member(`links${Math.random().toString(36).slice(2, 8)}`);
    const kept = ['https://example.test/me', 'http://example.test/blog'];
    expect((await t.request(`/api/v1/user/${me.id}`, { method: 'PATCH', headers: me.headers, json: { urls: kept } })).status).toBe(200);
    const res = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: { ...me.headers, 'accept-language': 'fr-FR' },
      json: { urls: ['https://example.test/ok', url] },
    });
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details).toContainEqual({
      path: 'urls.1',
      message: 'Chaque lien doit être une adresse web commençant par http:// ou https://, de 300 caractères au plus.',
    });
    expect((await readJson<UserAnswer>(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }))).data.urls).toEqual(kept);
  });

  it('does not pass on a profile link saved before the rule', async () => {
    const me = await member('oldlinks');
    const saved = JSON.stringify(['javascript:alert(1)', 'data:text/html,x', 'https://example.test/ok']);
    await t.database.db.updateTable('users').set({ urls: saved }).where('id', '=', me.id).execute();
    expect((await readJson<UserAnswer>(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }))).data.urls).toEqual([
      'https://example.test/ok',
    ]);
  });

  it('needs the current password to change the password, which ends the other sessions', async () => {
    const me = await member('changer');
    const other = await readJson<RouteJson<typeof loginRoute, 200>>(
      await t.request('/api/v1/auth/login', { method: 'POST', json: { email: 'changer', password: 'a long enough passphrase' } }),
    );
    const wrong = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: me.headers,
      json: { newPassword: 'another fine passphrase', currentPassword: 'nope' },
    });
    expect(wrong.status).toBe(422);
    expect((await readJson<ApiError>(wrong)).code).toBe('CURRENT_PASSWORD_WRONG');
    const ok = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: me.headers,
      json: { newPassword: 'another fine passphrase', currentPassword: 'a long enough passphrase' },
    });
    expect(ok.status).toBe(200);
    expect(
      (await t.request('/api/v1/auth/access-token', { method: 'POST', json: { refreshToken: other.security.refreshToken } })).status,
    ).toBe(401);
    expect((await t.request(`/api/v1/user/${me.id}`, { headers: me.headers })).status).toBe(200);
    // The session that changed it goes on: its refresh token still turns.
    expect(
      (await t.request('/api/v1/auth/access-token', { method: 'POST', json: { refreshToken: me.security.refreshToken } })).status,
    ).toBe(200);
  });

  it('ends the other sessions on a new password even when asked not to', async () => {
    const me = await member('insister');
    const other = await readJson<RouteJson<typeof loginRoute, 200>>(
      await t.request('/api/v1/auth/login', { method: 'POST', json: { email: 'insister', password: 'a long enough passphrase' } }),
    );
    const ok = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: me.headers,
      json: { newPassword: 'another fine passphrase', currentPassword: 'a long enough passphrase', endOtherSessions: false },
    });
    expect(ok.status).toBe(200);
    expect((await t.request(`/api/v1/user/${me.id}`, { headers: { authorization: `Bearer ${other.security.accessToken}` } })).status).toBe(
      401,
    );
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
    expect((await readJson<Changed>(res)).data).toMatchObject({ email: 'moved@example.test', emailVerified: false });
  });
});

describe('notification preferences and providers', () => {
  it('saves the notification type and switches', async () => {
    const me = await member('notified');
    const body = { type: 'mentions', email: false, mobile: true, communication: true, marketing: false, social: false, security: true };
    const res = await t.request(`/api/v1/user/${me.id}/notification-settings`, { method: 'PUT', headers: me.headers, json: body });
    // Our topics, left out, are all on by default.
    const on = { inbox: true, email: true };
    expect((await readJson<RouteJson<typeof putSettings, 200>>(res)).data).toEqual({
      ...body,
      topics: { priceDrop: on, savedSearch: on, message: { email: true } },
    });
    const topics = { priceDrop: { inbox: true, email: false }, savedSearch: { inbox: false, email: false }, message: { email: false } };
    const withTopics = await t.request(`/api/v1/user/${me.id}/notification-settings`, {
      method: 'PUT',
      headers: me.headers,
      json: { ...body, topics },
    });
    expect((await readJson<RouteJson<typeof putSettings, 200>>(withTopics)).data.topics).toEqual(topics);
    // A save without them keeps them; a read gives them back.
    await t.request(`/api/v1/user/${me.id}/notification-settings`, { method: 'PUT', headers: me.headers, json: { ...body, email: true } });
    const read = await readJson<RouteJson<typeof putSettings, 200>>(
      await t.request(`/api/v1/user/${me.id}/notification-settings`, { headers: me.headers }),
    );
    expect(read.data).toEqual({ ...body, email: true, topics });
    const badTopic = await t.request(`/api/v1/user/${me.id}/notification-settings?lng=fr_FR`, {
      method: 'PUT',
      headers: me.headers,
      json: { ...body, topics: { ...topics, message: { email: 'yes' } } },
    });
    expect(badTopic.status).toBe(422);
    expect(
      (
        await readJson<RouteJson<typeof putSettings, 200>>(
          await t.request(`/api/v1/user/${me.id}/notification-settings`, { headers: me.headers }),
        )
      ).data.topics,
    ).toEqual(topics);
    const bad = await t.request(`/api/v1/user/${me.id}/notification-settings`, {
      method: 'PUT',
      headers: me.headers,
      json: { ...body, type: 'loud' },
    });
    expect(bad.status).toBe(422);
  });

  const providerId = async (code: string) =>
    (await t.database.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  type Me = Awaited<ReturnType<typeof member>>;
  const sendCode = (me: Me, body: Record<string, unknown>, lng = 'en_US') =>
    t.request(`/api/v1/user/${me.id}/provider/code?lng=${lng}`, { method: 'POST', headers: me.headers, json: body });
  const processFor = async (email: string, sessionId: string, to: string) =>
    (
      await readJson<RouteJson<typeof verifyOtpRoute, 200>>(
        await t.request('/api/v1/auth/verify-otp', {
          method: 'POST',
          json: { email, otp: latestCode(t.database.dir, to), sessionId },
        }),
      )
    ).data.processId as string;
  const link = (me: Me, id: number, processId: string) =>
    t.request(`/api/v1/user/${me.id}/provider`, {
      method: 'POST',
      headers: { ...me.headers, 'x-process-id': processId },
      json: { providerId: id },
    });
  /** The user answer declares `data` a record of unknown values (UserData, user.routes.ts): its providers are read as the test knows them. */
  const entry = (data: Record<string, unknown>, id: number) => (data.providers as { id: number }[]).find((p) => p.id === id);

  it('links a provider only with a code sent over it, then toggles and unlinks it', async () => {
    const me = await member('linker');
    const whatsapp = await providerId('whatsapp');
    const refused = await link(me, whatsapp, 'y'.repeat(43));
    expect(refused.status).toBe(400);
    const sent = await readJson<RouteJson<typeof linkCodeRoute, 200>>(await sendCode(me, { providerId: whatsapp }));
    // No number given: the profile's, and the code goes there over WhatsApp, not by mail.
    expect(sent.data).toMatchObject({ email: 'linker@example.test', channel: 'whatsapp', address: '+33612345678', resendIn: 60 });
    const processId = await processFor('linker@example.test', sent.data.sessionId, '+33612345678');
    const linked = await readJson<RouteJson<typeof linkRoute, 200>>(await link(me, whatsapp, processId));
    expect(entry(linked.data, whatsapp)).toMatchObject({ linked: true, notifiable: true, address: '+33612345678' });
    const off = await readJson<RouteJson<typeof notifiableRoute, 200>>(
      await t.request(`/api/v1/user/${me.id}/is-notifiable`, {
        method: 'PUT',
        headers: me.headers,
        json: { providerId: whatsapp, isNotifiable: false },
      }),
    );
    expect(entry(off.data, whatsapp)).toMatchObject({ linked: true, notifiable: false });
    const reread = await readJson<UserAnswer>(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }));
    expect(entry(reread.data, whatsapp)).toMatchObject({ linked: true, notifiable: false, address: '+33612345678' });
    const unlinked = await readJson<RouteJson<typeof unlinkRoute, 200>>(
      await t.request(`/api/v1/user/${me.id}/provider`, { method: 'DELETE', headers: me.headers, json: { providerId: whatsapp } }),
    );
    expect(entry(unlinked.data, whatsapp)).toMatchObject({ linked: false, address: null });
  });

  it('sends the SMS code to the number given, and links that number', async () => {
    const me = await member('texter');
    const sms = await providerId('sms');
    const sent = await readJson<RouteJson<typeof linkCodeRoute, 200>>(await sendCode(me, { providerId: sms, address: '+44 7700 900123' }));
    expect(sent.data).toMatchObject({ channel: 'sms', address: '+44 7700 900123' });
    const processId = await processFor('texter@example.test', sent.data.sessionId, '+44 7700 900123');
    const linked = await readJson<RouteJson<typeof linkRoute, 200>>(await link(me, sms, processId));
    expect(entry(linked.data, sms)).toMatchObject({ linked: true, address: '+44 7700 900123' });
  });

  it('mails the email code to the account address; Telegram, not delivered here, is said unavailable and cannot be linked', async () => {
    const me = await member('mailer');
    const email = await providerId('email');
    const sent = await readJson<RouteJson<typeof linkCodeRoute, 200>>(
      await sendCode(me, { providerId: email, address: 'someone@else.test' }),
    );
    expect(sent.data).toMatchObject({ channel: 'email', address: 'mailer@example.test' });
    const linked = await readJson<RouteJson<typeof linkRoute, 200>>(
      await link(me, email, await processFor('mailer@example.test', sent.data.sessionId, 'mailer@example.test')),
    );
    expect(entry(linked.data, email)).toMatchObject({ linked: true, address: 'mailer@example.test' });
    expect(entry(linked.data, email)).toMatchObject({ available: true });
    const telegram = await providerId('telegram');
    expect(entry(linked.data, telegram)).toMatchObject({ linked: false, available: false });
    const refused = await sendCode(me, { providerId: telegram, address: 'mailer_bot' }, 'fr_FR');
    expect(refused.status).toBe(409);
    expect(await readJson<ApiError>(refused)).toMatchObject({
      code: 'PROVIDER_NOT_OFFERED',
      error: expect.stringContaining('pas encore disponible sur cette installation'),
    });
    expect(readdirSync(path.join(t.database.dir, 'outbox')).filter((f) => f.includes('-telegram-'))).toEqual([]);
    // A link made before stays stored and shown, still unavailable.
    await t.database.db
      .insertInto('user_providers')
      .values({ user_id: me.id, provider_id: telegram, linked_at: new Date().toISOString(), address: '@mailer_bot' })
      .execute();
    const after = await readJson<UserAnswer>(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }));
    expect(entry(after.data, telegram)).toMatchObject({ linked: true, address: '@mailer_bot', available: false });
  });

  it('refuses a process proved for another provider, or by a code sent by mail alone', async () => {
    const me = await member('crosser');
    const [sms, whatsapp] = [await providerId('sms'), await providerId('whatsapp')];
    const sent = await readJson<RouteJson<typeof linkCodeRoute, 200>>(await sendCode(me, { providerId: sms }));
    const forSms = await processFor('crosser@example.test', sent.data.sessionId, '+33612345678');
    const crossed = await link(me, whatsapp, forSms);
    expect(crossed.status).toBe(400);
    expect((await readJson<ApiError>(crossed)).code).toBe('PROCESS_INVALID');
    const mailed = await readJson<z.infer<typeof CodeSent>>(
      await t.request('/api/v1/auth/generate-otp', { method: 'POST', json: { email: 'crosser@example.test', purpose: 'link_provider' } }),
    );
    const byMail = await processFor('crosser@example.test', mailed.data.sessionId, 'crosser@example.test');
    expect((await link(me, whatsapp, byMail)).status).toBe(400);
    const after = await readJson<UserAnswer>(await t.request(`/api/v1/user/${me.id}`, { headers: me.headers }));
    expect(entry(after.data, whatsapp)).toMatchObject({ linked: false });
  });

  it('answers a wrong or missing address, an unknown provider and another user with a localized 4xx', async () => {
    const me = await member('addresser');
    const other = await member('bystander');
    const telegram = await providerId('telegram');
    const badPhone = await sendCode(me, { providerId: await providerId('sms'), address: 'call me' });
    expect(badPhone.status).toBe(422);
    expect((await readJson<ApiError>(badPhone)).details).toEqual([{ path: 'address', message: 'Enter a valid phone number.' }]);
    const gone = await sendCode(me, { providerId: 2_000_000_000 }, 'de_DE');
    expect(gone.status).toBe(404);
    expect(await readJson<ApiError>(gone)).toMatchObject({
      code: 'PROVIDER_NOT_FOUND',
      error: expect.stringContaining('Laden Sie die Seite neu'),
    });
    expect((await sendCode(me, { providerId: 'sms' })).status).toBe(422);
    expect(
      (await t.request(`/api/v1/user/${other.id}/provider/code`, { method: 'POST', headers: me.headers, json: { providerId: telegram } }))
        .status,
    ).toBe(403);
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
    expect(await readJson<ApiError>(read)).toEqual({ code: 'USER_NOT_FOUND', error: 'Utilisateur introuvable.' });
    const saved = await call('PUT', `${missing}/notification-settings`, settings);
    expect(saved.status).toBe(404);
    expect(await readJson<ApiError>(saved)).toEqual({ code: 'USER_NOT_FOUND', error: 'User not found.' });
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
      expect([method, suffix, res.status, (await readJson<ApiError>(res)).code]).toEqual([method, suffix, 404, 'USER_NOT_FOUND']);
    }
  });

  it('answers 404 PROVIDER_NOT_FOUND, not "link it first", for a provider that does not exist', async () => {
    const res = await call('PUT', `${admin.id}/is-notifiable`, { providerId: 999_999, isNotifiable: true });
    expect(res.status).toBe(404);
    expect((await readJson<ApiError>(res)).code).toBe('PROVIDER_NOT_FOUND');
    const unlinked = await call('PUT', `${admin.id}/is-notifiable`, { providerId: whatsapp, isNotifiable: true });
    expect(unlinked.status).toBe(409);
    expect((await readJson<ApiError>(unlinked)).code).toBe('PROVIDER_NOT_LINKED');
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
      expect((await readJson<ApiError>(res)).code).toBe('VALIDATION_FAILED');
    }
  });

  it('still answers 403 to a member naming an id that is not theirs, existing or not', async () => {
    const someone = await member('curious');
    const res = await t.request(`/api/v1/user/${missing}/notification-settings`, { headers: someone.headers });
    expect(res.status).toBe(403);
  });
});
