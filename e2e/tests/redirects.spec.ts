import { E2E_ADMIN, expect, signIn, test } from '../fixtures.ts';

// Issue 31 item 4: every way back a page is given stays on the site (one check, contract/redirect),
// and no address a visitor can type gives a 500.

/** Ways back that leave the site, or that a browser reads otherwise than the URL parser does: each falls back to the home page. */
const FORGED = [
  '/%09/evil.example/',
  '/%0a/x',
  '/%0d/x',
  '/%E2%80%A8/x',
  '/%C0%AF/x',
  '//evil.example/',
  '/%5Cevil.example/',
  '/%252F%252Fevil.example/',
  'https://evil.example/',
  '/.//evil.example/',
  '/x/..//evil.example/',
];

test.describe('a way back', () => {
  test('signed in, every redirect parameter stays on the site and none gives a 500', async ({ page, baseURL }) => {
    await page.goto('/sign-in?lng=en_US');
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(`${baseURL}/`);
    for (const raw of FORGED) {
      for (const path of ['/sign-in', '/sign-up', '/external/']) {
        const res = await page.request.get(`${path}?redirect=${raw}`, { maxRedirects: 0 });
        expect(res.status(), `${path} ${raw}`).toBe(302);
        expect(res.headers().location, `${path} ${raw}`).toBe('/');
      }
      // Where an external sign-in ends: the page and its script go home.
      const success = await page.request.get(`/external/success?redirect=${raw}`);
      expect(success.status(), raw).toBe(200);
      expect((await success.text()).match(/<a class="button" href="([^"]*)"/)?.[1], raw).toBe('/');
    }
    const kept = await page.request.get('/sign-in?redirect=%2Fsettings%2Faccount%3Flng%3Den_US', { maxRedirects: 0 });
    expect(kept.headers().location).toBe('/settings/account?lng=en_US');
    await page.goto('/external/success?redirect=/%09/evil.example/');
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('through the sign-in form, a forged way back lands on the home page', async ({ page, baseURL }) => {
    await page.goto('/sign-in?lng=en_US&redirect=/%09/evil.example/');
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.context().clearCookies();
    await page.goto('/sign-in?lng=en_US&redirect=%2Fsettings%2Faccount');
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(`${baseURL}/settings/account`);
  });
});

test.describe('addresses a visitor can type', () => {
  test('an id past any row is a 404 page, never a 500', async ({ page }) => {
    for (const path of ['/vehicles/999999999999', '/vehicles/2147483648', '/vehicles/1e3']) {
      const res = await page.request.get(`${path}?lng=en_US`);
      expect(res.status(), path).toBe(404);
    }
    const compare = await page.request.get('/compare?ids=2147483648&lng=en_US');
    expect(compare.status()).toBe(200);
    await page.goto('/sign-in?lng=en_US');
    await signIn(page, E2E_ADMIN);
    await page.waitForURL(/\/$/);
    for (const path of ['/my/999999999999/edit', '/my/999999999999/stats']) expect((await page.request.get(path)).status(), path).toBe(404);
  });

  test('TRACE and other methods nobody serves answer 405 on pages, files and the API', async ({ request }) => {
    for (const path of ['/', '/vehicles', '/api/v1/health', '/healthz', '/media/nothing.png', '/admin/']) {
      for (const method of ['TRACE', 'PROPFIND', 'PURGE']) {
        const res = await request.fetch(path, { method });
        expect(res.status(), `${method} ${path}`).toBe(405);
        expect(res.headers().allow, `${method} ${path}`).toContain('GET');
      }
    }
  });
});
