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
        marketPrice: { rating: string; comparables: number };
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
    // The similar listings it was compared with are a search of the same make and model.
    if (v.marketPrice.comparables > 0) {
      await market.getByRole('link').click();
      await expect(page).toHaveURL(/\/vehicles\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('brand')).toBe(v.brand);
      expect(url.searchParams.get('model')).toBe(v.model);
    }
  }
});
