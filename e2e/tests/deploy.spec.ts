import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { expect, expectAccessible, structuredItem, test } from '../fixtures.ts';
import { ready, type StartedServer, startServer } from '../servers.ts';

// Issue 12: deployed as an operator would, on a domain of their own with a key of their own. This
// server is not the suite's: it binds 127.0.0.1, while browsers know it by PUBLIC_URL's host name,
// which Chromium resolves to that address as a DNS server would. PUBLIC_URL's origin stands in for
// an HTTPS one (the clipboard asks for a secure origin); the back office is opened on another name
// of the same server, a plain-HTTP origin, where browsers offer no Web Crypto to sign with.
const port = Number(process.env.E2E_DEPLOY_PORT ?? 3219);
const PUBLIC_URL = `http://autoroute.test:${port}`;
const PLAIN_HTTP = `http://office.autoroute.test:${port}`;
const KEY = 'an-operator-own-signing-key-2026';
const ADMIN = { email: 'operator@autoroute.test', password: 'operator password 2026' };

test.use({
  baseURL: PUBLIC_URL,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.test 127.0.0.1', `--unsafely-treat-insecure-origin-as-secure=${PUBLIC_URL}`],
  },
});
test.describe.configure({ mode: 'serial' });

let server: StartedServer;
let dataDir: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'autoroute-deploy-'));
  server = startServer(port, {
    PUBLIC_URL,
    API_SIGNING_KEY: KEY,
    DATA_DIR: dataDir,
    SEED_VEHICLES: '20',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await ready(server);
});
test.afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('with its own key, an administrator signs in to the back office and edits a colour, over plain HTTP', async ({ page }) => {
  await page.goto(`${PLAIN_HTTP}/admin/`);
  expect(await page.evaluate(() => typeof crypto.subtle)).toBe('undefined');
  // The built back office carries no key: the server wrote the operator's into the page.
  const written = JSON.parse((await page.locator('#runtime-config').textContent()) ?? '{}');
  expect(written).toMatchObject({ signingKey: KEY, publicUrl: PUBLIC_URL });
  await page.getByLabel('Username or email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('menu').first().getByRole('menuitem', { name: 'Colours', exact: true }).click();
  await page.getByRole('cell', { name: 'Black', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Deep black');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').last()).toContainText('Element updated');
  await expect(page.getByRole('cell', { name: 'Deep black', exact: true })).toBeVisible();
  // A request signed with another key is refused: the operator's key is the one in force.
  const forged = await page.evaluate(async () => {
    const res = await fetch('/api/v1/admin/colors?range=[0,0]', { headers: { 'x-timestamp': String(Date.now()), 'x-signature': 'AAAA' } });
    return res.status;
  });
  expect(forged).toBe(401);
});

test('a vehicle page links to itself, its picture and its offer by PUBLIC_URL', async ({ page, context }) => {
  await page.goto('/vehicles');
  await page.locator('a[href^="/vehicles/"]').first().click();
  await expect(page).toHaveURL(/\/vehicles\/\d+/);
  const id = /\/vehicles\/(\d+)/.exec(page.url())![1];
  const own = `${PUBLIC_URL}/vehicles/${id}`;

  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${own}?lng=en_US`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${own}?lng=en_US`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^${PUBLIC_URL}/media/`));
  for (const alternate of await page.locator('link[rel="alternate"][hreflang]').all()) {
    expect(await alternate.getAttribute('href')).toMatch(new RegExp(`^${own}(\\?lng=|$)`));
  }
  const jsonLd = await structuredItem(page, 'Car');
  expect(jsonLd.url).toBe(own);
  expect(jsonLd.offers.url).toBe(own);
  for (const image of jsonLd.image) expect(image.contentUrl).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
  await expect(page.getByRole('link', { name: 'Share by email' })).toHaveAttribute('href', new RegExp(encodeURIComponent(own)));

  // "Copy link" puts the public address on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(own);
  await expectAccessible(page);
});
