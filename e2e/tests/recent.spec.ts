import { expect, expectAccessible, signedGet, test, texts } from '../fixtures.ts';

// Issue 17 item 7: the listings a visitor viewed last, on the home and search pages, kept in the browser only.
test('the home and search pages show the listings this browser viewed last, newest first, in Arabic too', async ({ page, browser }) => {
  await page.goto('/?lng=en_US');
  const recent = page.locator('[data-recently-viewed]');
  await expect(recent).toBeHidden();
  const list = await signedGet<{ data: { id: number; title: string }[] }>(page, '/api/v1/vehicles?perPage=3');
  const [a, b] = list.data as [{ id: number; title: string }, { id: number; title: string }];

  await page.goto(`/vehicles/${a.id}`);
  await page.goto(`/vehicles/${b.id}`);
  await page.goto(`/vehicles/${a.id}`);
  await page.goto('/');
  const english = texts('en_US');
  await expect(recent).toBeVisible();
  await expect(recent.getByRole('heading', { name: english('recent.title') })).toBeVisible();
  // Once each, the last one viewed first, each a link to its page with its price.
  const links = recent.getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.nth(0)).toHaveAttribute('href', `/vehicles/${a.id}`);
  await expect(links.nth(0)).toContainText(a.title);
  await expect(links.nth(1)).toHaveAttribute('href', `/vehicles/${b.id}`);
  await expect(links.nth(0).locator('.recent-price bdi')).not.toBeEmpty();
  await expectAccessible(page);

  // The search page has the row too; nothing of it reached the server.
  await page.goto('/vehicles');
  await expect(page.locator('[data-recently-viewed]').getByRole('link')).toHaveCount(2);
  expect(await page.evaluate(() => document.cookie)).not.toContain('recent');

  // Another language formats the same prices its own way.
  const arabic = await browser.newContext({ locale: 'ar-SA', storageState: await page.context().storageState() });
  const arPage = await arabic.newPage();
  await arPage.goto('/?lng=ar_SA');
  const ar = texts('ar_SA');
  const arRecent = arPage.locator('[data-recently-viewed]');
  await expect(arRecent.getByRole('heading', { name: ar('recent.title') })).toBeVisible();
  await expect(arRecent.getByRole('link')).toHaveCount(2);
  await arabic.close();

  // Cleared: the row goes, and stays gone.
  await page.goto('/');
  await recent.getByRole('button', { name: english('recent.clear') }).click();
  await expect(recent).toBeHidden();
  await page.reload();
  await expect(recent).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('recently-viewed'))).toBeNull();
});
