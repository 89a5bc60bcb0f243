import type { Browser, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectSettledAccessible,
  hydrated,
  signedGet,
  signedRequest,
  signIn,
  signInToBackOffice,
  structuredItem,
  test,
  texts,
} from '../fixtures.ts';

// Issue 35 items 4 and 5 (docs/decisions/054): a professional seller enters their trader details,
// an administrator verifies them in the console, and a visitor opens the seller's page from one of
// their listings, in English and Arabic, on a phone and a desktop. A demo dealer no other spec uses.
const DEALER = { email: 'thames.motors@demo.autoroute.local', password: 'demo-seller-2026' };
const TRADER = {
  legalName: 'Thames Motors Ltd',
  address: '1 Riverside Walk, London SE1 9PP, United Kingdom',
  registrationNumber: 'Companies House 01234567',
  email: 'trade@thames-motors.example',
  phone: '+44 20 7946 0123',
};
const en = texts('en_US');
const ar = texts('ar_SA');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const newPerson = async (browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) =>
  (await browser.newContext({ baseURL, viewport })).newPage();

/** Nothing wider than the window: no sideways scrolling. */
const expectNoSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test.describe.configure({ mode: 'serial' });

let listing: number;

test('a dealer enters trader details, an administrator verifies them in the console', async ({ browser, baseURL }) => {
  const dealer = await newPerson(browser, baseURL, DESKTOP);
  await dealer.goto('/sign-in?lng=en_US');
  await signIn(dealer, DEALER);
  await expect(dealer).not.toHaveURL(/\/sign-in/);
  const mine = await signedRequest<{ data: { id: number; sold: boolean }[] }>(dealer, 'GET', '/api/v1/me/vehicles?perPage=50');
  listing = mine.data.find((v) => !v.sold)!.id;

  await dealer.goto('/settings/business');
  await hydrated(dealer);
  await dealer.getByLabel(en('settings.trader.legalName')).fill(TRADER.legalName);
  await dealer.getByLabel(en('settings.trader.address')).fill(TRADER.address);
  await dealer.getByLabel(en('settings.trader.registrationNumber')).fill(TRADER.registrationNumber);
  await dealer.getByLabel(en('settings.trader.email')).fill(TRADER.email);
  await dealer.getByLabel(en('settings.trader.phone')).fill(TRADER.phone);
  await dealer.getByRole('button', { name: en('settings.trader.save') }).click();
  await expect(dealer.locator('[data-trader-status="pending"]')).toBeVisible();
  await expectAccessible(dealer);

  const admin = await newPerson(browser, baseURL, DESKTOP);
  await signInToBackOffice(admin);
  await admin.goto('/admin/#/traders');
  const row = admin.getByRole('row').filter({ hasText: TRADER.legalName });
  await expect(row).toBeVisible();
  await expectSettledAccessible(admin);
  await row.getByText(TRADER.legalName).click();
  await expect(admin).toHaveURL(/#\/traders\/\d+$/);
  await expect(admin.getByText(TRADER.registrationNumber)).toBeVisible();
  await admin.getByRole('radio', { name: 'Verify: the details match the register' }).check();
  await admin.getByRole('button', { name: 'Save the decision' }).click();
  // Back on the queue of details to check: these are no longer waiting.
  await expect(admin).toHaveURL(/#\/traders(\?.*)?$/);
  await expect(admin.getByRole('row').filter({ hasText: TRADER.legalName })).toHaveCount(0);

  await dealer.reload();
  await expect(dealer.locator('[data-trader-status="verified"]')).toBeVisible();
});

for (const [locale, t] of [
  ['en_US', en],
  ['ar_SA', ar],
] as const) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`a visitor opens the seller's page from a listing (${locale}, ${size})`, async ({ browser, baseURL }) => {
      const page = await newPerson(browser, baseURL, viewport);
      await page.goto(`/vehicles/${listing}?lng=${locale}`);
      const box = page.locator('aside.seller');
      // The verified trader's identity, in the listing's seller box.
      await expect(box.locator('[data-trader]')).toContainText(TRADER.registrationNumber);
      await box.getByRole('link', { name: t('sellers.seePage') }).click();
      await expect(page).toHaveURL(/\/sellers\/\d+/);
      if (locale === 'ar_SA') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thames Motors');
      await expect(page.getByRole('list', { name: t('sellers.badges') })).toContainText(t('sellers.businessVerified'));
      await expect(page.locator('[data-trader]')).toContainText(TRADER.legalName);
      await expect(page.getByRole('heading', { name: t('sellers.listings') })).toBeVisible();
      await expect(page.locator('.grid .card').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: t('sellers.reviews') })).toBeVisible();
      // The demo has no reviews but those another spec (reviews.spec.ts) may have written first:
      // the empty state and no rating, or the reviews and their rating in the structured data.
      const dealer = await structuredItem(page, 'AutoDealer');
      expect(dealer).toMatchObject({ name: 'Thames Motors', legalName: TRADER.legalName });
      const { data: seller } = await signedGet<{ data: { reviews: { summary: { count: number } } } }>(
        page,
        page.url().replace('/sellers/', '/api/v1/sellers/').split('?')[0]!,
      );
      if (seller.reviews.summary.count === 0) {
        await expect(page.locator('[data-no-reviews]')).toHaveText(t('sellers.noReviews'));
        expect(dealer.aggregateRating).toBeUndefined();
      } else {
        await expect(page.locator('[data-no-reviews]')).toHaveCount(0);
        expect(dealer.aggregateRating).toMatchObject({ reviewCount: seller.reviews.summary.count });
      }
      await expectNoSideScroll(page);
      await expectAccessible(page);
      // Kept like the other public pages.
      const again = await page.request.get(page.url());
      expect(again.headers()['cache-control']).toContain('s-maxage');
      expect(again.headers().etag).toBeTruthy();
    });
  }
}
