import path from 'node:path';
import { connect } from '@autoroute/db';
import type { Page } from '@playwright/test';
import { expectSettledAccessible as accessible, expect, openFirstConsoleVehicle, signInToBackOffice as signIn, test } from '../fixtures.ts';

// Issue 33 items 11 and 12: a listing opened whole in the console, removed only with a ground told to
// its seller in their language, featured by plan shown apart; the console's Arabic labels; a phone
// sent away from /admin/ is told why.

const menu = (page: Page) => page.getByRole('menu').first();

async function toArabic(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: /English/i }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** Runs `read` on the e2e server's database (setup and checks beside the journey, not the journey). */
async function inDatabase<T>(read: (db: ReturnType<typeof connect>['db']) => Promise<T>): Promise<T> {
  const database = connect(path.join(process.env.E2E_DATA_DIR as string, 'autoroute.db'));
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('a listing opens whole from the list; removing it asks a ground, and its seller is told in their language', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const { id, title } = await openFirstConsoleVehicle(page);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    for (const section of ['Pictures', 'Key facts', 'Seller', 'Specification', 'Description'])
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    // The newest listing's seller: a demo seller, or a member another journey signed up.
    await expect(page.getByRole('region', { name: 'Seller' }).getByRole('link', { name: /^[^\s@]+@[^\s@]+$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: `Open the public page of “${title}”` })).toHaveAttribute('href', `/vehicles/${id}`);
    await accessible(page);

    // The seller reads Arabic: the notice is written in it.
    const owner = await inDatabase(async (db) => {
      const v = await db.selectFrom('vehicles').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow();
      const ar = await db.selectFrom('languages').select('id').where('code', '=', 'ar_SA').executeTakeFirstOrThrow();
      await db.updateTable('users').set({ language_id: ar.id }).where('id', '=', v.owner_id).execute();
      return v.owner_id;
    });

    await page.getByRole('button', { name: `Remove “${title}”` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove “${title}”` });
    await expect(dialog).toContainText('Its seller is told why');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByText('Required')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Ground' }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByText('Say what was wrong in the note when the ground is “Other”.')).toBeVisible();
    await accessible(page);
    await dialog.getByRole('textbox', { name: 'Note to the seller' }).fill('The pictures show another car.');
    const removed = page.waitForResponse((r) => r.url().includes(`/api/v1/admin/vehicles/${id}`) && r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    // Undo is offered first; the request leaves once the notice closes.
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(page).toHaveURL(/#\/vehicles(\?.*)?$/);
    expect((await removed).status()).toBe(200);

    const notice = await inDatabase((db) =>
      db
        .selectFrom('notifications')
        .select('message')
        .where('user_id', '=', owner)
        .where('kind', '=', 'listing_removed')
        .executeTakeFirst(),
    );
    expect(notice?.message).toBe(`أزال مشرفونا إعلانك «${title}»: سبب آخر. ملاحظتهم: The pictures show another car.`);
    const audit = await inDatabase((db) =>
      // The removal's row (another journey on the same server may have featured this listing before).
      db
        .selectFrom('audit_log')
        .select('after')
        .where('resource', '=', 'vehicles')
        .where('action', '=', 'delete')
        .where('record_id', '=', String(id))
        .executeTakeFirst(),
    );
    expect(JSON.parse(audit?.after ?? '{}')).toEqual({ removalGround: 'other', removalNote: 'The pictures show another car.' });

    // The audit log names the listing, not only its number.
    await menu(page).getByRole('menuitem', { name: 'Audit log' }).click();
    // (Newest first: the removal's row, above any earlier change another journey made to the listing.)
    await expect(page.getByRole('cell', { name: `${title} (#${id})` }).first()).toBeVisible();
    await accessible(page);
  });

  test('listings featured through their plan say so beside the switch, in English and Arabic', async ({ page }) => {
    await inDatabase((db) =>
      db
        .updateTable('vehicles')
        .set({ plan_featured: 1 })
        .where('id', 'in', (eb) => eb.selectFrom('vehicles').select('id').where('sold', '=', 0).orderBy('id').limit(3))
        .execute(),
    );
    await signIn(page);
    await page.goto(`/admin/#/vehicles?filter=${encodeURIComponent(JSON.stringify({ planFeatured: true }))}`);
    const row = page.getByRole('row').nth(1);
    await expect(row.getByText('By plan', { exact: true })).toBeVisible();
    await expect(row.getByRole('switch', { name: /^Featured: / })).toBeVisible();
    await accessible(page);

    await toArabic(page);
    await expect(page.getByRole('row').nth(1).getByText('عبر الباقة', { exact: true })).toBeVisible();
    // Screen names in the plural, never the dual ("طلبا دعم", "اشتراكان").
    await expect(menu(page).getByRole('menuitem', { name: 'طلبات الدعم' })).toBeVisible();
    await expect(menu(page).getByRole('menuitem', { name: 'الاشتراكات' })).toBeVisible();
    await expect(menu(page).getByRole('menuitem', { name: 'طلبا دعم' })).toHaveCount(0);
    await page.getByRole('row').nth(1).getByRole('cell').nth(2).click();
    await expect(page).toHaveURL(/#\/vehicles\/\d+\/show$/);
    await expect(page.getByRole('region', { name: 'المعلومات الأساسية' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'البائع' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^إزالة «/ })).toBeVisible();
    await accessible(page);
    await page.evaluate(() => localStorage.setItem('i18nLng', 'en_US'));
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [locale, text] of [
    ['en_US', 'The back office needs a screen at least 768 pixels wide'],
    ['ar_SA', 'تحتاج لوحة الإدارة إلى شاشة لا يقل عرضها عن 768 بكسل'],
  ] as const) {
    test(`/admin/ goes to the home page, which says why (${locale})`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'i18next', value: locale, url: baseURL as string }]);
      await page.goto('/admin/');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
    });
  }
});
