import { createServer } from 'node:net';
import type { z } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../core/limiters.ts';
import { type ApiError, createTestApp, latestCode, outboxMails, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import type { CodeSent, SignedIn, signupRoute, verifyOtpRoute } from './auth.routes.ts';

type SignedInBody = z.infer<typeof SignedIn>;
type SignedUp = RouteJson<typeof signupRoute, 200>;
type CodeVerified = RouteJson<typeof verifyOtpRoute, 200>;

let t: TestApp;
const count = async (table: 'users' | 'sessions') =>
  Number((await t.database.db.selectFrom(table).select(t.database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const newUser = (n: string) => ({
  email: `${n}@example.test`,
  password: 'a long enough passphrase',
  username: n,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+33 6 12 34 56 78',
});

/** Signs a user up and verifies the address: the account is ready to sign in. */
async function registered(n: string, app = t) {
  const user = newUser(n);
  const { data } = await readJson<SignedUp>(await app.request('/api/v1/auth/signup', { method: 'POST', json: user }));
  const code = latestCode(app.database.dir, user.email);
  const verified = await readJson<CodeVerified>(
    await app.request('/api/v1/auth/verify-otp', { method: 'POST', json: { email: user.email, otp: code, sessionId: data.sessionId } }),
  );
  const res = await app.request('/api/v1/auth/verify-email', {
    method: 'POST',
    json: { email: user.email },
    headers: { 'x-process-id': verified.data.processId },
  });
  expect(res.status).toBe(200);
  return user;
}

const login = (email: string, password: string, app = t) =>
  app.request('/api/v1/auth/login', { method: 'POST', json: { email, password } });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());

describe('sign-up and email verification (SPEC §4, §7)', () => {
  it('creates an unverified account, mails a 6-digit code, and signs in once the code is verified', async () => {
    const user = newUser('grace');
    const res = await t.request('/api/v1/auth/signup', { method: 'POST', json: user });
    expect(res.status).toBe(200);
    const { data } = await readJson<SignedUp>(res);
    expect(data.sessionId).toMatch(/^[\w-]{20,}$/);
    const row = await t.database.db.selectFrom('users').selectAll().where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const code = latestCode(t.database.dir, user.email);
    const stored = await t.database.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const verified = await readJson<CodeVerified>(
      await t.request('/api/v1/auth/verify-otp', { method: 'POST', json: { email: user.email, otp: code, sessionId: data.sessionId } }),
    );
    expect(verified.data.purpose).toBe('verify_email');
    const signedIn = await t.request('/api/v1/auth/verify-email', {
      method: 'POST',
      json: { email: user.email },
      headers: { 'x-process-id': verified.data.processId },
    });
    expect(signedIn.status).toBe(200);
    const body = await readJson<SignedInBody>(signedIn);
    expect(body.data).toMatchObject({
      email: user.email,
      username: 'grace',
      emailVerified: true,
      roles: ['USER'],
      permissions: [],
      is_premium: false,
    });
    expect(body.security).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      sessionID: expect.any(String),
      expiresAt: expect.any(String),
    });
    const cookies = signedIn.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/ACCESS_TOKEN=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/SameSite=Lax/);
  });

  it('mails a link to the code page with the flow in its fragment, which verifies in any browser', async () => {
    const user = newUser('katherine');
    const { data } = await readJson<SignedUp>(await t.request('/api/v1/auth/signup', { method: 'POST', json: user }));
    const mail = outboxMails(t.database.dir, user.email).at(-1);
    const found = mail?.text.match(/https?:\/\/\S+\/otp#\S+/)?.[0];
    expect(found, mail?.text).toBeDefined();
    // In the fragment: what the browser keeps to itself, never sent to a server nor in a Referer.
    const link = new URLSearchParams(new URL(found!).hash.slice(1));
    expect(Object.fromEntries(link)).toEqual({
      purpose: 'verify_email',
      email: user.email,
      session: data.sessionId,
      code: latestCode(t.database.dir, user.email),
    });
    // Another browser holds nothing of the flow but the link: it is enough.
    const verified = await t.request('/api/v1/auth/verify-otp', {
      method: 'POST',
      json: { email: link.get('email'), otp: link.get('code'), sessionId: link.get('session') },
    });
    expect(verified.status).toBe(200);
    expect((await readJson<CodeVerified>(verified)).data.purpose).toBe('verify_email');
    // A reset code is typed, never linked: a link must not hand a password change to whoever opens it.
    await t.request('/api/v1/auth/generate-otp', { method: 'POST', json: { email: user.email, purpose: 'reset_password' } });
    expect(outboxMails(t.database.dir, user.email).at(-1)?.text).not.toMatch(/\/otp#/);
  });

  it('answers the same for an address that already has an account, creates nothing, and tells its owner', async () => {
    const users = await count('users');
    const res = await t.request('/api/v1/auth/signup', { method: 'POST', json: { ...newUser('grace2'), email: 'grace@example.test' } });
    expect(res.status).toBe(200);
    expect(Object.keys((await readJson<SignedUp>(res)).data).sort()).toEqual(['email', 'sessionId']);
    expect(await count('users')).toBe(users);
  });

  it.each([
    ['a one-letter username', { username: 'x' }, 'username'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['a too-short password', { password: 'short' }, 'password'],
    ['one of the most common passwords', { password: 'password123' }, 'password'],
    ['a one-letter first name', { firstName: 'A' }, 'firstName'],
    ['an invalid phone', { phone: 'call me' }, 'phone'],
  ])('refuses %s with 422 and changes nothing', async (_label, change, field) => {
    const users = await count('users');
    const res = await t.request('/api/v1/auth/signup', { method: 'POST', json: { ...newUser('rejected'), ...change } });
    expect(res.status).toBe(422);
    const body = await readJson<ApiError>(res);
    expect(body.details!.find((d: { path: string }) => d.path === field)?.message).toBeTruthy();
    expect(await count('users')).toBe(users);
  });

  it('refuses a taken username with 409', async () => {
    const res = await t.request('/api/v1/auth/signup', { method: 'POST', json: { ...newUser('GRACE'), email: 'other@example.test' } });
    expect(res.status).toBe(409);
    expect((await readJson<ApiError>(res)).code).toBe('USERNAME_TAKEN');
  });
});

describe('sign-in (SPEC §2 /sign-in)', () => {
  beforeAll(async () => {
    await registered('linus');
  });

  it('accepts the username or the email, case-insensitively', async () => {
    expect((await login('linus@example.test', 'a long enough passphrase')).status).toBe(200);
    expect((await login('LINUS', 'a long enough passphrase')).status).toBe(200);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await login('linus', 'not the passphrase');
    const unknown = await login('nobody@example.test', 'not the passphrase');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await readJson<ApiError>(wrong)).toEqual(await readJson<ApiError>(unknown));
  });

  it('refuses a suspended user, who loses every session at once', async () => {
    await registered('mallory');
    const session = await readJson<SignedInBody>(await login('mallory', 'a long enough passphrase'));
    await t.database.db.updateTable('users').set({ status: 'suspended' }).where('username', '=', 'mallory').execute();
    const res = await login('mallory', 'a long enough passphrase');
    expect(res.status).toBe(403);
    expect((await readJson<ApiError>(res)).code).toBe('ACCOUNT_SUSPENDED');
    const still = await t.request('/api/v1/auth/logout-all', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.security.accessToken}` },
    });
    expect(still.status).toBe(401);
  });

  it('limits attempts per account with 429 and Retry-After', async () => {
    await registered('target');
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await login('target', `guess number ${i}`);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readJson<ApiError>(last!)).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('sessions: refresh rotation, logout, logout of all devices (DESIGN §2)', () => {
  beforeAll(async () => {
    await registered('ken');
  });

  it('rotates the refresh token; a reused one revokes the whole session', async () => {
    const first = await readJson<SignedInBody>(await login('ken', 'a long enough passphrase'));
    const refreshed = await t.request('/api/v1/auth/access-token', {
      method: 'POST',
      json: { refreshToken: first.security.refreshToken, sessionID: first.security.sessionID },
    });
    expect(refreshed.status).toBe(200);
    const second = await readJson<SignedInBody>(refreshed);
    expect(second.security.refreshToken).not.toBe(first.security.refreshToken);

    const reused = await t.request('/api/v1/auth/access-token', { method: 'POST', json: { refreshToken: first.security.refreshToken } });
    expect(reused.status).toBe(401);
    expect((await readJson<ApiError>(reused)).code).toBe('REFRESH_REUSED');
    const afterTheft = await t.request('/api/v1/auth/access-token', {
      method: 'POST',
      json: { refreshToken: second.security.refreshToken },
    });
    expect(afterTheft.status).toBe(401);
  });

  it('logs out of this session only', async () => {
    const a = await readJson<SignedInBody>(await login('ken', 'a long enough passphrase'));
    const b = await readJson<SignedInBody>(await login('ken', 'a long enough passphrase'));
    await t.request('/api/v1/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${a.security.accessToken}` } });
    expect((await t.request('/api/v1/auth/access-token', { method: 'POST', json: { refreshToken: a.security.refreshToken } })).status).toBe(
      401,
    );
    expect((await t.request('/api/v1/auth/access-token', { method: 'POST', json: { refreshToken: b.security.refreshToken } })).status).toBe(
      200,
    );
  });

  it('logs out of all devices: the other session cannot refresh', async () => {
    const a = await readJson<SignedInBody>(await login('ken', 'a long enough passphrase'));
    const b = await readJson<SignedInBody>(await login('ken', 'a long enough passphrase'));
    const res = await t.request('/api/v1/auth/logout-all', {
      method: 'POST',
      headers: { authorization: `Bearer ${a.security.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/v1/auth/access-token', { method: 'POST', json: { refreshToken: b.security.refreshToken } })).status).toBe(
      401,
    );
  });

  it('refuses logout-all when signed out', async () => {
    expect((await t.request('/api/v1/auth/logout-all', { method: 'POST' })).status).toBe(401);
  });
});

describe('password reset (SPEC §4: requested, then succeeded)', () => {
  beforeAll(async () => {
    await registered('barbara');
  });

  const startReset = async (email: string) => {
    const { data } = await readJson<z.infer<typeof CodeSent>>(
      await t.request('/api/v1/auth/generate-otp', { method: 'POST', json: { email, purpose: 'reset_password' } }),
    );
    return data.sessionId as string;
  };

  it('resets through code and process id, then only the new password works and old sessions end', async () => {
    const before = await readJson<SignedInBody>(await login('barbara', 'a long enough passphrase'));
    const sessionId = await startReset('barbara@example.test');
    const code = latestCode(t.database.dir, 'barbara@example.test');
    const { data } = await readJson<CodeVerified>(
      await t.request('/api/v1/auth/verify-otp', { method: 'POST', json: { email: 'barbara@example.test', otp: code, sessionId } }),
    );
    const res = await t.request('/api/v1/auth/reset-password', {
      method: 'POST',
      json: { email: 'barbara@example.test', password: 'a brand new passphrase' },
      headers: { 'x-process-id': data.processId },
    });
    expect(res.status).toBe(200);
    expect((await login('barbara', 'a long enough passphrase')).status).toBe(401);
    expect((await login('barbara', 'a brand new passphrase')).status).toBe(200);
    expect(
      (await t.request('/api/v1/auth/access-token', { method: 'POST', json: { refreshToken: before.security.refreshToken } })).status,
    ).toBe(401);

    const again = await t.request('/api/v1/auth/reset-password', {
      method: 'POST',
      json: { email: 'barbara@example.test', password: 'yet another passphrase' },
      headers: { 'x-process-id': data.processId },
    });
    expect(again.status).toBe(400);
    expect((await readJson<ApiError>(again)).code).toBe('PROCESS_INVALID');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await t.request('/api/v1/auth/generate-otp', {
      method: 'POST',
      json: { email: 'ghost@example.test', purpose: 'reset_password' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys((await readJson<z.infer<typeof CodeSent>>(res)).data).sort()).toEqual(['expiresIn', 'resendIn', 'sessionId']);
    expect(() => latestCode(t.database.dir, 'ghost@example.test')).toThrow();
  });

  it('refuses a reused code, a wrong process id, and an expired code', async () => {
    const sessionId = await startReset('barbara@example.test');
    const code = latestCode(t.database.dir, 'barbara@example.test');
    const ok = await t.request('/api/v1/auth/verify-otp', {
      method: 'POST',
      json: { email: 'barbara@example.test', otp: code, sessionId },
    });
    expect(ok.status).toBe(200);
    const reused = await t.request('/api/v1/auth/verify-otp', {
      method: 'POST',
      json: { email: 'barbara@example.test', otp: code, sessionId },
    });
    expect((await readJson<ApiError>(reused)).code).toBe('CODE_INVALID');

    const wrongProcess = await t.request('/api/v1/auth/reset-password', {
      method: 'POST',
      json: { email: 'barbara@example.test', password: 'a brand new passphrase 2' },
      headers: { 'x-process-id': 'x'.repeat(43) },
    });
    expect(wrongProcess.status).toBe(400);

    const expiring = await startReset('barbara@example.test');
    const late = latestCode(t.database.dir, 'barbara@example.test');
    await t.database.db
      .updateTable('one_time_codes')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('session_id', '=', expiring)
      .execute();
    const expired = await t.request('/api/v1/auth/verify-otp', {
      method: 'POST',
      json: { email: 'barbara@example.test', otp: late, sessionId: expiring },
    });
    expect((await readJson<ApiError>(expired)).code).toBe('CODE_EXPIRED');
  });

  it('locks a code after five wrong tries, even for the right code afterwards', async () => {
    const sessionId = await startReset('barbara@example.test');
    const code = latestCode(t.database.dir, 'barbara@example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await t.request('/api/v1/auth/verify-otp', { method: 'POST', json: { email: 'barbara@example.test', otp: wrong, sessionId } });
    const res = await t.request('/api/v1/auth/verify-otp', {
      method: 'POST',
      json: { email: 'barbara@example.test', otp: code, sessionId },
    });
    expect((await readJson<ApiError>(res)).code).toBe('CODE_LOCKED');
  });
});

describe('per-address limits', () => {
  it('counts only failed sign-ins against the address: an office behind one address keeps signing in', async () => {
    const fresh = await createTestApp();
    try {
      await registered('office', fresh);
      const limit = LIMITS.loginPerIp.points;
      for (let i = 0; i < limit + 5; i++) expect((await login('office', 'a long enough passphrase', fresh)).status).toBe(200);
      // Failures still add up, across accounts, until the address is refused — even the right password.
      for (let i = 0; i < limit; i++) expect((await login(`guesser${i}@example.test`, 'not the passphrase', fresh)).status).toBe(401);
      const refused = await login('office', 'a long enough passphrase', fresh);
      expect(refused.status).toBe(429);
      expect((await readJson<ApiError>(refused)).code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await fresh.destroy();
    }
  });

  it('ignores a spoofed X-Forwarded-For unless the app runs behind a trusted proxy', async () => {
    const fresh = await createTestApp();
    try {
      let last: Response | undefined;
      for (let i = 0; i < 11; i++) {
        last = await fresh.request('/api/v1/auth/signup', {
          method: 'POST',
          json: newUser(`spoof${i}`),
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      }
      expect(last!.status).toBe(429);
    } finally {
      await fresh.destroy();
    }
  });
});

describe('cross-site requests', () => {
  it('refuses a plain form post from another site with 403', async () => {
    const res = await t.app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000' },
      body: 'email=a&password=b',
    });
    expect(res.status).toBe(403);
    expect((await readJson<ApiError>(res)).code).toBe('CROSS_SITE_REQUEST');
  });
});

describe('mail over SMTP', () => {
  it('delivers the verification code to a real SMTP listener when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    const mailApp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const res = await mailApp.request('/api/v1/auth/signup', { method: 'POST', json: newUser('smtpuser') });
      expect(res.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: smtpuser@example\.test/m);
      expect(received[0]).toMatch(/^\s{4}\d{6}\s*$/m);
    } finally {
      await mailApp.destroy();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('stored secrets', () => {
  it('keeps codes, process ids and refresh tokens only as hashes', async () => {
    const tokens = await sql<{ token_hash: string }>`select token_hash from refresh_tokens`.execute(t.database.db);
    expect(tokens.rows.every((r) => /^[\w-]{43}$/.test(r.token_hash))).toBe(true);
  });
});
