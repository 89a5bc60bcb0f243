import { latestCode } from '@autoroute/api/testing-outbox';
import type { Locale } from '@autoroute/locales/meta';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN, expect, expectAccessible, hydrated, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 35's journey (docs/decisions/057): a guest reports a listing, an administrator holds it from
// the queue with a ground and the facts, the seller reads the statement of reasons and appeals, the
// administrator restores it; a buyer reviews a seller and the seller's page shows it. In English and
// Arabic, on a phone and a desktop, with axe. Demo members no other spec uses: the holds, the
// conversations and the reviews are this spec's alone.
const SELLER = { email: 'bayside.auto@demo.autoroute.local', password: 'demo-seller-2026' };
const REVIEWED = { email: 'gulf.cars@demo.autoroute.local', password: 'demo-seller-2026' };
const BUYER = { email: 'chloe.tremblay@demo.autoroute.local', password: 'demo-seller-2026' };

const RUNS: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en_US', width: 390, height: 844 },
  { locale: 'en_US', width: 1366, height: 900 },
  { locale: 'ar_SA', width: 390, height: 844 },
  { locale: 'ar_SA', width: 1366, height: 900 },
];

type Listing = { id: number; title: string; sold: boolean };
type Case = { id: number; targetKind: string; targetId: number; status: string };

const person = async (browser: Browser, baseURL: string | undefined, run: (typeof RUNS)[number]) =>
  (await browser.newContext({ baseURL, viewport: { width: run.width, height: run.height } })).newPage();

async function signInAs(page: Page, who: { email: string; password: string }, locale: Locale) {
  await page.goto(`/sign-in?lng=${locale}`);
  await signIn(page, who, texts(locale));
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Nothing wider than the screen. */
const expectFits = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

for (const [i, run] of RUNS.entries()) {
  test(`reported, held, appealed and restored; a review on the seller's page (${run.locale}, ${run.width} px)`, async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const t = texts(run.locale);
    await page.setViewportSize({ width: run.width, height: run.height });
    const seller = await person(browser, baseURL, run);
    await signInAs(seller, SELLER, run.locale);
    const listing = (await signedRequest<{ data: Listing[] }>(seller, 'GET', '/api/v1/me/vehicles?perPage=50')).data.filter((v) => !v.sold)[
      i
    ]!;
    const admin = await person(browser, baseURL, run);
    await signInAs(admin, E2E_ADMIN, 'en_US');

    // A guest reports the listing, confirming with the mailed code.
    const email = `journey.${run.locale.toLowerCase()}.${run.width}.${Date.now()}@example.test`;
    await page.goto(`/vehicles/${listing.id}?lng=${run.locale}`);
    const open = page.getByRole('button', { name: t('report.open.listing') });
    await open.scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island[ssr]:has(.report-link)')).toHaveCount(0);
    await open.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: t('report.reasons.fraud_or_advance_payment.label'), exact: true }).check();
    await dialog
      .getByRole('textbox', { name: t('report.details') })
      .fill('The seller asks for a deposit by wire transfer before any viewing.');
    await dialog.getByLabel(t('report.name')).fill('Nina Guest');
    await dialog.getByLabel(t('report.email')).fill(email);
    await dialog.getByRole('checkbox', { name: t('report.goodFaith') }).check();
    await dialog.getByRole('button', { name: t('report.send') }).click();
    await expect(dialog.getByRole('heading', { name: t('report.codeTitle') })).toBeFocused();
    await dialog.getByLabel(t('report.code')).fill(latestCode(process.env.E2E_DATA_DIR!, email));
    await dialog.getByRole('button', { name: t('report.verify') }).click();
    await expect(dialog.getByRole('heading', { name: new RegExp(t('report.doneTitle', { id: '\\d+' })) })).toBeFocused();
    await page.keyboard.press('Escape');

    // The report opened a case in the queue; the administrator takes it and holds the listing.
    const queue = await signedRequest<Case[]>(admin, 'GET', '/api/v1/admin/moderation-cases?range=[0,99]');
    const found = queue.find((c) => c.targetKind === 'listing' && c.targetId === listing.id && c.status === 'open')!;
    expect(found).toBeTruthy();
    await signedRequest(admin, 'POST', `/api/v1/admin/moderation-cases/${found.id}/take`);
    const facts = `Three buyers were asked for a deposit by wire transfer before a viewing (run ${i}).`;
    await signedRequest(admin, 'POST', `/api/v1/admin/moderation-cases/${found.id}/decision`, {
      json: { action: 'hold', ground: 'terms_fraud', facts },
    });
    // Out of public view.
    expect((await page.goto(`/vehicles/${listing.id}?lng=${run.locale}`))?.status()).toBe(404);

    // The seller sees why in their listings, reads the statement and appeals.
    await seller.goto(`/my/?lng=${run.locale}`);
    await hydrated(seller);
    const item = seller.locator('.my-item').filter({ hasText: listing.title });
    await expect(item.getByText(t('my.list.held'))).toBeVisible();
    await expectAccessible(seller);
    await item.getByRole('link', { name: t('my.list.readDecision') }).click();
    await expect(seller).toHaveURL(new RegExp(`/my/decisions/${found.id}$`));
    await hydrated(seller);
    await expect(seller.getByText(facts, { exact: false })).toBeVisible();
    await expect(seller.getByRole('heading', { name: t('decisions.appealTitle') })).toBeVisible();
    await expectAccessible(seller);
    await expectFits(seller);
    await seller.screenshot({ path: info.outputPath(`statement-${run.locale}-${run.width}.png`), fullPage: true });
    const appeal = seller.getByLabel(t('decisions.appealForm.label'));
    await appeal.fill('Too short');
    await appeal.fill('I never asked for a deposit: the buyers misread my message about booking a viewing.');
    await seller.getByRole('button', { name: t('decisions.appealForm.submit') }).click();
    await expect(seller.getByRole('status')).toHaveText(t('decisions.appealForm.sent'));
    await seller.reload();
    await expect(seller.getByText(t('decisions.appealPending'))).toBeVisible();
    await expectAccessible(seller);

    // The administrator reverses the decision: the listing is back, the seller reads the answer.
    await signedRequest(admin, 'POST', `/api/v1/admin/moderation-cases/${found.id}/appeal-decision`, {
      json: { outcome: 'reversed', facts: 'The messages show a viewing was offered first.' },
    });
    expect((await page.goto(`/vehicles/${listing.id}?lng=${run.locale}`))?.status()).toBe(200);
    await seller.reload();
    await expect(seller.getByRole('heading', { name: new RegExp(t('decisions.appealAnswer')) })).toBeVisible();
    await expect(seller.getByText(t('decisions.status.closed'))).toBeVisible();
    await expectAccessible(seller);

    // A buyer who wrote to a seller, and was answered, reviews them; the seller's page shows it.
    const reviewed = await person(browser, baseURL, run);
    await signInAs(reviewed, REVIEWED, run.locale);
    const theirs = (await signedRequest<{ data: Listing[] }>(reviewed, 'GET', '/api/v1/me/vehicles?perPage=50')).data.filter(
      (v) => !v.sold,
    )[i]!;
    const buyer = await person(browser, baseURL, run);
    await signInAs(buyer, BUYER, run.locale);
    const contact = await signedRequest<{ data: { conversationId: number } }>(buyer, 'POST', `/api/v1/vehicles/${theirs.id}/contact`, {
      json: { firstname: 'Chloé', lastname: 'Tremblay', phone: '+15145550123', email: BUYER.email, message: 'Is it still available?' },
    });
    const conversation = contact.data.conversationId;
    await signedRequest(reviewed, 'POST', `/api/v1/conversations/${conversation}/messages`, { json: { body: 'Yes, come and see it.' } });
    await buyer.goto(`/reviews/new?conversation=${conversation}&lng=${run.locale}`);
    await hydrated(buyer);
    const stars = (legend: string, n: number) =>
      buyer.getByRole('group', { name: t(`reviews.form.${legend}`) }).getByRole('radio', { name: t('reviews.form.starOf', { n }) });
    await stars('overall', 4).check({ force: true });
    await stars('communication', 5).check({ force: true });
    await stars('accuracy', 4).check({ force: true });
    await buyer.getByRole('radio', { name: t('reviews.form.yes'), exact: true }).check();
    const text =
      run.locale === 'ar_SA'
        ? `تعامل ممتاز والسيارة مطابقة للإعلان (شاشة ${run.width}).`
        : `Quick answers and the car was as described (a ${run.width} px screen).`;
    await buyer.getByLabel(t('reviews.form.body')).fill(text);
    await buyer.getByRole('button', { name: t('reviews.form.submit') }).click();
    await buyer.getByRole('link', { name: t('reviews.form.seeSeller') }).click();
    await expect(buyer).toHaveURL(/\/sellers\/\d+/);
    await expect(buyer.getByText(text)).toBeVisible();
    await expect(buyer.locator('html')).toHaveAttribute('dir', run.locale === 'ar_SA' ? 'rtl' : 'ltr');
    await expectAccessible(buyer);
    await expectFits(buyer);
    await buyer.screenshot({ path: info.outputPath(`seller-page-${run.locale}-${run.width}.png`), fullPage: true });
    for (const p of [seller, admin, reviewed, buyer]) await p.context().close();
  });
}
