import type { Locale } from '@autoroute/locales/meta';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedGet, test, texts } from '../fixtures.ts';

/** The value of the option whose text starts with `name` (labels carry a facet count: "Electric (112)"). */
async function optionValue(page: Page, label: string, name: string) {
  const value = await page.getByLabel(label, { exact: true }).locator('option', { hasText: name }).first().getAttribute('value');
  expect(value).toBeTruthy();
  return value!;
}
const resultsCount = (page: Page) => page.getByRole('status').filter({ hasText: /\bvehicles?\s*$/ });

test.describe('vehicle search', () => {
  test('filters by fuel type in place, keeps the filter in the URL, and goes back', async ({ page }) => {
    await page.goto('/vehicles?lng=en_US');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles for sale and rent' })).toBeVisible();
    const before = (await resultsCount(page).textContent())?.trim();
    const transmissionBefore = await page.getByLabel('Transmission', { exact: true }).locator('option').allTextContents();
    await expectAccessible(page);

    const electric = await optionValue(page, 'Fuel', 'Electric');
    await page.getByLabel('Fuel', { exact: true }).selectOption(electric);
    await expect(page).toHaveURL(new RegExp(`[?&]fuelTypeId=${electric}(&|$)`));
    await expect(resultsCount(page)).not.toHaveText(before!);
    // The facet counts of the other filters follow the new search.
    await expect
      .poll(() => page.getByLabel('Transmission', { exact: true }).locator('option').allTextContents())
      .not.toEqual(transmissionBefore);
    const cards = page.getByRole('region', { name: 'Vehicles for sale and rent' }).getByRole('heading', { level: 3 });
    await expect(cards.first()).toBeVisible();
    await expectAccessible(page);

    await page.goBack();
    await expect(page).not.toHaveURL(/fuelTypeId=/);
    await expect(resultsCount(page)).toHaveText(before!);
    await expect(page.getByLabel('Fuel', { exact: true })).toHaveValue('');
  });

  test('the home search box sends its filters to the results page', async ({ page }) => {
    await page.goto('/?lng=en_US');
    const electric = await optionValue(page, 'Fuel', 'Electric');
    await page.getByLabel('Fuel', { exact: true }).selectOption(electric);
    await page.getByRole('button', { name: 'Search' }).click();
    // Empty fields are left out of the shared URL.
    await expect(page).toHaveURL(new RegExp(`/vehicles\\?fuelTypeId=${electric}$`));
    await expect(page.getByLabel('Fuel', { exact: true })).toHaveValue(electric);
  });

  test('asks prices in the visitor’s currency, and refuses a price without any currency next to the field', async ({ page, browser }) => {
    // The price fields are ready at once: the currency is the visitor's (US dollars in English).
    await page.goto('/vehicles?lng=en_US');
    await expect(page.getByLabel('Maximum price')).toBeEnabled();
    await expect(page.getByLabel('Currency').locator('option:checked')).toHaveText(/^USD/);
    await page.goto('/vehicles?lng=fr_FR');
    await expect(page.getByLabel('Devise').locator('option:checked')).toHaveText(/^EUR/);
    // A price without a currency (a hand-made address) is refused.
    const response = await page.goto('/vehicles?lng=en_US&maxPrice=10000');
    expect(response?.status()).toBe(422);
    // The summary links to the field, which carries the message too.
    await expect(page.getByRole('alert').getByRole('link', { name: 'Price filtering needs a currency chosen first.' })).toBeVisible();
    await expect(page.getByLabel('Maximum price')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Maximum price')).toHaveAccessibleDescription(/Price filtering needs a currency chosen first\./);
    await expectAccessible(page);

    // Without JavaScript the plain form sends the visitor's currency with the price: listings in
    // every currency, converted, the sales' prices only.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto('/vehicles?lng=en_US');
    await plain.getByText('Price', { exact: true }).click();
    await plain.getByLabel('Maximum price').fill('30000');
    // The button counts what the page's search found.
    await plain.getByRole('button', { name: /^Show \d+ results?$/ }).click();
    await expect(plain).toHaveURL(/currencyId=\d+/);
    await expect(plain).toHaveURL(/maxPrice=30000/);
    await expect(plain.getByLabel('Maximum price')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(plain.getByRole('alert')).toHaveCount(0);
    await expect(plain.getByRole('status').filter({ hasText: /\bvehicles?\s*$/ })).toBeVisible();
    const found = await signedGet<{ data: { id: number; price: number; currency: { code: string }; type: { code: string } }[] }>(
      page,
      `/api/v1/vehicles?${new URL(plain.url()).searchParams}&perPage=100`,
    );
    expect(new Set(found.data.map((v) => v.currency.code)).size).toBeGreaterThan(1);
    expect(found.data.every((v) => v.type.code === 'sale')).toBe(true);
    // A price in another currency also reads converted to the one asked in, at the administrators' rates.
    const { data: reference } = await signedGet<{ data: { currencies: { id: number; code: string; rate: number }[] } }>(
      page,
      '/api/v1/user/config',
    );
    const rate = new Map(reference.currencies.map((c) => [c.code, c.rate]));
    const foreign = found.data.slice(0, 24).find((v) => v.currency.code !== 'USD');
    expect(foreign, 'a listing priced in another currency on the first page').toBeTruthy();
    const dollars = Math.round((foreign!.price / rate.get(foreign!.currency.code)!) * rate.get('USD')!);
    const card = plain.locator('.card').filter({ has: plain.locator(`a[href="/vehicles/${foreign!.id}"]`) });
    await expect(card.locator('[data-converted]')).toHaveText(`about \u2066$${dollars.toLocaleString('en-US')}\u2069`);
    // One in dollars reads as it is.
    const own = found.data.slice(0, 24).find((v) => v.currency.code === 'USD');
    if (own)
      await expect(
        plain
          .locator('.card')
          .filter({ has: plain.locator(`a[href="/vehicles/${own.id}"]`) })
          .locator('[data-converted]'),
      ).toHaveCount(0);
    await context.close();
  });

  test('shows an empty state with a link that clears every filter', async ({ page }) => {
    await page.goto('/vehicles?lng=en_US&q=qqqxyzzy');
    await expect(page.getByText('No vehicles match your search.')).toBeVisible();
    await expect(resultsCount(page)).toHaveText('0 vehicles');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByLabel('Keywords')).toHaveValue('');
    await expect(page.getByText('No vehicles match your search.')).toBeHidden();
  });

  test('in Arabic the search is laid out right to left', async ({ page }, testInfo) => {
    await page.goto('/vehicles?lng=ar_SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The filters start the line: on the right of the results.
    const filters = await page.getByRole('search').boundingBox();
    const results = await page.locator('.search-results').boundingBox();
    expect(filters!.x).toBeGreaterThan(results!.x);
    // Places in Arabic words and punctuation: "ليون، فرنسا", not "Lyon, France".
    const place = await page.locator('.search-results p.facts').last().textContent();
    expect(place).toMatch(/\p{Script=Arabic}+، \p{Script=Arabic}/u);
    await testInfo.attach('search-ar_SA', { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
    await expectAccessible(page);
  });

  test('counts every filter that has values: make, body, colour, country and city, in the page language', async ({ page }) => {
    /** A select's options as [label, count], the "any" option left out. */
    const counts = async (label: string) =>
      (await page.getByLabel(label, { exact: true }).locator('option:not([value=""])').allTextContents()).map((text) => {
        const m = /^(.*) \((\d[\d,]*)\)$/.exec(text.trim());
        expect(m, `${label}: "${text}" carries no count`).not.toBeNull();
        return [m![1]!, Number(m![2]!.replace(/,/g, ''))] as const;
      });
    await page.goto('/vehicles?lng=en_US');
    const total = Number(((await resultsCount(page).textContent()) ?? '').replace(/\D/g, ''));
    const sum = (list: readonly (readonly [string, number])[]) => list.reduce((a, [, n]) => a + n, 0);
    for (const label of ['Make', 'Body type', 'Colour', 'Country']) expect(sum(await counts(label)), label).toBe(total);

    // A country chosen: the colours count within it, the cities are its own, each counted.
    const [country, inCountry] = (await counts('Country')).sort((a, b) => b[1] - a[1])[0]!;
    await page.getByText('More filters', { exact: true }).click();
    await page.getByLabel('Country', { exact: true }).selectOption({ label: `${country} (${inCountry.toLocaleString('en-US')})` });
    await expect(page).toHaveURL(/[?&]countryId=\d+/);
    await expect(resultsCount(page)).toHaveText(`${inCountry.toLocaleString('en-US')} vehicles`);
    await expect.poll(async () => sum(await counts('Colour'))).toBe(inCountry);
    await expect.poll(async () => sum(await counts('City'))).toBe(inCountry);
    await expectAccessible(page);

    // In Arabic, the same cities in Arabic, with Western digits like the rest of the page.
    const countryId = new URL(page.url()).searchParams.get('countryId');
    await page.goto(`/vehicles?countryId=${countryId}&lng=ar_SA`);
    const cities = await page.getByLabel('المدينة', { exact: true }).locator('option:not([value=""])').allTextContents();
    expect(cities.length).toBeGreaterThan(0);
    for (const city of cities) expect(city).toMatch(/^\p{Script=Arabic}[\p{Script=Arabic}\s-]* \(\d[\d,]*\)$/u);
    await expectAccessible(page);
  });

  test('a page past the last one says so beside the count, and leads to the last page', async ({ page }) => {
    await page.goto('/vehicles?page=999&lng=en_US');
    const count = (await resultsCount(page).textContent())?.trim() ?? '';
    expect(count).toMatch(/^\d[\d,]* vehicles$/);
    // Not "No vehicles match" under "80 vehicles": the results exist, this page is past them.
    await expect(page.getByText('No vehicles match your search.')).toHaveCount(0);
    await expect(page.getByText('Page 999 is past the end of these results.')).toBeVisible();
    await page.getByRole('link', { name: /^Go to the last page/ }).click();
    await expect(page).toHaveURL(/[?&]page=\d+/);
    await expect(page.getByRole('region', { name: 'Vehicles for sale and rent' }).getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expectAccessible(page);

    await page.goto('/vehicles?page=999&lng=ar_SA');
    await expect(page.getByText('الصفحة 999 بعد نهاية هذه النتائج.')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('fair-price rating on search results (issue 17)', () => {
  test('cards say how their price rates, and the price rating filter and the best-deals order narrow and rank them', async ({ page }) => {
    await page.goto('/vehicles?lng=en_US');
    const region = page.getByRole('region', { name: 'Vehicles for sale and rent' });
    const before = (await resultsCount(page).textContent())?.trim();
    // The small e2e catalogue rates few listings (five comparables at least): the API says which.
    const rated = await signedGet<{ meta: { total: number } }>(page, '/api/v1/vehicles?rating=great,good,fair,high,overpriced&perPage=1');
    const good = await signedGet<{ meta: { total: number } }>(page, '/api/v1/vehicles?rating=great,good&perPage=1');

    await page.getByLabel('Price rating', { exact: true }).selectOption('great,good');
    await expect(page).toHaveURL(/[?&]rating=great%2Cgood(&|$)/);
    await expect(resultsCount(page)).not.toHaveText(before!);
    const ratings = await region.locator('[data-rating]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-rating')));
    expect(ratings).toHaveLength(Math.min(good.meta.total, 24));
    expect(ratings.every((r) => r === 'great' || r === 'good')).toBe(true);
    await expectAccessible(page);

    await page.goto('/vehicles?lng=en_US&sort=deal');
    await expect(page.getByLabel('Sort by')).toHaveValue('deal');
    await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Best deals first');
    if (rated.meta.total > 0) {
      await expect(region.locator('.card').first().locator('[data-rating]')).toHaveText(
        /Price rating: (Great|Good|Fair|High) price|Overpriced/,
      );
    }

    // In Arabic, right to left: the filter and the order in Arabic.
    await page.goto('/vehicles?lng=ar_SA&rating=great&sort=deal');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByLabel('تقييم السعر', { exact: true })).toHaveValue('great');
    await expect(page.getByLabel('Sort by').or(page.locator('#filter-sort')).locator('option:checked')).toHaveText('أفضل الصفقات أولاً');
    await expectAccessible(page);
  });
});

/** The total the API finds for a search page's URL (its filters, not its page). */
async function apiTotal(page: Page, url: string): Promise<number> {
  const params = new URL(url).searchParams;
  params.delete('lng');
  params.set('perPage', '1');
  return (await signedGet<{ meta: { total: number } }>(page, `/api/v1/vehicles?${params}`)).meta.total;
}

// Issue 33, item 3: on a phone the filters open as a sheet over the results, apply without a new
// page, count what they find on a sticky button, and each active filter is a chip that removes it.
for (const locale of ['en_US', 'fr_FR', 'ar_SA'] as Locale[]) {
  const t = texts(locale);
  test.describe(`search on a phone in ${locale} (issue 33)`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('filters in a sheet apply in place, count on a sticky button, and leave removable chips', async ({ page }) => {
      await page.goto(`/vehicles?lng=${locale}`);
      await page.waitForLoadState('load');
      // A full page load would lose this mark.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const count = page.locator('[data-results-count]');
      const countTop = (await count.boundingBox())!.y;
      // The panel's <summary> (a button to assistive technology; Playwright gives it no role).
      const toggle = page.locator('summary[aria-controls="search-form"]');
      // What it says on screen (it holds both labels, one shown per state).
      const label = () => toggle.innerText().then((text) => text.trim());
      await expect.poll(label).toBe(t('search.showFilters'));
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect.poll(label).toBe(t('search.hideFilters'));
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // A sheet over the results: they stay where they were, the panel covers the screen.
      expect((await count.boundingBox())!.y).toBe(countTop);
      const sheet = await page.getByRole('search').boundingBox();
      expect(sheet!.y).toBeLessThanOrEqual(0);
      expect(sheet!.height).toBeGreaterThanOrEqual(844);
      const show = page.locator('[data-show-results]');
      await expect(show).toBeInViewport();
      await expectAccessible(page);

      const fuel = page.locator('#filter-fuelTypeId');
      const value = (await fuel.locator('option:not([value=""])').first().getAttribute('value'))!;
      await fuel.selectOption(value);
      await expect(page).toHaveURL(new RegExp(`[?&]fuelTypeId=${value}(&|$)`));
      const total = await apiTotal(page, page.url());
      // The sticky button counts the choices so far, as the API does, and stays in view.
      await expect(show).toHaveText(t('search.showCount', { count: total, formatted: String(total) }));
      await expect(show).toBeInViewport();
      await expect(count).toHaveText(t('search.results', { count: total, formatted: String(total) }));
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

      await show.click();
      await expect.poll(label).toBe(t('search.showFilters'));
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('search')).toBeHidden();
      const chips = page.getByRole('list', { name: t('search.activeFilters') });
      const chip = chips.getByRole('link', { name: new RegExp(`^${t('search.removeFilter', { filter: `${t('search.fuel')}` })}`) });
      await expect(chip).toBeVisible();
      await expectAccessible(page);

      await chip.click();
      await expect(page).not.toHaveURL(/fuelTypeId=/);
      await expect(chips).toHaveCount(0);
      const all = await apiTotal(page, page.url());
      await expect(count).toHaveText(t('search.results', { count: all, formatted: String(all) }));
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      // Back brings the filter again, in place.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`[?&]fuelTypeId=${value}(&|$)`));
      await expect(chip).toBeVisible();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  });

  test.describe(`search chips on a desktop in ${locale} (issue 33)`, () => {
    test.use({ viewport: { width: 1366, height: 900 } });

    test('each active filter is a chip that removes it, and "clear all" removes them all', async ({ page }) => {
      await page.goto(`/vehicles?lng=${locale}&doors=5&includeSold=true`);
      // No toggle on a desktop: the filters sit beside the results.
      await expect(page.locator('summary[aria-controls="search-form"]')).toBeHidden();
      await expect(page.getByRole('search')).toBeVisible();
      const chips = page.getByRole('list', { name: t('search.activeFilters') });
      await expect(chips.getByRole('link')).toHaveCount(3);
      if (locale === 'ar_SA') {
        // Right to left: the first chip starts at the right.
        const [first, second] = [await chips.getByRole('link').nth(0).boundingBox(), await chips.getByRole('link').nth(1).boundingBox()];
        expect(first!.x).toBeGreaterThan(second!.x);
      }
      await expectAccessible(page);
      await chips.getByRole('link', { name: new RegExp(`^${t('search.removeFilter', { filter: t('search.doors') })}`) }).click();
      await expect(page).toHaveURL(/\/vehicles\?includeSold=true$/);
      await expect(page.locator('#filter-doors')).toHaveValue('');
      const total = await apiTotal(page, page.url());
      await expect(page.locator('[data-show-results]')).toHaveText(t('search.showCount', { count: total, formatted: String(total) }));
      await chips.getByRole('link', { name: t('search.clearAll'), exact: true }).click();
      await expect(page).toHaveURL(/\/vehicles$/);
      await expect(chips).toHaveCount(0);
      await expect(page.locator('input[name="includeSold"]')).not.toBeChecked();
    });
  });
}
