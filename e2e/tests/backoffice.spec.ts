import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { connect } from '@autoroute/db';
import type { Page } from '@playwright/test';
import { expectSettledAccessible as accessible, E2E_ADMIN, expect, signInToBackOffice as signIn, test } from '../fixtures.ts';

// Issue 5: the back office's screens, as an administrator and as a limited one, in English and Arabic.

const ADMIN = E2E_ADMIN;
const MODERATOR = { email: 'lukas.becker@demo.autoroute.local', password: 'demo-seller-2026' };
const SUSPENDED = { email: 'location.azur@demo.autoroute.local', username: 'location.azur', password: 'demo-seller-2026' };

const menu = (page: Page) => page.getByRole('menu').first();
/** Opens a screen from the menu and waits until its tab is the selected one (the screen is showing). */
async function openScreen(page: Page, name: string) {
  await menu(page).getByRole('menuitem', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}
const notification = (page: Page) => page.getByRole('alert').last();

/** Gives a demo member a role with exactly these permissions, straight in the database (setup, not the journey). */
async function grantRole(email: string, roleName: string, permissions: string[]) {
  const database = connect(path.join(process.env.E2E_DATA_DIR as string, 'autoroute.db'));
  try {
    const db = database.db;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    let role = await db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirst();
    role ??= await db
      .insertInto('roles')
      .values({ name: roleName, description: 'Made by the back office journey' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
    const ids = await db.selectFrom('permissions').select('id').where('name', 'in', permissions).execute();
    expect(ids).toHaveLength(permissions.length);
    await db
      .insertInto('role_permissions')
      .values(ids.map((p) => ({ role_id: role.id, permission_id: p.id })))
      .execute();
    await db
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: role.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } finally {
    await database.close();
  }
}

async function dropRole(roleName: string) {
  const database = connect(path.join(process.env.E2E_DATA_DIR as string, 'autoroute.db'));
  try {
    const role = await database.db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirst();
    if (!role) return;
    await database.db.deleteFrom('user_roles').where('role_id', '=', role.id).execute();
    await database.db.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
    await database.db.deleteFrom('roles').where('id', '=', role.id).execute();
  } finally {
    await database.close();
  }
}

test('an administrator creates, edits, filters and deletes a colour and a city, and cannot delete a country in use', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await accessible(page);

  // A colour: the form checks as the server does, with the server's sentences.
  await openScreen(page, 'Colours');
  await expect(page.getByRole('cell', { name: 'Black', exact: true })).toBeVisible();
  await accessible(page);
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  const hex = page.getByRole('textbox', { name: 'Colour (hex)', exact: true });
  await hex.fill('purple');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Enter a colour as # followed by six hexadecimal digits, like #1E90FF.')).toBeVisible();
  await expect(page).toHaveURL(/#\/colors\/create$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mauve e2e');
  await hex.fill('#E0B0FF');
  await expect(page.getByRole('img', { name: 'Preview of the colour #E0B0FF' })).toBeVisible();
  await page.getByRole('button', { name: /Name in each language/ }).click();
  await page.getByRole('textbox', { name: 'Français' }).fill('Mauve (essai)');
  await accessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element created');
  await expect(page).toHaveURL(/#\/colors$/);

  // A code another colour has comes back from the server on its field.
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Black twin');
  await page.getByRole('textbox', { name: 'Colour (hex)', exact: true }).fill('#000001');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('black');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Another record already has this Code.').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/colors\/create$/);

  // Filter, edit, then delete (several rows at once, with Undo).
  await openScreen(page, 'Colours');
  await page.getByRole('textbox', { name: 'Search' }).fill('mauve');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('cell', { name: 'Mauve e2e' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pale mauve e2e');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element updated');
  await expect(page.getByRole('cell', { name: 'Pale mauve e2e' })).toBeVisible();
  await page
    .getByRole('row', { name: /Pale mauve e2e/ })
    .getByRole('checkbox')
    .check();
  // A reference row's delete offers Undo (docs/decisions/020-audit-log.md): the row leaves at once, and
  // the request once the notification has gone.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(notification(page)).toContainText('Element deleted');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Pale mauve e2e' })).toHaveCount(0);
  await accessible(page);
  // Sent and done: the list, read again, has no such row.
  await page.reload();
  await expect(page.getByText('No Colours found using the current filters.')).toBeVisible();

  // A city, its country chosen in the reference input.
  await openScreen(page, 'Cities');
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Testville e2e');
  await page.getByRole('combobox', { name: 'Country' }).fill('Luxem');
  await page.getByRole('option', { name: 'Luxembourg' }).click();
  await accessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element created');
  // The list filtered by its country shows it, the country by name (once the list has loaded: the
  // filter's input takes its text from the loaded choices).
  await expect(page.getByRole('cell', { name: 'Aalborg' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('combobox', { name: 'Country' }).fill('Luxem');
  await page.getByRole('option', { name: 'Luxembourg' }).click();
  await expect(page).toHaveURL(/countryId/);
  await expect(page.getByRole('row', { name: /Testville e2e/ })).toContainText('Luxembourg');
  await accessible(page);
  await page.getByRole('cell', { name: 'Testville e2e' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Testburg e2e');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Testburg e2e' })).toBeVisible();
  await page.getByRole('cell', { name: 'Testburg e2e' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(notification(page)).toContainText('Element deleted');
  await expect(page.getByRole('cell', { name: 'Testburg e2e' })).toHaveCount(0);

  // A country its cities and listings still use is not deleted: the server says what uses it.
  await openScreen(page, 'Countries');
  await page.getByRole('textbox', { name: 'Search' }).fill('France');
  await page.getByRole('cell', { name: 'France', exact: true }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  // The request leaves once Undo is no longer offered; the server's refusal then says what uses it.
  await expect(notification(page)).toContainText(/This record is still in use, so it was not deleted: .*Cities: \d+/, { timeout: 15_000 });
  await openScreen(page, 'Countries');
  await expect(page.getByRole('cell', { name: 'France', exact: true })).toBeVisible();
});

test('screens open as tabs that switch, close and survive a reload; Arabic lays the console out right to left', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  for (const name of ['Colours', 'Cities', 'Currencies', 'Plans']) {
    await openScreen(page, name);
    await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
  }
  const tabs = page.getByRole('tablist', { name: 'Open screens' }).getByRole('tab');
  await expect(tabs).toHaveText(['Dashboard', 'Colours', 'Cities', 'Currencies', 'Plans']);
  await accessible(page);

  // Clicking a tab switches to its screen; the arrow keys move between tabs.
  await page.getByRole('tab', { name: 'Cities' }).click();
  await expect(page).toHaveURL(/#\/cities$/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Currencies' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/currencies$/);
  // Delete closes the focused tab and shows its neighbour.
  await page.keyboard.press('Delete');
  await expect(tabs).toHaveText(['Dashboard', 'Colours', 'Cities', 'Plans']);
  await expect(page).toHaveURL(/#\/carts$/);
  await expect(page.getByRole('tab', { name: 'Plans' })).toBeFocused();

  // The tab menu: close to the right, then close the others.
  await page.getByRole('tab', { name: 'Colours' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close tabs to the right' }).click();
  await expect(tabs).toHaveText(['Dashboard', 'Colours']);
  await expect(page).toHaveURL(/#\/colors$/);
  await page.getByRole('button', { name: 'Tab actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Full screen' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Refresh' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Close other tabs' }).click();
  await expect(tabs).toHaveText(['Colours']);

  // Full screen shows the content area alone; refresh fetches the screen's data again.
  await page.getByRole('button', { name: 'Tab actions' }).click();
  await page.getByRole('menuitem', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.id)).toBe('screen-panel');
  await page.evaluate(() => document.exitFullscreen());
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  const refetch = page.waitForRequest((request) => request.url().includes('/api/v1/admin/colors?'));
  await page.getByRole('button', { name: 'Tab actions' }).click();
  await page.getByRole('menuitem', { name: 'Refresh' }).click();
  await refetch;

  // Kept for the session.
  await openScreen(page, 'Cities');
  await page.reload();
  await expect(tabs).toHaveText(['Colours', 'Cities']);

  // Arabic: react-admin's words in Arabic, the menu drawer on the right, the tabs from the right.
  await page.getByRole('button', { name: /English/i }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('link', { name: 'إنشاء' })).toBeVisible();
  const viewport = page.viewportSize()!;
  const drawer = (await menu(page).boundingBox())!;
  expect(drawer.x).toBeGreaterThan(viewport.width / 2);
  const arabicTabs = page.getByRole('tablist', { name: 'الصفحات المفتوحة' }).getByRole('tab');
  await expect(arabicTabs).toHaveCount(2);
  const first = (await arabicTabs.first().boundingBox())!;
  const second = (await arabicTabs.nth(1).boundingBox())!;
  expect(first.x).toBeGreaterThan(second.x);
  const searchBox = (await page.getByRole('textbox', { name: 'بحث' }).boundingBox())!;
  expect(searchBox.x + searchBox.width).toBeGreaterThan(viewport.width / 2);
  await page.screenshot({ path: info.outputPath('backoffice-arabic.png'), fullPage: true });
  await accessible(page);
  // Back to English for whoever comes next in this browser profile.
  await page.evaluate(() => localStorage.setItem('i18nLng', 'en_US'));
});

test('a limited administrator sees only the screens their permissions open, and a changed role applies on the next load', async ({
  page,
}) => {
  const role = 'E2E city editors';
  await grantRole(MODERATOR.email, role, ['admin.color.index', 'admin.city.index', 'admin.city.create']);
  try {
    await signIn(page, MODERATOR);
    // No dashboard permission: a welcome, not the figures.
    await expect(page.getByRole('heading', { name: 'Welcome to the Autoroute back office' })).toBeVisible();
    await expect(menu(page).getByRole('menuitem')).toHaveText(['Colours', 'Cities']);
    await accessible(page);

    // Colours: listed, but no create button and rows that open nothing (no update right).
    await openScreen(page, 'Colours');
    await expect(page.getByRole('cell', { name: 'Black', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create', exact: true })).toHaveCount(0);
    await page.getByRole('cell', { name: 'Black', exact: true }).click();
    await expect(page).toHaveURL(/#\/colors$/);
    // No delete right: no row checkboxes (the toolbar's Export still exports the list).
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // Cities: create yes.
    await openScreen(page, 'Cities');
    await expect(page.getByRole('link', { name: 'Create', exact: true })).toBeVisible();

    // A screen it may not open, typed in the address bar, ends on the home screen.
    await page.goto('/admin/#/countries');
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByText('You do not have the permission to open that screen')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Countries' })).toHaveCount(0);
    await page.goto('/admin/#/colors/create');
    await expect(page).toHaveURL(/#\/$/);

    // The role gains countries: the next page load shows them, no new sign-in needed.
    await grantRole(MODERATOR.email, role, ['admin.color.index', 'admin.city.index', 'admin.city.create', 'admin.country.index']);
    await page.reload();
    await expect(menu(page).getByRole('menuitem')).toHaveText(['Colours', 'Countries', 'Cities']);
  } finally {
    await dropRole(role);
  }
});

test('a city editor without any country right sees, exports and picks countries by name, in English and Arabic', async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const role = 'E2E city only';
  await grantRole(MODERATOR.email, role, ['admin.city.index', 'admin.city.create', 'admin.city.update']);
  try {
    await signIn(page, MODERATOR);
    await expect(menu(page).getByRole('menuitem', { name: 'Countries' })).toHaveCount(0);

    // The Country column names each city's country; nothing failed to load.
    await openScreen(page, 'Cities');
    await page.getByRole('textbox', { name: 'Search' }).fill('Braga');
    await expect(page.getByRole('row', { name: /Braga/ })).toContainText('Portugal');
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('[data-testid="ErrorIcon"]')).toHaveCount(0);

    // The Country filter offers countries and filters by the one picked.
    const filter = page.getByRole('combobox', { name: 'Country' });
    await filter.fill('Pola');
    await page.getByRole('option', { name: 'Poland' }).click();
    await expect(page.getByRole('cell', { name: 'Łódź', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Braga', exact: true })).toHaveCount(0);
    await page.screenshot({ path: info.outputPath('cities-limited-en.png') });
    await accessible(page);

    // The CSV export writes each city's country by name, not by id.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const [header = '', ...lines] = csv.trim().split(/\r?\n/);
    expect(header.split(',')).toContain('country');
    expect(header.split(',')).not.toContain('countryId');
    expect(lines).toHaveLength(6);
    expect(lines.find((line) => line.includes('Łódź'))).toContain('Poland');

    // The form's Country picker offers choices and saves the one picked.
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Gniezno e2e');
    const picker = page.getByRole('combobox', { name: 'Country' });
    await picker.fill('Pol');
    // The search runs on the server: only the matching name is offered.
    await expect(page.getByRole('option')).toHaveText(['Poland']);
    await page.screenshot({ path: info.outputPath('city-form-limited-en.png') });
    await page.getByRole('option', { name: 'Poland' }).click();
    await accessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page)).toContainText('Element created');
    await expect(page.getByRole('row', { name: /Gniezno e2e/ })).toContainText('Poland');

    // Arabic, right to left: the same names and choices.
    await page.getByRole('button', { name: /English/i }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The list keeps the Poland filter.
    await page.getByRole('textbox', { name: 'بحث' }).fill('Łódź');
    await expect(page.getByRole('row', { name: /Łódź/ })).toContainText('Poland');
    await expect(page.locator('[data-testid="ErrorIcon"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'إنشاء' }).click();
    // As a visitor would: the picker opened on its first choices, then a name typed.
    const countryPicker = page.getByRole('combobox', { name: 'البلد' });
    await countryPicker.click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await countryPicker.fill('Port');
    await expect(page.getByRole('option')).toHaveText(['Portugal']);
    await page.screenshot({ path: info.outputPath('city-form-limited-ar.png') });
    await page.keyboard.press('Escape');
    await accessible(page);
  } finally {
    await page.evaluate(() => localStorage.setItem('i18nLng', 'en_US'));
    await dropRole(role);
  }
});

test('an administrator suspends a user, who can then no longer sign in', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  await openScreen(page, 'Users');
  await accessible(page);
  await page.getByRole('textbox', { name: 'Search' }).fill(SUSPENDED.username);
  // The click goes to the filtered list, not to a row the search is about to replace.
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('cell', { name: SUSPENDED.username, exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Active' })).toBeChecked();
  await accessible(page);
  await page.getByRole('radio', { name: 'Suspended' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element updated');
  await expect(page.getByRole('row', { name: new RegExp(SUSPENDED.username) })).toContainText('Suspended');

  const other = await browser.newPage();
  await other.goto('/admin/');
  await other.getByLabel('Username or email').fill(SUSPENDED.email);
  await other.getByLabel('Password').fill(SUSPENDED.password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByText('This account is suspended.')).toBeVisible();
  await other.close();

  // Put back as it was.
  await page.getByRole('cell', { name: SUSPENDED.username, exact: true }).click();
  await page.getByRole('radio', { name: 'Active' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element updated');
});

test('a new user needs a password typed twice alike, and a role is edited as a matrix', async ({ page }) => {
  await signIn(page, ADMIN);
  await openScreen(page, 'Roles');
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  // A name of this run's own: a retry must not find the first attempt's role in its way.
  const stamp = Date.now() % 100000;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E colour team ${stamp}`);
  await page.getByRole('checkbox', { name: 'Every action on Colours' }).check();
  await expect(page.getByRole('checkbox', { name: 'Colours: Delete' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'See on every screen' }).check();
  await expect(page.getByRole('checkbox', { name: 'Cities: See' })).toBeChecked();
  await accessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element created');
  // Saved, the console goes back to the list: only then is another screen opened (else that redirect wins).
  await expect(page).toHaveURL(/#\/roles$/);

  await openScreen(page, 'Users');
  await expect(page).toHaveURL(/#\/users$/);
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(`grace${stamp}@example.test`);
  await page.getByRole('textbox', { name: 'Username' }).fill(`grace${stamp}`);
  await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  await page.getByRole('combobox', { name: 'Roles' }).fill(`E2E colour team ${stamp}`);
  await page.getByRole('option', { name: `E2E colour team ${stamp}` }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('compiler passphrase 1952');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('another passphrase');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('compiler passphrase 1952');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText('Element created');
});

test("Save on an untouched form says what is required, in the console's words, not the browser's", async ({ page }, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, ADMIN);
  await openScreen(page, 'Colours');
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  // The form leaves checking to the console: the browser never shows its own "Please fill out this field".
  await expect(page.locator('form[novalidate]')).toHaveCount(1);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Colour (hex) is required.')).toBeVisible();
  await expect(page).toHaveURL(/#\/colors\/create$/);
  await page.screenshot({ path: info.outputPath('colour-form-required-en.png') });
  await accessible(page);

  // Arabic, right to left: the same, in Arabic.
  await page.getByRole('button', { name: /English/i }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('الحقل «الاسم» مطلوب.')).toBeVisible();
  await expect(page.getByText('Name is required.')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('colour-form-required-ar.png') });
  await accessible(page);
  await page.evaluate(() => localStorage.setItem('i18nLng', 'en_US'));
});

test('a user editor is offered only the roles they may give: never SUPADMIN, never one with rights they lack', async ({ page }) => {
  const role = 'E2E user editors';
  await grantRole(MODERATOR.email, role, ['admin.user.index', 'admin.user.create', 'admin.user.update', 'admin.role.index']);
  try {
    await signIn(page, MODERATOR);
    await openScreen(page, 'Users');
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await page.getByRole('combobox', { name: 'Roles' }).click();
    await expect(page.getByRole('option', { name: 'USER', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: role, exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'SUPADMIN', exact: true })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'ADMIN', exact: true })).toHaveCount(0);
    await accessible(page);
  } finally {
    await dropRole(role);
  }
});

test('"Run now" starts a scheduled job and its run shows in the history', async ({ page }) => {
  await signIn(page, ADMIN);
  await openScreen(page, 'Scheduled jobs');
  // The job's name, in the first column (the job column says the same).
  await page.getByRole('cell', { name: 'Recompute statistics', exact: true }).first().click();
  await expect(page.getByText('Next five runs (your time zone):')).toBeVisible();
  await accessible(page);
  await page.getByRole('button', { name: 'Run now: Recompute statistics' }).click();
  await expect(notification(page)).toContainText(/Recompute statistics/);
  await expect(page.getByRole('region', { name: 'Run history' }).getByRole('row')).not.toHaveCount(1);
});

test('the dashboard links each figure to its list, and listings are moderated', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('link', { name: /Live listings/ }).click();
  await expect(page).toHaveURL(/#\/vehicles\?.*sold/);
  await accessible(page);
  const row = page.getByRole('row').nth(1);
  await expect(row.getByRole('link', { name: /Open the public page of/ })).toHaveAttribute('href', /^\/vehicles\/\d+$/);
  const featured = row.getByRole('switch', { name: /Featured: / });
  const before = await featured.isChecked();
  await featured.click();
  await expect(featured).toBeChecked({ checked: !before });
  await featured.click();
  await expect(featured).toBeChecked({ checked: before });
});
