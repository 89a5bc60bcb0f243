import { createRequire } from 'node:module';
import path from 'node:path';
import { connect } from '@autoroute/db';
import { LOCALE_NAMES, type Locale } from '@autoroute/locales/meta';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import i18next from 'i18next';
import { expectSettledAccessible as accessible, expect, signedHeaders, signInToBackOffice, signingKeyOf, test } from '../fixtures.ts';

// Issue 35 item 2, the console's side: three members report one listing (it is held at once), an
// administrator takes the case from the queue and holds the listing with a ground and the facts; the
// seller appeals, the administrator reverses and the listing is back. In English, then right to left
// in Arabic, at 1366 px.

test.use({ viewport: { width: 1366, height: 768 } });

const require = createRequire(import.meta.url);
const DEMO_PASSWORD = 'demo-seller-2026';
const demo = (username: string) => ({ email: `${username}@demo.autoroute.local`, password: DEMO_PASSWORD });

/** The console's texts in `lng`: ours (backoffice.*, api.*) and a screen's name as the menu shows it. */
function consoleTexts(lng: Locale) {
  const { api, backoffice } = require(`@autoroute/locales/${lng}.json`);
  const i18n = i18next.createInstance();
  i18n.init({
    lng,
    resources: { [lng]: { translation: { ...backoffice, resources: backoffice.resources, api } } },
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  return { t: i18n.t.bind(i18n), screen: (resource: string): string => i18n.t(`resources.${resource}.name`, { count: 2 }) };
}

async function withDb<T>(use: (db: ReturnType<typeof connect>['db']) => Promise<T>): Promise<T> {
  const database = connect(path.join(process.env.E2E_DATA_DIR as string, 'autoroute.db'));
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** A member's API session: signed calls with their bearer token, as the storefront's islands make them. */
async function memberApi(baseURL: string, key: string, who: { email: string; password: string }) {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const login = await context.post('/api/v1/auth/login', {
    headers: await signedHeaders(key, JSON.stringify(who)),
    data: JSON.stringify(who),
  });
  expect(login.ok(), await login.text()).toBe(true);
  const bearer = { authorization: `Bearer ${(await login.json()).security.accessToken}` };
  return {
    post: async (url: string, json: unknown) => {
      const body = JSON.stringify(json);
      const res = await context.post(url, { headers: { ...(await signedHeaders(key, body)), ...bearer }, data: body });
      expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    },
    dispose: () => context.dispose(),
  };
}

/** What a visitor signed in nowhere gets at the listing's public page. */
async function publicStatus(baseURL: string, id: number) {
  const stranger = await playwrightRequest.newContext({ baseURL });
  const res = await stranger.get(`/vehicles/${id}`, { maxRedirects: 0 });
  await stranger.dispose();
  return res.status();
}

async function switchToArabic(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: new RegExp(LOCALE_NAMES.en_US, 'i') }).click();
  await page.getByRole('menuitem', { name: LOCALE_NAMES.ar_SA }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

// Each run reports a listing of another demo seller, by other members (reports are counted per reporter).
const RUNS = [
  { lng: 'en_US', reporters: ['claire.martin', 'lukas.becker', 'lucia.garcia'] },
  { lng: 'ar_SA', reporters: ['marco.rossi', 'emma.peeters', 'noah.muller'] },
] as const;
const REPORTERS: readonly string[] = RUNS.flatMap((r) => r.reporters);

for (const run of RUNS) {
  const { t, screen } = consoleTexts(run.lng);

  test(`${run.lng}: a reported listing is held from the queue, appealed, and reversed`, async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const base = baseURL as string;
    // An online listing of a demo seller no case is about yet, who reports nothing here.
    const listing = await withDb((db) =>
      db
        .selectFrom('vehicles as v')
        .innerJoin('users as u', 'u.id', 'v.owner_id')
        .select(['v.id', 'v.title', 'u.username'])
        .where('u.email', 'like', '%@demo.autoroute.local')
        .where('u.username', 'not in', REPORTERS)
        .where('v.sold', '=', 0)
        .where('v.moderation', '=', 'published')
        .where('u.id', 'not in', (eb) =>
          eb.selectFrom('moderation_cases').select('subject_user_id').where('subject_user_id', 'is not', null),
        )
        .orderBy('v.id')
        .executeTakeFirstOrThrow(),
    );
    expect(await publicStatus(base, listing.id)).toBe(200);

    // Three members report it through the API: the third report holds it until a moderator decides.
    await page.goto('/?lng=en_US');
    const key = await signingKeyOf(page);
    const reasons = ['fraud_or_advance_payment', 'misleading_price', 'fraud_or_advance_payment'] as const;
    for (const [i, reporter] of run.reporters.entries()) {
      const member = await memberApi(base, key, demo(reporter));
      await member.post('/api/v1/reports', {
        targetKind: 'listing',
        targetId: listing.id,
        reason: reasons[i],
        details: 'The seller asks for a deposit by wire transfer before any viewing.',
        goodFaith: true,
      });
      await member.dispose();
    }
    const caseId = await withDb(async (db) => {
      const row = await db
        .selectFrom('moderation_cases')
        .select('id')
        .where('target_kind', '=', 'listing')
        .where('target_id', '=', listing.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return row.id;
    });

    // The administrator opens the queue: the case is there, with its reasons translated.
    await signInToBackOffice(page);
    if (run.lng === 'ar_SA') await switchToArabic(page);
    await page
      .getByRole('menu')
      .first()
      .getByRole('menuitem', { name: screen('moderation-cases'), exact: true })
      .click();
    const row = page.getByRole('row').filter({ hasText: listing.title });
    await expect(row).toContainText(t('moderation.reasons.fraud_or_advance_payment'));
    await expect(row).toContainText(t('moderation.status.open'));
    await expect(row.getByRole('link', { name: t('moderation.publicPage', { label: listing.title }) })).toHaveAttribute(
      'href',
      `/vehicles/${listing.id}`,
    );
    await accessible(page);
    await page.screenshot({ path: test.info().outputPath(`queue-${run.lng}.png`), fullPage: true });

    // The case: its reports and the automated hold in its history.
    await row.getByRole('cell').first().click();
    await expect(page).toHaveURL(new RegExp(`#/moderation-cases/${caseId}/show$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(listing.title);
    await expect(page.getByRole('region', { name: `${t('moderation.reports')} (3)` })).toBeVisible();
    await expect(page.getByRole('region', { name: t('moderation.history') })).toContainText(t('moderation.automated'));
    await page.getByRole('button', { name: t('moderation.take') }).click();
    await expect(page.getByRole('alert').last()).toContainText(t('moderation.taken', { id: caseId }));
    await expect(page.getByText(t('moderation.status.in_review'), { exact: true }).first()).toBeVisible();

    // A decision: hold, with its ground and the facts; a restriction is confirmed first.
    const form = page.getByRole('region', { name: t('moderation.decide') });
    await form.getByRole('radio', { name: t('moderation.actions.hold') }).check();
    await form.getByRole('button', { name: t('moderation.send') }).click();
    await expect(form.getByText(t('api.moderation.groundRequired'))).toBeVisible();
    await form.getByRole('combobox', { name: t('moderation.ground') }).click();
    await page.getByRole('option', { name: t('api.moderation.grounds.terms_fraud.label') }).click();
    // The menu fades out: its options, half transparent meanwhile, are no text to check the contrast of.
    await expect(page.locator('li[data-value^="terms_"], li[data-value^="law_"]')).toHaveCount(0);
    const facts = 'The seller asks buyers for a deposit by wire transfer.';
    await form.getByRole('textbox', { name: t('moderation.facts') }).fill(facts);
    await expect(form).toContainText(t('moderation.counter', { n: facts.length, max: 2000 }));
    await accessible(page);
    await page.screenshot({ path: test.info().outputPath(`case-${run.lng}.png`), fullPage: true });
    await form.getByRole('button', { name: t('moderation.send') }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(listing.title);
    await confirm.getByRole('button', { name: t('moderation.send') }).click();
    await expect(page.getByRole('alert').last()).toContainText(t('moderation.decided', { id: caseId }));
    await expect(page.getByText(t('moderation.status.decided'), { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: t('moderation.history') })).toContainText(t('api.moderation.grounds.terms_fraud.label'));
    expect(await publicStatus(base, listing.id)).toBe(404);

    // The seller appeals from their account.
    const seller = await memberApi(base, key, demo(listing.username));
    await seller.post(`/api/v1/me/decisions/${caseId}/appeal`, {
      text: 'I never asked for a deposit: the buyer misread my message about the viewing.',
    });
    await seller.dispose();

    // The administrator reads the appeal and reverses: the listing is back.
    await page.reload();
    await expect(page.getByRole('region', { name: t('moderation.appeal'), exact: true })).toContainText('I never asked for a deposit');
    const answer = page.getByRole('region', { name: t('moderation.answer') });
    await answer.getByRole('radio', { name: t('moderation.outcomes.reversed') }).check();
    await answer.getByRole('textbox', { name: t('moderation.facts') }).fill('The messages show a viewing was offered first.');
    await accessible(page);
    await page.screenshot({ path: test.info().outputPath(`appeal-${run.lng}.png`), fullPage: true });
    await answer.getByRole('button', { name: t('moderation.sendAnswer') }).click();
    await expect(page.getByRole('alert').last()).toContainText(t('moderation.answered', { id: caseId }));
    await expect(page.getByText(t('moderation.status.closed'), { exact: true }).first()).toBeVisible();
    expect(await publicStatus(base, listing.id)).toBe(200);

    // The transparency report counts it, and offers its CSV.
    await page
      .getByRole('menu')
      .first()
      .getByRole('menuitem', { name: screen('moderation-cases'), exact: true })
      .click();
    await page.getByRole('button', { name: t('moderation.transparency.title') }).click();
    const report = page.getByRole('dialog', { name: t('moderation.transparency.title') });
    await expect(report.getByRole('table').first()).toContainText(t('moderation.reasons.fraud_or_advance_payment'));
    await accessible(page);
    await page.screenshot({ path: test.info().outputPath(`transparency-${run.lng}.png`) });
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: t('moderation.transparency.csv') }).click();
    expect((await download).suggestedFilename()).toMatch(/^transparency-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    if (run.lng === 'ar_SA') await page.evaluate(() => localStorage.setItem('i18nLng', 'en_US'));
  });
}
