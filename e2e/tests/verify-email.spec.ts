import { latestLink } from '@autoroute/api/testing-outbox';
import type { Locale } from '@autoroute/locales';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 33 item 6: an unverified member is told so on every page, with the way to verify; the mailed
// link finishes verification in another browser than the one that asked; the toast says "Email verified".
interface Run {
  name: string;
  locale: Locale;
  viewport: { width: number; height: number };
}
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const RUNS: Run[] = [
  { name: 'in English on a desktop', locale: 'en_US', viewport: DESKTOP },
  { name: 'in French on a phone', locale: 'fr_FR', viewport: PHONE },
  { name: 'in Arabic on a phone, the notice on a desktop too', locale: 'ar_SA', viewport: PHONE },
];

/** A member who signed up (SPEC's sign-up fields) and never typed their code. */
async function unverifiedMember(page: Page, locale: Locale) {
  const n = `verify${Date.now()}`;
  const account = {
    email: `${n}@example.test`,
    password: 'a long enough passphrase',
    username: n,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '+33 6 12 34 56 78',
  };
  await page.goto(`/?lng=${locale}`);
  await signedRequest(page, 'POST', '/api/v1/auth/signup', { json: account });
  return account;
}

async function journey(browser: Browser, baseURL: string | undefined, run: Run) {
  const t = texts(run.locale);
  const page = await (await browser.newContext({ baseURL, viewport: run.viewport })).newPage();
  const account = await unverifiedMember(page, run.locale);

  // Signed in without having verified: every page says so and leads to the verify page.
  await page.goto(`/sign-in?lng=${run.locale}&redirect=%2Ffavorites%2F`);
  await signIn(page, account, t);
  await expect(page).toHaveURL(/\/favorites\/$/);
  const notice = page.getByText(t('auth.email.unverified', { email: `\u2068${account.email}\u2069` }));
  await expect(notice).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`unverified-${run.locale}-${run.viewport.width}.png`) });
  if (run.locale === 'ar_SA') {
    await page.setViewportSize(DESKTOP);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('unverified-ar_SA-1366.png') });
    await page.setViewportSize(run.viewport);
  }
  await page.getByRole('link', { name: t('auth.email.verifyNow') }).click();
  await expect(page).toHaveURL(/\/email\?redirect=%2Ffavorites%2F$/);
  await expect(page.getByRole('heading', { level: 1, name: t('auth.email.title') })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // The code is asked for here (and could be again: the code page resends it)…
  await hydrated(page);
  await page.getByRole('button', { name: t('auth.form.sendCode') }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.getByText(t('auth.form.sentTo', { email: account.email }))).toBeVisible();

  // …and the mailed link is opened in another browser, which holds nothing of the flow.
  const link = new URL(latestLink(process.env.E2E_DATA_DIR!, account.email, /https?:\/\/\S+\/otp#\S+/));
  const other = await (await browser.newContext({ baseURL, viewport: run.viewport })).newPage();
  await other.goto(`${link.pathname}?lng=${run.locale}${link.hash}`);
  await hydrated(other);
  // The code is filled in, and the address bar no longer shows it.
  await expect(other.getByLabel(t('auth.form.code'))).toHaveValue(new URLSearchParams(link.hash.slice(1)).get('code')!);
  await expect(other).toHaveURL(/\/otp\?lng=\w+$/);
  await expect(other.getByText(t('auth.form.sentTo', { email: account.email }))).toBeVisible();
  await expectAccessible(other);
  await other.screenshot({ path: test.info().outputPath(`otp-from-link-${run.locale}-${run.viewport.width}.png`) });
  await other.getByRole('button', { name: t('auth.form.verify') }).click();
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByText(t('auth.form.emailVerified'))).toBeVisible();
  await expect(other.getByText(t('auth.form.signedUp'))).toHaveCount(0);
  await expect(other.getByText(t('auth.email.unverified', { email: `\u2068${account.email}\u2069` }))).toHaveCount(0);

  // The first browser, still signed in, is verified too: no more notice, and /email says so.
  await page.goto('/favorites/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.goto('/email');
  await expect(page.getByText(t('auth.email.verified', { email: account.email }))).toBeVisible();
  await other.context().close();
  await page.context().close();
}

test.describe('issue 33 item 6: verifying an account', () => {
  for (const run of RUNS) {
    test(run.name, async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      await journey(browser, baseURL, run);
    });
  }
});
