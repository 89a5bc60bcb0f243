import { createRequire } from 'node:module';
import path from 'node:path';
import { connect } from '@autoroute/db';
import { LOCALE_NAMES, type Locale } from '@autoroute/locales/meta';
import type { Page } from '@playwright/test';
import i18next from 'i18next';
import english from 'ra-language-english';
import french from 'ra-language-french';
import { expectSettledAccessible as accessible, expect, openFirstConsoleVehicle, signInToBackOffice as signIn, test } from '../fixtures.ts';

// Issue 33 item 11: the console's makes and models, a run history that folds a busy job's successful
// runs, and the seeded roles described in the console's language. Each journey runs in English and in
// French, then reads right to left in Arabic, at 1366 px.

test.use({ viewport: { width: 1366, height: 768 } });

// The locale files themselves, required: Playwright's loader cannot import JSON the way @autoroute/locales does.
const require = createRequire(import.meta.url);
const RA: Partial<Record<Locale, object>> = { en_US: english, fr_FR: french };

/** The console's texts in `lng`, as it shows them: ours (backoffice.*, api.*) and react-admin's own (ra.*). */
function consoleTexts(lng: Locale) {
  const { api, backoffice } = require(`@autoroute/locales/${lng}.json`);
  const i18n = i18next.createInstance();
  i18n.init({
    lng,
    resources: { [lng]: { translation: { ...backoffice, resources: backoffice.resources, api } } },
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  const messages: unknown = RA[lng] ?? {};
  return {
    t: i18n.t.bind(i18n),
    /** A react-admin message (ra.*), its first (singular) form. */
    ra: (key: string): string => {
      const message = key.split('.').reduce((o, k) => (o as Record<string, unknown>)[k], messages);
      return String(message).split(' |||| ')[0] ?? '';
    },
    /** A screen's name in the menu and on its tab. */
    screen: (resource: string): string => i18n.t(`resources.${resource}.name`, { count: 2 }),
  };
}
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with `values` filled in and any text for the rest (the times of a fold, what uses a record). */
const pattern = (message: (values: Record<string, unknown>) => string, values: Record<string, unknown>, any: string[]) => {
  const marks = Object.fromEntries(any.map((name, i) => [name, `@@${i}@@`]));
  return new RegExp(literal(message({ ...values, ...marks })).replace(/@@\d@@/g, '.+'));
};
const ar = consoleTexts('ar_SA');
const LANGUAGES = ['en_US', 'fr_FR'] as const;

const menu = (page: Page) => page.getByRole('menu').first();
async function openScreen(page: Page, name: string) {
  await menu(page).getByRole('menuitem', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}
const notification = (page: Page) => page.getByRole('alert').last();

/** Switches the console from `from` to `to` with its language menu. */
async function switchLanguage(page: Page, from: Locale, to: Locale) {
  if (from === to) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: new RegExp(LOCALE_NAMES[from], 'i') }).click();
  await page.getByRole('menuitem', { name: LOCALE_NAMES[to] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${to.slice(0, 2)}`));
  if (to === 'ar_SA') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
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

for (const lng of LANGUAGES) {
  const { t, ra, screen } = consoleTexts(lng);
  // Each language's run makes its own records: the runs share one database.
  const tag = lng.slice(0, 2);

  test(`${lng}: an administrator creates and edits a make and a model, and cannot delete a make listings use`, async ({ page }) => {
    test.setTimeout(180_000);
    const make = `Zephyrine-${tag} e2e`;
    const model = `Breeze-${tag} e2e`;
    const renamed = `Breeze-${tag} Sport e2e`;
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
    await switchLanguage(page, 'en_US', lng);

    // A make, its country of origin picked by name.
    await openScreen(page, screen('makes'));
    await accessible(page);
    await page.getByRole('link', { name: ra('ra.action.create'), exact: true }).click();
    await page.getByRole('textbox', { name: t('resources.makes.fields.name'), exact: true }).fill(make);
    await page.getByRole('combobox', { name: t('resources.makes.fields.countryId') }).fill('Luxem');
    await page.getByRole('option', { name: 'Luxembourg' }).click();
    await page.getByRole('button', { name: ra('ra.action.save') }).click();
    await expect(notification(page)).toContainText(ra('ra.notification.created'));
    await page.getByRole('textbox', { name: ra('ra.action.search') }).fill(`zephyrine-${tag}`);
    await expect(page.getByRole('row', { name: new RegExp(literal(make)) })).toContainText('Luxembourg');

    // A model of it, with its segment and body.
    await openScreen(page, screen('models'));
    await page.getByRole('link', { name: ra('ra.action.create'), exact: true }).click();
    await page.getByRole('textbox', { name: t('resources.models.fields.name'), exact: true }).fill(model);
    await page.getByRole('combobox', { name: t('resources.models.fields.makeId') }).fill(make.slice(0, 12));
    await page.getByRole('option', { name: make }).click();
    await page.getByRole('combobox', { name: t('resources.models.fields.segment') }).click();
    await page.getByRole('option', { name: t('choices.models.segment.family') }).click();
    // The choices fade out before axe looks (a fading menu is paler than it is).
    await expect(page.locator('li[data-value="economy"]')).toHaveCount(0);
    await accessible(page);
    await page.getByRole('button', { name: ra('ra.action.save') }).click();
    await expect(notification(page)).toContainText(ra('ra.notification.created'));

    // Edited: another name and segment.
    await page.getByRole('textbox', { name: ra('ra.action.search') }).fill(`breeze-${tag}`);
    await page.getByRole('cell', { name: model }).click();
    await page.getByRole('textbox', { name: t('resources.models.fields.name'), exact: true }).fill(renamed);
    await page.getByRole('combobox', { name: t('resources.models.fields.segment') }).click();
    await page.getByRole('option', { name: t('choices.models.segment.sports') }).click();
    await page.getByRole('button', { name: ra('ra.action.save') }).click();
    await expect(notification(page)).toContainText(ra('ra.notification.updated'));
    const row = page.getByRole('row', { name: new RegExp(literal(renamed)) });
    await expect(row).toContainText(make);
    await expect(row).toContainText(t('choices.models.segment.sports'));
    const saved = await withDb((db) =>
      db.selectFrom('models').select(['name', 'segment']).where('name', '=', renamed).executeTakeFirstOrThrow(),
    );
    expect(saved).toEqual({ name: renamed, segment: 'sports' });

    // A make its listings name is not deleted: the server says what uses it, in the console's language.
    await openScreen(page, screen('makes'));
    await page.getByRole('textbox', { name: ra('ra.action.search') }).fill(used.brand);
    await page.getByRole('cell', { name: used.brand, exact: true }).click();
    await page.getByRole('button', { name: ra('ra.action.delete') }).click();
    await expect(notification(page)).toContainText(
      pattern((v) => t('api.errors.IN_USE', v), {}, ['uses']),
      { timeout: 15_000 },
    );
    await expect(notification(page)).toContainText(new RegExp(`\\b${Number(used.n)}\\b`));
    await openScreen(page, screen('makes'));
    await page.getByRole('textbox', { name: ra('ra.action.search') }).fill(used.brand);
    await expect(page.getByRole('cell', { name: used.brand, exact: true })).toBeVisible();

    // In Arabic, the screens are in the menu under the catalogue, and read right to left.
    await switchLanguage(page, lng, 'ar_SA');
    await expect(menu(page).getByRole('menuitem', { name: ar.screen('makes'), exact: true })).toBeVisible();
    await openScreen(page, ar.screen('models'));
    await expect(page.getByRole('columnheader', { name: ar.t('resources.models.fields.segment') })).toBeVisible();
    await accessible(page);
  });

  test(`${lng}: the run history folds a busy job’s successful runs into one row, and shows its failures alone or only them`, async ({
    page,
  }) => {
    // A job that runs every minute: 30 successful runs, a failure, then 3 more successes (setup, in the database).
    const job = `Every minute ${tag} e2e`;
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
    await switchLanguage(page, 'en_US', lng);
    await openScreen(page, screen('datacrons'));
    await page.getByRole('textbox', { name: ra('ra.action.search') }).fill(`every minute ${tag}`);
    await page.getByRole('cell', { name: job, exact: true }).first().click();
    const history = page.locator('section[aria-labelledby="run-history-title"]');
    await expect(page.getByRole('region', { name: t('datacrons.history') })).toBeVisible();
    // Three rows and the header: the 3 latest successes, the failure, the 30 before it.
    const folded = (count: number, texts = t) => pattern((v) => texts('datacrons.folded', v), { count }, ['from', 'to']);
    await expect(history.getByRole('row')).toHaveCount(4);
    await expect(history.getByRole('row').nth(1)).toContainText(folded(3));
    await expect(history.getByRole('row').nth(2)).toContainText('Disk full (e2e).');
    await expect(history.getByRole('row').nth(3)).toContainText(folded(30));
    await accessible(page);

    await history.getByRole('switch', { name: t('datacrons.failedOnly') }).check();
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history.getByRole('row').nth(1)).toContainText(t('datacrons.outcome.error'));
    await expect(history.getByRole('row').nth(1)).toContainText('Disk full (e2e).');

    // In Arabic, the fold says so in Arabic.
    await switchLanguage(page, lng, 'ar_SA');
    await history.getByRole('switch', { name: ar.t('datacrons.failedOnly') }).uncheck();
    await expect(history.getByRole('row').nth(3)).toContainText(folded(30, ar.t));
    await accessible(page);
  });

  test(`${lng}: the seeded roles are described in the console’s language; a role an administrator described keeps its text`, async ({
    page,
  }) => {
    await withDb((db) =>
      db
        .insertInto('roles')
        .values({ name: 'Catalogue e2e', description: 'Looks after makes and models (typed by an administrator).' })
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    await signIn(page);
    await switchLanguage(page, 'en_US', lng);
    await openScreen(page, screen('roles'));
    await expect(page.getByRole('row', { name: /SUPADMIN/ })).toContainText(t('resources.roles.builtIn.SUPADMIN'));
    await expect(page.getByRole('row', { name: /Catalogue e2e/ })).toContainText(
      'Looks after makes and models (typed by an administrator).',
    );
    await switchLanguage(page, lng, 'ar_SA');
    await expect(page.getByRole('row', { name: /SUPADMIN/ })).toContainText(ar.t('resources.roles.builtIn.SUPADMIN'));
    await expect(page.getByRole('row', { name: /ADMIN/ }).first()).not.toContainText(t('resources.roles.builtIn.ADMIN'));
    await expect(page.getByRole('row', { name: /Catalogue e2e/ })).toContainText(
      'Looks after makes and models (typed by an administrator).',
    );
    await accessible(page);
  });
}

test('a removal undone from its notice keeps the listing live, tells its seller nothing and logs nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const { id, title } = await openFirstConsoleVehicle(page);
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
