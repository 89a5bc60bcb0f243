import { outboxMails } from '@autoroute/api/testing-outbox';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN, expect, signedHeaders, signedRequest, signIn, signingKeyOf, test, texts } from '../fixtures.ts';

// Issue 17's journey, as far as it is built: a buyer saves a search with instant alerts and likes a
// listing; its seller lowers the price; the jobs run; the buyer reads both alerts in the inbox and in
// the outbox, then opens the listing and sees its rating and price history, in English and Arabic.
const SELLER = { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' };
const BUYER = { email: 'garage.lefevre@demo.autoroute.local', password: 'demo-seller-2026' };

/** The mails the server wrote to `to` since `since` (file names start with their time). */
const mailsTo = (to: string, since: string) => outboxMails(process.env.E2E_DATA_DIR!, to, { since }).map((m) => m.raw);

/** Signs in from the sign-in page and waits to leave it. */
async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto('/sign-in?lng=en_US');
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

test('a buyer is told of a saved search match and a price drop, then reads the listing’s price story', async ({ page, baseURL }) => {
  const since = new Date().toISOString().replace(/[:.]/g, '-');
  // The administrator runs the jobs now rather than waiting for their minute.
  await page.goto('/?lng=en_US');
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
    const ran = await admin.post(`/api/v1/admin/datacrons/${job!.id}/run`, { headers: { ...(await signedHeaders(key)), ...bearer } });
    expect(ran.ok(), await ran.text()).toBe(true);
  };
  await runJob('saved-search-alerts'); // its mark: listings changed from now on

  // The seller's listing for sale, seen by the buyer.
  await signInAs(page, SELLER);
  const mine = await signedRequest<{
    data: { id: number; brand: string; model: string; price: number; sold: boolean; type: { code: string | null } }[];
  }>(page, 'GET', '/api/v1/me/vehicles?perPage=50');
  // For sale: a rental has no price history nor sale rating (issue 36).
  const listing = mine.data.find((v) => !v.sold && v.type.code === 'sale')!;
  await page.context().clearCookies();

  await signInAs(page, BUYER);
  await signedRequest(page, 'POST', '/api/v1/me/saved-searches', {
    json: { name: `${listing.brand} ${listing.model}`, query: { brand: listing.brand, model: listing.model }, frequency: 'instant' },
  });
  await signedRequest(page, 'POST', `/api/v1/vehicles/${listing.id}/like`);

  // The seller lowers the price.
  const sellerPage = await (await page.context().browser()!.newContext({ baseURL })).newPage();
  await sellerPage.goto('/?lng=en_US');
  await signInAs(sellerPage, SELLER);
  const lower = Math.round(listing.price * 0.9);
  await signedRequest(sellerPage, 'PATCH', `/api/v1/vehicles/${listing.id}`, { json: { price: lower } });
  await sellerPage.context().close();

  await runJob('saved-search-alerts');
  await runJob('send-notification-mail');

  // The inbox holds both, in the buyer's language.
  await page.goto('/notifications/?lng=en_US');
  await expect(page.getByText(/went down from/).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`matches your saved search “${listing.brand} ${listing.model}”`)).first()).toBeVisible();
  // And both mails are in the outbox, each with its one-click unsubscribe.
  const mails = mailsTo(BUYER.email, since);
  // (A long header is folded onto the next lines.)
  expect(
    mails.some((m) => /^List-Unsubscribe:\s+<[^>]*\.price_drop\./m.test(m)),
    `${mails.length} mails`,
  ).toBe(true);
  expect(mails.some((m) => /^List-Unsubscribe:\s+<[^>]*\.search_\d+\./m.test(m))).toBe(true);

  // The saved search counts what it found since the buyer last opened it.
  await page.goto('/saved-searches/?lng=en_US');
  const saved = page.getByRole('listitem').filter({ hasText: `${listing.brand} ${listing.model}` });
  await expect(saved.getByText(texts('en_US')('savedSearches.newSince', { count: 1 }))).toBeVisible();
  await page.goto('/saved-searches/?lng=ar_SA');
  await expect(page.getByRole('listitem').getByText(texts('ar_SA')('savedSearches.newSince', { count: 1 }))).toBeVisible();

  // The listing tells its price story: two prices, the lower one last, and how it rates.
  for (const locale of ['en_US', 'ar_SA'] as const) {
    const tl = texts(locale);
    await page.goto(`/vehicles/${listing.id}?lng=${locale}`);
    const history = page.locator('[data-price-history]');
    await expect(history.getByRole('heading', { name: tl('vehicle.priceHistory.title') })).toBeVisible();
    await expect(history.locator('li')).toHaveCount(2);
    await expect(history.locator('svg.price-chart')).toBeVisible();
    await expect(page.locator('[data-market-rating]').getByRole('heading', { name: tl('vehicle.market.title') })).toBeVisible();
  }
  await admin.dispose();
});
