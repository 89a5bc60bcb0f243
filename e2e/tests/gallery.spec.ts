import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';

/** A listing with more than one picture, opened from the search page. */
async function openListing(page: Page, lng: string) {
  await page.goto(`/vehicles?lng=${lng}`);
  await page.locator('a[href^="/vehicles/"]').first().click();
  await expect(page.locator('[data-gallery][data-ready]')).toBeVisible();
}

for (const { width, height } of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`full screen shows the picture in the middle of the screen and offers a way out (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openListing(page, 'en_US');
    await page.getByRole('button', { name: 'Full screen', exact: true }).click();
    const exit = page.getByRole('button', { name: 'Exit full screen' });
    await expect(exit).toBeVisible();
    const picture = page.locator('[data-slide][data-current] img');
    const box = (await picture.boundingBox())!;
    // As large as the screen allows, centred both ways.
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - height / 2)).toBeLessThan(2);
    expect(box.width === width || box.height === height).toBe(true);
    await expectAccessible(page);
    await exit.click();
    await expect(page.getByRole('button', { name: 'Full screen', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  });
}

test('in Arabic the button says how to leave full screen', async ({ page }) => {
  await openListing(page, 'ar_SA');
  await page.getByRole('button', { name: 'ملء الشاشة', exact: true }).click();
  await expect(page.getByRole('button', { name: 'الخروج من ملء الشاشة' })).toBeVisible();
  await expectAccessible(page);
});
