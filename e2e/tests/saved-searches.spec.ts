import { expect, expectAccessible, hydrated, signedGet, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 17 item 1: "Save this search" on the shared search page, and the member's /saved-searches/.
const MEMBER = { email: 'lukas.becker@demo.autoroute.local', password: 'demo-seller-2026' };
const ARABIC_MEMBER = { email: 'fatima.alharbi@demo.autoroute.local', password: 'demo-seller-2026' };

interface Saved {
  id: number;
  name: string;
  query: Record<string, string | number | boolean>;
  frequency: string;
  newSinceViewed: number;
  viewedAt: string;
}
const mine = async (page: Parameters<typeof signedGet>[0]) => (await signedGet<{ data: Saved[] }>(page, '/api/v1/me/saved-searches')).data;

/** A make the seeded listings have, for a search that finds something. */
async function someBrand(page: Parameters<typeof signedGet>[0]): Promise<string> {
  const list = await signedGet<{ data: { brand: string }[] }>(page, '/api/v1/vehicles?perPage=1');
  const brand = list.data[0]?.brand;
  if (!brand) throw new Error('no seeded vehicle');
  return brand;
}

test('a visitor saves a search after signing in, then renames, reschedules, opens and deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  const t = texts('en_US');
  await page.goto('/?lng=en_US');
  const brand = await someBrand(page);
  const search = `/vehicles?${new URLSearchParams({ brand, sort: 'price_asc' })}`;

  // Signed out, the button leads to sign-in, and sign-in leads back to the same search.
  await page.goto(search);
  await page.getByRole('button', { name: t('savedSearches.save.button') }).click();
  await expect(page).toHaveURL(`/sign-in?redirect=${encodeURIComponent(search)}`);
  await signIn(page, MEMBER);
  await expect(page).toHaveURL(search);
  expect(await mine(page)).toEqual([]);

  // Signed in, a dialog asks a name (suggested from the filters) and how often to alert.
  const open = page.getByRole('button', { name: t('savedSearches.save.button') });
  await open.click();
  const dialog = page.getByRole('dialog', { name: t('savedSearches.save.title') });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel(t('savedSearches.save.name'));
  await expect(name).toHaveValue(brand);
  await expect(name).toBeFocused();
  await expect(dialog.getByLabel(t('savedSearches.save.frequency'))).toHaveValue('daily');
  await page.screenshot({ path: 'test-results/saved-search-dialog-en.png' });
  await expectAccessible(page);

  // An empty name is refused before the round trip, next to its field.
  await name.fill('  ');
  await dialog.getByRole('button', { name: t('savedSearches.save.submit'), exact: true }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  expect(await mine(page)).toEqual([]);

  await name.fill(`Cheap ${brand}`);
  await dialog.getByLabel(t('savedSearches.save.frequency')).selectOption({ label: t('savedSearches.frequency.instant') });
  await dialog.getByRole('button', { name: t('savedSearches.save.submit'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  const toast = page.getByRole('status').filter({ hasText: t('savedSearches.save.saved') });
  await expect(toast).toBeVisible();
  const [saved] = await mine(page);
  expect(saved).toMatchObject({ name: `Cheap ${brand}`, query: { brand, sort: 'price_asc' }, frequency: 'instant' });

  // The toast leads to the list, which tells the search's filters and alerts.
  await toast.getByRole('link', { name: t('savedSearches.save.view') }).click();
  await expect(page).toHaveURL('/saved-searches/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: t('savedSearches.title') })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Cheap ${brand}` }) });
  await expect(item).toBeVisible();
  await expect(item.getByRole('definition')).toHaveText([brand]);
  const alerts = item.getByLabel(t('savedSearches.item.alerts'));
  await expect(alerts).toHaveValue('instant');
  await page.screenshot({ path: 'test-results/saved-searches-en.png', fullPage: true });
  await expectAccessible(page);

  // Rename in place.
  await item.getByRole('button', { name: t('savedSearches.item.rename') }).click();
  const newName = page.getByLabel(t('savedSearches.item.newName'));
  await expect(newName).toBeFocused();
  await newName.fill(`${brand} under budget`);
  await page.getByRole('button', { name: t('savedSearches.item.save'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: t('savedSearches.item.renamed') })).toBeVisible();
  const renamed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${brand} under budget` }) });
  await expect(renamed).toBeVisible();
  await expect(renamed.getByRole('button', { name: t('savedSearches.item.rename') })).toBeFocused();
  expect((await mine(page))[0]?.name).toBe(`${brand} under budget`);

  // Weekly, then paused.
  await renamed.getByLabel(t('savedSearches.item.alerts')).selectOption('weekly');
  await expect(page.getByRole('status').filter({ hasText: t('savedSearches.item.frequencyChanged') })).toBeVisible();
  expect((await mine(page))[0]?.frequency).toBe('weekly');
  await renamed.getByLabel(t('savedSearches.item.alerts')).selectOption('off');
  await expect(renamed.getByText(t('savedSearches.item.paused'))).toBeVisible();
  await expect.poll(async () => (await mine(page))[0]?.frequency).toBe('off');
  await page.reload();
  await expect(page.getByLabel(t('savedSearches.item.alerts'))).toHaveValue('off');

  // Open: the same search again, and "new since your last visit" counts from now.
  await hydrated(page);
  const viewed = (await mine(page))[0]?.viewedAt;
  await page.getByRole('link', { name: t('savedSearches.item.open') }).click();
  await expect(page).toHaveURL(search);
  expect((await mine(page))[0]?.viewedAt).not.toBe(viewed);

  // Delete, after confirming.
  await page.goto('/saved-searches/');
  await hydrated(page);
  const remove = page.getByRole('button', { name: t('savedSearches.item.delete'), exact: true });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: t('savedSearches.item.confirmDeleteTitle') });
  await expect(confirm).toBeVisible();
  // The confirmation every island shares: Cancel has the focus, Escape closes, the focus comes back.
  await expect(confirm.getByRole('button', { name: t('savedSearches.item.cancel') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  // On a 320 px phone it stays inside the screen.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  await remove.click();
  const box = await confirm.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  await confirm.getByRole('button', { name: t('savedSearches.item.cancel') }).click();
  if (wide) await page.setViewportSize(wide);
  await expect(confirm).toBeHidden();
  expect(await mine(page)).toHaveLength(1);
  await page.getByRole('button', { name: t('savedSearches.item.delete'), exact: true }).click();
  await confirm.getByRole('button', { name: t('savedSearches.item.confirmDelete') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('savedSearches.item.deleted') })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(0);
  const main = page.getByRole('main');
  await expect(main.getByText(t('savedSearches.item.empty'))).toBeVisible();
  await expect(main.getByRole('link', { name: t('savedSearches.item.browse') })).toHaveAttribute('href', '/vehicles');
  expect(await mine(page)).toEqual([]);
  await expectAccessible(page);

  // The 21st search: the dialog says the limit, and nothing more is saved.
  for (let i = 1; i <= 20; i++)
    await signedRequest(page, 'POST', '/api/v1/me/saved-searches', { json: { name: `Search ${i}`, query: { q: `car ${i}` } } });
  await page.goto('/vehicles?q=estate');
  await open.click();
  await dialog.getByRole('button', { name: t('savedSearches.save.submit'), exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('at most 20 saved searches');
  await expect(dialog).toBeVisible();
  expect(await mine(page)).toHaveLength(20);
  await dialog.getByRole('button', { name: t('savedSearches.save.cancel') }).click();
  await expect(dialog).toBeHidden();

  // The member menu leads to the list.
  const menu = page.locator('details[data-menu][data-member]');
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: t('nav.savedSearches') }).click();
  await expect(page).toHaveURL('/saved-searches/');
  await expect(page.getByRole('listitem')).toHaveCount(20);
});

test('in Arabic, a search is saved and listed right to left, down to 320 px', async ({ page }) => {
  const t = texts('ar_SA');
  await page.goto('/sign-in?lng=ar_SA');
  await signIn(page, ARABIC_MEMBER, t);
  await expect(page).toHaveURL(/\/$/);
  const brand = await someBrand(page);

  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`/vehicles?${new URLSearchParams({ brand })}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: t('savedSearches.save.button') }).click();
  const dialog = page.getByRole('dialog', { name: t('savedSearches.save.title') });
  await expect(dialog.getByLabel(t('savedSearches.save.name'))).toHaveValue(brand);
  await dialog.getByLabel(t('savedSearches.save.frequency')).selectOption({ label: t('savedSearches.frequency.weekly') });
  await page.screenshot({ path: 'test-results/saved-search-dialog-ar.png' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: t('savedSearches.save.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: t('savedSearches.save.saved') })).toBeVisible();
  expect((await mine(page))[0]).toMatchObject({ name: brand, query: { brand }, frequency: 'weekly' });

  await page.goto('/saved-searches/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: t('savedSearches.title') })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: brand }) });
  await expect(item.getByRole('term')).toHaveText([t('search.make')]);
  await expect(item.getByLabel(t('savedSearches.item.alerts'))).toHaveValue('weekly');
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: 'test-results/saved-searches-ar-320.png', fullPage: true });
  await expectAccessible(page);
});
