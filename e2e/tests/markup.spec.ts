import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALES, type Locale } from '@autoroute/locales/meta';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, publicPages, signedGet, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 16: every storefront page is valid HTML (the W3C Nu HTML Checker finds no error in any
// locale, signed in or not), and runs its inline scripts under a policy without 'unsafe-inline'.
const SELLER = { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' };
const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

/** The public pages (fixtures.ts), and the search and compare pages as a bad or empty URL leaves them. */
async function publicPaths(page: Page): Promise<string[]> {
  return [...(await publicPages(page)), '/vehicles?minYear=abc', '/vehicles?page=999', '/compare'];
}

/** The pages of a signed-in member, and public ones as a member sees them. */
async function memberPaths(page: Page): Promise<string[]> {
  await page.goto('/my/');
  const edit = await page.locator('a[href$="/edit"][href^="/my/"]').first().getAttribute('href');
  expect(edit).toBeTruthy();
  // A saved search, so that its list is checked as well as its empty state.
  await signedRequest(page, 'POST', '/api/v1/me/saved-searches', {
    json: { name: 'Estates & more', query: { q: 'estate', includeSold: 'true', minYear: 2015 }, frequency: 'off' },
  });
  return [
    '/',
    '/vehicles',
    '/favorites/',
    '/favorites/?tab=likes',
    '/saved-searches/',
    '/notifications/',
    '/messages/',
    '/messages/?c=999999',
    '/messages/guest/?t=1.1.x',
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
    '/billing/',
    '/no/such/page',
  ];
}

const inLocale = (p: string, lng: Locale) => `${p}${p.includes('?') ? '&' : '?'}lng=${lng}`;

interface Fetched {
  url: string;
  html: string;
  csp: string;
}

async function fetchAll(request: APIRequestContext, urls: string[]): Promise<Fetched[]> {
  const pages: Fetched[] = [];
  for (const url of urls) {
    const response = await request.get(url);
    expect(response.headers()['content-type'], `${url} (${response.status()})`).toContain('text/html');
    pages.push({ url, html: await response.text(), csp: response.headers()['content-security-policy'] ?? '' });
  }
  return pages;
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** One JVM for every page (it is slow to start): the checker's messages, by the page they are about. */
function validate(pages: Fetched[]): { url: string; message: VnuMessage }[] {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0)
    throw new Error('The HTML check needs Java 17 or later as `java` on the PATH (the Nu HTML Checker, vnu.jar, runs on it).');
  const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-vnu-'));
  try {
    const files = pages.map((p, i) => {
      const file = path.join(dir, `page-${i}.html`);
      writeFileSync(file, p.html);
      return file;
    });
    const run = spawnSync('java', ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--stdout', ...files], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error) throw run.error;
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    // The checker names a file `file:/…`: matched by its name.
    const byName = new Map(files.map((f, i) => [path.basename(f), pages[i]?.url ?? f]));
    return messages.map((message) => ({ url: byName.get(path.basename(message.url ?? '')) ?? message.url ?? '?', message }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The scripts a page runs from its own text (data blocks such as JSON and JSON-LD run nothing). */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    scripts.push(body);
  }
  return scripts;
}

/** How many times each text occurs. */
const counted = (texts: string[]) =>
  texts.reduce((counts, text) => counts.set(text, (counts.get(text) ?? 0) + 1), new Map<string, number>());

const scriptSources = (csp: string) =>
  (
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src') ?? []
  ).slice(1);

test('every page is valid HTML in every language, signed in or not, and allows exactly its inline scripts', async ({ page }) => {
  test.setTimeout(600_000);
  const pages: Fetched[] = [];
  const publicOnes = await publicPaths(page);
  pages.push(
    ...(await fetchAll(
      page.request,
      LOCALES.flatMap((lng) => publicOnes.map((p) => inLocale(p, lng))),
    )),
  );
  await page.goto('/sign-in?lng=en_US');
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/$/);
  const memberOnes = await memberPaths(page);
  const members = await fetchAll(
    page.request,
    LOCALES.flatMap((lng) => memberOnes.map((p) => inLocale(p, lng))),
  );
  // Still signed in: the member's pages were the member's, not the sign-in page.
  expect(members.find((p) => p.url.startsWith('/settings/account'))?.html).toMatch(/data-signed-in="?true/);
  pages.push(...members.map((p) => ({ ...p, url: `${p.url} (signed in)` })));

  // The policy: no 'unsafe-inline' for scripts, and the hash of every inline script the page runs.
  const unlisted = pages.flatMap(({ url, html, csp }) => {
    const sources = scriptSources(csp);
    if (sources.length === 0 || sources.includes("'unsafe-inline'")) return [`${url}: script-src is "${sources.join(' ')}"`];
    if (!/(^|;\s*)object-src 'none'/.test(csp)) return [`${url}: no object-src 'none'`];
    return inlineScripts(html)
      .filter((body) => !sources.includes(`'sha256-${createHash('sha256').update(body).digest('base64')}'`))
      .map((body) => `${url}: an inline script is not in the policy: ${body.slice(0, 80)}…`);
  });
  expect.soft(unlisted, 'inline scripts the page policy does not allow').toEqual([]);

  const messages = validate(pages);
  const errors = messages.filter(({ message: m }) => m.type !== 'info');
  const warnings = messages.filter(({ message: m }) => m.type === 'info' && m.subType === 'warning');
  const line = ({ url, message: m }: { url: string; message: VnuMessage }) =>
    `${url}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` — ${m.extract.replace(/\s+/g, ' ').slice(0, 120)}` : ''}`;
  console.log(
    `Nu HTML Checker: ${pages.length} pages, ${errors.length} errors, ${warnings.length} warnings${
      warnings.length ? `:\n${[...counted(warnings.map((w) => w.message.message))].map(([w, n]) => `  ${n} × ${w}`).join('\n')}` : ''
    }`,
  );
  expect(errors.map(line), "the Nu HTML Checker's errors").toEqual([]);
});

test('the inline scripts run under the page policy in Chromium', async ({ page }) => {
  const t = texts('ar_SA');
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto('/?lng=ar_SA');
  const list = await signedGet<{ data: { id: number }[] }>(page, '/api/v1/vehicles?perPage=1');
  // The head script ran: it marks the page as scripted and sets the theme.
  await expect(page.locator('html')).toHaveClass(/\bjs\b/);
  // The header script ran: the theme menu's choices say which one is on.
  await expect(page.locator('[data-theme-choice="light"]').first()).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/vehicles?lng=ar_SA');
  await expect(page.locator('[data-results-count]')).toBeVisible();
  await page.goto(`/vehicles/${list.data[0]?.id}?lng=ar_SA`);
  // The gallery's inline script shows one picture at a time.
  await expect(page.locator('[data-gallery][data-ready]')).toHaveCount(1);
  // An island (the sign-in form) hydrates: Astro's own inline scripts are allowed too.
  await page.goto('/sign-in?lng=ar_SA');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.goto('/404?lng=ar_SA');
  await page.getByRole('button', { name: t('errors.back') }).click();
  await expect(page).not.toHaveURL(/\/404/);
  expect(violations).toEqual([]);
});

test('a plain HTTP server sends no HSTS, even when a request claims https through an untrusted proxy', async ({ request }) => {
  for (const url of ['/', '/vehicles', '/favicon.svg', '/admin/', '/api/v1/health']) {
    const answer = await request.get(url, { headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.headers()['strict-transport-security'], url).toBeUndefined();
  }
});

test('the settings form takes only http and https profile links, and says so in the page language', async ({ page }) => {
  const t = texts('ar_SA');
  await page.goto('/sign-in?lng=ar_SA');
  await signIn(page, SELLER, t);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings/?lng=ar_SA');
  await hydrated(page);
  const links = page.getByLabel(t('settings.form.urls'));
  await links.fill('https://example.test/me javascript:alert(document.cookie)');
  await page.getByRole('button', { name: t('settings.form.save') }).click();
  await expect(page.getByText(t('settings.form.urlScheme'))).toBeVisible();
  await expect(links).toBeFocused();
});
