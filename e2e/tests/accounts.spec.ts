import { latestCode } from '@autoroute/api/testing-outbox';
import { expect, expectAccessible, signedHeaders, signIn, signingKeyOf, test } from '../fixtures.ts';

const dataDir = () => process.env.E2E_DATA_DIR as string;

// Issue 3's journey: one person, from sign-up to logging out of every device.
test('sign up, verify, reset the password, switch to Arabic and dark, log out everywhere', async ({ page, browser }) => {
  const email = `ada.${Date.now()}@example.test`;
  const username = `ada${Date.now() % 100000}`;

  await page.goto('/sign-up?lng=en_US');
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+33612345678');
  await page.getByLabel('Password', { exact: true }).fill('first passphrase 2026');
  await page.getByLabel('Confirm password').fill('a different one');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm password').fill('first passphrase 2026');
  await page.getByRole('button', { name: 'Create my account' }).click();

  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.getByText(/You can ask for a new code in \d+ s/)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('6-digit code').fill(latestCode(dataDir(), email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Sign up successful!')).toBeVisible();

  // Sign out, then forget the password.
  await page.goto('/logout/');
  await page.getByRole('button', { name: 'Log out of this device' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // The page's clock is ours from here: the resend countdown is skipped, not waited for.
  await page.clock.install();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  // A wrong code is refused; asking for a new one clears that message.
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  const refused = page.getByText('This code is not valid. Check it and try again.').first();
  await expect(refused).toBeVisible();
  await page.clock.fastForward('01:05');
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  await expect(page.getByText('This code is not valid. Check it and try again.')).toHaveCount(0);
  await page.getByLabel('6-digit code').fill(latestCode(dataDir(), email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill('second passphrase 2026');
  await page.getByLabel('Confirm password').fill('second passphrase 2026');
  await page.getByRole('button', { name: 'Change my password' }).click();

  // Sign in with the new password; the authenticated layout sends us back where we were going.
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/settings/account');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings%2Faccount$/);
  await signIn(page, { email: username, password: 'second passphrase 2026' });
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByText('Sign in successful!')).toBeVisible();

  // A second device signs in too.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/sign-in?lng=en_US');
  await signIn(otherPage, { email, password: 'second passphrase 2026' });
  await expect(otherPage).toHaveURL(/\/$/);

  // Arabic: the page turns right to left. Dark: the theme follows.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar_SA');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA');
  await page.goto('/settings/appearance');
  await page.locator('input[name="theme"][value="dark"]').check();
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);

  // Log out of all devices, after confirming: the other device's session can no longer renew.
  await page.goto('/logout/');
  await page.locator('button.secondary').first().click();
  await page.locator('dialog button.danger').click();
  await expect(page).toHaveURL(/\/$/);
  const refresh = await otherPage.request.post('/api/v1/auth/access-token', {
    headers: await signedHeaders(await signingKeyOf(otherPage)),
  });
  expect(refresh.status()).toBe(401);
  expect((await refresh.json()).code).toBe('UNAUTHORIZED');
  expect(await otherPage.evaluate(() => localStorage.getItem('userInfo'))).not.toBeNull();
  await otherPage.goto('/settings/');
  await expect(otherPage).toHaveURL(/\/sign-in\?redirect=/);
  // The other browser forgets the user it had stored, not only the server.
  expect(await otherPage.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  await other.close();
});
