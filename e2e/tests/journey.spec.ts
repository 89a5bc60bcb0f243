import { direction, type Locale, languageTag } from '@autoroute/locales/meta';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import {
  type Account,
  type ContactMessage,
  expect,
  expectAccessible,
  fillVehicleForm,
  hydrated,
  type Listing,
  png,
  sendContactMessage,
  signedGet,
  signedRequest,
  signIn,
  type Texts,
  test,
  texts,
} from '../fixtures.ts';

/**
 * Issue 4's "done when", as one chain on one new listing: a seller signs in and publishes a listing
 * with two pictures, and finds it in the search at once; a visitor (another browser, signed out)
 * filters the search down to it, opens it, compares it with two others and writes to the seller;
 * the seller sees the unread message in the header, reads it in the inbox and marks it read.
 * The same chain runs in English and in Arabic, where the layout is checked to run right to left.
 */
interface Run {
  name: string;
  locale: Locale;
  /** Every letter of the page's own words is of this script (so an untranslated text cannot pass for a translation). */
  script: RegExp;
  seller: Account;
  /** The listing's facts, lists named as the form shows them in that language (the title gets a unique suffix). */
  listing: Omit<Listing, 'pictures'>;
  visitor: ContactMessage;
}

const RUNS: Run[] = [
  {
    name: 'in English',
    locale: 'en_US',
    script: /^[\p{Script=Latin}\P{L}]+$/u,
    seller: { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' },
    listing: {
      title: 'Peugeot 308 SW Allure',
      type: 'For sale',
      price: '18750',
      currency: 'EUR — Euro',
      brand: 'Peugeot',
      model: '308',
      category: 'Estate',
      year: '2021',
      mileage: '42000',
      fuel: 'Diesel',
      transmission: 'Automatic',
      colour: 'Grey',
      doors: '5',
      seats: '5',
      country: 'France',
      city: 'Lyon',
      options: ['Air conditioning', 'Bluetooth'],
      description: 'One owner, full service history, new tyres last spring.',
    },
    visitor: {
      firstname: 'Ada',
      lastname: 'Byron',
      phone: '+44 7700 900123',
      email: 'ada.byron@example.test',
      message: 'Hello, is the 308 still available? I could come and see it on Saturday.',
    },
  },
  {
    name: 'in Arabic, right to left',
    locale: 'ar_SA',
    script: /^[\p{Script=Arabic}\P{L}]+$/u,
    seller: { email: 'fatima.alharbi@demo.autoroute.local', password: 'demo-seller-2026' },
    listing: {
      title: 'تويوتا راف 4 هجين',
      type: 'للبيع',
      price: '98000',
      currency: 'SAR — ريال سعودي',
      brand: 'Toyota',
      model: 'RAV4',
      category: 'سيارة رياضية متعددة الاستخدامات',
      year: '2022',
      mileage: '35000',
      fuel: 'هجين',
      transmission: 'أوتوماتيكي',
      colour: 'أبيض',
      doors: '5',
      seats: '5',
      country: 'المملكة العربية السعودية',
      city: 'الرياض',
      options: ['تكييف الهواء', 'بلوتوث'],
      description: 'مالك واحد، صيانة دورية لدى الوكيل، بحالة ممتازة.',
    },
    visitor: {
      firstname: 'ليلى',
      lastname: 'حداد',
      phone: '+966 55 123 4567',
      email: 'layla.haddad@example.test',
      message: 'مرحبًا، هل السيارة ما زالت متاحة؟ أود معاينتها يوم السبت.',
    },
  },
];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `first` comes before `second` in the reading order: on an earlier line, or on the same line left of
 * it in English, right of it in Arabic.
 */
async function expectBefore(first: Locator, second: Locator, dir: 'ltr' | 'rtl') {
  const a = await first.boundingBox();
  const b = await second.boundingBox();
  if (!a || !b) throw new Error('an element to compare has no box');
  if (b.y >= a.y + a.height - 1) return;
  if (dir === 'ltr') expect(a.x + a.width).toBeLessThanOrEqual(b.x);
  else expect(a.x).toBeGreaterThanOrEqual(b.x + b.width);
}

/** The page speaks the run's language, in its direction: the header starts with the logo, then the main menu. */
async function expectLanguage(page: Page, t: Texts, run: Run) {
  await expect(page.locator('html')).toHaveAttribute('lang', languageTag(run.locale));
  await expect(page.locator('html')).toHaveAttribute('dir', direction(run.locale));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(run.script);
  const menu = page.getByRole('navigation', { name: t('nav.mainMenu') });
  await expect(menu.getByRole('link', { name: t('nav.search') })).toHaveText(run.script);
  const logo = page.getByRole('link', { name: `${t('common:appName')} — ${t('nav.home')}` });
  await expectBefore(logo, menu, direction(run.locale));
}

/** A full-page screenshot in this test's folder under e2e/test-results/, to look at the layout by eye. */
const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

async function journey(browser: Browser, run: Run, testInfo: TestInfo) {
  const t = texts(run.locale);
  const dir = direction(run.locale);
  const title = `${run.listing.title} ${Date.now()}`;
  // A buyer's message is counted in Messages (issue 33), the header's link to them named with the count.
  const header = (unread: number) => (unread > 0 ? t('nav.messagesUnread', { count: unread }) : t('nav.messages'));

  // The seller signs in; the home page she lands on (no island of its own) still says so.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await seller.goto(`/sign-in?lng=${run.locale}`);
  await signIn(seller, run.seller, t);
  await expect(seller).toHaveURL(/\/$/);
  await expect(seller.getByText(t('auth.form.success'))).toBeVisible();
  await expectLanguage(seller, t, run);
  const { meta } = await signedGet<{ meta: { unread: number } }>(seller, '/api/v1/conversations');
  await expect(seller.getByRole('link', { name: header(meta.unread), exact: true })).toBeVisible();

  // A listing with two uploaded pictures; publishing opens its page.
  await seller.goto('/my/new');
  await expect(seller.getByRole('heading', { level: 1, name: t('my.form.newTitle') })).toBeVisible();
  await fillVehicleForm(seller, { ...run.listing, title, pictures: [png('front.png', [200, 40, 40]), png('side.png', [40, 60, 200])] }, t);
  await expect(seller.getByRole('list', { name: t('my.pictures.listLabel') }).getByRole('listitem')).toHaveCount(2);
  await seller.getByRole('button', { name: t('my.form.submitNew'), exact: true }).click();
  await expect(seller).toHaveURL(/\/vehicles\/\d+$/);
  await expect(seller.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(seller.getByText(t('my.form.published'))).toBeVisible();
  const id = Number(new URL(seller.url()).pathname.split('/').pop());
  const listingPath = `/vehicles/${id}`;
  // The search shows it at once.
  await seller.goto(`/vehicles?q=${encodeURIComponent(title)}`);
  await expect(seller.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', listingPath);

  // A visitor, signed out in a browser of their own, narrows the search down to it: words, make, fuel.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/vehicles?lng=${run.locale}`);
  await expect(visitor.getByRole('heading', { level: 1, name: t('search.title') })).toBeVisible();
  const results = visitor.getByRole('region', { name: t('search.title') }).getByRole('heading', { level: 3 });
  const others = (await results.getByRole('link').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent?.trim()])))
    .filter(([href]) => href !== listingPath)
    .slice(0, 2) as [string, string][];
  expect(others).toHaveLength(2);
  await visitor.getByLabel(t('search.keywords'), { exact: true }).fill(title);
  await visitor.getByLabel(t('search.keywords'), { exact: true }).press('Enter');
  await expect(visitor).toHaveURL(/[?&]q=/);
  await visitor.getByLabel(t('search.make'), { exact: true }).selectOption(run.listing.brand);
  await expect(visitor).toHaveURL(new RegExp(`[?&]brand=${run.listing.brand}(&|$)`));
  const fuel = visitor.getByLabel(t('search.fuel'), { exact: true });
  const fuelId = await fuel.locator('option', { hasText: new RegExp(`^${literal(run.listing.fuel)} \\(`) }).getAttribute('value');
  expect(fuelId).toBeTruthy();
  await fuel.selectOption(fuelId!);
  await expect(visitor).toHaveURL(new RegExp(`[?&]fuelTypeId=${fuelId}(&|$)`));
  await expect(results).toHaveCount(1);
  await expectAccessible(visitor);
  await results.getByRole('link', { name: title, exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`${listingPath}$`));
  await visitor.waitForLoadState('load');
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const compare = visitor.getByRole('button', { name: t('vehicle.addToCompare') });
  // The actions read in the page's direction: compare, then the ways to share.
  await expectBefore(compare, visitor.getByRole('group', { name: t('vehicle.share') }), dir);
  await expectAccessible(visitor);

  // Into the compare list, with two others; the newest toast takes the focus with Alt+T.
  await compare.click();
  await expect(visitor.getByText(t('vehicle.compareAdded'))).toBeVisible();
  await visitor.keyboard.press('Alt+T');
  await expect(visitor.getByRole('region', { name: t('toasts.label') })).toBeFocused();
  for (const [href] of others) {
    await visitor.goto(href);
    await compare.click();
    // Its words say it was added, and how to take it back.
    await expect(visitor.getByRole('button', { name: t('vehicle.compareInList') })).toBeVisible();
  }
  await visitor.getByRole('link', { name: t('vehicle.compareTray', { n: 3 }) }).click();
  const ids = [listingPath, ...others.map(([href]) => href)].map((href) => href.split('/').pop());
  await expect(visitor).toHaveURL(new RegExp(`/compare\\?ids=${ids.join(',')}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: t('compare.title') })).toBeVisible();
  const columns = visitor.getByRole('columnheader');
  await expect(columns).toHaveCount(3);
  for (const name of [title, ...others.map(([, name]) => name)])
    await expect(columns.filter({ has: visitor.getByRole('link', { name, exact: true }) })).toHaveCount(1);
  // Side by side in reading order: each row's name first, then the vehicles (the first row of facts,
  // after the column headers and a group's heading).
  const row = visitor
    .getByRole('row')
    .filter({ has: visitor.getByRole('rowheader') })
    .filter({ has: visitor.getByRole('cell') })
    .first();
  await expectBefore(row.getByRole('rowheader'), row.getByRole('cell').first(), dir);
  await expectLanguage(visitor, t, run);
  await expectAccessible(visitor);
  await screenshot(visitor, testInfo, `journey-compare-${run.locale}`);

  // Back to the listing, to write to the seller.
  await columns.getByRole('link', { name: title, exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`${listingPath}$`));
  await sendContactMessage(visitor, run.visitor, t);
  await visitorContext.close();

  // The seller's header counts the new message; Messages says who wrote about which listing.
  await seller.goto(listingPath);
  await seller.getByRole('link', { name: header(meta.unread + 1), exact: true }).click();
  await expect(seller).toHaveURL(/\/messages\/$/);
  const thread = seller
    .getByRole('navigation', { name: t('messages.item.listLabel') })
    .getByRole('link')
    .filter({ hasText: `${run.visitor.firstname} ${run.visitor.lastname}` })
    .filter({ hasText: title });
  await expect(thread).toHaveCount(1);
  await expectLanguage(seller, t, run);
  await expectAccessible(seller);

  // Opened, the conversation is read: the count leaves the header, and stays gone.
  await hydrated(seller);
  await thread.click();
  await expect(seller.getByRole('list', { name: t('messages.item.messagesLabel') }).getByText(run.visitor.message)).toBeVisible();
  await screenshot(seller, testInfo, `journey-messages-${run.locale}`);
  await expect(seller.getByRole('link', { name: header(meta.unread), exact: true })).toBeVisible();
  await seller.reload();
  await expect(seller.getByRole('link', { name: header(meta.unread), exact: true })).toBeVisible();

  // The catalogue as it was: later specs take the newest listings as ones this browser never opened.
  await signedRequest(seller, 'DELETE', `/api/v1/vehicles/${id}`);
  await sellerContext.close();
}

test.describe('issue 4 from end to end: publish, find, compare, contact, read', () => {
  for (const run of RUNS) {
    test(run.name, async ({ browser }, testInfo) => {
      test.setTimeout(120_000);
      await journey(browser, run, testInfo);
    });
  }
});
