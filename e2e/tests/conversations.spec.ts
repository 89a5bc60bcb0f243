import { outboxMails } from '@autoroute/api/testing-outbox';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 17 item 6: a buyer writes to a seller from the listing, the seller answers in Messages, the
// buyer reads the answer and writes on in Arabic; a guest reads and answers through the mailed link.
// Two demo members no other spec uses: the seller's inbox and messages are this spec's alone.
const SELLER = { email: 'autohaus.schmidt@demo.autoroute.local', password: 'demo-seller-2026' };
const BUYER = { email: 'lucia.garcia@demo.autoroute.local', password: 'demo-seller-2026' };
const en = texts('en_US');
const ar = texts('ar_SA');

/** Signs in from the sign-in page and waits to leave it. */
async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto('/sign-in?lng=en_US');
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** A page of its own (its own cookies) for a second person. */
const newPerson = async (browser: Browser, baseURL: string | undefined) => (await browser.newContext({ baseURL })).newPage();

/** The seller's listings for sale, newest first. */
async function listingsOf(page: Page) {
  const mine = await signedRequest<{ data: { id: number; title: string; sold: boolean }[] }>(page, 'GET', '/api/v1/me/vehicles?perPage=50');
  return mine.data.filter((v) => !v.sold);
}

/** The messages badge of the header, on the screen's size (the phone bar's or the desktop nav's). */
const messagesBadge = (page: Page) => page.locator('[data-unread-link="messages"]:visible [data-unread-count]');

test('a member writes to a seller, the seller answers in Messages, the buyer reads it and writes on in Arabic', async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await newPerson(browser, baseURL);
  await signInAs(seller, SELLER);
  const [listing] = await listingsOf(seller);
  await signInAs(page, BUYER);

  // The buyer writes from the listing, keeping their phone and email to themselves.
  const question = `Is it still available for a test drive? (${Date.now()})`;
  await page.goto(`/vehicles/${listing!.id}?lng=en_US`);
  await page.waitForLoadState('load');
  await page.getByLabel(en('vehicle.contact.firstName')).fill('Paul');
  await page.getByLabel(en('vehicle.contact.lastName')).fill('Lefevre');
  await page.getByLabel(en('vehicle.contact.phone'), { exact: true }).fill('+33 6 11 22 33 44');
  // A member is never asked for an email: the answer comes in Messages.
  await expect(page.getByText(en('vehicle.contact.memberReplies'))).toBeVisible();
  await expect(page.getByLabel(en('vehicle.contact.email'))).toBeHidden();
  await page.getByLabel(en('vehicle.contact.message'), { exact: true }).fill(question);
  await page.getByLabel(en('vehicle.contact.shareContact')).uncheck();
  await page.getByRole('button', { name: en('vehicle.contact.send') }).click();
  await page.getByRole('link', { name: en('vehicle.contact.openConversation') }).click();
  await expect(page).toHaveURL(/\/messages\/\?c=\d+/);
  const conversation = Number(new URL(page.url()).searchParams.get('c'));
  await expect(page.getByRole('list', { name: en('messages.item.messagesLabel') }).getByText(question)).toBeVisible();

  // The seller sees one unread message in the header, opens the conversation and answers.
  await seller.goto('/my/?lng=en_US');
  await expect(messagesBadge(seller)).toBeVisible();
  await seller
    .getByRole('link', { name: /^Messages/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(seller).toHaveURL(/\/messages\/$/);
  const thread = seller
    .getByRole('navigation', { name: en('messages.item.listLabel') })
    .getByRole('link')
    .filter({ hasText: 'Paul Lefevre' });
  await thread.first().click();
  await expect(seller.getByRole('list', { name: en('messages.item.messagesLabel') }).getByText(question)).toBeVisible();
  // The buyer kept their details: the seller is told so rather than shown them.
  await expect(seller.getByText(en('messages.item.detailsHidden', { name: 'Paul Lefevre' }))).toBeVisible();
  await expect(messagesBadge(seller)).toBeHidden();
  await expectAccessible(seller);
  const answer = `Yes, Saturday at ten suits me. (${Date.now()})`;
  await seller.getByLabel(en('messages.item.write')).fill(answer);
  await seller.getByRole('button', { name: en('messages.item.send') }).click();
  await expect(seller.getByRole('list', { name: en('messages.item.messagesLabel') }).getByText(answer)).toBeVisible();
  await expect(seller.getByLabel(en('messages.item.write'))).toHaveValue('');

  // The buyer's header counts the answer on any page; reading it clears the count.
  await page.goto('/favorites/?lng=en_US');
  await expect(messagesBadge(page)).toBeVisible();
  await page.goto(`/messages/?c=${conversation}&lng=ar_SA`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const messages = page.getByRole('list', { name: ar('messages.item.messagesLabel') });
  await expect(messages.getByText(answer)).toBeVisible();
  await expect(messagesBadge(page)).toBeHidden();
  // Their own message sits on the inline end: the left in Arabic.
  const mine = await messages.locator('li.mine').first().boundingBox();
  const theirs = await messages.locator('li.theirs').first().boundingBox();
  expect(mine!.x).toBeLessThan(theirs!.x);

  // They write on in Arabic, and the seller reads it in their conversation.
  const more = `شكرًا، سأحضر يوم السبت (${Date.now()})`;
  await page.getByLabel(ar('messages.item.write')).fill(more);
  await page.getByRole('button', { name: ar('messages.item.send') }).click();
  await expect(messages.getByText(more)).toBeVisible();
  await seller.reload();
  await expect(seller.getByRole('list', { name: en('messages.item.messagesLabel') }).getByText(more)).toBeVisible();
  await seller.context().close();
});

test('a guest reads the seller’s answer through the mailed link, answers, and stops the conversation', async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await newPerson(browser, baseURL);
  await signInAs(seller, SELLER);
  const listings = await listingsOf(seller);
  const listing = listings[1] ?? listings[0]!;
  const guestEmail = `guest.${Date.now()}@example.test`;

  const question = `Does it come with winter tyres? (${Date.now()})`;
  await page.goto(`/vehicles/${listing.id}?lng=en_US`);
  await page.waitForLoadState('load');
  await page.getByLabel(en('vehicle.contact.firstName')).fill('Nina');
  await page.getByLabel(en('vehicle.contact.lastName')).fill('Guest');
  await page.getByLabel(en('vehicle.contact.phone'), { exact: true }).fill('+33 6 55 44 33 22');
  await page.getByLabel(en('vehicle.contact.shareContact')).uncheck();
  await page.getByLabel(en('vehicle.contact.message'), { exact: true }).fill(question);
  // Details kept hidden need an address for the answer.
  await page.getByRole('button', { name: en('vehicle.contact.send') }).click();
  await expect(page.getByText(en('vehicle.contact.emailForReplies'))).toBeVisible();
  await page.getByLabel(en('vehicle.contact.email')).fill(guestEmail);
  await page.getByRole('button', { name: en('vehicle.contact.send') }).click();
  await expect(page.getByText(en('vehicle.contact.sentGuest'))).toBeVisible();

  // The seller answers in Messages.
  await seller.goto('/messages/?lng=en_US');
  await seller
    .getByRole('navigation', { name: en('messages.item.listLabel') })
    .getByRole('link')
    .filter({ hasText: 'Nina Guest' })
    .first()
    .click();
  const answer = `Yes, on their own rims. (${Date.now()})`;
  await seller.getByLabel(en('messages.item.write')).fill(answer);
  await seller.getByRole('button', { name: en('messages.item.send') }).click();
  await expect(seller.getByRole('list', { name: en('messages.item.messagesLabel') }).getByText(answer)).toBeVisible();

  // The answer reaches the guest by mail, with their link.
  const mail = outboxMails(process.env.E2E_DATA_DIR!, guestEmail).at(-1)?.raw;
  expect(mail).toBeDefined();
  const link = /\/messages\/guest\/\?t=[^\s"<>]+/.exec(mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0];
  expect(link).toBeDefined();

  await page.goto(`${link}&lng=en_US`);
  const messages = page.getByRole('list', { name: en('messages.item.messagesLabel') });
  await expect(messages.getByText(answer)).toBeVisible();
  await expect(messages.getByText(question)).toBeVisible();
  await expectAccessible(page);
  const reply = `Great, I will come on Monday. (${Date.now()})`;
  await page.getByLabel(en('messages.item.write')).fill(reply);
  await page.getByRole('button', { name: en('messages.item.send') }).click();
  await expect(messages.getByText(reply)).toBeVisible();

  // Stopping the conversation closes it for both, and the link stops working.
  await page.getByRole('button', { name: en('messages.item.stop') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('messages.item.stop') })
    .click();
  await expect(page.getByText(en('messages.item.stopped'))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(messages).toHaveCount(0);
  await seller.reload();
  await expect(seller.getByText(en('messages.item.blockedByOther', { name: 'Nina Guest' }))).toBeVisible();
  await seller.context().close();
});
