import { nowIso } from '@autoroute/db';
import type { z } from '@hono/zod-openapi';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type Data, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import { startIdentityProvider, type TestIdentityProvider } from '../../../testing-oidc.ts';
import type { SignedIn } from './auth.routes.ts';
import type { listRoute } from './external.routes.ts';

// Federated sign-in (issue 3): the real app against a real OpenID provider on a loopback port.
const PUBLIC_URL = 'http://localhost:3000';
const APP_CALLBACK = `${PUBLIC_URL}/mobile-callback`;
let t: TestApp;
let idp: TestIdentityProvider;

const countUsers = async () =>
  Number((await t.database.db.selectFrom('users').select(t.database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function addFederer(code: string, active = 1) {
  const now = nowIso();
  await t.database.db
    .insertInto('federers')
    .values({
      code,
      name: `Test ID ${code}`,
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      active,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A browser at the provider: follows its redirects, signs in on its login page, and stops where it sends us back. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) jar.set(pair.slice(0, at), value);
      else jar.delete(pair.slice(0, at));
    }
    return res;
  };
  let res = await go(authorizationUrl);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (res.status === 200) {
      const action = (await res.text()).match(/<form[^>]*action="([^"]+)"/)?.[1];
      expect(action, 'the provider shows its login form').toBeTruthy();
      res = await go(new URL(action!, idp.issuer).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }),
      });
      continue;
    }
    expect(location, `redirect from the provider (status ${res.status})`).toBeTruthy();
    const next = new URL(location!, idp.issuer);
    if (next.origin !== idp.issuer) return next;
    res = await go(next.href);
  }
  throw new Error('the provider never sent the browser back');
}

/** Starts at our API, signs in at the provider, and comes back to our callback with the flow cookie. */
async function federatedSignIn(code: string, login: string, options: { redirect?: string; flowCookie?: (c: string) => string } = {}) {
  const start = await t.app.request(
    `/api/v1/auth/external/${code}${options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : ''}`,
  );
  expect(start.status).toBe(302);
  const toProvider = start.headers.get('location')!;
  expect(toProvider.startsWith(idp.issuer)).toBe(true);
  const flowCookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('EXTERNAL_FLOW='))!
    .split(';')[0]!;
  const back = await signInAtProvider(toProvider, login);
  expect(back.pathname).toBe(`/api/v1/auth/external/${code}/callback`);
  const res = await t.app.request(`${back.pathname}${back.search}`, {
    headers: { cookie: options.flowCookie ? options.flowCookie(flowCookie) : flowCookie },
  });
  expect(res.status).toBe(302);
  return { res, location: res.headers.get('location')!, toProvider: new URL(toProvider) };
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  idp = await startIdentityProvider({
    redirectUris: ['testid', 'other', 'off'].map((c) => `${PUBLIC_URL}/api/v1/auth/external/${c}/callback`).concat(APP_CALLBACK),
  });
  await addFederer('testid');
  await addFederer('off', 0);
});
afterAll(async () => {
  await idp.close();
  await t.destroy();
});

describe('federated sign-in (SPEC §2 /external/, OpenID Connect with PKCE)', () => {
  it('lists only the active federers', async () => {
    const { data } = await readJson<RouteJson<typeof listRoute, 200>>(await t.request('/api/v1/auth/external'));
    expect(data).toEqual([{ code: 'testid', name: 'Test ID testid' }]);
  });

  it('sends the browser to the provider with PKCE (S256), a state and a nonce', async () => {
    const res = await t.app.request('/api/v1/auth/external/testid');
    const url = new URL(res.headers.get('location')!);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/auth/external/testid/callback`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('EXTERNAL_FLOW='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The verifier never leaves the server in clear: the cookie is signed, and only its challenge is sent.
    expect(url.search).not.toContain(decodeURIComponent(cookie).match(/"verifier":"([^"]+)"/)?.[1] ?? 'none');
  });

  it('keeps a new person’s names to the name rule: no control characters or bidi overrides from the provider (issue 31)', async () => {
    idp.people.set('mallory', {
      email: 'mallory@example.test',
      email_verified: true,
      given_name: 'Mal\u0000lory\u202E',
      family_name: '\u2066Evil\u2069\u0007',
    });
    const { location } = await federatedSignIn('testid', 'mallory');
    expect(location).toMatch(/^\/external\/success/);
    const user = await t.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'mallory@example.test')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ first_name: 'Mallory', last_name: 'Evil' });
  });

  it('creates a verified account for a new person, linked to their subject, and signs them in', async () => {
    idp.people.set('katherine', {
      email: 'Katherine.Johnson@example.test',
      email_verified: true,
      given_name: 'Katherine',
      family_name: 'Johnson',
      preferred_username: 'kjohnson',
    });
    const before = await countUsers();
    const { res, location } = await federatedSignIn('testid', 'katherine', { redirect: '/settings/account' });
    expect(location).toBe(`/external/success?redirect=${encodeURIComponent('/settings/account')}`);
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/ACCESS_TOKEN=[^;]+;/);
    expect(cookies).toMatch(/REFRESH_TOKEN=[^;]+;/);
    expect(cookies).toMatch(/EXTERNAL_FLOW=;/);
    expect(await countUsers()).toBe(before + 1);
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'katherine.johnson@example.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: 'kjohnson', first_name: 'Katherine', last_name: 'Johnson', password_hash: null });
    expect(user.email_verified_at).not.toBeNull();
    const identity = await t.database.db
      .selectFrom('external_identities')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(identity.subject).toBe('katherine');

    // The session works: the cookies sign the person in.
    const access = cookies.match(/ACCESS_TOKEN=([^;]+);/)![1];
    const me = await readJson<Data<Record<string, unknown>>>(
      await t.request('/api/v1/user/me', { headers: { cookie: `ACCESS_TOKEN=${access}` } }),
    );
    expect(me.data).toMatchObject({ email: 'katherine.johnson@example.test', roles: ['USER'], emailVerified: true });

    // Signing in again finds the same account.
    await federatedSignIn('testid', 'katherine');
    expect(await countUsers()).toBe(before + 1);
  });

  it('links an existing account with the same address, and verifies that address', async () => {
    const now = nowIso();
    const { id } = await t.database.db
      .insertInto('users')
      .values({
        email: 'dorothy@example.test',
        username: 'dorothy',
        first_name: 'Dorothy',
        last_name: 'Vaughan',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    idp.people.set('dv-42', { email: 'dorothy@example.test', email_verified: true });
    const before = await countUsers();
    const { location } = await federatedSignIn('testid', 'dv-42');
    expect(location).toBe('/external/success?redirect=%2F');
    expect(await countUsers()).toBe(before);
    const identity = await t.database.db
      .selectFrom('external_identities')
      .select('user_id')
      .where('subject', '=', 'dv-42')
      .executeTakeFirstOrThrow();
    expect(identity.user_id).toBe(id);
    const user = await t.database.db.selectFrom('users').select('email_verified_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
  });

  it('refuses an address the provider has not verified, and creates nothing', async () => {
    idp.people.set('unverified', { email: 'mary@example.test', email_verified: false });
    const before = await countUsers();
    const { location } = await federatedSignIn('testid', 'unverified');
    expect(location).toBe('/external/error?code=EXTERNAL_EMAIL_UNVERIFIED');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a suspended account and sets no session', async () => {
    idp.people.set('suspended', { email: 'suspended@example.test', email_verified: true });
    await federatedSignIn('testid', 'suspended');
    await t.database.db.updateTable('users').set({ status: 'suspended' }).where('email', '=', 'suspended@example.test').execute();
    const { res, location } = await federatedSignIn('testid', 'suspended');
    expect(location).toBe('/external/error?code=ACCOUNT_SUSPENDED');
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/ACCESS_TOKEN=[^;]/);
  });

  it('refuses a callback whose flow cookie is missing or tampered with', async () => {
    const before = await countUsers();
    const missing = await federatedSignIn('testid', 'mallory', { flowCookie: () => '' });
    expect(missing.location).toBe('/external/error?code=EXTERNAL_STATE');
    const tampered = await federatedSignIn('testid', 'mallory', { flowCookie: (c) => c.replace(/.$/, (x) => (x === 'A' ? 'B' : 'A')) });
    expect(tampered.location).toBe('/external/error?code=EXTERNAL_STATE');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a code that was issued for another flow (state mismatch)', async () => {
    const first = await t.app.request('/api/v1/auth/external/testid');
    const otherFlow = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('EXTERNAL_FLOW='))!
      .split(';')[0]!;
    const { location } = await federatedSignIn('testid', 'mallory', { flowCookie: () => otherFlow });
    expect(location).toBe('/external/error?code=EXTERNAL_FAILED');
  });

  it('explains a sign-in cancelled at the provider', async () => {
    const start = await t.app.request('/api/v1/auth/external/testid');
    const flowCookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith('EXTERNAL_FLOW='))!
      .split(';')[0]!;
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await t.app.request(`/api/v1/auth/external/testid/callback?error=access_denied&state=${state}`, {
      headers: { cookie: flowCookie },
    });
    expect(res.headers.get('location')).toBe('/external/error?code=EXTERNAL_DENIED');
  });

  it('sends an unknown or inactive federer to the error page', async () => {
    for (const code of ['nope', 'off']) {
      const res = await t.app.request(`/api/v1/auth/external/${code}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/external/error?code=FEDERER_NOT_FOUND');
    }
  });

  it('only returns to a path on this site, by the one check of redirects (issue 31)', async () => {
    idp.people.set('redirected', { email: 'redirected@example.test', email_verified: true });
    for (const redirect of [
      '//evil.example/',
      '/\t/evil.example/',
      '/\n/x',
      '/\u2028/x',
      '/%2F%2Fevil.example',
      `${PUBLIC_URL.replace('://', '://x')}/`,
    ]) {
      const { location } = await federatedSignIn('testid', 'redirected', { redirect });
      expect(location, JSON.stringify(redirect)).toBe('/external/success?redirect=%2F');
    }
    // An absolute address on the site is its path.
    const { location } = await federatedSignIn('testid', 'redirected', { redirect: `${PUBLIC_URL}/settings/account?tab=1` });
    expect(location).toBe(`/external/success?redirect=${encodeURIComponent('/settings/account?tab=1')}`);
  });
});

describe('POST /api/v1/auth/oauth-login (SPEC §7)', () => {
  /** A mobile app runs the provider's flow itself and gets an access token for the person. */
  async function appAccessToken(login: string) {
    const config = await oidc.discovery(new URL(idp.issuer), idp.clientId, idp.clientSecret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: APP_CALLBACK,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const back = await signInAtProvider(url.href, login);
    const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state });
    return tokens.access_token;
  }
  const oauthLogin = (body: Record<string, unknown>) => t.request('/api/v1/auth/oauth-login', { method: 'POST', json: body });

  it('signs in when the provider vouches for the token, subject and address', async () => {
    idp.people.set('annie', { email: 'annie@example.test', email_verified: true, given_name: 'Annie' });
    const accessToken = await appAccessToken('annie');
    const res = await oauthLogin({
      federer: 'testid',
      federerUserId: 'annie',
      email: 'annie@example.test',
      accessToken,
      refreshToken: null,
    });
    expect(res.status).toBe(200);
    const body = await readJson<z.infer<typeof SignedIn>>(res);
    expect(body.data).toMatchObject({ email: 'annie@example.test', firstName: 'Annie', emailVerified: true });
    expect(body.security.accessToken).toBeTruthy();
  });

  it('refuses a forged token, another subject or another address, and creates nothing', async () => {
    idp.people.set('grace', { email: 'grace@example.test', email_verified: true });
    const accessToken = await appAccessToken('grace');
    const before = await countUsers();
    for (const body of [
      { federer: 'testid', federerUserId: 'grace', email: 'grace@example.test', accessToken: 'forged-token' },
      { federer: 'testid', federerUserId: 'someone-else', email: 'grace@example.test', accessToken },
      { federer: 'testid', federerUserId: 'grace', email: 'admin@autoroute.local', accessToken },
    ]) {
      const res = await oauthLogin(body);
      expect(res.status).toBe(401);
      expect((await readJson<ApiError>(res)).code).toBe('EXTERNAL_TOKEN_INVALID');
    }
    expect(await countUsers()).toBe(before);
  });

  it('answers 404 for an unknown federer and 422 for missing fields', async () => {
    const unknown = await oauthLogin({ federer: 'nope', federerUserId: 'x', email: 'x@example.test', accessToken: 'x' });
    expect(unknown.status).toBe(404);
    expect((await readJson<ApiError>(unknown)).code).toBe('FEDERER_NOT_FOUND');
    const missing = await oauthLogin({ federer: 'testid', email: 'not an email' });
    expect(missing.status).toBe(422);
    const paths = (await readJson<ApiError>(missing)).details!.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['accessToken', 'email', 'federerUserId']);
  });
});
