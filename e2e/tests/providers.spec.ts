import { createRequire } from 'node:module';
import { latestCode } from '@autoroute/api/testing-outbox';
import type { Locale } from '@autoroute/locales/meta';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, expectAccessible, hydrated, signedGet, signedRequest, test, texts } from '../fixtures.ts';

const dataDir = () => process.env.E2E_DATA_DIR as string;
const require = createRequire(import.meta.url);

/** A new member, signed up and verified through the code in the outbox; the page stays signed in. */
async function newMember(page: Page, stamp: number, phone: string) {
  const email = `linus.${stamp}@example.test`;
  await page.goto('/sign-up?lng=en_US');
  await hydrated(page);
  await page.getByLabel('First name').fill('Linus');
  await page.getByLabel('Last name').fill('Pauling');
  await page.getByLabel('Username').fill(`linus${stamp % 100000}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('vitamin passphrase 2026');
  await page.getByLabel('Confirm password').fill('vitamin passphrase 2026');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await page.getByLabel('6-digit code').fill(latestCode(dataDir(), email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  return email;
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `page wider than ${client} px`).toBeLessThanOrEqual(client);
}

// Issue 13's notification providers (SPEC §4): linked or not, linking with a code sent over the
// provider, the notifiable switch, unlinking after a confirmation; once in English on a desktop
// window, once in Arabic on a phone.
const RUNS: { locale: 'en_US' | 'ar_SA'; width: number; other: number }[] = [
  { locale: 'en_US', width: 1366, other: 390 },
  { locale: 'ar_SA', width: 390, other: 1366 },
];

/** The providers' names as the seed gives them in each language of the runs. */
const PROVIDER_NAMES: Record<'en_US' | 'ar_SA', Record<'email' | 'sms' | 'whatsapp' | 'telegram', string>> = {
  en_US: { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp', telegram: 'Telegram' },
  ar_SA: { email: 'البريد الإلكتروني', sms: 'رسائل SMS', whatsapp: 'واتساب', telegram: 'تيليجرام' },
};

for (const { locale, width, other } of RUNS) {
  test(`links SMS with the code sent to the phone, switches and unlinks it (${locale}, ${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = texts(locale);
    const p = (key: string, values: Record<string, string> = {}) => t(`settings.providers.${key}`, values);
    const named = PROVIDER_NAMES[locale];
    const stamp = Date.now();
    const phone = `+3361${String(stamp).slice(-7)}`;
    await page.setViewportSize({ width, height: 900 });
    await newMember(page, stamp, phone);

    // Every provider the administrator offers, none linked yet.
    await page.goto(`/settings/notifications?lng=${locale}`);
    if (locale === 'ar_SA') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await hydrated(page);
    const section = page.getByRole('region', { name: p('providersTitle') });
    await expect(section).toBeVisible();
    const rows = section.getByRole('listitem');
    await expect(rows).toHaveCount(4);
    const sms = rows.filter({ has: page.getByRole('heading', { name: named.sms, exact: true }) });
    for (const name of [named.sms, named.whatsapp]) {
      const row = rows.filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(row.getByText(p('notLinked'), { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: p('link', { name }) })).toBeVisible();
    }
    // The verified address is the email channel already; Telegram, not delivered here, says so (issue 33).
    const email = rows.filter({ has: page.getByRole('heading', { name: named.email, exact: true }) });
    await expect(email.getByText(p('verified'), { exact: true })).toBeVisible();
    await expect(email.getByRole('button')).toHaveCount(0);
    const telegram = rows.filter({ has: page.getByRole('heading', { name: named.telegram, exact: true }) });
    await expect(telegram.getByText(p('notAvailable'), { exact: true })).toBeVisible();
    await expect(telegram.getByText(p('notAvailableAbout', { name: named.telegram }))).toBeVisible();
    await expect(telegram.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);

    // Linking SMS: the profile's number is offered, the code goes there; the page's clock is ours
    // from here, so the resend countdown is skipped rather than waited for.
    await page.clock.install();
    await sms.getByRole('button', { name: p('link', { name: named.sms }) }).click();
    await expect(sms.getByLabel(p('phoneToLink', { name: named.sms }))).toHaveValue(phone);
    await sms.getByRole('button', { name: t('auth.form.sendCode') }).click();
    await expect(sms.getByText(p('codeSentTo', { name: named.sms, address: `\u2068${phone}\u2069` }))).toBeVisible();
    await expect(sms.getByText(t('auth.form.resendIn', { seconds: 60 }))).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/providers-code-${locale}-${width}.png`, fullPage: true });

    // A wrong code is refused and said so; a new code is sent, and the old one no longer works.
    const first = latestCode(dataDir(), phone);
    const wrong = first === '000000' ? '111111' : '000000';
    await sms.getByLabel(t('auth.form.code')).fill(wrong);
    await sms.getByRole('button', { name: t('auth.form.verify') }).click();
    const refused = sms.getByRole('alert').filter({ hasText: new RegExp(`^${refusal(locale)}$`) });
    await expect(refused).toBeVisible();
    await page.clock.fastForward('01:05');
    await sms.getByRole('button', { name: t('auth.form.resend') }).click();
    await expect(page.getByText(t('auth.form.resent'))).toBeVisible();
    await expect(refused).toHaveCount(0);
    await expect.poll(() => latestCode(dataDir(), phone)).not.toBe(first);
    await sms.getByLabel(t('auth.form.code')).fill(latestCode(dataDir(), phone));
    await sms.getByRole('button', { name: t('auth.form.verify') }).click();
    await expect(page.getByText(p('linkedDone', { name: named.sms }))).toBeVisible();
    await expect(sms.getByText(p('linked'), { exact: true })).toBeVisible();
    await expect(sms.getByText(phone)).toBeVisible();

    // Notices by SMS off, and the choice kept.
    const notify = sms.getByRole('switch', { name: p('notifyHere', { name: named.sms }) });
    await expect(notify).toBeChecked();
    await notify.click();
    await expect(page.getByText(p('notifyOff', { name: named.sms }))).toBeVisible();
    await expect(notify).not.toBeChecked();
    await page.reload();
    await hydrated(page);
    await expect(sms.getByText(p('linked'), { exact: true })).toBeVisible();
    await expect(notify).not.toBeChecked();
    await expectAccessible(page);

    // The other width, and 320 px: nothing scrolls sideways.
    for (const w of [other, 320]) {
      await page.setViewportSize({ width: w, height: 900 });
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/providers-linked-${locale}-${w}.png`, fullPage: true });
    }
    await expectAccessible(page);
    await page.setViewportSize({ width, height: 900 });

    // Unlinking asks first: cancelling keeps the link, confirming ends it, for good.
    const unlink = sms.getByRole('button', { name: p('unlink', { name: named.sms }) });
    await unlink.click();
    const confirm = page.getByRole('dialog', { name: p('confirmUnlinkTitle', { name: named.sms }) });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText(p('confirmUnlinkBody', { name: named.sms }))).toBeVisible();
    await confirm.getByRole('button', { name: p('cancel'), exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(sms.getByText(p('linked'), { exact: true })).toBeVisible();
    await unlink.click();
    await confirm.getByRole('button', { name: p('unlink', { name: named.sms }) }).click();
    await expect(page.getByText(p('unlinkedDone', { name: named.sms }))).toBeVisible();
    await expect(sms.getByText(p('notLinked'), { exact: true })).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(sms.getByText(p('notLinked'), { exact: true })).toBeVisible();
    await expect(sms.getByRole('switch')).toHaveCount(0);
  });
}

type ProviderRecord = { id: number; code: string; name: string; description: string | null; descriptionI18n: unknown; nameI18n: unknown };

// The administrator withdraws a provider while a member is linking it, then every other one; the
// providers come back as they were whatever happens, for the journeys that follow.
test('a provider withdrawn while linking is said so, and no provider at all leaves an empty state', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const t = texts('en_US');
  const p = (key: string, values: Record<string, string> = {}) => t(`settings.providers.${key}`, values);
  const stamp = Date.now();
  const phone = `+3362${String(stamp).slice(-7)}`;
  await page.setViewportSize({ width: 390, height: 900 });
  await newMember(page, stamp, phone);

  const office = await browser.newContext();
  const admin = await office.newPage();
  await admin.goto('/?lng=en_US');
  await signedRequest(admin, 'POST', '/api/v1/auth/login', { json: E2E_ADMIN });
  const offered = await signedGet<ProviderRecord[]>(admin, '/api/v1/admin/providers?range=[0,49]');
  expect(offered.map((r) => r.code).sort()).toEqual(['email', 'sms', 'telegram', 'whatsapp']);
  const removed: ProviderRecord[] = [];
  const withdraw = async (record: ProviderRecord) => {
    await signedRequest(admin, 'DELETE', `/api/v1/admin/providers/${record.id}`);
    removed.push(record);
  };
  try {
    await page.goto('/settings/notifications?lng=en_US');
    await hydrated(page);
    const rows = page.getByRole('region', { name: p('providersTitle') }).getByRole('listitem');
    const whatsapp = rows.filter({ has: page.getByRole('heading', { name: 'WhatsApp', exact: true }) });
    await whatsapp.getByRole('button', { name: p('link', { name: 'WhatsApp' }) }).click();
    await whatsapp.getByRole('button', { name: t('auth.form.sendCode') }).click();
    await expect(whatsapp.getByText(p('codeSentTo', { name: 'WhatsApp', address: `\u2068${phone}\u2069` }))).toBeVisible();

    // Withdrawn between the code and its check: the right code cannot link it, and the page says what to do.
    await withdraw(offered.find((r) => r.code === 'whatsapp')!);
    await whatsapp.getByLabel(t('auth.form.code')).fill(latestCode(dataDir(), phone));
    await whatsapp.getByRole('button', { name: t('auth.form.verify') }).click();
    const gone = (require('@autoroute/locales/en_US.json') as { api: { errors: { PROVIDER_NOT_FOUND: string } } }).api.errors
      .PROVIDER_NOT_FOUND;
    await expect(whatsapp.getByText(gone)).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await hydrated(page);
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'WhatsApp', exact: true })).toHaveCount(0);

    // None offered: an empty state, not an empty list.
    for (const record of offered.filter((r) => r.code !== 'whatsapp')) await withdraw(record);
    await page.reload();
    await hydrated(page);
    await expect(page.getByText(p('providersNone'))).toBeVisible();
    await expect(rows).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  } finally {
    for (const { code, name, nameI18n, description, descriptionI18n } of removed) {
      await signedRequest(admin, 'POST', '/api/v1/admin/providers', { json: { code, name, nameI18n, description, descriptionI18n } });
    }
    const back = await signedGet<ProviderRecord[]>(admin, '/api/v1/admin/providers?range=[0,49]');
    expect(back.map((r) => r.code).sort()).toEqual(['email', 'sms', 'telegram', 'whatsapp']);
    await office.close();
  }
});

/** The API's message for a wrong code, in the page's language. */
function refusal(locale: Locale): string {
  const text = (require(`@autoroute/locales/${locale}.json`) as { api: { errors: { CODE_INVALID: string } } }).api.errors.CODE_INVALID;
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
