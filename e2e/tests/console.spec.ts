import type { Browser, Page } from '@playwright/test';
import { expectSettledAccessible as accessible, expect, expectAccessible, signInToBackOffice, test, texts } from '../fixtures.ts';

// Issue 13 items 9 and 10: dashboard figures that match the lists they open, the Subscriptions list,
// and the maintenance message set in the back office and shown on the storefront.

test.use({ viewport: { width: 1366, height: 768 } });

const signIn = (page: Page) => signInToBackOffice(page);

const menu = (page: Page) => page.getByRole('menu').first();

async function toArabic(page: Page) {
  // The app bar hides while the page is scrolled down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: /English/i }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}
async function toEnglish(page: Page) {
  await page.evaluate(() => localStorage.setItem('i18nLng', 'en_US'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
}

/** The total the list's request answered (Content-Range), while the click opens it. */
async function openAndCount(page: Page, open: () => Promise<void>, resource: string) {
  const answer = page.waitForResponse((r) => r.url().includes(`/api/v1/admin/${resource}?`) && r.request().method() === 'GET');
  await open();
  const response = await answer;
  expect(response.status()).toBe(200);
  return { total: Number(response.headers()['content-range']?.split('/')[1]), url: response.url() };
}

const FIGURES = [
  { label: 'Live listings', resource: 'vehicles' },
  { label: 'Sold this month', resource: 'vehicles' },
  { label: 'New users', resource: 'users' },
  { label: 'Active subscriptions', resource: 'subscriptions' },
  { label: 'Messages to sellers this month', resource: 'contacts' },
  { label: 'Open support requests', resource: 'support-requests' },
];

test('each dashboard figure opens a list whose total is the figure; Subscriptions lists members, plans and payments', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signIn(page);
  for (const figure of FIGURES) {
    await menu(page).getByRole('menuitem', { name: 'Dashboard' }).click();
    const card = page.getByRole('link', { name: new RegExp(`^${figure.label}`) });
    await expect(card).toBeVisible();
    const value = Number((await card.locator('p').first().textContent())?.replace(/\D/g, ''));
    const { total, url } = await openAndCount(page, () => card.click(), figure.resource);
    expect(total, `${figure.label} (${decodeURIComponent(url)})`).toBe(value);
    if (value > 0) await expect(page.getByText(new RegExp(`of ${value.toLocaleString('en-US')}$`))).toBeVisible();
  }

  // A body type opens its live listings; a month of revenue opens the paid payments behind it.
  await menu(page).getByRole('menuitem', { name: 'Dashboard' }).click();
  const perType = page
    .getByRole('region', { name: 'Listings per body type' })
    .or(page.locator('section').filter({ hasText: 'Listings per body type' }));
  const firstType = perType.getByRole('listitem').first();
  const typeCount = Number(await firstType.locator('span').last().textContent());
  const byType = await openAndCount(page, () => firstType.getByRole('link').click(), 'vehicles');
  expect(byType.total).toBe(typeCount);
  await menu(page).getByRole('menuitem', { name: 'Dashboard' }).click();
  const month = page.getByRole('navigation', { name: 'Payments behind each month' }).getByRole('link').first();
  const paid = await openAndCount(page, () => month.click(), 'payments');
  expect(paid.total).toBeGreaterThan(0);
  expect(decodeURIComponent(paid.url)).toContain('"status":"paid"');
  await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
  await accessible(page);

  // The Subscriptions list, from the menu, filtered to those in force.
  await menu(page).getByRole('menuitem', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: /^Active subscriptions/ }).click();
  await expect(page.getByRole('tab', { name: 'Subscriptions', selected: true })).toBeVisible();
  for (const column of ['Member', 'Plan', 'Status', 'Start', 'Expiry', 'Payments']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(page.getByRole('row').nth(1).getByText('Active')).toBeVisible();
  await expect(page.getByRole('row').nth(1).getByText(/Paid/).first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('subscriptions-english.png'), fullPage: true });
  await accessible(page);
  await toArabic(page);
  await expect(page.getByRole('columnheader', { name: 'الخطة' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('subscriptions-arabic.png'), fullPage: true });
  await accessible(page);
  await menu(page).getByRole('menuitem', { name: 'لوحة المعلومات' }).click();
  await expect(page.getByRole('link', { name: /^الاشتراكات النشطة/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath('dashboard-arabic.png'), fullPage: true });
  await accessible(page);
  await toEnglish(page);
});

/** The storefront's banner as a visitor in `locale` sees it (a browser of their own). */
async function banner(browser: Browser, locale: 'en_US' | 'ar_SA', screenshot?: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`/?lng=${locale}`);
  const notice = page.getByRole('status', { name: texts(locale)('maintenance.label') });
  const text = (await notice.count()) ? await notice.textContent() : null;
  if (screenshot) await page.screenshot({ path: screenshot });
  if (text) await expectAccessible(page);
  await context.close();
  return text?.trim() ?? null;
}

test('the maintenance message set in English and Arabic shows on the storefront in each language until switched off', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const english = 'Scheduled maintenance tonight from 22:00 to 23:00 UTC.';
  const arabic = 'صيانة مجدولة الليلة من الساعة 22:00 إلى 23:00 بالتوقيت العالمي.';
  expect(await banner(browser, 'en_US')).toBeNull();

  await signIn(page);
  await menu(page).getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible();
  const enabled = page.getByLabel('Show the maintenance message');
  // Switched on without English: refused, with the reason at the field.
  await enabled.check();
  await page.getByRole('textbox', { name: 'العربية' }).fill(arabic);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByRole('textbox', { name: 'English' }).fill(english);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /updated/i })).toBeVisible();
  await page.screenshot({ path: info.outputPath('settings-english.png'), fullPage: true });
  await accessible(page);

  expect(await banner(browser, 'en_US', info.outputPath('banner-english.png'))).toBe(english);
  expect(await banner(browser, 'ar_SA', info.outputPath('banner-arabic.png'))).toBe(arabic);

  await toArabic(page);
  await expect(page.getByRole('textbox', { name: 'العربية' })).toHaveValue(arabic);
  await page.screenshot({ path: info.outputPath('settings-arabic.png'), fullPage: true });
  await accessible(page);
  await toEnglish(page);

  await page.getByLabel('Show the maintenance message').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /updated/i })).toBeVisible();
  expect(await banner(browser, 'en_US')).toBeNull();
  expect(await banner(browser, 'ar_SA')).toBeNull();
});
