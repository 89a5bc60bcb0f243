import { latestCode, outboxMails } from '@autoroute/api/testing-outbox';
import type { Locale } from '@autoroute/locales/meta';
import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import {
  E2E_ADMIN,
  expect,
  expectAccessible,
  fillVehicleForm,
  hydrated,
  png,
  signedHeaders,
  signedRequest,
  signingKeyOf,
  test,
  texts,
} from '../fixtures.ts';

// Issue 36's journey (docs/decisions/064): a renter picks dates on a rental listing, sees the total
// and requests; the owner accepts on the booking's page; the reminders job runs and both are told;
// both write the pickup and the return reports; both review. In English and Arabic, on a phone and a
// desktop, with axe on each page. The owner and the renter sign up for this run: no other spec's
// counts, conversations or bookings move, and no one else's listing is booked.
const RUNS: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en_US', width: 390, height: 844 },
  { locale: 'en_US', width: 1366, height: 900 },
  { locale: 'ar_SA', width: 390, height: 844 },
  { locale: 'ar_SA', width: 1366, height: 900 },
];
const PASSWORD = 'rental journey passphrase 2026';
const dataDir = () => process.env.E2E_DATA_DIR as string;

/** A zone where it is now between 06:00 and 16:00, so that a pickup later today is still today there. */
function daytimeZone(now = new Date()): { zone: string; hour: number; today: string } {
  for (const zone of [
    'Europe/Paris',
    'Asia/Tokyo',
    'America/New_York',
    'Asia/Dubai',
    'Pacific/Auckland',
    'America/Los_Angeles',
    'Asia/Kolkata',
  ]) {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(now));
    if (hour >= 6 && hour <= 16) {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
      return { zone, hour, today };
    }
  }
  throw new Error('no zone in daytime');
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const person = async (browser: Browser, baseURL: string | undefined, run: (typeof RUNS)[number]) =>
  (await browser.newContext({ baseURL, viewport: { width: run.width, height: run.height } })).newPage();

/** A new member, verified through the code in the outbox (the sign-up form is read in English). */
async function signUp(page: Page, first: string, stamp: string, phone: string): Promise<string> {
  const email = `${first.toLowerCase()}.${stamp}@example.test`;
  await page.goto('/sign-up?lng=en_US');
  await hydrated(page);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Journey');
  await page.getByLabel('Username').fill(`${first.toLowerCase()}${stamp}`.slice(0, 30));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await page.getByLabel('6-digit code').fill(latestCode(dataDir(), email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  return email;
}

/** Nothing wider than the screen. */
const expectFits = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

/** The page is whole: accessible and no wider than the screen (its islands hydrated first, unless they wait to be seen). */
async function checked(page: Page, { islands = true } = {}) {
  if (islands) await hydrated(page);
  await expectAccessible(page);
  await expectFits(page);
}

/** An administrator's session for running jobs now rather than at their minute. */
async function adminSession(page: Page, baseURL: string | undefined) {
  const key = await signingKeyOf(page);
  const admin: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/v1/auth/login', {
    headers: await signedHeaders(key, JSON.stringify(E2E_ADMIN)),
    data: JSON.stringify(E2E_ADMIN),
  });
  expect(login.ok()).toBe(true);
  const bearer = { authorization: `Bearer ${(await login.json()).security.accessToken}` };
  const runJob = async (handler: string) => {
    const list = await admin.get(`/api/v1/admin/datacrons?filter=${encodeURIComponent(JSON.stringify({ handler }))}`, {
      headers: { ...(await signedHeaders(key)), ...bearer },
    });
    const [job] = (await list.json()) as { id: number }[];
    expect(job, `the ${handler} job`).toBeTruthy();
    const ran = await admin.post(`/api/v1/admin/datacrons/${job!.id}/run`, { headers: { ...(await signedHeaders(key)), ...bearer } });
    expect(ran.ok(), await ran.text()).toBe(true);
  };
  return { runJob, dispose: () => admin.dispose() };
}

/** Writes a handover report on the booking's page and waits for the page to say it is saved. */
async function report(
  page: Page,
  stage: 'pickup' | 'return',
  t: ReturnType<typeof texts>,
  values: { odometer: string; fuel: string; damage: string },
) {
  const form = page.getByRole('form', { name: t(`bookings.actions.${stage}Title`) });
  await form.getByLabel(t('bookings.actions.odometer')).fill(values.odometer);
  await form.getByLabel(t('bookings.actions.fuel')).fill(values.fuel);
  await form.getByLabel(t('bookings.actions.damage')).fill(values.damage);
  await form.getByLabel(t('bookings.actions.photos')).setInputFiles([png(`${stage}.png`, [40, stage === 'pickup' ? 120 : 160, 200])]);
  await expect(form.getByRole('img', { name: t('bookings.actions.photo', { n: 1 }) })).toBeVisible();
  await form.getByRole('button', { name: t('bookings.actions.sendReport') }).click();
  await expect(page.getByRole('status').filter({ hasText: t(`bookings.done.${stage}`) })).toBeVisible();
}

/** Writes a review on the booking's page. */
async function review(page: Page, t: ReturnType<typeof texts>, stars: number, body: string) {
  const form = page.getByRole('form', { name: t('bookings.actions.reviewTitle') });
  await form.getByRole('radio', { name: t('bookings.actions.starOf', { n: stars }) }).check({ force: true });
  await form.getByLabel(t('bookings.actions.body'), { exact: true }).fill(body);
  await form.getByRole('button', { name: t('bookings.actions.submitReview') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('bookings.done.review') })).toBeVisible();
}

for (const [i, run] of RUNS.entries()) {
  test(`a rental from request to both reviews (${run.locale}, ${run.width} px)`, async ({ page, browser, baseURL }) => {
    test.setTimeout(300_000);
    const t = texts(run.locale);
    const lng = `lng=${run.locale}`;
    const stamp = `${Date.now().toString(36)}${i}`;
    const since = new Date().toISOString().replace(/[:.]/g, '-');
    await page.setViewportSize({ width: run.width, height: run.height });

    // The owner signs up, publishes a car for rent by the day, and writes its terms: pickup from
    // the next hour today in a zone where it is daytime, no notice, a flexible policy, on request.
    const owner = await person(browser, baseURL, run);
    const ownerEmail = await signUp(owner, 'Olivia', stamp, `+3361234560${i}`);
    await owner.goto('/my/new?lng=en_US');
    await fillVehicleForm(owner, {
      title: `Peugeot 208 to rent ${stamp}`,
      type: 'For rent (per day)',
      price: '45',
      currency: 'EUR — Euro',
      brand: 'Peugeot',
      model: '208',
      category: 'Hatchback',
      year: '2022',
      mileage: '31000',
      fuel: 'Petrol',
      transmission: 'Manual',
      colour: 'Grey',
      doors: '5',
      seats: '5',
      country: 'France',
      city: 'Lyon',
      options: ['Air conditioning'],
      description: 'A small car for the city, serviced and clean.',
      pictures: [png(`rent-${stamp}.png`, [200 - i * 40, 60 + i * 30, 90 + i * 20])],
    });
    await owner.getByRole('button', { name: texts('en_US')('my.form.submitNew'), exact: true }).click();
    // A rental goes on to its terms page; the terms are written here through the API.
    await expect(owner).toHaveURL(/\/my\/\d+\/rental$/);
    const vehicleId = Number(owner.url().match(/\/my\/(\d+)\/rental$/)![1]);
    const { zone, hour, today } = daytimeZone();
    const from = `${String(hour + 1).padStart(2, '0')}:00`;
    await signedRequest(owner, 'PUT', `/api/v1/rentals/${vehicleId}/terms`, {
      json: {
        timeZone: zone,
        noticeHours: 0,
        pickupFrom: from,
        pickupUntil: '20:00',
        returnFrom: '08:00',
        returnUntil: '20:00',
        pickupPlace: 'Gare Part-Dieu, Lyon',
        depositMinor: 30_000,
        kmPerDay: 200,
        extraKmMinor: 25,
        cancellation: 'flexible',
        instantBook: false,
      },
    });

    // The renter signs up, picks today and the next two days on the listing, sees the total, requests.
    const renterEmail = await signUp(page, 'Ravi', stamp, `+3361234561${i}`);
    await page.goto(`/vehicles/${vehicleId}?${lng}`);
    const booking = await requestOnListing(page, t, today, addDays(today, 2));
    // The renter lands on the booking, waiting for the owner.
    await expect(page.locator('.booking-head').getByText(t('bookings.state.requested'))).toBeVisible();
    await checked(page);

    // The owner finds the request, with the time left to answer, and accepts it.
    await owner.goto(`/my/bookings?side=owner&${lng}`);
    const row = owner.getByRole('listitem').filter({ hasText: `Peugeot 208 to rent ${stamp}` });
    await expect(row.getByText(t('bookings.state.requested'))).toBeVisible();
    await checked(owner);
    await row.getByRole('link', { name: `Peugeot 208 to rent ${stamp}` }).click();
    await expect(owner).toHaveURL(new RegExp(`/my/bookings/${booking}`));
    await checked(owner);
    await owner.getByRole('button', { name: t('bookings.actions.accept') }).click();
    await expect(owner.getByRole('status').filter({ hasText: t('bookings.done.accept') })).toBeVisible();
    await expect(owner.locator('.booking-head').getByText(t('bookings.state.accepted'))).toBeVisible();

    // The reminders job runs now: the pickup is today, within hours; both sides are told.
    const admin = await adminSession(page, baseURL);
    await admin.runJob('booking-clock');
    await admin.runJob('send-notification-mail');
    await admin.dispose();
    const reminder = texts('en_US')('api:booking.notice.pickupSoon', {
      title: `Peugeot 208 to rent ${stamp}`,
      id: booking,
      pickup: '\u0000',
    }).split('\u0000')[0]!;
    for (const [who, email] of [
      [page, renterEmail],
      [owner, ownerEmail],
    ] as const) {
      await who.goto(`/notifications/?${lng}`);
      await expect(who.getByText(reminder, { exact: false }).first()).toBeVisible();
      await checked(who);
      expect(
        outboxMails(dataDir(), email, { since }).some((m) => m.text.includes(reminder)),
        `${email} has the reminder by mail`,
      ).toBe(true);
    }

    // Pickup: the renter writes the report first (the booking becomes active), then the owner.
    await page.goto(`/my/bookings/${booking}?${lng}`);
    await checked(page);
    await report(page, 'pickup', t, { odometer: '31000', fuel: '80', damage: 'A small scratch on the rear bumper.' });
    await expect(page.locator('.booking-head').getByText(t('bookings.state.active'))).toBeVisible();
    await owner.goto(`/my/bookings/${booking}?${lng}`);
    await report(owner, 'pickup', t, { odometer: '31000', fuel: '80', damage: '' });
    await checked(owner);

    // Return: the owner first (the booking completes), then the renter; both reports side by side.
    await report(owner, 'return', t, { odometer: '31420', fuel: '60', damage: '' });
    await expect(owner.locator('.booking-head').getByText(t('bookings.state.completed'))).toBeVisible();
    await page.goto(`/my/bookings/${booking}?${lng}`);
    await report(page, 'return', t, { odometer: '31420', fuel: '60', damage: 'No new damage.' });
    await expect(page.getByRole('article', { name: `${t('bookings.stage.return')} · ${t('bookings.side.owner')}` })).toBeVisible();
    await checked(page);

    // Both review: the renter's review stays hidden from the owner until the owner has written theirs.
    await review(page, t, 5, 'A clean car, handed over on time, and a friendly owner.');
    await checked(page);
    await owner.reload();
    const hiddenText = t('bookings.detail.hiddenReview', { date: '\u0000' }).split('\u0000')[0]!;
    await expect(owner.getByText(hiddenText, { exact: false })).toBeVisible();
    await expect(owner.getByText('A clean car, handed over on time, and a friendly owner.')).toHaveCount(0);
    await review(owner, t, 4, 'Brought the car back on time and as clean as it left.');
    await expect(owner.getByText('A clean car, handed over on time, and a friendly owner.')).toBeVisible();
    await checked(owner);
    await page.reload();
    await expect(page.getByText('Brought the car back on time and as clean as it left.')).toBeVisible();

    // The renter's trips list the completed rental.
    await page.goto(`/my/bookings?${lng}`);
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `Peugeot 208 to rent ${stamp}` })
        .getByText(t('bookings.state.completed')),
    ).toBeVisible();
    await checked(page);
    await owner.context().close();
  });
}

/** Picks the days on the listing's calendar, checks the total shown, sends the request: the booking's id. */
async function requestOnListing(page: Page, t: ReturnType<typeof texts>, start: string, end: string): Promise<number> {
  const panel = page.locator('[data-booking]');
  await panel.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]:has([data-booking-status])')).toHaveCount(0);
  await panel.locator(`[data-day="${start}"]`).click();
  // A phone shows one month: the return day may be in the next.
  if ((await panel.locator(`[data-day="${end}"]`).count()) === 0)
    await panel.getByRole('button', { name: t('rentalListing.calendar.next'), exact: true }).click();
  await panel.locator(`[data-day="${end}"]`).click();
  await expect(panel.locator(`[data-day="${end}"]`)).toHaveAttribute('aria-selected', 'true');
  const quote = panel.locator('[data-quote]');
  await expect(quote).toContainText(t('rentalListing.panel.total'));
  await panel.getByLabel(t('rentalListing.panel.driverAge')).fill('34');
  await panel.getByLabel(t('rentalListing.panel.licenceYears')).fill('8');
  await panel.getByLabel(t('rentalListing.panel.message')).fill('Hello, I would like the car for a weekend away.');
  await expectAccessible(page);
  await panel.getByRole('button', { name: t('rentalListing.panel.request'), exact: true }).click();
  await expect(page).toHaveURL(/\/my\/bookings\/\d+/);
  return Number(page.url().match(/\/my\/bookings\/(\d+)/)![1]);
}
