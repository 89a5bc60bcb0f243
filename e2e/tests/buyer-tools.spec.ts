import { expect, expectAccessible, signedGet, test, texts } from '../fixtures.ts';

// Issue 17 items 3 and 4 on the vehicle page: the price rating and the price history, in English and Arabic.
test('a listing shows how its price rates against similar listings and how long it has been on the market', async ({ page }) => {
  await page.goto('/?lng=en_US');
  const list = await signedGet<{ data: { id: number }[] }>(page, '/api/v1/vehicles?perPage=20');
  for (const [locale, id] of [
    ['en_US', list.data[0]!.id],
    ['ar_SA', list.data[1]!.id],
  ] as const) {
    const t = texts(locale);
    const { data: v } = await signedGet<{
      data: {
        brand: string;
        model: string;
        daysOnMarket: number;
        priceHistory: unknown[];
        marketPrice: { rating: string; comparables: number; basis: { scope: 'model' | 'body' | 'segment' } };
      };
    }>(page, `/api/v1/vehicles/${id}`);
    await page.goto(`/vehicles/${id}?lng=${locale}`);
    const market = page.locator('[data-market-rating]');
    await expect(market.getByRole('heading', { name: t('vehicle.market.title') })).toBeVisible();
    await expect(market).toHaveAttribute('data-market-rating', v.marketPrice.rating);
    if (v.marketPrice.rating === 'unknown') await expect(market).toContainText(t('vehicle.market.unknown'));
    else await expect(market.locator('.rating')).toHaveText(t(`vehicle.market.rating.${v.marketPrice.rating}`));
    const history = page.locator('[data-price-history]');
    await expect(history.getByRole('heading', { name: t('vehicle.priceHistory.title') })).toBeVisible();
    await expect(history.locator('li')).toHaveCount(v.priceHistory.length);
    await expectAccessible(page);
    // What was compared is named: the same model, or a rare model's segment (and body).
    await expect(market).toContainText(t(`vehicle.market.scope.${v.marketPrice.basis.scope}`, { body: '' }).replace(/\s*\(\)$/, ''));
    // The similar listings of the same make and model are a search; a segment is no search filter.
    if (v.marketPrice.basis.scope !== 'model') await expect(market.getByRole('link')).toHaveCount(0);
    else if (v.marketPrice.comparables > 0) {
      await market.getByRole('link').click();
      await expect(page).toHaveURL(/\/vehicles\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('brand')).toBe(v.brand);
      expect(url.searchParams.get('model')).toBe(v.model);
    }
  }
});

// Issue 17 item 5: a visitor searches around their city; the browser remembers it for the next search.
test('a visitor searches around a city, nearest first, and is offered that city again on the next search', async ({ page }) => {
  const t = texts('en_US');
  await page.goto('/vehicles?lng=en_US');
  const form = page.locator('form[data-search-form]');
  await form.getByText(t('search.near')).click();
  const city = form.getByLabel(t('search.nearCity'));
  const paris = (await city.locator('option', { hasText: /^Paris \(/ }).getAttribute('value'))!;
  await city.selectOption(paris);
  await form.getByLabel(t('search.radius')).selectOption('500');
  await page.getByLabel(t('search.sort')).selectOption('distance');
  await expect(page).toHaveURL(new RegExp(`nearCityId=${paris}`));
  await expect(page).toHaveURL(/radiusKm=500/);
  await expect(page).toHaveURL(/sort=distance/);
  // Nearest first: a card in Paris itself says no distance (its place says it), the others how far.
  const cards = page.locator('[data-results] .card');
  await expect(cards.first()).toBeVisible();
  const values = await cards.evaluateAll((list) =>
    list.map((card) => Number(card.querySelector('[data-distance]')?.textContent?.replace(/[^\d]/g, '') ?? 0)),
  );
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(Math.max(...values)).toBeLessThanOrEqual(500);
  await expectAccessible(page);

  // The next search, without a city: the remembered one is offered, and applies in one click.
  await page.goto('/vehicles?brand=Peugeot');
  const again = page.locator('[data-near-again] a');
  await expect(again).toHaveText(/^Search around Paris \(.+\) again$/);
  await again.click();
  await expect(page).toHaveURL(new RegExp(`brand=Peugeot.*nearCityId=${paris}|nearCityId=${paris}.*brand=Peugeot`));

  // In Arabic, a refused radius says so next to its field.
  await page.goto(`/vehicles?lng=ar_SA&nearCityId=${paris}&radiusKm=4`);
  await expect(page.locator('[data-results] [role="alert"]')).toBeVisible();
});
