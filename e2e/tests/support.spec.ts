import { expect, expectAccessible, signIn, test, texts } from '../fixtures.ts';

// Issue 6, priority support: a guest and a dealer whose plan includes priority support write to the
// support team from the help center; the administrator finds the dealer's request first and resolves it.

const ADMIN = { email: 'admin@e2e.autoroute.local', password: 'e2e-admin-password' };
// A dealer of the demo on the Professional plan, which includes priority support.
const DEALER = { email: 'garage.lefevre@demo.autoroute.local', password: 'demo-seller-2026' };
const en = texts('en_US');

test('a guest and a priority dealer write to support; the administrator handles the dealer first', async ({ page, browser }) => {
  // A guest: the form says which plan puts requests first, checks every field, and keeps what was typed.
  await page.goto('/help-center/');
  const form = page.locator('form.support-form');
  await expect(page.getByText(en('help.support.priorityPlan', { plan: 'Professional' }))).toBeVisible();
  await form.getByLabel(en('help.support.subject')).fill('Hi');
  await form.getByRole('button', { name: en('help.support.send') }).click();
  await expect(form.getByLabel(en('help.support.name'))).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(en('help.support.email'))).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(en('help.support.message'))).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(en('help.support.subject'))).toHaveValue('Hi');
  await expectAccessible(page);
  await form.getByLabel(en('help.support.name')).fill('Paul Guest');
  await form.getByLabel(en('help.support.email')).fill('paul.guest@example.test');
  await form.getByLabel(en('help.support.subject')).fill('How do I pay yearly?');
  await form.getByLabel(en('help.support.message')).fill('Can I switch my plan to a yearly payment later on?');
  await form.getByRole('button', { name: en('help.support.send') }).click();
  const guestSent = page.getByRole('status').filter({ hasText: 'received your request number' });
  await expect(guestSent).toBeVisible();
  // A reload of the confirmation sends nothing again (the post was redirected to a plain page).
  await page.reload();
  await expect(guestSent).toBeVisible();

  // The dealer writes as their account, and is told their plan puts the request first.
  const dealer = await browser.newPage();
  await dealer.goto(`/sign-in?redirect=${encodeURIComponent('/help-center/')}`);
  await signIn(dealer, DEALER);
  await expect(dealer).toHaveURL(/\/help-center\/$/);
  await expect(dealer.getByText(en('help.support.priority'))).toBeVisible();
  const dealerForm = dealer.locator('form.support-form');
  await expect(dealerForm.getByLabel(en('help.support.name'))).toHaveCount(0);
  await dealerForm.getByLabel(en('help.support.subject')).fill('Invoice for our yearly plan');
  await dealerForm.getByLabel(en('help.support.message')).fill('Please send the invoice of our plan to our accounting address.');
  await dealerForm.getByRole('button', { name: en('help.support.send') }).click();
  await expect(dealer.getByRole('status').filter({ hasText: 'received your request number' })).toBeVisible();
  await dealer.close();

  // The administrator: the dealer's request, sent last, is first in the queue and marked priority.
  await page.goto('/admin/');
  await page.getByLabel('Username or email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tablist', { name: 'Open screens' })).toBeVisible();
  await page.getByRole('menu').first().getByRole('menuitem', { name: 'Support requests', exact: true }).click();
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toContainText('Invoice for our yearly plan');
  await expect(rows.first()).toContainText('Priority');
  await expect(page.locator('tbody tr', { hasText: 'How do I pay yearly?' })).not.toContainText('Priority');
  await rows.first().click();
  await expect(page.getByText('Please send the invoice of our plan to our accounting address.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(page.getByRole('alert').last()).toContainText('is marked as resolved');
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
});

test('the help center and its form read right to left in Arabic', async ({ page }, info) => {
  const ar = texts('ar_SA');
  await page.goto('/help-center/?lng=ar_SA');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: ar('help.support.title') })).toBeVisible();
  const form = page.locator('form.support-form');
  await form.getByRole('button', { name: ar('help.support.send') }).click();
  await expect(form.getByLabel(ar('help.support.subject'))).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.screenshot({ path: info.outputPath('help-center-ar.png'), fullPage: true });
});
