import { expect, expectAccessible, test } from '../fixtures.ts';

test.describe('storefront skeleton', () => {
  test('the home page lists the newest vehicles, in English', async ({ page }) => {
    const response = await page.goto('/?lng=en_US');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your next vehicle' })).toBeVisible();
    const cards = page
      .getByRole('region', { name: 'Newest listings' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards).toHaveCount(12);
    await expect(cards.first().getByRole('img')).toBeVisible();
    // Above them, listings featured by a professional seller's plan (the demo sellers have plans).
    const featured = page
      .getByRole('region', { name: 'Featured listings' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(featured.first().getByText('Featured', { exact: true })).toBeVisible();
    expect(await featured.count()).toBeLessThanOrEqual(4);
    await expectAccessible(page);
  });

  test('a vehicle card opens its detail page', async ({ browser }) => {
    // A visitor is their address, browser and day: with a browser of its own, this visit is a first one
    // even when an earlier spec opened the same listing from this address.
    const context = await browser.newContext({ userAgent: `Autoroute e2e ${Date.now()}` });
    const page = await context.newPage();
    await page.goto('/?lng=en_US');
    const first = page.getByRole('region', { name: 'Newest listings' }).getByRole('heading', { level: 3 }).first();
    const title = (await first.textContent())?.trim() ?? '';
    const view = page.waitForResponse((r) => /\/api\/v1\/vehicles\/\d+\/view(\?|$)/.test(r.url()) && r.request().method() === 'POST');
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
    // The page counts the visit through the signed API call (once per visitor and day).
    expect(await (await view).json()).toEqual({ data: { counted: true } });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Key facts' })).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });

  test('in Arabic the page is laid out right to left', async ({ page }, testInfo) => {
    await page.goto('/?lng=ar_SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA');
    // The logo starts the header line: on the right in a right-to-left page.
    const logo = await page.locator('.logo').boundingBox();
    expect(logo).not.toBeNull();
    expect(logo!.x).toBeGreaterThan(1280 / 2);
    await testInfo.attach('home-ar_SA', { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
    // The choice is kept in the i18next cookie: the next page stays Arabic.
    await page.goto('/vehicles');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAccessible(page);
  });

  test('an unknown route shows the 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page?lng=en_US');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the theme switcher applies dark mode and keeps it', async ({ page }) => {
    await page.goto('/?lng=en_US');
    await page.locator('summary', { hasText: 'Theme' }).click();
    await page.getByRole('button', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page);
  });
});

test.describe('back office skeleton', () => {
  test('/admin/ shows its sign-in screen', async ({ page }) => {
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
    await expect(page.getByLabel('Username or email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expectAccessible(page);
  });

  test('signs administrators in through the API and refuses members', async ({ page }) => {
    await page.goto('/admin/');
    await page.getByLabel('Username or email').fill('claire.martin@demo.autoroute.local');
    await page.getByLabel('Password').fill('demo-seller-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Your account has no access to the back office.').first()).toBeVisible();
    await page.getByLabel('Username or email').fill('admin@e2e.autoroute.local');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The administrator holds admin.dashboard.index: the dashboard, not the welcome card.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectAccessible(page);
  });
});
