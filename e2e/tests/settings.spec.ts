import { latestCode } from '@autoroute/api/testing-outbox';
import type { Locale } from '@autoroute/locales/meta';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, signIn, test, texts } from '../fixtures.ts';

const dataDir = () => process.env.E2E_DATA_DIR as string;

// Issue 33 item 10: the settings act. Display's six items drive the member menu, the notification
// topics of ours are saved, the verified email and Telegram say what they are, and a member's theme
// follows them to their other devices. One account (sign-ups are limited per address).
const stamp = Date.now();
const member = { email: `grace.${stamp}@example.test`, username: `grace${stamp % 100000}`, password: 'compiler passphrase 2026' };
const ITEMS = ['recents', 'home', 'applications', 'desktop', 'downloads', 'documents'] as const;
const DESTINATIONS: Record<(typeof ITEMS)[number], string> = {
  recents: '/vehicles#recently-viewed',
  home: '/',
  applications: '/my/',
  desktop: '/saved-searches/',
  downloads: '/messages/',
  documents: '/settings/billing',
};
const CHOSEN = ['recents', 'applications', 'desktop', 'documents'] as const;

test.describe.configure({ mode: 'serial' });

async function signUp(page: Page) {
  await page.goto('/sign-up?lng=en_US');
  await hydrated(page);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Phone').fill(`+3363${String(stamp).slice(-7)}`);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await page.getByLabel('6-digit code').fill(latestCode(dataDir(), member.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The member menu's items as the header shows them (on a phone, inside the opened navigation). */
async function memberMenu(page: Page, locale: Locale, width: number) {
  const t = texts(locale);
  if (width < 768) await page.getByRole('button', { name: t('nav.menu') }).click();
  const menu = page.locator('details:has([data-member-menu])');
  await menu.locator('summary').click();
  const panel = menu.locator('[data-member-menu]');
  await expect(panel).toBeVisible();
  return panel.locator('a[data-sidebar-item]');
}

test('Settings › Display chooses the member menu’s items, each a page of ours, on a desktop and a phone, in English, French and Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signUp(page);
  const en = texts('en_US');

  // Every item, by our names, checked by default; the menu lists all six.
  await page.goto('/settings/display?lng=en_US');
  await hydrated(page);
  for (const id of ITEMS) await expect(page.getByRole('checkbox', { name: en(`nav.sidebar.${id}`) })).toBeChecked();
  await expectAccessible(page);
  await expect(await memberMenu(page, 'en_US', 1366)).toHaveCount(6);
  await page.keyboard.press('Escape');

  // Home and Messages unchecked: the menu shows the others, in order, and where each leads.
  await page.getByRole('checkbox', { name: en('nav.sidebar.home') }).uncheck();
  await page.getByRole('checkbox', { name: en('nav.sidebar.downloads') }).uncheck();
  await page.getByRole('button', { name: en('settings.form.save') }).click();
  await expect(page.getByText(en('settings.form.saved'))).toBeVisible();

  for (const [locale, width] of [
    ['en_US', 1366],
    ['fr_FR', 390],
    ['ar_SA', 390],
    ['ar_SA', 1366],
    ['fr_FR', 1366],
    ['en_US', 390],
  ] as const) {
    const t = texts(locale);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/settings/display?lng=${locale}`);
    await hydrated(page);
    if (locale === 'ar_SA') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    for (const id of ITEMS) {
      const box = page.getByRole('checkbox', { name: t(`nav.sidebar.${id}`) });
      if ((CHOSEN as readonly string[]).includes(id)) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    }
    const links = await memberMenu(page, locale, width);
    await expect(links).toHaveText(CHOSEN.map((id) => t(`nav.sidebar.${id}`)));
    for (const [i, id] of CHOSEN.entries()) await expect(links.nth(i)).toHaveAttribute('href', DESTINATIONS[id]);
    await expectAccessible(page);
  }

  // The one it leads to is ours: My listings opens the member's listings.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/settings/display?lng=en_US');
  await (await memberMenu(page, 'en_US', 1366)).filter({ hasText: en('nav.sidebar.applications') }).click();
  await expect(page).toHaveURL(/\/my\/$/);

  // At least one item stays: none checked is said, and nothing changes.
  await page.goto('/settings/display?lng=fr_FR');
  await hydrated(page);
  const fr = texts('fr_FR');
  for (const id of CHOSEN) await page.getByRole('checkbox', { name: fr(`nav.sidebar.${id}`) }).uncheck();
  await page.getByRole('button', { name: fr('settings.form.save') }).click();
  await expect(page.getByText(fr('settings.form.sidebarOne'))).toBeVisible();
  await page.reload();
  await expect(await memberMenu(page, 'fr_FR', 1366)).toHaveCount(CHOSEN.length);
});

test('Settings › Notifications saves our topics, says the verified email is verified and that Telegram is not available here', async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const [locale, width] of [
    ['en_US', 1366],
    ['fr_FR', 390],
    ['ar_SA', 390],
  ] as const) {
    const t = texts(locale);
    await page.setViewportSize({ width, height: 900 });
    if (locale === 'en_US') {
      await page.goto('/sign-in?lng=en_US');
      await signIn(page, { email: member.username, password: member.password });
      await expect(page).not.toHaveURL(/sign-in/);
    }
    await page.goto(`/settings/notifications?lng=${locale}`);
    await hydrated(page);
    if (locale === 'ar_SA') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // SPEC's switches stay; ours follow, each topic with its channels.
    await expect(page.getByRole('checkbox', { name: t('settings.form.social') })).toBeVisible();
    const priceDrops = page.getByRole('group', { name: t('settings.topics.priceDrop') });
    const searches = page.getByRole('group', { name: t('settings.topics.savedSearch') });
    const messages = page.getByRole('group', { name: t('settings.topics.message') });
    await expect(messages.getByRole('checkbox', { name: t('settings.topics.messageEmail') })).toBeVisible();
    await expect(messages.getByRole('checkbox')).toHaveCount(1);

    const providers = page.getByRole('region', { name: t('settings.providers.providersTitle') });
    // The verified address is linked as it is (it was "Not linked"): email is the one row that says it.
    await expect(providers.getByText(t('settings.providers.verified'), { exact: true })).toHaveCount(1);
    await expect(providers.getByText(member.email)).toBeVisible();
    await expect(providers.getByText(t('settings.providers.notLinked'), { exact: true })).toHaveCount(2);
    await expect(providers.getByText(t('settings.providers.notAvailable'), { exact: true })).toHaveCount(1);
    await expectAccessible(page);

    if (locale === 'en_US') {
      await priceDrops.getByRole('checkbox', { name: t('settings.topics.email') }).uncheck();
      await searches.getByRole('checkbox', { name: t('settings.topics.inbox') }).uncheck();
      await messages.getByRole('checkbox').uncheck();
      await page
        .getByRole('button', { name: t('settings.form.save') })
        .first()
        .click();
      await expect(page.getByText(t('settings.form.saved'))).toBeVisible();
    } else {
      // Saved on the account: read back in every language.
      await expect(priceDrops.getByRole('checkbox', { name: t('settings.topics.inbox') })).toBeChecked();
      await expect(priceDrops.getByRole('checkbox', { name: t('settings.topics.email') })).not.toBeChecked();
      await expect(searches.getByRole('checkbox', { name: t('settings.topics.inbox') })).not.toBeChecked();
      await expect(searches.getByRole('checkbox', { name: t('settings.topics.email') })).toBeChecked();
      await expect(messages.getByRole('checkbox')).not.toBeChecked();
    }
  }
});

test('a member’s dark theme, chosen in the header on one device, is the one their other device renders; a guest keeps the light one', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const en = texts('en_US');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/sign-in?lng=en_US');
  await signIn(page, { email: member.username, password: member.password });
  await expect(page).not.toHaveURL(/sign-in/);

  // The other device, a phone, signed in before the choice.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await phone.newPage();
  await other.goto('/sign-in?lng=fr_FR');
  await signIn(other, { email: member.username, password: member.password }, texts('fr_FR'));
  await expect(other).not.toHaveURL(/sign-in/);
  await other.goto('/settings/appearance?lng=fr_FR');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.goto('/settings/appearance?lng=en_US');
  await hydrated(page);
  await page.locator('details:has([data-theme-choice]) > summary').click();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/v1\/user\/\d+(\?|$)/.test(r.url()));
  await page.getByRole('button', { name: en('theme.dark') }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // The phone: dark from the server's first byte (no flash), on a member page and then a shared one; Arabic too.
  const html = await (await other.request.get('/settings/appearance?lng=fr_FR')).text();
  expect(html).toMatch(/<html[^>]*data-theme="dark"/);
  for (const path of ['/settings/appearance?lng=fr_FR', '/vehicles?lng=fr_FR', '/settings/appearance?lng=ar_SA']) {
    await other.goto(path);
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
  }
  await hydrated(other);
  await expect(other.getByRole('radio', { name: texts('ar_SA')('settings.form.dark') })).toBeChecked();
  await expectAccessible(other);

  // A guest's browser keeps its own choice.
  const guest = await browser.newContext();
  const visitor = await guest.newPage();
  await visitor.goto('/?lng=en_US');
  await expect(visitor.locator('html')).toHaveAttribute('data-theme', 'light');
  await guest.close();

  // Back to light from the phone's settings: the first device follows on its next page.
  await other.getByRole('radio', { name: texts('ar_SA')('settings.form.light') }).check();
  await other.getByRole('button', { name: texts('ar_SA')('settings.form.save') }).click();
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.goto('/settings/?lng=en_US');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectAccessible(page);
  await phone.close();
});
