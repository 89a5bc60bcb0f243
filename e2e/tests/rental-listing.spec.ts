import type { Locale } from '@autoroute/locales/meta';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  fillVehicleForm,
  hydrated,
  png,
  signedGet,
  signedHeaders,
  signIn,
  signingKeyOf,
  test,
  texts,
} from '../fixtures.ts';

// Issue 36: a rental listing's page. The renter picks days on the calendar by keyboard alone (the
// arrows as seen: left is later right to left), sees the price of those days line by line, and
// requests them; signed out, they sign in on the way and come back to the same days.
const RENTER = { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const RUNS = [
  { locale: 'en_US', viewport: PHONE },
  { locale: 'en_US', viewport: DESKTOP },
  { locale: 'ar_SA', viewport: PHONE },
  { locale: 'ar_SA', viewport: DESKTOP },
] as const;

const addDays = (day: string, n: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};

/** The day the calendar's focus is on. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-day') ?? null);

type Listing = { id: number; title: string; sold: boolean };

/** Rentals by the day (or the month) that the renter does not own, the last ones of the list: other specs take the first. */
async function rentals(page: Page, code: 'rent_day' | 'rent_month' = 'rent_day'): Promise<Listing[]> {
  const config = await signedGet<{ data: { types: { id: number; code: string | null }[] } }>(page, '/api/v1/user/config');
  const type = config.data.types.find((t) => t.code === code);
  expect(type).toBeDefined();
  const list = await signedGet<{ data: Listing[] }>(page, `/api/v1/vehicles?typeId=${type?.id}&perPage=50`);
  const mine = await signedGet<{ data: { id: number }[] }>(page, '/api/v1/me/vehicles?perPage=50');
  const own = new Set(mine.data.map((v) => v.id));
  return list.data.filter((v) => !v.sold && !own.has(v.id)).reverse();
}

RUNS.forEach(({ locale, viewport }, run) => {
  test(`${locale} at ${viewport.width} px: the calendar by keyboard, the price of the chosen days, the request`, async ({
    browser,
    baseURL,
  }) => {
    const t = texts(locale as Locale);
    const rtl = locale === 'ar_SA';
    const page = await (await browser.newContext({ baseURL, viewport })).newPage();
    await page.goto(`/sign-in?lng=${locale}`);
    await signIn(page, RENTER, t);
    await expect(page).not.toHaveURL(/\/sign-in/);
    const listing = (await rentals(page))[run];
    expect(listing).toBeDefined();

    await page.goto(`/vehicles/${listing?.id}?lng=${locale}`);
    await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { name: t('rentalListing.termsTitle') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('rentalListing.askOwner') })).toBeAttached();
    const booking = page.locator('#booking');
    await booking.scrollIntoViewIfNeeded();
    // Two months side by side on a wide screen, one on a phone.
    await expect(page.getByRole('grid')).toHaveCount(viewport === DESKTOP ? 2 : 1);

    // One tab stop in the grid; the arrows go by day the way they point, by week up and down.
    const stop = page.locator('[role="grid"] td[tabindex="0"]');
    await expect(stop).toHaveCount(1);
    await stop.focus();
    const today = await focused(page);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const later = rtl ? 'ArrowLeft' : 'ArrowRight';
    const earlier = rtl ? 'ArrowRight' : 'ArrowLeft';
    // Clear of the owner's notice: from two weeks on.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const start = addDays(today!, 14);
    await expect.poll(() => focused(page)).toBe(start);
    await page.keyboard.press(later);
    await expect.poll(() => focused(page)).toBe(addDays(start, 1));
    await page.keyboard.press(earlier);
    await expect.poll(() => focused(page)).toBe(start);
    await expect(page.locator('[role="grid"] td[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-day="${start}"]`)).toHaveAttribute('aria-selected', 'true');

    // Three days later is the return day.
    for (let i = 0; i < 3; i++) await page.keyboard.press(later);
    const end = addDays(start, 3);
    await expect.poll(() => focused(page)).toBe(end);
    await page.keyboard.press(' ');
    for (const day of [start, addDays(start, 1), addDays(start, 2), end])
      await expect(page.locator(`[data-day="${day}"]`)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator(`[data-day="${addDays(end, 1)}"]`)).toHaveAttribute('aria-selected', 'false');
    // The chosen days in words, announced; their price line by line, the total among them.
    await expect(page.locator('[data-booking-status]')).toHaveAttribute('role', 'status');
    await expect(page.locator('[data-booking-status]')).not.toHaveText(t('rentalListing.panel.choosePickup'));
    const quote = page.locator('[data-quote]');
    await expect(quote).toContainText(t('rentalListing.panel.total'));
    await expect(quote).toContainText(t('rentalListing.panel.rent', { days: '', rate: '' }).trim());
    await expect(page).toHaveURL(new RegExp(`start=${start}&end=${end}`));
    // From the top: the header that stays on screen would cover the buttons above the calendar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
    await page.locator('[role="grid"] td[tabindex="0"]').focus();
    await booking.screenshot({ path: `test-results/rental-listing-${locale}-${viewport.width}.png` });

    // Home and End go to the ends of the week, Page Down a month on and Page Up back.
    await page.keyboard.press('Home');
    const weekStart = await focused(page);
    await page.keyboard.press('End');
    const weekEnd = addDays(weekStart!, 6);
    await expect.poll(() => focused(page)).toBe(weekEnd);
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await focused(page))?.slice(0, 7)).toBe(addDays(`${weekEnd.slice(0, 7)}-01`, 31).slice(0, 7));
    await page.keyboard.press('PageUp');
    await expect.poll(async () => (await focused(page))?.slice(0, 7)).toBe(weekEnd.slice(0, 7));

    // The request: the driver's details, then the booking's page.
    if (viewport === DESKTOP) {
      await page.getByLabel(t('rentalListing.panel.driverAge')).fill('34');
      await page.getByLabel(t('rentalListing.panel.licenceYears')).fill('12');
      await page
        .getByLabel(t('rentalListing.panel.message'))
        .fill(rtl ? 'مرحبًا، هل السيارة متاحة؟' : 'Hello, I would like to rent your car.');
      await page
        .getByRole('button', { name: new RegExp(`^(${t('rentalListing.panel.request')}|${t('rentalListing.panel.instant')})$`) })
        .click();
      await expect(page).toHaveURL(/\/my\/bookings\/\d+$/);
    }
  });
});

test('signed out, a renter who asks for days signs in and comes back to the same days', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, RENTER);
  await expect(page).not.toHaveURL(/\/sign-in/);
  const listing = (await rentals(page, 'rent_month'))[0];
  await page.context().clearCookies();
  const start = addDays(new Date().toISOString().slice(0, 10), 30);
  // A rental by the month: a month at least.
  const end = addDays(start, 31);
  await page.goto(`/vehicles/${listing?.id}?start=${start}&end=${end}`);
  await page.locator('#booking').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-quote]')).toContainText('Total');
  await page.getByRole('button', { name: /^(Request to book|Book now)$/ }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await signIn(page, RENTER);
  await expect(page).toHaveURL(new RegExp(`/vehicles/${listing?.id}\\?start=${start}&end=${end}$`));
  await page.locator('#booking').scrollIntoViewIfNeeded();
  await expect(page.locator(`[data-day="${start}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-quote]')).toContainText('Total');
});

test('an owner publishes a rental, goes on to its terms and sets them; its page tells renters', async ({ page }) => {
  test.setTimeout(120_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const t = texts('en_US');
  await page.goto('/sign-in?lng=en_US');
  await signIn(page, RENTER);
  await expect(page).not.toHaveURL(/\/sign-in/);

  // Published, a rental goes on to its terms: a price per day alone does not let anyone book it.
  await page.goto('/my/new');
  await fillVehicleForm(
    page,
    {
      title: `Renault Clio to rent ${Date.now()}`,
      type: 'For rent (per day)',
      price: '45',
      currency: 'EUR — Euro',
      brand: 'Renault',
      model: 'Clio',
      category: 'Hatchback',
      year: '2021',
      mileage: '32000',
      fuel: 'Petrol',
      transmission: 'Manual',
      colour: 'White',
      doors: '5',
      seats: '5',
      country: 'France',
      city: 'Lyon',
      options: ['Air conditioning'],
      description: 'A small city car, cleaned before each rental.',
      pictures: [png('clio-rental.png', [230, 230, 230])],
    },
    t,
  );
  await page.getByRole('button', { name: t('my.form.submitNew'), exact: true }).click();
  await expect(page).toHaveURL(/\/my\/\d+\/rental$/);
  const id = Number(page.url().match(/\/my\/(\d+)\/rental$/)?.[1]);
  await hydrated(page);
  // Terms never written start in the country's zone.
  await expect(page.getByLabel(t('rentalTerms.fields.timeZone'))).toHaveValue('Europe/Paris');
  await expectAccessible(page);

  // The API's refusal sits beside its field, which takes the focus.
  const longest = page.getByLabel(t('rentalTerms.fields.maxDays'));
  await page.getByLabel(t('rentalTerms.fields.minDays')).fill('10');
  await longest.fill('5');
  await page.getByRole('button', { name: t('rentalTerms.save') }).click();
  await expect(longest).toHaveAttribute('aria-invalid', 'true');
  await expect(longest).toBeFocused();
  await expectAccessible(page);

  await page.getByLabel(t('rentalTerms.fields.minDays')).fill('2');
  await longest.fill('21');
  await page.getByLabel(t('rentalTerms.fields.deposit', { currency: 'EUR' })).fill('300');
  await page.getByLabel(t('rentalTerms.fields.timeZone')).selectOption('Europe/Madrid');
  await page.getByLabel(t('rentalListing.policies.strict'), { exact: true }).check();
  await page.getByRole('button', { name: t('rentalTerms.save') }).click();
  await expect(page.getByText(t('rentalTerms.saved'))).toBeVisible();

  // The listing's page says them, the policy's schedule in words.
  await page.goto(`/vehicles/${id}`);
  const terms = page.locator('[data-rental-terms]');
  await expect(terms).toContainText('2 days to 21 days');
  await expect(terms).toContainText('€300, given back after the return');
  await expect(terms).toContainText('Full refund up to 14 days before pickup');
  await expect(terms).toContainText('Europe/Madrid');

  // In Arabic on a phone, the form reads right to left.
  await page.setViewportSize(PHONE);
  await page.goto(`/my/${id}/rental?lng=ar_SA`);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByLabel(texts('ar_SA')('rentalTerms.fields.timeZone'))).toHaveValue('Europe/Madrid');
  await expectAccessible(page);

  // Gone again: other specs count the demo rentals.
  const gone = await page.request.fetch(`/api/v1/vehicles/${id}`, {
    method: 'DELETE',
    headers: await signedHeaders(await signingKeyOf(page)),
  });
  expect(gone.ok()).toBe(true);
});
