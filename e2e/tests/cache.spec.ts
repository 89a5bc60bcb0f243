import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type Db } from '@autoroute/db';
import { scratchPostgres } from '@autoroute/db/testing';
import { expect, signedHeaders, test } from '../fixtures.ts';
import { ready, type StartedServer, startServer } from '../servers.ts';

// Issue 14: rendered public pages are kept by each server process and revalidated before any
// rendering, yet no visitor ever reads a stale price. Two identical processes share one database
// (PostgreSQL when TEST_DATABASE_URL names a server, as in CI; else one SQLite file), as behind a
// load balancer; a seller changes a price through one, and the next request to either shows it.
const ports = [Number(process.env.E2E_CACHE_PORT ?? 3216), Number(process.env.E2E_CACHE_PORT ?? 3216) + 1];
const KEY = 'page-cache-test-signing-key-2026';
const PUBLIC_URL = `http://127.0.0.1:${ports[0]}`;
const ADMIN = { email: 'admin@cache.autoroute.test', password: 'cache admin password' };
const DEMO_PASSWORD = 'demo-seller-2026';

test.describe.configure({ mode: 'serial' });

let servers: StartedServer[] = [];
const folders: string[] = [];
let db: Db;
let dropDatabase: (() => Promise<void>) | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const shared = mkdtempSync(path.join(tmpdir(), 'autoroute-cache-'));
  folders.push(shared);
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  servers = ports.map((port) => {
    // On PostgreSQL each process has a folder of its own (outbox, backups); on SQLite they share the file.
    const dataDir = databaseUrl ? mkdtempSync(path.join(tmpdir(), 'autoroute-cache-')) : shared;
    if (dataDir !== shared) folders.push(dataDir);
    return startServer(port, {
      PUBLIC_URL,
      API_SIGNING_KEY: KEY,
      DATA_DIR: dataDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      SEED_VEHICLES: '24',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  for (const server of servers) await ready(server, 220);
  db = connect(databaseUrl ?? path.join(shared, 'autoroute.db'));
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await db?.close();
  await dropDatabase?.();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A signed API request from outside, as a browser's island sends it. */
async function call(port: number, method: string, url: string, options: { json?: unknown; token?: string } = {}) {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers = await signedHeaders(KEY, body);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body });
  expect(res.ok, `${method} ${url}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as any;
}

/** A page as a visitor who is not signed in gets it. */
const page = (port: number, url: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}${url}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } });

test('a public page is rendered once per process and version, revalidated before rendering, and stale for seconds at most', async () => {
  // The first listing of the home page and of the default search, and its seller.
  const first = (await call(ports[0]!, 'GET', '/api/v1/vehicles?perPage=1')).data[0] as {
    id: number;
    title: string;
    currency: { code: string };
  };
  const owner = await db.db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .select('u.email')
    .where('v.id', '=', first.id)
    .executeTakeFirstOrThrow();
  const urls = [`/vehicles/${first.id}?lng=en_US`, '/vehicles?lng=en_US', '/?lng=en_US'];

  // Both processes send the same page under the same validator, compressed; the second time from memory.
  for (const url of urls) {
    const [a, b, again] = [await page(ports[0]!, url), await page(ports[1]!, url), await page(ports[0]!, url)];
    for (const res of [a, b, again]) {
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control')).toContain('public');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
    }
    expect(a.headers.get('etag')).toMatch(/^W\/"p-/);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    expect(again.headers.get('etag')).toBe(a.headers.get('etag'));
    const [bodyA, bodyB, bodyAgain] = [await a.text(), await b.text(), await again.text()];
    expect(bodyB).toBe(bodyA);
    expect(bodyAgain).toBe(bodyA);
    expect(bodyA).toContain(first.title);
    // The browser holds it: 304 with no body, from either process.
    const revalidated = await page(ports[1]!, url, { 'if-none-match': a.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  }
  const before = await Promise.all(urls.map(async (url) => (await page(ports[0]!, url)).headers.get('etag')));

  // The seller changes the price through process A.
  const login = await call(ports[0]!, 'POST', '/api/v1/auth/login', { json: { email: owner.email, password: DEMO_PASSWORD } });
  const price = 12_345 + (randomBytes(1)[0]! % 100);
  const changed = await fetch(`http://127.0.0.1:${ports[0]}/api/v1/vehicles/${first.id}`, {
    method: 'PATCH',
    headers: { ...(await signedHeaders(KEY, JSON.stringify({ price }))), authorization: `Bearer ${login.security.accessToken}` },
    body: JSON.stringify({ price }),
  });
  expect(changed.status).toBe(200);
  const changedAt = Date.now();
  // The writer is told, for a few seconds, that their pages must show their change (decision 040).
  const wrote = changed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('WROTE='));
  expect(wrote).toBe('WROTE=1');
  const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: first.currency.code, maximumFractionDigits: 0 }).format(
    price,
  );

  // The listing's own page: the next request to either process reads it; the old validator no longer matches.
  const [listing] = urls;
  const fresh = await page(ports[1]!, listing!, { 'if-none-match': before[0]! });
  expect(fresh.status).toBe(200);
  expect(fresh.headers.get('etag')).not.toBe(before[0]);
  expect(await fresh.text()).toContain(shown);
  // Process A has not rendered the new page yet, and answers the new validator with a 304 all the same.
  expect((await page(ports[0]!, listing!, { 'if-none-match': fresh.headers.get('etag')! })).status).toBe(304);
  const again = await page(ports[0]!, listing!, { 'if-none-match': before[0]! });
  expect(again.status).toBe(200);
  expect(await again.text()).toContain(shown);

  // The search and home pages: the writer sees the change at once, from either process…
  for (const url of urls.slice(1)) {
    for (const port of ports) {
      const theirs = await page(port, url, { cookie: wrote! });
      expect(theirs.status, url).toBe(200);
      expect(await theirs.text(), url).toContain(shown);
    }
  }
  // …and every other visitor within PAGE_STALE_S (5 s), never waiting for a render meanwhile.
  for (const url of urls.slice(1)) {
    for (const port of ports) {
      await expect
        .poll(async () => (await (await page(port, url)).text()).includes(shown), { timeout: 10_000, intervals: [250] })
        .toBe(true);
    }
  }
  expect(Date.now() - changedAt).toBeLessThan(5000 + 4000);
});

test('content and help pages are shared too, though what marks them so renders while they stream', async () => {
  for (const url of ['/about?lng=fr_FR', '/terms?lng=ar_SA', '/help-center/?lng=en_US']) {
    const first = await page(ports[0]!, url);
    expect(first.status, url).toBe(200);
    expect(first.headers.get('cache-control'), url).toContain('public');
    const etag = first.headers.get('etag');
    expect(etag, url).toMatch(/^W\/"p-/);
    expect((await page(ports[1]!, url, { 'if-none-match': etag! })).status, url).toBe(304);
  }
});

test("a page's validator is looked at before the files, yet a file asked with one is still the file", async () => {
  const home = await page(ports[0]!, '/?lng=en_US');
  const etag = home.headers.get('etag')!;
  expect(etag).toMatch(/^W\/"p-/);
  const file = await page(ports[0]!, '/favicon.svg', { 'if-none-match': etag });
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toContain('image/svg+xml');
  expect(await file.text()).toContain('<svg');
  // A page validator that no longer holds: the page is rendered afresh.
  const stale = await page(ports[0]!, '/?lng=en_US', { 'if-none-match': 'W/"p-no-longer"' });
  expect(stale.status).toBe(200);
  expect(stale.headers.get('etag')).toBe(etag);
});

test('a signed-in visitor gets the same shared page, made theirs after load; other pages stay their own', async ({ browser }) => {
  const own = ((await call(ports[0]!, 'GET', '/api/v1/vehicles?perPage=1')).data as { id: number }[])[0]!.id;
  const seller = await db.db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .select(['u.email', 'u.first_name', 'u.id'])
    .where('v.id', '=', own)
    .executeTakeFirstOrThrow();
  // Another seller's listing for the marks (the seed may give both to one seller).
  const theirs = await db.db
    .selectFrom('vehicles')
    .select('id')
    .where('owner_id', '!=', seller.id)
    .where('sold', '=', 0)
    .executeTakeFirstOrThrow();
  expect(theirs.id).toBeTruthy();
  const body = JSON.stringify({ email: seller.email, password: DEMO_PASSWORD });
  const login = await fetch(`http://127.0.0.1:${ports[1]}/api/v1/auth/login`, {
    method: 'POST',
    headers: await signedHeaders(KEY, body),
    body,
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { security: { accessToken: string } }).security.accessToken;
  const pairs = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  expect(pairs.some((p) => p === 'SIGNED_IN=1')).toBe(true);
  const cookie = pairs.join('; ');
  await call(ports[1]!, 'POST', `/api/v1/vehicles/${theirs.id}/like`, { token });

  // Over HTTP: the very page a visitor gets, under the same validator, from the same kept copy.
  for (const url of ['/?lng=en_US', `/vehicles/${own}?lng=en_US`, `/vehicles/${theirs.id}?lng=en_US`]) {
    const visitor = await page(ports[1]!, url);
    const member = await page(ports[1]!, url, { cookie });
    expect(member.status, url).toBe(200);
    expect(member.headers.get('cache-control'), url).toContain('public');
    expect(member.headers.get('etag'), url).toBe(visitor.headers.get('etag'));
    const html = await member.text();
    expect(html, url).toBe(await visitor.text());
    expect(html, url).not.toContain(seller.email);
    expect((await page(ports[0]!, url, { cookie, 'if-none-match': visitor.headers.get('etag')! })).status, url).toBe(304);
  }
  // The help centre's form knows who writes: still a page of their own.
  const help = await page(ports[1]!, '/help-center/?lng=en_US', { cookie });
  expect(help.headers.get('cache-control')).toBe('private, no-store');
  expect(help.headers.get('etag')).toBeNull();

  // In a browser: the member's header, their like, and the way to edit their own listing.
  const context = await browser.newContext({ baseURL: PUBLIC_URL });
  await context.addCookies(
    pairs.map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: PUBLIC_URL })),
  );
  const tab = await context.newPage();
  await tab.goto(`/vehicles/${theirs.id}?lng=en_US`);
  const nav = tab.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByText(`My account: ${seller.first_name}`)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeHidden();
  await expect(tab.getByRole('button', { name: /Like/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(tab.getByRole('button', { name: /Save/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(tab.getByRole('heading', { name: 'Contact the seller' })).toBeVisible();
  await tab.goto(`/vehicles/${own}?lng=en_US`);
  await expect(tab.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'Contact the seller' })).toBeHidden();
  await context.close();

  // A hint left from a session that is gone: the page finds out and is a visitor's again.
  const stale = await browser.newContext({ baseURL: PUBLIC_URL });
  await stale.addCookies([{ name: 'SIGNED_IN', value: '1', url: PUBLIC_URL }]);
  const visitor = await stale.newPage();
  await visitor.goto('/?lng=en_US');
  await expect(visitor.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect.poll(async () => (await stale.cookies()).some((c) => c.name === 'SIGNED_IN')).toBe(false);
  await stale.close();
});
