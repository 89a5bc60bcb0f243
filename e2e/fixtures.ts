import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { signatureHeaders } from '@autoroute/contract/signature';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@autoroute/locales/meta';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import i18next from 'i18next';

/** Fails on any serious or critical WCAG 2.2 AA violation of the page as it is now (DESIGN §4). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** The e2e server's administrator (playwright.config.ts). */
export const E2E_ADMIN = { email: 'admin@e2e.autoroute.local', password: 'e2e-admin-password' };

/** Signs in to the back office and waits for its screens. */
export async function signInToBackOffice(page: Page, who: { email: string; password: string } = E2E_ADMIN) {
  await page.goto('/admin/');
  await page.getByLabel('Username or email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tablist', { name: 'Open screens' })).toBeVisible();
}

/** From the console's Vehicles screen, opens the first listing's Show view: its id and title. */
export async function openFirstConsoleVehicle(page: Page): Promise<{ id: number; title: string }> {
  await page.getByRole('menu').first().getByRole('menuitem', { name: 'Vehicles' }).click();
  const first = page.getByRole('row').nth(1);
  const title = (await first.getByRole('cell').nth(2).locator('p').first().textContent()) ?? '';
  await first.getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/#\/vehicles\/\d+\/show$/);
  return { id: Number(page.url().match(/vehicles\/(\d+)\/show/)?.[1]), title };
}

/**
 * Axe on the settled back office: a toast fading in or out is paler than it is (its contrast is
 * checked when shown), and a section still unfolding overlaps the control that opened it (target size).
 */
export async function expectSettledAccessible(page: Page) {
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.MuiCollapse-root:not(.MuiCollapse-entered):not(.MuiCollapse-hidden)')).toHaveCount(0);
  await expectAccessible(page);
}

/** The page's islands answer once hydrated (Astro drops their `ssr` mark then): wait before typing into a form. */
export const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

/** The request-signature key the server wrote into the page (its runtime configuration). */
export const signingKeyOf = async (page: Page): Promise<string> =>
  (JSON.parse((await page.locator('#runtime-config').textContent()) ?? '{}') as { signingKey?: string }).signingKey ?? '';

/**
 * A request signed as the storefront's islands sign theirs (SPEC §7): HMAC of the JSON body, or of the
 * timestamp. It goes out from `request` (the page's own browser context unless another is given), with
 * that context's cookies; it must succeed, and answers its JSON.
 */
export async function signedRequest<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { json?: unknown; request?: APIRequestContext } = {},
): Promise<T> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers = await signedHeaders(await signingKeyOf(page), body);
  const response = await (options.request ?? page.request).fetch(url, { method, headers, data: body });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The headers of a request signed with `key` (SPEC §7), as the browsers make them
 * (@autoroute/contract/signature), and the JSON content type when there is a body.
 */
export async function signedHeaders(key: string, body?: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = { ...(await signatureHeaders(key, body)) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

/** The schema.org objects of the page's JSON-LD, each `@graph` spread out, parsed as a search engine parses them. */
export async function structuredData(page: Page): Promise<Record<string, any>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const json = JSON.parse(text) as Record<string, any>;
    expect(json['@context']).toBe('https://schema.org');
    return (json['@graph'] as Record<string, any>[] | undefined) ?? [json];
  });
}

/** The one object of this type in the page's JSON-LD. */
export async function structuredItem(page: Page, type: string): Promise<Record<string, any>> {
  const items = (await structuredData(page)).filter((item) => item['@type'] === type);
  expect(items, `one ${type} in the page's JSON-LD`).toHaveLength(1);
  return items[0]!;
}

/**
 * Every kind of public page the storefront renders, error pages included: three listings, the
 * compare page, a help article. The layout and markup checks go through all of them.
 */
export async function publicPages(page: Page): Promise<string[]> {
  await page.goto('/?lng=en_US');
  const list = await signedGet<{ data: { id: number }[] }>(page, '/api/v1/vehicles?perPage=3');
  const ids = list.data.map((v) => v.id);
  expect(ids).toHaveLength(3);
  await page.goto('/help-center/');
  const article = await page.locator('main a[href^="/help-center/"]').first().getAttribute('href');
  return [
    '/',
    '/vehicles',
    '/vehicles?minPrice=1000&maxPrice=90000&currency=EUR&minYear=2010&maxYear=2025&maxMileage=200000&doors=5&includeSold=true',
    `/vehicles/${ids[0]}`,
    `/compare?ids=${ids.join(',')}`,
    '/sign-in',
    '/sign-up',
    '/forgot-password',
    '/otp',
    '/reset-password',
    '/billing/',
    '/billing/success',
    '/billing/cancel',
    '/help-center/',
    ...(article ? [article] : []),
    '/terms',
    '/privacy',
    '/about',
    '/external/',
    '/external/success',
    '/external/error',
    '/401',
    '/403',
    '/404',
    '/429',
    '/500',
    '/503',
    '/no/such/page',
  ];
}

/** A signed GET from the page's own browser context. */
export const signedGet = <T>(page: Page, url: string): Promise<T> => signedRequest<T>(page, 'GET', url);

// The locale files themselves, required: Playwright's loader cannot import JSON the way @autoroute/locales does.
const require = createRequire(import.meta.url);
const i18n = i18next.createInstance();
i18n.init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, require(`@autoroute/locales/${l}.json`)])),
  fallbackLng: DEFAULT_LOCALE,
  ns: ['common', 'storefront'],
  interpolation: { escapeValue: false },
  initImmediate: false,
});

/** The storefront's texts in `locale`, as its pages render them: a journey run in two languages finds the same controls. */
export const texts = (locale: Locale) => i18n.getFixedT(locale, 'storefront');
export type Texts = ReturnType<typeof texts>;
const english = texts('en_US');

export interface Account {
  /** An email or a username: the sign-in form, like the API's login, takes either. */
  email: string;
  password: string;
}

/** Signs in on the sign-in page the browser is on, once its form is hydrated (the caller checks where it lands). */
export async function signIn(page: Page, account: Account, t: Texts = english) {
  await hydrated(page);
  await page.getByLabel(t('auth.form.identifier')).fill(account.email);
  await page.getByLabel(t('auth.form.password')).fill(account.password);
  await page.getByRole('button', { name: t('auth.form.submit') }).click();
}

/** A real PNG of one colour, made here so the tests need no image files. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 640×480 PNG of one colour, as a file for an upload field. */
export const png = (name: string, colour: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(640, 480, colour),
});

/** A listing as the seller form takes it: lists by their option text in the page's language, numbers as typed. */
export interface Listing {
  title: string;
  type: string;
  price: string;
  currency: string;
  brand: string;
  model: string;
  category: string;
  year: string;
  mileage: string;
  fuel: string;
  transmission: string;
  colour: string;
  doors: string;
  seats: string;
  country: string;
  city: string;
  options: string[];
  description: string;
  pictures: ReturnType<typeof png>[];
}

/**
 * Fills the whole publish form, once its island is hydrated (hydration would reset a field typed
 * before), and waits until every picture is uploaded: the server has answered, not just received
 * the bytes (a bar at 100 % may still be waiting for it).
 */
export async function fillVehicleForm(page: Page, listing: Listing, t: Texts = english) {
  await hydrated(page);
  const field = (role: 'textbox' | 'spinbutton' | 'combobox', name: string) =>
    page.getByRole(role, { name: t(`my.form.fields.${name}`), exact: true });
  await field('textbox', 'title').fill(listing.title);
  await field('combobox', 'typeId').selectOption({ label: listing.type });
  await field('spinbutton', 'price').fill(listing.price);
  await field('combobox', 'currencyId').selectOption({ label: listing.currency });
  await field('combobox', 'brand').fill(listing.brand);
  await field('combobox', 'model').fill(listing.model);
  await field('combobox', 'categoryId').selectOption({ label: listing.category });
  await field('spinbutton', 'year').fill(listing.year);
  await field('spinbutton', 'mileage').fill(listing.mileage);
  await field('combobox', 'fuelTypeId').selectOption({ label: listing.fuel });
  await field('combobox', 'transmissionId').selectOption({ label: listing.transmission });
  await field('combobox', 'colorId').selectOption({ label: listing.colour });
  await field('spinbutton', 'number_of_doors').fill(listing.doors);
  await field('spinbutton', 'number_of_seats').fill(listing.seats);
  await field('combobox', 'countryId').selectOption({ label: listing.country });
  await field('combobox', 'cityId').selectOption({ label: listing.city });
  for (const option of listing.options) await page.getByRole('checkbox', { name: option, exact: true }).check();
  await field('textbox', 'description').fill(listing.description);
  await page.locator('input[type="file"]').setInputFiles(listing.pictures);
  const pictures = page.getByRole('list', { name: t('my.pictures.listLabel') }).getByRole('listitem');
  for (const picture of listing.pictures) {
    const item = pictures.filter({ has: page.getByRole('progressbar', { name: t('my.pictures.progress', { name: picture.name }) }) });
    await expect(item.getByText(t('my.pictures.uploaded'), { exact: true })).toBeVisible();
  }
}

export interface ContactMessage {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  message: string;
}

/** Writes to the seller through the vehicle page's contact form (its script loaded) and waits for the confirmation. */
export async function sendContactMessage(page: Page, m: ContactMessage, t: Texts = english) {
  await page.waitForLoadState('load');
  await page.getByLabel(t('vehicle.contact.firstName')).fill(m.firstname);
  await page.getByLabel(t('vehicle.contact.lastName')).fill(m.lastname);
  await page.getByLabel(t('vehicle.contact.phone'), { exact: true }).fill(m.phone);
  await page.getByLabel(t('vehicle.contact.email')).fill(m.email);
  await page.getByLabel(t('vehicle.contact.message'), { exact: true }).fill(m.message);
  await page.getByRole('button', { name: t('vehicle.contact.send') }).click();
  await expect(page.getByText(t('vehicle.contact.sent'))).toBeVisible();
}

export const test = base;
export { expect };
