import { formatTagOf } from '@autoroute/locales/meta';
import { expect, expectAccessible, hydrated, signedGet, signIn, test, texts } from '../fixtures.ts';

// Issue 33 items 7 and 8: the seller's tools. A demo seller no other journey uses, so their listings are theirs to change.
const SELLER = { email: 'oliver.smith@demo.autoroute.local', password: 'demo-seller-2026' };
const RUNS = [
  { locale: 'en_US', width: 1366, currency: 'USD' },
  { locale: 'fr_FR', width: 390, currency: 'EUR' },
  { locale: 'ar_SA', width: 390, currency: 'SAR' },
  { locale: 'ar_SA', width: 1366, currency: 'SAR' },
] as const;

for (const { locale, width, currency } of RUNS) {
  test(`a seller fills from the VIN, sees the price checked, marks a sale with its price and compares statistics (${locale}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = texts(locale);
    const number = (n: number) => new Intl.NumberFormat(formatTagOf(locale)).format(n);
    // Leaving the form with unsaved changes asks first: the test says yes.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/?lng=${locale}`);
    await page.goto('/my/');
    await signIn(page, SELLER, t);
    await expect(page).toHaveURL(/\/my\/$/);

    // A new listing is priced in the currency of the member's language.
    await page.goto('/my/new');
    await hydrated(page);
    const field = (role: 'textbox' | 'spinbutton' | 'combobox', name: string) =>
      page.getByRole(role, { name: t(`my.form.fields.${name}`), exact: true });
    const { data: config } = await signedGet<{
      data: { currencies: { id: number; code: string }[]; types: { id: number; code: string }[] };
    }>(page, '/api/v1/user/config');
    await expect(field('combobox', 'currencyId')).toHaveValue(String(config.currencies.find((c) => c.code === currency)!.id));

    // The price check says what it needs first.
    const check = page.locator('section.price-check');
    await expect(check.getByRole('heading', { name: t('vehicle.market.title') })).toBeVisible();
    await expect(check).toContainText(t('my.form.priceCheck.hint'));

    // A VIN with I, O or Q is refused in the page's language; a good one fills the make and the year.
    const vin = page.getByRole('textbox', { name: t('my.form.fields.vin') });
    const fillFromVin = page.getByRole('button', { name: t('my.form.vin.fill') });
    await vin.fill('JTDKB3FU5K31234O6');
    await fillFromVin.click();
    await expect(page.getByText(t('api:vehicle.vinFormat'))).toBeVisible();
    await expect(vin).toHaveAttribute('aria-invalid', 'true');
    await vin.fill('jtdkb3fu5k3123456');
    await fillFromVin.click();
    await expect(vin).toHaveValue('JTDKB3FU5K3123456');
    await expect(field('combobox', 'brand')).toHaveValue('Toyota');
    await expect(field('spinbutton', 'year')).toHaveValue('2019');
    const list = new Intl.ListFormat(formatTagOf(locale), { type: 'conjunction' });
    const filled = t('my.form.vin.filled', { fields: list.format([t('my.form.fields.brand'), t('my.form.fields.year')]) });
    await expect(page.getByText(filled)).toBeVisible();
    await expect(page.getByText(t('my.form.vin.notEncoded'))).toBeVisible();
    await expect(vin).not.toHaveAttribute('aria-invalid', 'true');
    // A North American VIN whose check digit is wrong is flagged, with the digit it should carry.
    await vin.fill('1HGCM82643A004352');
    await fillFromVin.click();
    await expect(page.getByText(t('my.form.vin.mismatch', { expected: '3' }))).toBeVisible();
    await expect(field('combobox', 'brand')).toHaveValue('Honda');
    await vin.fill('JTDKB3FU5K3123456');
    await fillFromVin.click();
    await expect(page.getByText(t('my.form.vin.mismatch', { expected: '3' }))).toBeHidden();

    // The price check follows the facts and the price: a bargain, then far too dear.
    await field('combobox', 'typeId').selectOption(String(config.types.find((c) => c.code === 'sale')!.id));
    await field('combobox', 'model').fill('Yaris');
    await field('spinbutton', 'mileage').fill('60000');
    await expect(check).not.toContainText(t('my.form.priceCheck.hint'));
    await field('spinbutton', 'price').fill('100');
    await expect(check).toHaveAttribute('data-market-rating', 'great');
    await expect(check.locator('.rating')).toHaveText(t('vehicle.market.rating.great'));
    await field('spinbutton', 'price').fill('900000');
    await expect(check).toHaveAttribute('data-market-rating', 'overpriced');
    await expect(check.locator('.rating')).toHaveText(t('vehicle.market.rating.overpriced'));
    await expectAccessible(page);

    // Marking a listing sold asks the price it sold at, starting from its asking price, in its currency.
    await page.goto('/my/');
    await hydrated(page);
    const first = page
      .getByRole('list', { name: t('my.list.listLabel') })
      .getByRole('listitem')
      .first();
    const title = (await first.getByRole('heading', { level: 2 }).getByRole('link').textContent())!.trim();
    const id = Number((await first.getByRole('heading', { level: 2 }).getByRole('link').getAttribute('href'))!.split('/').pop());
    const { data: before } = await signedGet<{ data: { price: number; currency: { code: string }; sold: boolean } }>(
      page,
      `/api/v1/vehicles/${id}`,
    );
    expect(before.sold).toBe(false);
    await first.getByRole('button', { name: `${t('my.list.markSold')}: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: t('my.list.confirmSoldTitle') });
    await expect(dialog).toBeVisible();
    const price = dialog.getByRole('spinbutton', { name: t('my.list.soldPrice', { currency: before.currency.code }) });
    await expect(price).toHaveValue(String(before.price));
    await expectAccessible(page);
    // A price of nothing is refused in the dialog, which stays open.
    await price.fill('0');
    await dialog.getByRole('button', { name: t('my.list.markSold') }).click();
    await expect(dialog.getByText(t('my.list.soldPriceInvalid'))).toBeVisible();
    await price.fill('12345');
    await dialog.getByRole('button', { name: t('my.list.markSold') }).click();
    await expect(dialog).toBeHidden();
    const soldFor = new Intl.NumberFormat(formatTagOf(locale), {
      style: 'currency',
      currency: before.currency.code,
      maximumFractionDigits: 0,
    }).format(12345);
    await expect(first.getByText(t('my.list.soldFor', { price: soldFor }), { exact: true })).toBeVisible();
    const { data: sold } = await signedGet<{ data: { sold: boolean; soldPrice: number | null } }>(page, `/api/v1/vehicles/${id}`);
    expect(sold).toMatchObject({ sold: true, soldPrice: 12345 });
    // The list says it again when it is drawn anew.
    await page.reload();
    await hydrated(page);
    await expect(first.getByText(t('my.list.soldFor', { price: soldFor }), { exact: true })).toBeVisible();
    // Back on sale: the next run finds it as it was, and the sale price is forgotten.
    await first.getByRole('button', { name: `${t('my.list.backOnSale')}: ${title}` }).click();
    await expect(first.getByRole('button', { name: `${t('my.list.markSold')}: ${title}` })).toBeVisible();

    // Its statistics, next to the median of similar listings.
    await page.goto(`/my/${id}/stats`);
    const { data: stats } = await signedGet<{
      data: {
        totals: Record<string, number>;
        similar: { scope: 'model' | 'segment'; listings: number; medians: Record<string, number> } | null;
      };
    }>(page, `/api/v1/me/vehicles/${id}/stats?days=30`);
    const compare = page.getByRole('region', { name: t('my.stats.compare.title') });
    await expect(compare).toBeVisible();
    expect(stats.similar).not.toBeNull();
    const similar = stats.similar!;
    await expect(compare).toContainText(
      t('my.stats.compare.basis', {
        count: similar.listings,
        formatted: number(similar.listings),
        what: t(`vehicle.market.scope.${similar.scope}`),
        days: number(30),
      }),
    );
    for (const metric of ['views', 'contacts'] as const) {
      const row = compare.locator(`[data-metric="${metric}"]`);
      await expect(row.locator('dt')).toHaveText(t(`my.stats.metrics.${metric}`));
      await expect(row.locator('dd')).toHaveText(
        t('my.stats.compare.line', { mine: number(stats.totals[metric]!), median: number(similar.medians[metric]!) }),
      );
    }
    await expectAccessible(page);
  });
}
