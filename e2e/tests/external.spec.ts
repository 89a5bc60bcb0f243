import path from 'node:path';
import { startIdentityProvider, type TestIdentityProvider } from '@autoroute/api/testing-oidc';
import { connect, nowIso } from '@autoroute/db';
import { expect, expectAccessible, test } from '../fixtures.ts';

let idp: TestIdentityProvider;

// biome-ignore lint/correctness/noEmptyPattern: Playwright wants the fixtures argument destructured, and this hook needs none
test.beforeAll(async ({}, info) => {
  const base = info.project.use.baseURL!;
  idp = await startIdentityProvider({ redirectUris: [`${base}/api/v1/auth/external/testid/callback`] });
  // An administrator configures the federer (its back office screen comes with the back office issue):
  // here it is written straight into the running server's database.
  const database = connect(path.join(process.env.E2E_DATA_DIR as string, 'autoroute.db'));
  const now = nowIso();
  await database.db
    .insertInto('federers')
    .values({
      code: 'testid',
      name: 'Test ID',
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await database.close();
});
test.afterAll(() => idp?.close());

test('signs in with an OpenID provider from the sign-in page and returns where it started', async ({ page }) => {
  idp.people.set('hedy', { email: 'hedy.lamarr@example.test', email_verified: true, given_name: 'Hedy', family_name: 'Lamarr' });
  await page.goto('/settings/account?lng=en_US');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings%2Faccount/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Continue with Test ID' }).click();

  // The provider's own login page.
  await page.locator('input[name="login"]').fill('hedy');
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/settings\/account\?lng=en_US$/);
  await expect(page.getByText('Sign in successful!')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Hedy Lamarr');
});

test('explains a failed federated sign-in and offers a way back', async ({ page }) => {
  await page.goto('/external/error?code=EXTERNAL_EMAIL_UNVERIFIED&lng=en_US');
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/has not verified your email address/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // An unknown code reads as a plain failure; the /external/ page lists the options.
  await page.goto('/external/error?code=<script>&lng=en_US');
  await expect(page.getByRole('alert')).toHaveText('Signing in with the provider failed: please try again.');
  await page.goto('/external/?lng=en_US');
  await expect(page.getByRole('link', { name: 'Continue with Test ID' })).toBeVisible();
  await expectAccessible(page);
});
