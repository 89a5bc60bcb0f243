import type { Locale } from '@autoroute/locales';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, signedRequest, signIn, type Texts, test, texts } from '../fixtures.ts';

// Issue 33 item 9: a message lives in Messages with its own count, notifications in Notifications
// with theirs; the Unread tab lets go of what is read; no "0 unread"; on a phone the header keeps its
// icons with a badge on their corner, and the menu lists Messages and Notifications.
// Members no other spec uses: each run's counts are its own.
const PASSWORD = 'demo-seller-2026';
const SELLERS = ['emma.peeters', 'oliver.smith', 'rafael.souza', 'youssef.alami'].map((u) => `${u}@demo.autoroute.local`);

interface Run {
  name: string;
  locale: Locale;
  viewport: { width: number; height: number };
  watcher: string;
}
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const RUNS: Run[] = [
  { name: 'in English on a desktop', locale: 'en_US', viewport: DESKTOP, watcher: 'marco.rossi@demo.autoroute.local' },
  { name: 'in French on a phone', locale: 'fr_FR', viewport: PHONE, watcher: 'noah.muller@demo.autoroute.local' },
  { name: 'in Arabic on a phone, then a desktop', locale: 'ar_SA', viewport: PHONE, watcher: 'james.walker@demo.autoroute.local' },
];

/** Signs in from the sign-in page and waits to leave it. */
async function signInAs(page: Page, email: string) {
  await page.goto('/sign-in?lng=en_US');
  await signIn(page, { email, password: PASSWORD });
  await expect(page).not.toHaveURL(/\/sign-in/);
}

type Mine = { data: { id: number; title: string; price: number; sold: boolean }[] };

/** A seller with a listing for sale, signed in on a page of their own. */
async function aSeller(browser: Browser, baseURL: string | undefined) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  for (const email of SELLERS) {
    await signInAs(page, email);
    const mine = await signedRequest<Mine>(page, 'GET', '/api/v1/me/vehicles?perPage=50');
    const listing = mine.data.find((v) => !v.sold && v.price > 1000);
    if (listing) return { page, listing };
    await page.context().clearCookies();
  }
  throw new Error('no demo seller with a listing for sale');
}

/** The header's Messages and Notifications links as a reader of this screen finds them. */
const headerLinks = (page: Page, t: Texts, counts: { messages: number; unread: number }) => ({
  messages: page
    .getByRole('banner')
    .getByRole('link', { name: counts.messages ? t('nav.messagesUnread', { count: counts.messages }) : t('nav.messages'), exact: true })
    .filter({ visible: true }),
  notifications: page
    .getByRole('banner')
    .getByRole('link', {
      name: counts.unread ? t('nav.notificationsUnread', { count: counts.unread }) : t('nav.notifications'),
      exact: true,
    })
    .filter({ visible: true }),
});

/** On a phone: each of the bar's icons is drawn whole, with its count on its corner, not in its place. */
async function expectIconsWithBadges(page: Page) {
  const icons = page.locator('.site-header .bar > a.inbox-link');
  await expect(icons).toHaveCount(2);
  for (const link of await icons.all()) {
    await expect(link).toBeVisible();
    const icon = await link.locator('svg').boundingBox();
    const badge = await link.locator('[data-unread-count]').boundingBox();
    expect(icon?.width).toBeGreaterThanOrEqual(20);
    expect(icon?.height).toBeGreaterThanOrEqual(20);
    expect(badge, 'a visible badge').not.toBeNull();
    // The badge overlaps the icon's upper corner and is smaller than it.
    expect(badge!.height).toBeLessThan(icon!.height);
    expect(badge!.y).toBeLessThan(icon!.y + icon!.height / 2);
    expect(badge!.x + badge!.width).toBeGreaterThan(icon!.x);
    expect(badge!.x).toBeLessThan(icon!.x + icon!.width);
  }
}

async function journey(browser: Browser, baseURL: string | undefined, run: Run) {
  const t = texts(run.locale);
  const lng = `lng=${run.locale}`;
  const { page: seller, listing } = await aSeller(browser, baseURL);
  const page = await (await browser.newContext({ baseURL, viewport: run.viewport })).newPage();
  await signInAs(page, run.watcher);

  // The member keeps the listing and asks about it; the seller answers, then lowers the price twice.
  await signedRequest(page, 'POST', `/api/v1/vehicles/${listing.id}/favorite`);
  const question = `Is the service book complete? (${Date.now()})`;
  const contacted = await signedRequest<{ data: { conversationId: number } }>(page, 'POST', `/api/v1/vehicles/${listing.id}/contact`, {
    json: { firstname: 'Test', lastname: 'Watcher', phone: '+33 6 11 22 33 44', email: run.watcher, message: question },
  });
  const answer = `Yes, every service is stamped. (${Date.now()})`;
  await signedRequest(seller, 'POST', `/api/v1/conversations/${contacted.data.conversationId}/messages`, { json: { body: answer } });
  for (const factor of [0.97, 0.94])
    await signedRequest(seller, 'PATCH', `/api/v1/vehicles/${listing.id}`, { json: { price: Math.round(listing.price * factor) } });

  // One message in Messages, two notifications in Notifications: the answer is not counted twice.
  await page.goto(`/my/?${lng}`);
  await expect(page.locator('html')).toHaveAttribute('dir', run.locale === 'ar_SA' ? 'rtl' : 'ltr');
  let links = headerLinks(page, t, { messages: 1, unread: 2 });
  if (run.viewport === PHONE) {
    await expect(links.messages).toHaveCount(1);
    await expect(links.notifications).toHaveCount(1);
    await expectIconsWithBadges(page);
    await page.screenshot({ path: test.info().outputPath(`header-phone-${run.locale}.png`) });
    // The menu lists both, with their counts.
    await page.getByRole('button', { name: t('nav.menu') }).click();
    const nav = page.getByRole('navigation', { name: t('nav.mainMenu') });
    await expect(nav.getByRole('link', { name: t('nav.messagesUnread', { count: 1 }), exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: t('nav.notificationsUnread', { count: 2 }), exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`menu-phone-${run.locale}.png`) });
    await expectAccessible(page);
    await nav.getByRole('link', { name: t('nav.notificationsUnread', { count: 2 }), exact: true }).click();
  } else {
    await expect(links.messages).toBeVisible();
    await links.notifications.click();
  }
  await expect(page).toHaveURL(/\/notifications\/$/);
  await expect(page.getByRole('heading', { level: 1, name: t('inbox.title') })).toBeVisible();
  const list = page.getByRole('list', { name: t('inbox.item.listLabel') });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText(answer)).toHaveCount(0);
  await expect(page.getByText(question)).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: t('nav.messages'), exact: true })).toHaveAttribute('href', '/messages/');
  await expectAccessible(page);

  // The Unread tab lets go of an item as soon as it is read, and says so when none is left.
  await page.getByRole('link', { name: t('inbox.filter.unread'), exact: true }).click();
  await expect(page).toHaveURL(/filter=unread/);
  await hydrated(page);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: t('inbox.item.markRead') })
    .click();
  await expect(page.getByText(t('inbox.item.markedRead'))).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  links = headerLinks(page, t, { messages: 1, unread: 1 });
  await expect(links.notifications).toHaveCount(1);
  await page.getByRole('button', { name: t('inbox.item.markAllRead') }).click();
  await expect(page.getByText(t('inbox.item.allMarkedRead'))).toBeVisible();
  await expect(page.getByText(t('inbox.emptyUnread'))).toBeVisible();
  await expect(page.getByText(t('inbox.noUnread'), { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText(t('inbox.emptyUnread'))).toBeVisible();
  await expect(page.getByText(t('inbox.noUnread'), { exact: true })).toBeVisible();
  // Messages keep their own count: reading notifications leaves it.
  links = headerLinks(page, t, { messages: 1, unread: 0 });
  if (run.viewport === PHONE) await expect(links.messages).toHaveCount(1);
  else await expect(links.messages).toBeVisible();
  await expectAccessible(page);

  // The All tab: each read item says "Read" as a status, not a label waiting for a value.
  await page.getByRole('link', { name: t('inbox.filter.all'), exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const read = new RegExp(`^${t('inbox.item.isRead')}\\s+${t('inbox.item.from')}: `);
  for (const item of await list.getByRole('listitem').all()) await expect(item.getByRole('heading', { level: 2 })).toHaveText(read);
  await expect(page.getByText(`${t('inbox.item.isRead')}:`)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`notifications-${run.locale}-${run.viewport.width}.png`), fullPage: true });
  await expectAccessible(page);

  if (run.locale === 'ar_SA') {
    // The same header on a desktop: both links in the navigation, the bar's icons gone.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    const wide = headerLinks(page, t, { messages: 1, unread: 0 });
    await expect(wide.messages).toBeVisible();
    await expect(wide.notifications).toBeVisible();
    await expect(page.locator('.site-header .bar > a.inbox-link')).toHaveCount(2);
    await expect(page.locator('.site-header .bar > a.inbox-link:visible')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('notifications-ar_SA-1366.png'), fullPage: true });
    await expectAccessible(page);
  }

  // The catalogue as it was, for the specs after this one.
  await signedRequest(seller, 'PATCH', `/api/v1/vehicles/${listing.id}`, { json: { price: listing.price } });
  await seller.context().close();
  await page.context().close();
}

test.describe('issue 33 item 9: one inbox for messages, one for notifications', () => {
  for (const run of RUNS) {
    test(run.name, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      await journey(browser, baseURL, run);
    });
  }
});
