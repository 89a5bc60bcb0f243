import { outboxMails } from '@autoroute/api/testing-outbox';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 33 item 5: contact and compare as a buyer on a phone and a desktop, in French, Arabic and
// English. Two demo members no other spec uses: the seller's conversations are this spec's alone.
const SELLER = { email: 'oliver.smith@demo.autoroute.local', password: 'demo-seller-2026' };
const BUYER = { email: 'emma.peeters@demo.autoroute.local', password: 'demo-seller-2026' };
const en = texts('en_US');
const fr = texts('fr_FR');
const ar = texts('ar_SA');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

type Listing = { id: number; title: string };

/** A page of its own (its own cookies and compare list) at a size. */
const newPerson = async (browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) =>
  (await browser.newContext({ baseURL, viewport })).newPage();

async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto('/sign-in?lng=en_US');
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** The seller's listings for sale. */
async function listingsOf(page: Page): Promise<Listing[]> {
  const mine = await signedRequest<{ data: (Listing & { sold: boolean })[] }>(page, 'GET', '/api/v1/me/vehicles?perPage=50');
  return mine.data.filter((v) => !v.sold);
}

const pill = (page: Page) => page.locator('[data-compare-tray]');

/** Where the pill and `target` are now: whether their boxes overlap, and whether the pill shows. */
const pillOver = (target: Locator) =>
  target.evaluate((el) => {
    const tray = document.querySelector<HTMLElement>('[data-compare-tray]')!;
    const a = tray.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    const style = getComputedStyle(tray);
    return {
      overlap: a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
      shown: !tray.hidden && style.display !== 'none' && style.visibility !== 'hidden',
    };
  });

/**
 * Scrolls `target` to where the pill floats, then checks the pill does not cover it: the boxes do
 * overlap there (the check means something), and the pill has stepped aside.
 */
async function expectNotCovered(target: Locator) {
  await target.evaluate((el) => {
    const tray = document.querySelector<HTMLElement>('[data-compare-tray]')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    window.scrollBy(0, box.top + box.height / 2 - (tray.top + tray.height / 2));
  });
  expect((await pillOver(target)).overlap, 'the target sits where the pill floats').toBe(true);
  await expect.poll(async () => (await pillOver(target)).shown, { message: 'the pill covers the target' }).toBe(false);
}

/** The last mail the server wrote to `to` (the outbox of the e2e data folder), raw. */
const lastMailTo = (to: string): string | undefined => outboxMails(process.env.E2E_DATA_DIR!, to).at(-1)?.raw;

/**
 * Issue 33: scrolled down to the comparison's last row, each car's name is still in view (the compact bar of
 * names under the site header, over that car's column), and so are the field names. Each car in turn is
 * scrolled in beside the labels, as on a phone where not all of them fit.
 */
async function expectNamesInView(page: Page) {
  const region = page.locator('.compare-scroll');
  const last = region.locator('tbody tr:not(.group-row)').last();
  await last.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-compare-names]')).toBeVisible();
  const cars = await region.getByRole('columnheader').count();
  for (let i = 0; i < cars; i++) {
    // The car's column just beside the labels (or as near as the table's end allows).
    await last.evaluate((row, i) => {
      const box = row.closest<HTMLElement>('.compare-scroll')!;
      const cell = row.querySelectorAll('td')[i]!.getBoundingClientRect();
      const label = row.querySelector('th')!.getBoundingClientRect();
      box.scrollLeft += document.dir === 'rtl' ? cell.right - label.left : cell.left - label.right;
    }, i);
    await expect
      .poll(() =>
        last.evaluate((row, i) => {
          const box = row.closest('.compare-scroll')!.getBoundingClientRect();
          /** Whether the middle of `el`'s part within the viewport and the table's box shows `el` (nothing over it). */
          const seen = (el: Element) => {
            const r = el.getBoundingClientRect();
            const [left, right] = [Math.max(r.left, box.left, 0), Math.min(r.right, box.right, innerWidth)];
            const [top, bottom] = [Math.max(r.top, 0), Math.min(r.bottom, innerHeight)];
            if (right - left < 4 || bottom - top < 4) return false;
            const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
            return hit !== null && el.contains(hit);
          };
          const header = document.querySelector('.site-header')!.getBoundingClientRect();
          const cell = row.querySelectorAll('td')[i]!;
          const name = document.querySelectorAll('[data-compare-names] [data-name]')[i]!;
          const [n, c] = [name.getBoundingClientRect(), cell.getBoundingClientRect()];
          return {
            name: seen(name) && n.top >= header.bottom - 1 && n.bottom <= c.top,
            inItsColumn: Math.abs(n.left - c.left) <= 1.5 && Math.abs(n.right - c.right) <= 1.5,
            lastRow: seen(cell),
            label: seen(row.querySelector('th')!),
          };
        }, i),
      )
      .toEqual({ name: true, inItsColumn: true, lastRow: true, label: true });
  }
}

test('a French guest on a phone: default message, pill out of the way, share without Web Share, the answer mailed in French', async ({
  browser,
  baseURL,
}) => {
  const seller = await newPerson(browser, baseURL, DESKTOP);
  await signInAs(seller, SELLER);
  const [a] = (await listingsOf(seller)) as [Listing];
  // Three more from the public search to compare it with.
  const found = await signedRequest<{ data: Listing[] }>(seller, 'GET', '/api/v1/vehicles?perPage=8');
  const [b, c, d] = found.data.filter((v) => v.id !== a.id) as [Listing, Listing, Listing];
  const page = await newPerson(browser, baseURL, PHONE);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  // "Add to compare" says it was added, on the button and in a polite toast; the limit of 3 is said.
  await page.goto(`/vehicles/${a.id}?lng=fr_FR`);
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: fr('vehicle.addToCompare') }).click();
  await expect(page.getByRole('button', { name: fr('vehicle.compareInList') })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: fr('vehicle.compareAdded') })).toBeVisible();
  for (const v of [b, c]) {
    await page.goto(`/vehicles/${v.id}?lng=fr_FR`);
    await page.getByRole('button', { name: fr('vehicle.addToCompare') }).click();
    await expect(page.getByRole('button', { name: fr('vehicle.compareInList') })).toBeVisible();
  }
  await page.goto(`/vehicles/${d.id}?lng=fr_FR`);
  await page.getByRole('button', { name: fr('vehicle.addToCompare') }).click();
  await expect(page.getByText(fr('vehicle.compareLimitHint'))).toBeVisible();
  await expect(page.getByRole('button', { name: fr('vehicle.addToCompare') })).toBeVisible();

  // The message starts from a localized default the buyer may edit.
  await page.goto(`/vehicles/${a.id}?lng=fr_FR`);
  await page.waitForLoadState('load');
  const message = page.getByLabel(fr('vehicle.contact.message'), { exact: true });
  await expect(message).toHaveValue(fr('vehicle.contact.defaultMessage', { title: a.title }));
  const tray = pill(page);
  await expect(tray).toHaveText(fr('vehicle.compareTray', { n: 3 }));
  await expectAccessible(page);

  // The pill never covers the share buttons nor the send button, and comes back once they scrolled away.
  const share = page.getByRole('group', { name: fr('vehicle.share') });
  await expectNotCovered(share);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(tray).toBeVisible();
  const send = page.getByRole('button', { name: fr('vehicle.contact.send') });
  await expectNotCovered(send);

  // Where the browser has no Web Share (this one on Linux), its button stays hidden; the fallbacks work everywhere.
  const nativeShare = share.getByRole('button', { name: fr('vehicle.share'), exact: true });
  if (await page.evaluate(() => typeof navigator.share !== 'function')) await expect(nativeShare).toBeHidden();
  else await expect(nativeShare).toBeVisible();
  const whatsapp = share.getByRole('link', { name: fr('vehicle.shareWhatsApp') });
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(`/vehicles/${a.id}`)}`));
  await expect(share.getByRole('link', { name: fr('vehicle.shareEmail') })).toHaveAttribute('href', /^mailto:/);
  await expect(share.getByRole('link', { name: fr('vehicle.shareSms') })).toHaveAttribute('href', /^sms:/);
  await share.getByRole('button', { name: fr('vehicle.copyLink') }).click();
  await expect(share.getByRole('button', { name: `${fr('vehicle.linkCopied')} ✓` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/vehicles/${a.id}`);

  // A guest keeping their details hidden is asked for an email, in French; then the message goes.
  const guestEmail = `invite.${Date.now()}@example.test`;
  await page.getByLabel(fr('vehicle.contact.firstName'), { exact: true }).fill('Lina');
  await page.getByLabel(fr('vehicle.contact.lastName'), { exact: true }).fill('Moreau');
  await page.getByLabel(fr('vehicle.contact.phone'), { exact: true }).fill('+33 6 70 80 90 10');
  await page.getByLabel(fr('vehicle.contact.shareContact')).uncheck();
  await send.click();
  await expect(page.getByText(fr('vehicle.contact.emailForReplies'))).toBeVisible();
  await page.getByLabel(fr('vehicle.contact.email')).fill(guestEmail);
  await send.click();
  const sent = page.getByText(fr('vehicle.contact.sentGuest'));
  await expect(sent).toBeVisible();
  await expectNotCovered(sent);
  await expectAccessible(page);

  // The seller answers from an English page: the guest's mail is in French.
  const list = await signedRequest<{ data: { id: number; otherName: string }[] }>(seller, 'GET', '/api/v1/conversations?lng=en_US');
  const conversation = list.data.find((x) => x.otherName === 'Lina Moreau');
  expect(conversation).toBeDefined();
  await signedRequest(seller, 'POST', `/api/v1/conversations/${conversation!.id}/messages?lng=en_US`, {
    json: { body: 'Yes, it is still for sale.' },
  });
  await expect.poll(() => lastMailTo(guestEmail)).toBeDefined();
  expect(lastMailTo(guestEmail)).toMatch(/^Content-Language: fr/im);

  // /compare on the phone: two vehicles side by side beside the labels, which stay while the cars scroll.
  await tray.evaluate((el: HTMLElement) => el.click());
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${a.id},${b.id},${c.id}`));
  const region = page.getByRole('region', { name: fr('compare.region') });
  const frame = (await region.boundingBox())!;
  const cars = page.getByRole('columnheader');
  await expect(cars).toHaveCount(3);
  for (const i of [0, 1]) {
    const box = (await cars.nth(i).boundingBox())!;
    expect(box.x + box.width, `car ${i + 1} fits on the screen`).toBeLessThanOrEqual(frame.x + frame.width + 1);
  }
  const label = page.getByRole('rowheader', { name: new RegExp(`^${fr('compare.price')}`) });
  const before = (await label.boundingBox())!.x;
  await region.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
  await expect.poll(async () => (await cars.nth(2).boundingBox())!.x).toBeLessThan(frame.x + frame.width);
  expect((await label.boundingBox())!.x).toBe(before);

  // The price rating row: each listing's market rating, as the listing page's API gives it.
  const compared = await signedRequest<{ data: { marketPrice: { rating: string } }[] }>(
    page,
    'GET',
    `/api/v1/vehicles/compare?ids=${a.id},${b.id},${c.id}&lng=fr_FR`,
  );
  const ratingRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${fr('vehicle.market.title')}`) }) });
  await expect(ratingRow.getByRole('cell')).toHaveText(
    compared.data.map(({ marketPrice: { rating } }) =>
      rating === 'unknown' ? fr('compare.notRated') : fr(`vehicle.market.rating.${rating}`),
    ),
  );
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('compare-fr-390.png'), fullPage: true });
  await expectNamesInView(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('compare-fr-390-end.png') });
  await page.context().close();
  await seller.context().close();
});

test('a member on a desktop in Arabic is never asked for an email, and the form starts from their account; an empty compare says what to do', async ({
  browser,
  baseURL,
}) => {
  const seller = await newPerson(browser, baseURL, DESKTOP);
  await signInAs(seller, SELLER);
  const [listing, other] = (await listingsOf(seller)) as [Listing, Listing];
  await seller.context().close();
  const page = await newPerson(browser, baseURL, DESKTOP);
  await signInAs(page, BUYER);

  await page.goto(`/vehicles/${listing.id}?lng=ar_SA`);
  await page.waitForLoadState('load');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Prefilled from the account once it is known; no email asked: the answer comes in Messages.
  await expect(page.getByText(ar('vehicle.contact.memberReplies'))).toBeVisible();
  await expect(page.getByLabel(ar('vehicle.contact.email'))).toBeHidden();
  await expect(page.getByLabel(ar('vehicle.contact.firstName'), { exact: true })).toHaveValue('Emma');
  await expect(page.getByLabel(ar('vehicle.contact.lastName'), { exact: true })).toHaveValue('Peeters');
  await expect(page.getByLabel(ar('vehicle.contact.phone'), { exact: true })).toHaveValue('+32471123456');
  await expect(page.getByLabel(ar('vehicle.contact.message'), { exact: true })).toHaveValue(
    ar('vehicle.contact.defaultMessage', { title: listing.title }),
  );

  // Into the compare list; the pill stays clear of the share buttons and the send button on a desktop too.
  await page.getByRole('button', { name: ar('vehicle.addToCompare') }).click();
  await expect(page.getByRole('button', { name: ar('vehicle.compareInList') })).toBeVisible();
  await expect(pill(page)).toBeVisible();
  for (const target of [
    page.getByRole('group', { name: ar('vehicle.share') }),
    page.getByRole('button', { name: ar('vehicle.contact.send') }),
  ]) {
    await target.scrollIntoViewIfNeeded();
    const where = await pillOver(target);
    expect(where.overlap && where.shown, 'the pill covers the target').toBe(false);
  }

  // Details hidden and no email: sent all the same, followed in Messages.
  await page.getByLabel(ar('vehicle.contact.shareContact')).uncheck();
  await page.getByRole('button', { name: ar('vehicle.contact.send') }).click();
  await expect(page.getByRole('link', { name: ar('vehicle.contact.openConversation') })).toBeVisible();
  await expectAccessible(page);

  // Taking it back out of the compare list: the button says so again.
  await page.getByRole('button', { name: ar('vehicle.compareInList') }).click();
  await expect(page.getByRole('button', { name: ar('vehicle.addToCompare') })).toBeVisible();
  await expect(pill(page)).toBeHidden();

  // An empty comparison, in English: what it is and how to fill it.
  await page.goto('/compare?ids=&lng=en_US');
  await expect(page.getByText(en('compare.empty'))).toBeVisible();
  await expect(page.getByText(en('compare.emptyHint'))).toBeVisible();
  await expect(page.getByRole('link', { name: en('nav.search') }).last()).toBeVisible();
  await expectAccessible(page);

  // The rating row on a desktop, in Arabic; down to the last row, the cars' names stay in view, right to left.
  await page.goto(`/compare?ids=${listing.id},${other.id}&lng=ar_SA`);
  await expect(page.getByRole('rowheader', { name: new RegExp(`^${ar('vehicle.market.title')}`) })).toBeVisible();
  await expectAccessible(page);
  await expectNamesInView(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('compare-ar-1366-end.png') });
  await page.context().close();
});
