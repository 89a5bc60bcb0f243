import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 35 item 6: a buyer who wrote to a seller, and was answered, reviews them from the conversation;
// the seller answers the review once in /my/reviews. In English and Arabic, on a phone and a desktop.
// Two demo members no other spec uses: the seller's conversations and reviews are this spec's alone.
const SELLER = { email: 'thames.motors@demo.autoroute.local', password: 'demo-seller-2026' };
const BUYER = { email: 'youssef.alami@demo.autoroute.local', password: 'demo-seller-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

type Listing = { id: number; title: string; sold: boolean };

const newPerson = async (browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) =>
  (await browser.newContext({ baseURL, viewport })).newPage();

async function signInAs(page: Page, who: { email: string; password: string }, lng: string) {
  await page.goto(`/sign-in?lng=${lng}`);
  await signIn(page, who, texts(lng as 'en_US'));
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Nothing wider than the screen: no sideways scrolling. */
const expectFits = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

const RUNS = [
  { locale: 'en_US', viewport: PHONE },
  { locale: 'en_US', viewport: DESKTOP },
  { locale: 'ar_SA', viewport: PHONE },
  { locale: 'ar_SA', viewport: DESKTOP },
] as const;

RUNS.forEach(({ locale, viewport }, run) => {
  test(`${locale} at ${viewport.width} px: the buyer reviews the seller from the conversation, the seller answers once`, async ({
    browser,
    baseURL,
  }) => {
    const t = texts(locale);
    const seller = await newPerson(browser, baseURL, viewport);
    await signInAs(seller, SELLER, locale);
    const mine = await signedRequest<{ data: Listing[] }>(seller, 'GET', '/api/v1/me/vehicles?perPage=50');
    const listing = mine.data.filter((v) => !v.sold)[run]!;
    const buyer = await newPerson(browser, baseURL, viewport);
    await signInAs(buyer, BUYER, locale);

    // The buyer writes about the listing; the seller answers.
    const contact = await signedRequest<{ data: { conversationId: number } }>(buyer, 'POST', `/api/v1/vehicles/${listing.id}/contact`, {
      json: { firstname: 'Youssef', lastname: 'Alami', phone: '+212612345678', email: BUYER.email, message: 'Is it still available?' },
    });
    const conversation = contact.data.conversationId;
    await signedRequest(seller, 'POST', `/api/v1/conversations/${conversation}/messages`, { json: { body: 'Yes, come and see it.' } });

    // From the conversation to the form.
    await buyer.goto(`/messages/?c=${conversation}&lng=${locale}`);
    await hydrated(buyer);
    await expect(buyer.locator('html')).toHaveAttribute('dir', locale === 'ar_SA' ? 'rtl' : 'ltr');
    const link = buyer.locator(`a[href="/reviews/new?conversation=${conversation}"]`);
    await expect(link).toBeVisible();
    await link.click();
    await expect(buyer).toHaveURL(new RegExp(`/reviews/new\\?conversation=${conversation}$`));
    await hydrated(buyer);
    await expectAccessible(buyer);
    await expectFits(buyer);

    // Sent empty: each question says what it needs.
    await buyer.getByRole('button', { name: t('reviews.form.submit') }).click();
    await expect(buyer.getByText(t('reviews.form.starsRequired')).first()).toBeVisible();
    await expect(buyer.getByText(t('reviews.form.recommendRequired'))).toBeVisible();
    await expectAccessible(buyer);

    const stars = (legend: string, n: number) =>
      buyer.getByRole('group', { name: t(`reviews.form.${legend}`) }).getByRole('radio', { name: t('reviews.form.starOf', { n }) });
    await stars('overall', 5).check({ force: true });
    await stars('communication', 4).check({ force: true });
    await stars('accuracy', 5).check({ force: true });
    await buyer.getByRole('radio', { name: t('reviews.form.yes'), exact: true }).check();
    // Each run's own text: the seller's list holds the other runs' reviews too.
    const text =
      locale === 'ar_SA'
        ? `بائع لطيف وصادق، السيارة كما في الإعلان تمامًا (شاشة ${viewport.width}).`
        : `A kind and honest seller, the car was exactly as listed (a ${viewport.width} px screen).`;
    await buyer.getByLabel(t('reviews.form.body')).fill(text);
    await expect(buyer.getByText(t('reviews.form.counter', { count: [...text].length, max: 2000 }))).toBeVisible();
    await buyer.getByRole('button', { name: t('reviews.form.submit') }).click();
    await expect(buyer.getByRole('heading', { name: t('reviews.form.publishedTitle') })).toBeVisible();
    await expect(buyer.getByRole('link', { name: t('reviews.form.seeSeller') })).toHaveAttribute('href', /^\/sellers\/\d+$/);
    await expectAccessible(buyer);

    // The seller answers in /my/reviews, once.
    await seller.goto(`/my/reviews?lng=${locale}`);
    await hydrated(seller);
    await expectAccessible(seller);
    await expectFits(seller);
    const card = seller.locator('.review-card').filter({ hasText: text });
    await expect(card).toBeVisible();
    await card.getByLabel(t('reviews.reply.label')).fill(locale === 'ar_SA' ? 'شكرًا على زيارتك!' : 'Thank you for your visit!');
    await card.getByRole('button', { name: t('reviews.reply.submit') }).click();
    await expect(card.getByText(t('reviews.reply.yourReply'))).toBeVisible();
    await expect(card.getByRole('button', { name: t('reviews.reply.submit') })).toHaveCount(0);
    await seller.reload();
    await expect(seller.locator('.review-card').filter({ hasText: text }).getByText(t('reviews.reply.yourReply'))).toBeVisible();
    await expectAccessible(seller);

    // The buyer sees it published, with the answer.
    await buyer.goto(`/my/reviews?lng=${locale}`);
    const written = buyer.locator('.review-card').filter({ hasText: text });
    await expect(written.getByText(t('reviews.my.status_published'))).toBeVisible();
    await expect(written.getByText(locale === 'ar_SA' ? 'شكرًا على زيارتك!' : 'Thank you for your visit!')).toBeVisible();
    await expectAccessible(buyer);
    await expectFits(buyer);
  });
});
