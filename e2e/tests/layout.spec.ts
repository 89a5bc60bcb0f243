import type { Page } from '@playwright/test';
import { expect, expectAccessible, publicPages, signedGet, signIn, test, texts } from '../fixtures.ts';

// Issue 13: the storefront on phones. No page scrolls sideways at 320 px; the header is one row with a
// menu button on phones and the full navigation on a desktop.
const SELLER = { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' };

/**
 * The pages whose width goes beyond the viewport's, or that write Arabic-Indic digits (every locale
 * writes one digit system, Western in Arabic as in titles and models: locales/meta.ts formatTag),
 * each named by its address.
 */
async function faulty(page: Page, paths: string[]): Promise<string[]> {
  const faults: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('load');
    const { scroll, inner, text } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
      text: document.body.textContent ?? '',
    }));
    if (scroll > inner) faults.push(`${path} (${scroll} px wide in ${inner} px)`);
    const digits = text.match(/\S*[\u0660-\u0669\u06F0-\u06F9]\S*/u);
    if (digits) faults.push(`${path} (writes "${digits[0]}")`);
  }
  return faults;
}

/** Each page in English, in German (the longest words) and in Arabic (right to left). */
const inBothLanguages = (paths: string[]) =>
  ['en_US', 'de_DE', 'ar_SA'].flatMap((lng) => paths.map((p) => `${p}${p.includes('?') ? '&' : '?'}lng=${lng}`));

test.describe('at 320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no public page scrolls sideways or mixes digit systems, in English, German or Arabic', async ({ page }) => {
    const paths = await publicPages(page);
    expect(await faulty(page, inBothLanguages(paths)), 'pages wider than the screen, or in Arabic-Indic digits').toEqual([]);
  });

  test('no signed-in page scrolls sideways or mixes digit systems, in English, German or Arabic', async ({ page }) => {
    await page.goto('/sign-in?lng=en_US');
    await signIn(page, SELLER);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/my/');
    const edit = await page.locator('a[href$="/edit"][href^="/my/"]').first().getAttribute('href');
    const paths = [
      '/favorites/',
      '/favorites/?tab=likes',
      '/notifications/',
      '/messages/',
      '/settings/',
      '/settings/account',
      '/settings/appearance',
      '/settings/billing',
      '/settings/notifications',
      '/settings/display',
      '/my/',
      '/my/new',
      ...(edit ? [edit, edit.replace(/edit$/, 'stats')] : []),
      '/email',
      '/logout/',
      '/billing/',
    ];
    expect(await faulty(page, inBothLanguages(paths)), 'pages wider than the screen, or in Arabic-Indic digits').toEqual([]);
  });
});

/** The header's height and the bottom of its box, in CSS pixels. */
async function headerBox(page: Page) {
  const box = await page.getByRole('banner').boundingBox();
  expect(box).not.toBeNull();
  return { height: box?.height ?? 0, bottom: (box?.y ?? 0) + (box?.height ?? 0) };
}

test.describe('the phone header', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const lng of ['en_US', 'ar_SA'] as const) {
    test(`is one row whose menu button discloses the navigation (${lng})`, async ({ page }) => {
      const t = texts(lng);
      await page.goto(`/?lng=${lng}`);
      expect((await headerBox(page)).height).toBeLessThan(72);
      const button = page.getByRole('banner').getByRole('button', { name: t('nav.menu') });
      const nav = page.getByRole('navigation', { name: t('nav.mainMenu') });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toHaveAttribute('aria-controls', 'site-nav');
      await expect(nav).toBeHidden();
      // Right to left in Arabic: the logo starts the line, the button ends it.
      const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
      const toggle = await button.boundingBox();
      if (lng === 'ar_SA') expect(toggle?.x ?? 0).toBeLessThan(logo?.x ?? 0);
      else expect(toggle?.x ?? 0).toBeGreaterThan(logo?.x ?? 0);
      await expectAccessible(page);

      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(nav).toBeVisible();
      for (const name of [t('nav.search'), t('nav.plans'), t('nav.signIn'), t('nav.signUp')])
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expectAccessible(page);

      // Tab goes through the open menu and back to its button, both ways: focus stays inside.
      await expect(button).toBeFocused();
      const stops = await nav.locator('a:visible, summary:visible, button:visible').count();
      expect(stops).toBeGreaterThanOrEqual(6);
      for (let i = 0; i < stops; i++) {
        await page.keyboard.press('Tab');
        expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Tab');
      await expect(button).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(nav.getByRole('link', { name: t('nav.signUp') })).toBeFocused();

      // Escape closes it and gives focus back to the button.
      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(nav).toBeHidden();
      await expect(button).toBeFocused();

      // Its links lead where they say.
      await button.click();
      await nav.getByRole('link', { name: t('nav.plans') }).click();
      await expect(page).toHaveURL(/\/billing\/$/);
    });
  }

  test('keeps the unread badge in the bar and the account menu in the navigation when signed in', async ({ page }) => {
    const t = texts('en_US');
    await page.goto('/sign-in?lng=en_US');
    await signIn(page, SELLER);
    await expect(page).toHaveURL(/\/$/);
    expect((await headerBox(page)).height).toBeLessThan(72);
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    await expect(bar.getByRole('link', { name: /^Notifications/ })).toHaveCount(1);
    const button = bar.getByRole('button', { name: t('nav.menu') });
    await button.click();
    const nav = page.getByRole('navigation', { name: t('nav.mainMenu') });
    // The navigation lists Messages and Notifications too (issue 33), beside the bar's icons.
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toHaveCount(1);
    await expect(nav.getByRole('link', { name: /^Messages/ })).toHaveCount(1);
    await nav.getByText(t('nav.account')).click();
    await expect(nav.getByRole('link', { name: t('nav.settings') })).toBeVisible();
    await expect(bar.getByRole('link', { name: /^Notifications/ })).toHaveCount(2);
    await expectAccessible(page);
    // The first Escape closes the account menu, the second the navigation.
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: t('nav.settings') })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('reaches every link without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const t = texts('en_US');
    await page.goto('/?lng=en_US');
    const nav = page.getByRole('navigation', { name: t('nav.mainMenu') });
    for (const name of [t('nav.search'), t('nav.plans'), t('nav.signIn'), t('nav.signUp')])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('nav.menu') })).toBeHidden();
    await context.close();
  });
});

test.describe('the desktop header', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('shows the navigation without a menu button', async ({ page }) => {
    const t = texts('en_US');
    await page.goto('/?lng=en_US');
    await expect(page.getByRole('button', { name: t('nav.menu') })).toBeHidden();
    const nav = page.getByRole('navigation', { name: t('nav.mainMenu') });
    for (const name of [t('nav.search'), t('nav.plans'), t('nav.signIn'), t('nav.signUp')])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    expect((await headerBox(page)).height).toBeLessThan(72);
  });
});

// Issue 13 item 6: on a phone, neither the sticky header nor a toast hides what the visitor works with.
test.describe('the vehicle page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lets a focused contact field show below the header after an empty submit', async ({ page }) => {
    const t = texts('en_US');
    await page.goto('/?lng=en_US');
    const list = await signedGet<{ data: { id: number }[] }>(page, '/api/v1/vehicles?perPage=1');
    await page.goto(`/vehicles/${list.data[0]?.id}?lng=en_US`);
    const first = page.getByLabel(t('vehicle.contact.firstName'));
    // The first field just under the sticky header, the send button on screen: no click needs to scroll.
    await first.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 20));
    await page.getByRole('button', { name: t('vehicle.contact.send') }).evaluate((el: HTMLElement) => el.click());
    await expect(first).toBeFocused();
    const top = await first.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual((await headerBox(page)).bottom);
  });

  test('shows toasts where they cover no share button', async ({ page, context }) => {
    const t = texts('en_US');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/?lng=en_US');
    const list = await signedGet<{ data: { id: number }[] }>(page, '/api/v1/vehicles?perPage=1');
    await page.goto(`/vehicles/${list.data[0]?.id}?lng=en_US`);
    const share = page.getByRole('group', { name: t('vehicle.share') });
    // The share buttons at the bottom of the screen, where a bottom-corner toast would land: a phone of
    // that height, or the page scrolled that far.
    const bottom = await share.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    if (bottom + 8 < 844) await page.setViewportSize({ width: 390, height: Math.round(bottom + 8) });
    else await page.evaluate((y) => window.scrollTo(0, y - window.innerHeight + 8), bottom);
    await share.getByRole('button', { name: t('vehicle.copyLink') }).click();
    const shown = page.locator('.toaster .toast').first();
    await expect(shown).toBeVisible();
    const [a, b] = [await shown.boundingBox(), await share.boundingBox()];
    if (!a || !b) throw new Error('no box');
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps, 'the toast covers the share buttons').toBe(false);
  });
});
