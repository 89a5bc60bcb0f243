import path from 'node:path';
import { connect } from '@autoroute/db';
import type { Page } from '@playwright/test';
import { expectSettledAccessible as accessible, expect, signInToBackOffice as signIn, test } from '../fixtures.ts';

// Issue 33 item 11: the console's makes and models, a run history that folds a busy job's successful
// runs, and the seeded roles described in the console's language; in English and Arabic, at 1366 px.

test.use({ viewport: { width: 1366, height: 768 } });

const menu = (page: Page) => page.getByRole('menu').first();
async function openScreen(page: Page, name: string) {
  await menu(page).getByRole('menuitem', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}
const notification = (page: Page) => page.getByRole('alert').last();

async function toArabic(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: /English/i }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** The server's database, for setup and for reading what a screen changed. */
async function withDb<T>(use: (db: ReturnType<typeof connect>['db']) => Promise<T>): Promise<T> {
  const database = connect(path.join(process.env.E2E_DATA_DIR as string, 'autoroute.db'));
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

test('an administrator creates and edits a make and a model, and cannot delete a make listings use', async ({ page }) => {
  test.setTimeout(180_000);
  // The make most listings name.
  const used = await withDb((db) =>
    db
      .selectFrom('vehicles')
      .select(['brand', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('brand')
      .orderBy('n', 'desc')
      .orderBy('brand')
      .executeTakeFirstOrThrow(),
  );
  await signIn(page);

  // A make, its country of origin picked by name.
  await openScreen(page, 'Makes');
  await accessible(page);
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Zephyrine e2e');
  await page.getByRole('combobox', { name: 'Country of origin' }).fill('Luxem');
  await page.getByRole('option', { name: 'Luxembourg' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element created');
  await page.getByRole('textbox', { name: 'Search' }).fill('zephyr');
  await expect(page.getByRole('row', { name: /Zephyrine e2e/ })).toContainText('Luxembourg');

  // A model of it, with its segment and body.
  await openScreen(page, 'Models');
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Breeze e2e');
  await page.getByRole('combobox', { name: 'Make' }).fill('Zephyr');
  await page.getByRole('option', { name: 'Zephyrine e2e' }).click();
  await page.getByRole('combobox', { name: 'Segment' }).click();
  await page.getByRole('option', { name: 'Family' }).click();
  // The choices fade out before axe looks (a fading menu is paler than it is).
  await expect(page.locator('li[data-value="economy"]')).toHaveCount(0);
  await accessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element created');

  // Edited: another name and segment.
  await page.getByRole('textbox', { name: 'Search' }).fill('breeze');
  await page.getByRole('cell', { name: 'Breeze e2e' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Breeze Sport e2e');
  await page.getByRole('combobox', { name: 'Segment' }).click();
  await page.getByRole('option', { name: 'Sports' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element updated');
  const row = page.getByRole('row', { name: /Breeze Sport e2e/ });
  await expect(row).toContainText('Zephyrine e2e');
  await expect(row).toContainText('Sports');
  const saved = await withDb((db) =>
    db.selectFrom('models').select(['name', 'segment']).where('name', '=', 'Breeze Sport e2e').executeTakeFirstOrThrow(),
  );
  expect(saved).toEqual({ name: 'Breeze Sport e2e', segment: 'sports' });

  // A make its listings name is not deleted: the server says what uses it.
  await openScreen(page, 'Makes');
  await page.getByRole('textbox', { name: 'Search' }).fill(used.brand);
  await page.getByRole('cell', { name: used.brand, exact: true }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const vehicles = Number(used.n);
  await expect(notification(page)).toContainText(
    new RegExp(`This record is still in use, so it was not deleted: .*${vehicles === 1 ? 'Vehicle' : 'Vehicles'}: ${vehicles}`),
    { timeout: 15_000 },
  );
  await openScreen(page, 'Makes');
  await page.getByRole('textbox', { name: 'Search' }).fill(used.brand);
  await expect(page.getByRole('cell', { name: used.brand, exact: true })).toBeVisible();

  // In Arabic, the screens are in the menu under the catalogue, and read right to left.
  await toArabic(page);
  await expect(menu(page).getByRole('menuitem', { name: 'ماركات', exact: true })).toBeVisible();
  await openScreen(page, 'طرازات');
  await expect(page.getByRole('columnheader', { name: 'الفئة السوقية' })).toBeVisible();
  await accessible(page);
});

test('the run history folds a busy job’s successful runs into one row, and shows its failures alone or only them', async ({ page }) => {
  // A job that runs every minute: 30 successful runs, a failure, then 3 more successes (setup, in the database).
  const job = 'Every minute e2e';
  await withDb(async (db) => {
    const { id } = await db
      .insertInto('datacrons')
      .values({ name: job, handler: 'purge-expired', cron: '* * * * *', description: null, active: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const start = Date.now() - 2 * 3_600_000;
    const outcomes = [...Array(30).fill('success'), 'error', ...Array(3).fill('success')] as ('success' | 'error')[];
    await db
      .insertInto('datacron_runs')
      .values(
        outcomes.map((outcome, i) => ({
          datacron_id: id,
          trigger: 'schedule' as const,
          started_at: new Date(start + i * 60_000).toISOString(),
          finished_at: new Date(start + i * 60_000 + 300).toISOString(),
          outcome,
          error: outcome === 'error' ? 'Disk full (e2e).' : null,
          summary: outcome === 'success' ? 'Nothing to purge.' : null,
        })),
      )
      .execute();
  });
  await signIn(page);
  await openScreen(page, 'Scheduled jobs');
  await page.getByRole('textbox', { name: 'Search' }).fill('every minute');
  await page.getByRole('cell', { name: job, exact: true }).first().click();
  const history = page.locator('section[aria-labelledby="run-history-title"]');
  await expect(page.getByRole('region', { name: 'Run history' })).toBeVisible();
  // Three rows and the header: the 3 latest successes, the failure, the 30 before it.
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByRole('row').nth(1)).toContainText(/3 successful runs, \S+( [AP]M)?–\S+/);
  await expect(history.getByRole('row').nth(2)).toContainText('Disk full (e2e).');
  await expect(history.getByRole('row').nth(3)).toContainText(/30 successful runs, \S+( [AP]M)?–\S+/);
  await accessible(page);

  await history.getByRole('switch', { name: 'Failed runs only' }).check();
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('Failed');
  await expect(history.getByRole('row').nth(1)).toContainText('Disk full (e2e).');

  // In Arabic, the fold says so in Arabic.
  await toArabic(page);
  await history.getByRole('switch', { name: 'التشغيلات الفاشلة فقط' }).uncheck();
  await expect(history.getByRole('row').nth(3)).toContainText(/30 تشغيلًا ناجحًا/);
  await accessible(page);
});

test('the seeded roles are described in the console’s language; a role an administrator described keeps its text', async ({ page }) => {
  await withDb((db) =>
    db
      .insertInto('roles')
      .values({ name: 'Catalogue e2e', description: 'Looks after makes and models (typed by an administrator).' })
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  await signIn(page);
  await openScreen(page, 'Roles');
  await expect(page.getByRole('row', { name: /SUPADMIN/ })).toContainText('Every right, including roles and permissions.');
  await toArabic(page);
  await expect(page.getByRole('row', { name: /SUPADMIN/ })).toContainText('كل الصلاحيات، بما فيها الأدوار والأذونات.');
  await expect(page.getByRole('row', { name: /ADMIN/ }).first()).not.toContainText('Runs the catalogue');
  await expect(page.getByRole('row', { name: /Catalogue e2e/ })).toContainText('Looks after makes and models (typed by an administrator).');
  await accessible(page);
});

test('a removal undone from its notice keeps the listing live, tells its seller nothing and logs nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await menu(page).getByRole('menuitem', { name: 'Vehicles' }).click();
  const first = page.getByRole('row').nth(1);
  const title = (await first.getByRole('cell').nth(2).locator('p').first().textContent()) ?? '';
  await first.getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/#\/vehicles\/\d+\/show$/);
  const id = Number(page.url().match(/vehicles\/(\d+)\/show/)?.[1]);
  const owner = await withDb(
    async (db) => (await db.selectFrom('vehicles').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow()).owner_id,
  );
  let deletes = 0;
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && r.url().includes(`/api/v1/admin/vehicles/${id}`)) deletes++;
  });

  await page.getByRole('button', { name: `Remove “${title}”` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove “${title}”` });
  await dialog.getByRole('combobox', { name: 'Ground' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await dialog.getByRole('textbox', { name: 'Note to the seller' }).fill('Undone at once (e2e).');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  // Past the notice's life: nothing left, the listing is still there for its public page and the console.
  await page.waitForTimeout(6_000);
  expect(deletes).toBe(0);
  const after = await withDb(async (db) => ({
    listing: await db.selectFrom('vehicles').select('id').where('id', '=', id).executeTakeFirst(),
    notices: await db.selectFrom('notifications').select('id').where('user_id', '=', owner).where('kind', '=', 'listing_removed').execute(),
    audit: await db
      .selectFrom('audit_log')
      .select('id')
      .where('resource', '=', 'vehicles')
      .where('action', '=', 'delete')
      .where('record_id', '=', String(id))
      .execute(),
  }));
  expect(after).toEqual({ listing: { id }, notices: [], audit: [] });
  expect((await page.request.get(`/vehicles/${id}`)).status()).toBe(200);
  await accessible(page);
});
