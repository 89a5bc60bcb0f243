import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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

/** The page's islands answer once hydrated (Astro drops their `ssr` mark then): wait before typing into a form. */
export const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

/** A GET signed as the storefront's islands sign theirs (SPEC §7). */
export async function signedGet<T>(page: Page, url: string): Promise<T> {
  const key = (await page.locator('meta[name="api-signing-key"]').getAttribute('content')) ?? '';
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', key).update(timestamp).digest('base64');
  const response = await page.request.get(url, { headers: { 'x-timestamp': timestamp, 'x-signature': signature } });
  expect(response.ok(), `GET ${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export const test = base;
export { expect };
