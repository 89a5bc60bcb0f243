import { latestCode, outboxMails } from '@autoroute/api/testing-outbox';
import type { Locale } from '@autoroute/locales/meta';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 35 items 1 and 3 (docs/decisions/056-report-dialog.md): a guest reports a listing and
// confirms with the mailed code; a member reads the warning on a seller's message asking for a
// Western Union advance and reports that message; a repeat is refused in the page's language.
// Two demo members no other spec uses: the conversation and the reports are this spec's alone.
const SELLER = { email: 'thames.motors@demo.autoroute.local', password: 'demo-seller-2026' };
const BUYER = { email: 'youssef.alami@demo.autoroute.local', password: 'demo-seller-2026' };

const RUNS: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en_US', width: 1366, height: 900 },
  { locale: 'ar_SA', width: 390, height: 844 },
];

async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto('/sign-in?lng=en_US');
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** The seller's listings for sale, newest first. */
async function listingsOf(page: Page) {
  const mine = await signedRequest<{ data: { id: number; sold: boolean }[] }>(page, 'GET', '/api/v1/me/vehicles?perPage=50');
  return mine.data.filter((v) => !v.sold).map((v) => v.id);
}

const newPerson = async (browser: Browser, baseURL: string | undefined) => (await browser.newContext({ baseURL })).newPage();

for (const [i, run] of RUNS.entries()) {
  test(`a guest reports a listing with the mailed code; the same report again is refused (${run.locale}, ${run.width} px)`, async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const t = texts(run.locale);
    await page.setViewportSize({ width: run.width, height: run.height });
    const seller = await newPerson(browser, baseURL);
    await signInAs(seller, SELLER);
    const ids = await listingsOf(seller);
    const listing = ids[i % ids.length]!;
    await seller.context().close();
    // Addresses are kept in lower case: the outbox is read by the address as stored.
    const email = `reporter.${run.locale.toLowerCase()}.${Date.now()}@example.test`;

    await page.goto(`/vehicles/${listing}?lng=${run.locale}`);
    const open = page.getByRole('button', { name: t('report.open.listing') });
    await open.scrollIntoViewIfNeeded();
    // The buttons' islands wake when seen.
    await expect(page.locator('astro-island[ssr]:has(.report-link)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('report.open.seller') })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`report-links-${run.locale}-${run.width}.png`) });
    await open.click();
    // One dialog, named by the heading of the step it is at.
    const dialog = page.getByRole('dialog');
    await expect(page.getByRole('dialog', { name: t('report.title.listing') })).toBeVisible();

    // Sent empty: each field says what it needs, beside it.
    await dialog.getByRole('button', { name: t('report.send') }).click();
    await expect(dialog.getByText(t('report.reasonRequired'))).toBeVisible();
    await expect(dialog.getByLabel(t('report.name'))).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel(t('report.email'))).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(t('report.goodFaithRequired'))).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`report-errors-${run.locale}-${run.width}.png`) });

    // "Other" needs the details.
    await dialog.getByRole('radio', { name: t('report.reasons.other.label'), exact: true }).check();
    await dialog.getByLabel(t('report.name')).fill('Nina Reporter');
    await dialog.getByLabel(t('report.email')).fill(email);
    await dialog.getByRole('checkbox', { name: t('report.goodFaith') }).check();
    await dialog.getByRole('button', { name: t('report.send') }).click();
    await expect(dialog.getByText(t('report.detailsRequired'))).toBeVisible();
    await dialog
      .getByRole('textbox', { name: t('report.details') })
      .fill('The seller asked for a deposit by wire transfer before any viewing.');
    await dialog.getByRole('button', { name: t('report.send') }).click();

    // The code step: a wrong code is refused in the page's language, the mailed one stores the report.
    await expect(dialog.getByRole('heading', { name: t('report.codeTitle') })).toBeFocused();
    const code = latestCode(process.env.E2E_DATA_DIR!, email);
    await dialog.getByLabel(t('report.code')).fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: t('report.verify') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t('api:errors.CODE_INVALID'));
    await dialog.getByLabel(t('report.code')).fill(code);
    await dialog.getByRole('button', { name: t('report.verify') }).click();
    const done = dialog.getByRole('heading', { name: new RegExp(t('report.doneTitle', { id: '\\d+' })) });
    await expect(done).toBeFocused();
    await expect(dialog.getByText(t('report.doneBody'))).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`report-done-${run.locale}-${run.width}.png`) });
    // The acknowledgement quotes the same number.
    const number = /(\d+)/.exec((await done.textContent()) ?? '')?.[1];
    await expect.poll(() => outboxMails(process.env.E2E_DATA_DIR!, email).at(-1)?.subject).toContain(number!);

    // Escape closes the dialog and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // The same guest, the same listing, the same reason: refused before any code, beside the reason.
    await open.click();
    await dialog.getByRole('radio', { name: t('report.reasons.other.label'), exact: true }).check();
    await dialog.getByRole('textbox', { name: t('report.details') }).fill('Again: a deposit asked before a viewing.');
    await dialog.getByLabel(t('report.name')).fill('Nina Reporter');
    await dialog.getByLabel(t('report.email')).fill(email);
    await dialog.getByRole('checkbox', { name: t('report.goodFaith') }).check();
    await dialog.getByRole('button', { name: t('report.send') }).click();
    await expect(dialog.getByText(t('api:errors.REPORT_DUPLICATE'))).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('report.codeTitle') })).toHaveCount(0);
    await dialog.getByRole('button', { name: t('report.cancel') }).click();
    await expect(dialog).toBeHidden();
  });
}

test('a member is warned of a Western Union advance in a message, reports it, and is refused a second time; in English and Arabic at 390 and 1366 px', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const seller = await newPerson(browser, baseURL);
  await signInAs(seller, SELLER);
  const ids = await listingsOf(seller);
  const listing = ids[2 % ids.length]!;
  await signInAs(page, BUYER);

  // The buyer writes; the seller answers asking for an advance by Western Union, then with a phone number.
  const sent = await signedRequest<{ data: { conversationId: number } }>(page, 'POST', `/api/v1/vehicles/${listing}/contact`, {
    json: { firstname: 'Youssef', lastname: 'Alami', phone: '+212 6 12 34 56 78', message: 'Is it still for sale?', shareContact: false },
  });
  const conversation = sent.data.conversationId;
  const advance = 'Yes. Send a deposit of 500 EUR by Western Union first and I will ship it to you.';
  const contact = 'You can also call me on +44 7700 900 123 456.';
  // One conversation, seen by each side under the same number.
  const sellerConversation = conversation;
  await signedRequest(seller, 'POST', `/api/v1/conversations/${sellerConversation}/messages`, { json: { body: advance } });
  await signedRequest(seller, 'POST', `/api/v1/conversations/${sellerConversation}/messages`, { json: { body: contact } });

  // Not to its sender: the seller sees no warning on their own messages.
  await seller.goto(`/messages/?c=${sellerConversation}&lng=en_US`);
  await expect(seller.getByRole('list', { name: texts('en_US')('messages.item.messagesLabel') }).getByText(advance)).toBeVisible();
  await expect(seller.locator('.message-warning')).toHaveCount(0);
  await expect(seller.getByRole('button', { name: texts('en_US')('report.open.message') })).toHaveCount(1);
  // Nor does the seller get a way to report their own listing or themself.
  await seller.goto(`/vehicles/${listing}?lng=en_US`);
  await expect(seller.getByRole('button', { name: texts('en_US')('report.open.listing') })).toBeHidden();
  await expect(seller.getByRole('button', { name: texts('en_US')('report.open.seller') })).toBeHidden();
  await seller.context().close();

  for (const [locale, width] of [
    ['en_US', 390],
    ['ar_SA', 1366],
    ['en_US', 1366],
    ['ar_SA', 390],
  ] as const) {
    const t = texts(locale);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/messages/?c=${conversation}&lng=${locale}`);
    await hydrated(page);
    const messages = page.getByRole('list', { name: t('messages.item.messagesLabel') });
    const asking = messages.getByRole('listitem').filter({ hasText: advance });
    // The payment warning, in words, with the way to the safety page; the contact note is milder.
    const warning = asking.getByRole('note');
    await expect(warning).toContainText(t('messages.item.warningPaymentTitle'));
    await expect(warning).toContainText(t('messages.item.warningPayment'));
    await expect(warning.getByRole('link', { name: t('messages.item.safetyLink') })).toHaveAttribute('href', '/help-center/buying-safely');
    await expect(messages.getByRole('listitem').filter({ hasText: contact }).getByRole('note')).toContainText(
      t('messages.item.warningContact'),
    );
    // The buyer's own message carries neither a warning nor a report button.
    const own = messages.getByRole('listitem').filter({ hasText: 'Is it still for sale?' });
    await expect(own.getByRole('note')).toHaveCount(0);
    await expect(own.getByRole('button')).toHaveCount(0);
    await asking.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`warning-${locale}-${width}.png`) });
  }

  // The member reports the message: no name or email asked, stored at once.
  for (const locale of ['en_US', 'ar_SA'] as const) {
    const t = texts(locale);
    await page.goto(`/messages/?c=${conversation}&lng=${locale}`);
    await hydrated(page);
    const asking = page
      .getByRole('list', { name: t('messages.item.messagesLabel') })
      .getByRole('listitem')
      .filter({ hasText: advance });
    await asking.getByRole('button', { name: t('report.open.message') }).click();
    await expect(page.getByRole('dialog', { name: t('report.title.message') })).toBeVisible();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(t('report.email'))).toHaveCount(0);
    await dialog.getByRole('radio', { name: t('report.reasons.fraud_or_advance_payment.label'), exact: true }).check();
    await dialog.getByRole('checkbox', { name: t('report.goodFaith') }).check();
    await dialog.getByRole('button', { name: t('report.send') }).click();
    if (locale === 'en_US') {
      await expect(dialog.getByRole('heading', { name: new RegExp(t('report.doneTitle', { id: '\\d+' })) })).toBeFocused();
      await page.screenshot({ path: info.outputPath(`report-message-done-${locale}.png`) });
      await dialog.getByRole('button', { name: t('report.close') }).click();
    } else {
      // The same member, message and reason again: the 409 in Arabic, beside the reason.
      await expect(dialog.getByText(t('api:errors.REPORT_DUPLICATE'))).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: info.outputPath(`report-message-duplicate-${locale}.png`) });
    }
  }
});
