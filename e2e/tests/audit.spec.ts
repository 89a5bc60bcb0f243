import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from '@autoroute/db';
import type { Page } from '@playwright/test';
import { expectSettledAccessible as accessible, expect, expectAccessible, signInToBackOffice, test } from '../fixtures.ts';

// Issue 13 item 11: every console write lands in the audit log with its before and after, and a
// reference row's delete offers Undo, which keeps the DELETE from ever leaving.

type Locale = 'en_US' | 'ar_SA';
const read = (file: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales', file), 'utf8'));

/** The words the journey looks for, in each language: ours from locales/, react-admin's from its messages. */
function words(locale: Locale) {
  const { backoffice } = read(`${locale}.json`);
  const ra =
    locale === 'en_US'
      ? { save: 'Save', delete: 'Delete', undo: 'Undo', selectRow: 'Select this row', updated: 'Element updated' }
      : (() => {
          const { action, notification } = read('ra/ar_SA.json').ra;
          return {
            save: action.save,
            delete: action.delete,
            undo: action.undo,
            selectRow: action.select_row,
            updated: notification.updated.split(' |||| ')[0],
          };
        })();
  return {
    ...ra,
    name: backoffice.resources.colors.fields.name as string,
    colour: backoffice.resources.colors.name_one as string,
    auditLog: backoffice.resources.audit.name_other as string,
    record: backoffice.resources.audit.fields.recordId as string,
    edited: backoffice.audit.actions.update as string,
    field: backoffice.audit.field as string,
    changed: backoffice.audit.changed as string,
    before: backoffice.audit.before as string,
    after: backoffice.audit.after as string,
    changes: (id: number) => (backoffice.audit.changes as string).replace('{{id}}', String(id)),
  };
}

/** The e2e server's database, for setup and for checking what the journey left (not the journey itself). */
async function withDatabase<T>(work: (db: ReturnType<typeof connect>['db']) => Promise<T>): Promise<T> {
  const database = connect(path.join(process.env.E2E_DATA_DIR as string, 'autoroute.db'));
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const colourList = (page: Page, name: string) => page.goto(`/admin/#/colors?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);

for (const viewport of [{ width: 1366, height: 900 }]) {
  for (const locale of ['en_US', 'ar_SA'] as const) {
    test(`an edit shows in the audit log with its before and after; Undo keeps a deleted colour (${viewport.width} px, ${locale})`, async ({
      page,
    }, info) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const w = words(locale);
      const stamp = `${viewport.width}${locale.slice(0, 2)}${Date.now() % 100000}`;
      const original = `Amber ${stamp}`;
      const renamed = `Ember ${stamp}`;
      const id = await withDatabase(
        async (db) =>
          (await db.insertInto('colors').values({ name: original, hex: '#ffbf00' }).returning('id').executeTakeFirstOrThrow()).id,
      );

      await signInToBackOffice(page);
      if (locale === 'ar_SA') {
        await page.evaluate(() => localStorage.setItem('i18nLng', 'ar_SA'));
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      }

      // An edit of a colour.
      await colourList(page, original);
      await page.getByRole('cell', { name: original }).click();
      await page.getByRole('textbox', { name: w.name, exact: true }).fill(renamed);
      await page.getByRole('button', { name: w.save }).click();
      await expect(page.getByRole('alert').last()).toContainText(w.updated);

      // The audit log shows it, newest first: who, what, and the name before and after.
      await page.getByRole('menu').first().getByRole('menuitem', { name: w.auditLog, exact: true }).click();
      await expect(page.getByRole('tab', { name: w.auditLog, selected: true })).toBeVisible();
      await page.getByRole('textbox', { name: w.record, exact: true }).fill(String(id));
      const entry = page.getByRole('row', { name: new RegExp(w.edited) }).filter({ hasText: w.colour });
      await expect(entry).toHaveCount(1);
      // The record is named, its number beside it: "Ember … (#12)".
      await entry.getByRole('cell', { name: `${renamed} (#${id})`, exact: true }).click();
      const auditId = await withDatabase(
        async (db) =>
          (
            await db
              .selectFrom('audit_log')
              .select('id')
              .where('resource', '=', 'colors')
              .where('record_id', '=', String(id))
              .executeTakeFirstOrThrow()
          ).id,
      );
      const changes = page.getByRole('table', { name: w.changes(auditId), exact: true });
      await expect(changes).toBeVisible();
      await expect(changes.getByRole('columnheader')).toHaveText([w.field, w.before, w.after]);
      // The name's row (not "Name in each language"), marked as changed.
      const nameRow = changes
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: `${w.name} ${w.changed}`, exact: true }) });
      await expect(nameRow.getByRole('cell')).toHaveText([original, renamed]);
      await accessible(page);
      await page.screenshot({ path: info.outputPath(`audit-${viewport.width}-${locale}.png`), fullPage: true });

      // A delete offers Undo; undone, no DELETE leaves and the colour stays.
      const deletes: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'DELETE' && request.url().includes('/api/v1/admin/colors/')) deletes.push(request.url());
      });
      await colourList(page, renamed);
      const row = page.getByRole('row', { name: new RegExp(renamed) });
      await row.getByRole('checkbox', { name: w.selectRow }).check();
      await page.getByRole('button', { name: w.delete, exact: true }).click();
      await expect(page.getByRole('cell', { name: renamed })).toHaveCount(0);
      await page.getByRole('button', { name: w.undo }).click();
      await expect(page.getByRole('cell', { name: renamed })).toBeVisible();
      await accessible(page);
      // Past the notification's life, when an undoable delete would have been sent.
      await page.waitForTimeout(5000);
      expect(deletes).toEqual([]);
      await page.reload();
      await expect(page.getByRole('cell', { name: renamed })).toBeVisible();
      const left = await withDatabase(async (db) => ({
        colour: await db.selectFrom('colors').select('name').where('id', '=', id).executeTakeFirst(),
        log: (
          await db.selectFrom('audit_log').select('action').where('resource', '=', 'colors').where('record_id', '=', String(id)).execute()
        ).map((r) => r.action),
      }));
      expect(left).toEqual({ colour: { name: renamed }, log: ['update'] });
    });
  }
}

// SPEC §2: the console is not offered below 768 px; the audit log's address on a phone leaves for the site.
test.describe('the audit log on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const locale of ['en_US', 'ar_SA'] as const) {
    test(`leaves for the site's page in the visitor's language (${locale})`, async ({ page }) => {
      await page.goto(`/admin/?redirect=${encodeURIComponent(`/?lng=${locale}`)}#/audit`);
      await expect(page).toHaveURL(new RegExp(`/\\?lng=${locale}$`));
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar_SA' ? 'rtl' : 'ltr');
      await expect(page.getByRole('tablist', { name: 'Open screens' })).toHaveCount(0);
      await expectAccessible(page);
    });
  }
});
