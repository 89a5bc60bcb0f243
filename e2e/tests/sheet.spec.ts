import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedGet, test } from '../fixtures.ts';

interface Detail {
  id: number;
  title: string;
  battery_capacity: number | null;
  battery_consumption: number | null;
  din_power: number | null;
  torque: number | null;
  fast_charging: boolean | null;
  critair: string | null;
}

/** Two electric demo vehicles with their battery facts, of different power (the seed fills SPEC §3's groups). */
async function twoElectricVehicles(page: Page): Promise<[Detail, Detail]> {
  await page.goto('/?lng=en_US');
  const config = await signedGet<{ data: { fuelTypes: { id: number; code: string | null }[] } }>(page, '/api/v1/user/config');
  const electric = config.data.fuelTypes.find((f) => f.code === 'electric');
  expect(electric, 'an electric fuel type').toBeTruthy();
  const list = await signedGet<{ data: { id: number }[] }>(page, `/api/v1/vehicles?fuelTypeId=${electric?.id}&perPage=24&includeSold=true`);
  const details: Detail[] = [];
  for (const { id } of list.data) details.push((await signedGet<{ data: Detail }>(page, `/api/v1/vehicles/${id}`)).data);
  const charged = details.filter((d) => d.battery_capacity && d.battery_consumption && d.din_power && d.torque && d.fast_charging !== null);
  const first = charged[0];
  const second = charged.find((d) => d.din_power !== first?.din_power);
  expect(first && second, 'two electric demo vehicles of different power').toBeTruthy();
  return [first as Detail, second as Detail];
}

const number = (n: number, tag: string) => new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(n);
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// Issue 13: the whole vehicle sheet on the vehicle page and in /compare, in the visitor's language and units.
test('a vehicle page shows the whole sheet, in each language’s units, and /compare lines it up on a phone', async ({ browser }, info) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const [a, b] = await twoElectricVehicles(page);

  // English: each group under its own heading, units in English.
  await page.goto(`/vehicles/${a.id}?lng=en_US`);
  const power = page.getByRole('region', { name: 'Electric and power' });
  await expect(power.getByRole('heading', { level: 2, name: 'Electric and power' })).toBeVisible();
  for (const group of ['History and environment', 'Dimensions', 'Origin', 'Papers']) {
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  }
  await expect(power.locator('[data-field="din_power"] dd')).toHaveText(`${number(a.din_power ?? 0, 'en-US')} hp`);
  await expect(power.locator('[data-field="battery_capacity"] dd')).toHaveText(`${number(a.battery_capacity ?? 0, 'en-US')} kWh`);
  await expect(power.locator('[data-field="battery_consumption"] dd')).toHaveText(
    `${number(a.battery_consumption ?? 0, 'en-US')} kWh/100 km`,
  );
  await expect(power.locator('[data-field="torque"] dd')).toHaveText(`${number(a.torque ?? 0, 'en-US')} N·m`);
  await expect(power.locator('[data-field="fast_charging"] dd')).toHaveText(a.fast_charging ? 'Yes' : 'No');
  await expect(page.locator('[data-field="wheelbase"] dd')).toHaveText(/^[\d,]+ mm$/);
  // A petrol row an electric vehicle leaves empty is not shown at all.
  await expect(page.locator('[data-field="euro_standard"]')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: info.outputPath('sheet-en-1366.png'), fullPage: true });

  // French: "ch", not "hp", and French digits.
  await page.goto(`/vehicles/${a.id}?lng=fr_FR`);
  const puissance = page.getByRole('region', { name: 'Électrique et puissance' });
  await expect(puissance.locator('[data-field="din_power"] dd')).toHaveText(`${number(a.din_power ?? 0, 'fr-FR')} ch`);
  await expect(puissance.locator('[data-field="battery_consumption"] dd')).toHaveText(
    `${number(a.battery_consumption ?? 0, 'fr-FR')} kWh/100 km`,
  );
  await expect(puissance.locator('[data-field="fast_charging"] dd')).toHaveText(a.fast_charging ? 'Oui' : 'Non');
  await expect(page.getByRole('heading', { level: 2, name: 'Historique et environnement' })).toBeVisible();

  // Arabic on a phone: right to left, Arabic words in Western digits (one digit system per locale, the
  // one of titles and models), no sideways scrolling, accessible.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ar = await phone.newPage();
  await ar.goto(`/vehicles/${a.id}?lng=ar_SA`);
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  const arPower = ar.getByRole('region', { name: 'الكهرباء والقوة' });
  await expect(arPower.locator('[data-field="din_power"] dd')).toHaveText(`${number(a.din_power ?? 0, 'en-US')} حصان`);
  await expect(arPower.locator('[data-field="battery_capacity"] dd')).toHaveText(
    `${number(a.battery_capacity ?? 0, 'en-US')} كيلوواط ساعة`,
  );
  await expect(arPower.locator('[data-field="fast_charging"] dd')).toHaveText(a.fast_charging ? 'نعم' : 'لا');
  expect(await ar.locator('main').textContent(), 'Arabic-Indic digits beside Western ones').not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
  expect(await noSideways(ar)).toBe(true);
  await expectAccessible(ar);
  await ar.screenshot({ path: info.outputPath('sheet-ar-390.png'), fullPage: true });
  await ar.setViewportSize({ width: 320, height: 844 });
  expect(await noSideways(ar), 'the vehicle page at 320 px scrolls sideways').toBe(true);

  // Compare, wide: the sheet's rows side by side, the differing ones marked in words.
  await page.goto(`/compare?ids=${a.id},${b.id}&lng=en_US`);
  const table = page.getByRole('region', { name: 'Comparison table (scrolls sideways)' });
  await expect(table.getByRole('rowheader', { name: /^DIN power/ })).toBeVisible();
  const din = table.locator('tr[data-field="din_power"]');
  await expect(din).toHaveClass(/differs/);
  await expect(din.getByRole('rowheader')).toHaveText('DIN power Differs');
  await expect(din.locator('td')).toHaveText([`${number(a.din_power ?? 0, 'en-US')} hp`, `${number(b.din_power ?? 0, 'en-US')} hp`]);
  if (a.critair === b.critair) {
    await expect(table.locator('tr[data-field="critair"]')).not.toHaveClass(/differs/);
    await expect(table.locator('tr[data-field="critair"] th')).not.toContainText('Differs');
  }
  await expect(table.getByRole('rowheader', { name: 'Dimensions' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: info.outputPath('compare-en-1366.png'), fullPage: true });

  // Compare on phones, in English and Arabic: the page never scrolls sideways, the table's own box does,
  // and the labels stay put while it scrolls.
  for (const [lng, width, name] of [
    ['en_US', 390, 'Comparison table (scrolls sideways)'],
    ['en_US', 320, 'Comparison table (scrolls sideways)'],
    ['ar_SA', 390, 'جدول المقارنة (يمرر أفقيًا)'],
    ['ar_SA', 320, 'جدول المقارنة (يمرر أفقيًا)'],
  ] as const) {
    await ar.setViewportSize({ width, height: 844 });
    await ar.goto(`/compare?ids=${a.id},${b.id}&lng=${lng}`);
    const box = ar.getByRole('region', { name });
    await expect(box).toBeVisible();
    expect(await noSideways(ar), `${lng} at ${width} px: the page scrolls sideways`).toBe(true);
    await expect(box).toHaveAttribute('tabindex', '0');
    // At 390 px two vehicles fit beside the labels (issue 33); at 320 px the table box scrolls.
    const scrolls = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls, `${lng} at ${width} px: the table box scrolls`).toBe(width === 320);
    if (!scrolls) {
      await expect(box.locator('tr[data-field="din_power"]')).toHaveClass(/differs/);
      await expectAccessible(ar);
      await ar.screenshot({ path: info.outputPath(`compare-${lng}-${width}.png`), fullPage: true });
      continue;
    }
    const label = box.locator('tr[data-field="din_power"] th');
    const before = await label.boundingBox();
    // Keyboard users scroll the focused box with the arrow keys (towards the end of the line in either direction).
    await box.focus();
    await ar.keyboard.press(lng === 'ar_SA' ? 'ArrowLeft' : 'ArrowRight');
    await box.evaluate((el) => {
      el.scrollLeft = document.dir === 'rtl' ? -el.scrollWidth : el.scrollWidth;
    });
    await expect.poll(() => box.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(0);
    const after = await label.boundingBox();
    expect(after?.x, `${lng} at ${width} px: the label column is sticky`).toBeCloseTo(before?.x ?? -1, 0);
  }

  await ar.goto(`/compare?ids=${a.id},${b.id}&lng=ar_SA`);
  await ar.setViewportSize({ width: 1366, height: 900 });
  await ar.screenshot({ path: info.outputPath('compare-ar-1366.png'), fullPage: true });
  await ar.goto(`/vehicles/${a.id}?lng=ar_SA`);
  await ar.screenshot({ path: info.outputPath('sheet-ar-1366.png'), fullPage: true });
  await phone.close();
  await context.close();
});
