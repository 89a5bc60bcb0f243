import { createRequire } from 'node:module';
import path from 'node:path';
import { connect } from '@autoroute/db';
import { LOCALE_NAMES, type Locale } from '@autoroute/locales/meta';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import i18next from 'i18next';
import { expectSettledAccessible as accessible, expect, signedHeaders, signInToBackOffice, signingKeyOf, test } from '../fixtures.ts';

// Issue 36 item 8, the console's bookings: a demo member books a demo seller's car and the owner
// accepts, through the API; an administrator finds the booking in the list, reads it (price,
// payment, what happened and by whom) and cancels it with a reason. In English, then right to left
// in Arabic, at 1366 px.

test.use({ viewport: { width: 1366, height: 768 } });

const require = createRequire(import.meta.url);
const DEMO_PASSWORD = 'demo-seller-2026';
const demo = (username: string) => ({ email: `${username}@demo.autoroute.local`, password: DEMO_PASSWORD });

/** The console's texts in `lng`: ours (backoffice.*, api.*) and a screen's name as the menu shows it. */
function consoleTexts(lng: Locale) {
  const { api, backoffice } = require(`@autoroute/locales/${lng}.json`);
  const i18n = i18next.createInstance();
  i18n.init({
    lng,
    resources: { [lng]: { translation: { ...backoffice, resources: backoffice.resources, api } } },
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  return { t: i18n.t.bind(i18n), screen: (resource: string): string => i18n.t(`resources.${resource}.name`, { count: 2 }) };
}

async function withDb<T>(use: (db: ReturnType<typeof connect>['db']) => Promise<T>): Promise<T> {
  const database = connect(path.join(process.env.E2E_DATA_DIR as string, 'autoroute.db'));
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** A member's API session: signed calls with their bearer token, as the storefront's islands make them. */
async function memberApi(baseURL: string, key: string, who: { email: string; password: string }) {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const login = await context.post('/api/v1/auth/login', {
    headers: await signedHeaders(key, JSON.stringify(who)),
    data: JSON.stringify(who),
  });
  expect(login.ok(), await login.text()).toBe(true);
  const bearer = { authorization: `Bearer ${(await login.json()).security.accessToken}` };
  return {
    post: async (url: string, json: unknown) => {
      const body = JSON.stringify(json);
      const res = await context.post(url, { headers: { ...(await signedHeaders(key, body)), ...bearer }, data: body });
      expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    },
    dispose: () => context.dispose(),
  };
}

async function switchToArabic(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: new RegExp(LOCALE_NAMES.en_US, 'i') }).click();
  await page.getByRole('menuitem', { name: LOCALE_NAMES.ar_SA }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// Each run books another car, on days of its own, by another renter.
const RUNS = [
  { lng: 'en_US', renter: 'claire.martin', from: 60 },
  { lng: 'ar_SA', renter: 'lukas.becker', from: 70 },
] as const;

for (const run of RUNS) {
  const { t, screen } = consoleTexts(run.lng);

  test(`${run.lng}: a booking is found in the list, read with its history, and cancelled with a reason`, async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const base = baseURL as string;
    // A demo seller's car for rent by the day, not the renter's, booked by no one on those days.
    const car = await withDb((db) =>
      db
        .selectFrom('vehicles as v')
        .innerJoin('users as u', 'u.id', 'v.owner_id')
        .innerJoin('types as ty', 'ty.id', 'v.type_id')
        .select(['v.id', 'v.title', 'u.username'])
        .where('u.email', 'like', '%@demo.autoroute.local')
        .where('u.username', '!=', run.renter)
        .where('ty.code', '=', 'rent_day')
        .where('v.sold', '=', 0)
        .where('v.moderation', '=', 'published')
        .orderBy('v.id')
        .offset(RUNS.indexOf(run))
        .limit(1)
        .executeTakeFirstOrThrow(),
    );

    // The renter books through the API and the owner accepts, as on the site.
    await page.goto('/?lng=en_US');
    const key = await signingKeyOf(page);
    const renter = await memberApi(base, key, demo(run.renter));
    const booked = await renter.post('/api/v1/bookings', {
      vehicleId: car.id,
      start: day(run.from),
      end: day(run.from + 3),
      message: 'For a weekend by the sea.',
      driverAge: 34,
      licenceYears: 12,
    });
    await renter.dispose();
    const id: number = booked.data.id;
    if (booked.data.state === 'requested') {
      const owner = await memberApi(base, key, demo(car.username));
      await owner.post(`/api/v1/bookings/${id}/accept`, {});
      await owner.dispose();
    }

    // The list: the booking with its state, its listing and both sides.
    await signInToBackOffice(page);
    if (run.lng === 'ar_SA') await switchToArabic(page);
    await page
      .getByRole('menu')
      .first()
      .getByRole('menuitem', { name: screen('bookings'), exact: true })
      .click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await expect(row).toContainText(t('bookings.states.accepted'));
    await expect(row).toContainText(car.title);
    await expect(row).toContainText(car.username);
    await expect(row).toContainText(run.renter);
    await accessible(page);
    await page.screenshot({ path: test.info().outputPath(`bookings-${run.lng}.png`), fullPage: true });

    // The booking: its price, its payment and what happened, by whom.
    await row.getByRole('cell').first().click();
    await expect(page).toHaveURL(new RegExp(`#/bookings/${id}/show$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(car.title);
    await expect(page.getByRole('region', { name: t('bookings.price') })).toContainText(t('bookings.lines.total'));
    const history = page.getByRole('region', { name: t('bookings.history') });
    await expect(history).toContainText(t('bookings.states.requested'));
    await expect(history).toContainText(run.renter);
    await accessible(page);
    await page.screenshot({ path: test.info().outputPath(`booking-${run.lng}.png`), fullPage: true });

    // Cancelled with a reason, asked for first; the history says an administrator did it.
    await page.getByRole('button', { name: t('bookings.cancel') }).click();
    const dialog = page.getByRole('dialog', { name: t('bookings.cancelTitle', { id }) });
    await dialog.getByRole('button', { name: t('bookings.confirmCancel') }).click();
    await expect(dialog).toContainText(t('api.admin.cancelReasonRequired'));
    await dialog.getByRole('textbox', { name: t('resources.bookings.fields.cancelReason') }).fill('The car failed its safety inspection.');
    await accessible(page);
    await page.screenshot({ path: test.info().outputPath(`cancel-${run.lng}.png`) });
    await dialog.getByRole('button', { name: t('bookings.confirmCancel') }).click();
    await expect(page.getByRole('alert').last()).toContainText(t('bookings.cancelled', { id }));
    await expect(history).toContainText(t('bookings.states.cancelled'));
    await expect(history).toContainText(t('bookings.actors.admin'));
    await expect(history).toContainText('The car failed its safety inspection.');
    await expect(page.getByRole('button', { name: t('bookings.cancel') })).toHaveCount(0);
    if (run.lng === 'ar_SA') await page.evaluate(() => localStorage.setItem('i18nLng', 'en_US'));
  });
}
