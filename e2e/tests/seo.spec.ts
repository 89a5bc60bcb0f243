import type { Page } from '@playwright/test';
import { expect, signedGet, structuredData, structuredItem, test, texts } from '../fixtures.ts';

// Issue 16: what search engines and link previews read, parsed from the built server's pages as a
// crawler parses them: schema.org JSON-LD, OpenGraph and Twitter tags, canonical and hreflang links.

interface Summary {
  id: number;
  cover: { url: string } | null;
  title: string;
  sold: boolean;
  type: { code: string | null };
}
interface Detail extends Summary {
  brand: string;
  vin: string | null;
  price: number;
  currency: { code: string };
  category: { name: string };
  seller: { name: string; type: 'individual' | 'professional' };
  pictures: { url: string; renditions: { url: string; width: number; format: string }[] }[];
}

const LANGUAGES = ['en-US', 'fr-FR', 'zh-CN', 'es-ES', 'pt-BR', 'de-DE', 'ar-SA', 'ru-RU'];

/** Canonical in the page's language, an alternate for each language (itself among them) and x-default without `lng`. */
async function expectLanguageLinks(page: Page, path: string, locale: string) {
  const { origin } = new URL(page.url());
  const own = `${origin}${path}`;
  const withLanguage = (l: string) => `${own}${path.includes('?') ? '&' : '?'}lng=${l}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', withLanguage(locale));
  const alternates = Object.fromEntries(
    await Promise.all(
      (await page.locator('link[rel="alternate"][hreflang]').all()).map(async (l) => [
        await l.getAttribute('hreflang'),
        await l.getAttribute('href'),
      ]),
    ),
  );
  expect(Object.keys(alternates).sort()).toEqual([...LANGUAGES, 'x-default'].sort());
  for (const tag of LANGUAGES) expect(alternates[tag]).toBe(withLanguage(tag.replace('-', '_')));
  expect(alternates['x-default']).toBe(own);
  expect(Object.values(alternates)).toContain(withLanguage(locale));
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', withLanguage(locale));
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', locale);
  await expect(page.locator('meta[property="og:locale:alternate"]')).toHaveCount(7);
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'Autoroute');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
}

const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

/** A trail from home to the page, each step a full address on the site. */
async function expectTrail(page: Page, names: string[]) {
  const trail = await structuredItem(page, 'BreadcrumbList');
  const { origin } = new URL(page.url());
  expect(trail.itemListElement.map((step: { name: string }) => step.name)).toEqual(names);
  trail.itemListElement.forEach((step: { position: number; item: string }, i: number) => {
    expect(step.position).toBe(i + 1);
    expect(step.item.startsWith(`${origin}/`)).toBe(true);
  });
}

test('home says who publishes the site and how to search it', async ({ page }) => {
  await page.goto('/?lng=en_US');
  await expectLanguageLinks(page, '/', 'en_US');
  const { origin } = new URL(page.url());
  const organization = await structuredItem(page, 'Organization');
  expect(organization).toMatchObject({ name: 'Autoroute', url: `${origin}/`, logo: `${origin}/icon-512.png` });
  const website = await structuredItem(page, 'WebSite');
  expect(website.potentialAction['@type']).toBe('SearchAction');
  expect(website.potentialAction.target.urlTemplate).toBe(`${origin}/vehicles?q={search_term_string}`);
  expect(website.potentialAction['query-input']).toBe('required name=search_term_string');
  // The search it names is a real one.
  const search = await page.request.get(website.potentialAction.target.urlTemplate.replace('{search_term_string}', 'golf'));
  expect(search.status()).toBe(200);
  expect(await meta(page, 'og:type')).toBe('website');
  expect(await meta(page, 'og:image')).toBe(`${origin}/icon-512.png`);
  expect(await meta(page, 'twitter:card')).toBe('summary');
});

test('a search page keeps its filters in its own address and shows its trail, in Arabic too', async ({ page }) => {
  await page.goto('/vehicles?brand=Toyota&lng=ar_SA');
  await expectLanguageLinks(page, '/vehicles?brand=Toyota', 'ar_SA');
  const arabic = texts('ar_SA');
  await expectTrail(page, [arabic('nav.home'), arabic('nav.search')]);
  expect(await meta(page, 'description')).toBeTruthy();
  expect(await meta(page, 'og:description')).toBe(await meta(page, 'description'));
});

test('a listing is a complete schema.org Car; a rental is leased per day or month; a sold one is sold out', async ({ page }) => {
  await page.goto('/?lng=en_US');
  const config = await signedGet<{ data: { types: { id: number; code: string | null }[] } }>(page, '/api/v1/user/config');
  const typeId = (code: string) => config.data.types.find((t) => t.code === code)!.id;
  const first = async (query: string) =>
    (await signedGet<{ data: Summary[] }>(page, `/api/v1/vehicles?${query.includes('perPage') ? '' : 'perPage=50&'}${query}`)).data;
  // A listing with a picture (one published by another test may have none).
  const sale = (await first(`typeId=${typeId('sale')}`)).find((v) => v.cover !== null)!;
  const rentals = [...(await first(`typeId=${typeId('rent_day')}`)), ...(await first(`typeId=${typeId('rent_month')}`))];
  const sold = (await first('includeSold=true&perPage=100')).find((v) => v.sold);

  // A sale: every property the API fills, the seller without contact details, the picture as a raster preview.
  const detail = (await signedGet<{ data: Detail }>(page, `/api/v1/vehicles/${sale.id}`)).data;
  await page.goto(`/vehicles/${sale.id}?lng=en_US`);
  await expectLanguageLinks(page, `/vehicles/${sale.id}`, 'en_US');
  const { origin } = new URL(page.url());
  const car = await structuredItem(page, 'Car');
  expect(car.name).toBe(detail.title);
  expect(car.url).toBe(`${origin}/vehicles/${sale.id}`);
  if (detail.vin) expect(car.vehicleIdentificationNumber).toBe(detail.vin);
  expect(car.bodyType).toBe(detail.category.name);
  expect(car.vehicleEngine['@type']).toBe('EngineSpecification');
  expect(car.vehicleEngine.fuelType).toBeTruthy();
  expect(car.mileageFromOdometer).toMatchObject({ '@type': 'QuantitativeValue', unitCode: 'KMT' });
  expect(car.vehicleModelDate).toMatch(/^\d{4}$/);
  for (const key of ['vehicleTransmission', 'numberOfDoors', 'seatingCapacity', 'color', 'brand', 'model'])
    expect(car[key], key).toBeTruthy();
  expect(car.image.length).toBe(detail.pictures.length);
  for (const image of car.image) {
    expect(image['@type']).toBe('ImageObject');
    expect(image.width).toMatchObject({ '@type': 'QuantitativeValue', unitCode: 'E37' });
    expect(image.width.value).toBeGreaterThan(0);
    expect(image.height.value).toBeGreaterThan(0);
  }
  expect(car.offers).toMatchObject({
    '@type': 'Offer',
    price: detail.price,
    priceCurrency: detail.currency.code,
    availability: 'https://schema.org/InStock',
    businessFunction: { '@id': 'http://purl.org/goodrelations/v1#Sell' },
  });
  expect(car.offers.priceSpecification).toBeUndefined();
  expect(car.offers.seller).toEqual({
    '@type': detail.seller.type === 'professional' ? 'Organization' : 'Person',
    name: detail.seller.name,
  });
  expect(JSON.stringify(await structuredData(page))).not.toMatch(/"(telephone|email|faxNumber|streetAddress|postalCode)":/);
  // The description is whole in the data, and the short one ends on a whole word.
  const description = (await meta(page, 'description'))!;
  expect(description.length).toBeLessThanOrEqual(160);
  if (description.endsWith('…')) expect(car.description.startsWith(description.slice(0, -1))).toBe(true);
  if (description.endsWith('…')) expect(car.description.charAt(description.length - 1)).toMatch(/[\s,.;:!?-]/);
  await expectTrail(page, ['Home', 'Search vehicles', detail.brand, detail.title]);

  // OpenGraph and Twitter: the product with a JPEG preview of 1200 px that really is one, and its text.
  expect(await meta(page, 'og:type')).toBe('product');
  expect(await meta(page, 'og:title')).toBe(detail.title);
  const image = (await meta(page, 'og:image'))!;
  // The cover's JPEG or PNG rendition closest to 1,200 px (the demo's drawings have one of 1,200; uploads of 1,280 or their own width).
  const raster = detail.pictures[0]!.renditions.filter((r) => r.format === 'jpeg' || r.format === 'png').sort(
    (x, y) => Math.abs(x.width - 1200) - Math.abs(y.width - 1200),
  )[0]!;
  expect(image.endsWith(raster.url)).toBe(true);
  expect(await meta(page, 'og:image:width')).toBe(String(raster.width));
  expect(await meta(page, 'og:image:alt')).toBe(texts('en_US')('vehicle.pictureOf', { title: detail.title }));
  expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
  expect(await meta(page, 'twitter:image')).toBe(image);
  const file = await page.request.get(image);
  expect(file.headers()['content-type']).toBe(await meta(page, 'og:image:type'));
  expect(file.headers()['content-type']).toMatch(/^image\/(jpeg|png)$/);
  const bytes = await file.body();
  const magic = raster.format === 'png' ? [0x89, 0x50, 0x4e, 0x47] : [0xff, 0xd8, 0xff];
  expect([...bytes.subarray(0, magic.length)]).toEqual(magic);

  // A rental: a lease priced per day or per month.
  expect(rentals.length).toBeGreaterThan(0);
  const rental = rentals[0]!;
  await page.goto(`/vehicles/${rental.id}?lng=en_US`);
  const leased = await structuredItem(page, 'Car');
  const unit = rental.type.code === 'rent_day' ? 'DAY' : 'MON';
  expect(leased.offers.businessFunction).toEqual({ '@id': 'http://purl.org/goodrelations/v1#LeaseOut' });
  expect(leased.offers.priceSpecification).toMatchObject({
    '@type': 'UnitPriceSpecification',
    unitCode: unit,
    referenceQuantity: { value: 1, unitCode: unit },
  });

  // Sold: still described, no longer in stock.
  expect(sold, 'the demo catalogue has a sold listing').toBeDefined();
  await page.goto(`/vehicles/${sold!.id}?lng=en_US`);
  expect((await structuredItem(page, 'Car')).offers.availability).toBe('https://schema.org/SoldOut');
});

test('content pages are indexable with their trail; private and error pages are not', async ({ page }) => {
  await page.goto('/help-center/buying-safely?lng=fr_FR');
  await expectLanguageLinks(page, '/help-center/buying-safely', 'fr_FR');
  const help = await structuredItem(page, 'BreadcrumbList');
  expect(help.itemListElement).toHaveLength(3);
  await page.goto('/about?lng=de_DE');
  await expectLanguageLinks(page, '/about', 'de_DE');

  for (const path of ['/sign-in', '/sign-up', '/compare', '/vehicles/999999999', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"][hreflang]'), path).toHaveCount(0);
  }
});
