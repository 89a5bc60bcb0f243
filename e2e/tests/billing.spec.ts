import { latestCode } from '@autoroute/api/testing-outbox';
import { expect, expectAccessible, fillVehicleForm, type Listing, png, signedGet, test, texts } from '../fixtures.ts';

const dataDir = () => process.env.E2E_DATA_DIR as string;
const t = texts('en_US');

interface Limits {
  vehicleLimit: number | null;
}
interface PlansBody {
  data: { free: Limits; groups: { plans: { id: number; name: string; months: number; limits: Limits }[] }[] };
}

const listing = (n: number): Listing => ({
  title: `Renault Clio ${n} at the free limit ${Date.now()}`,
  type: 'For sale',
  price: String(9000 + n),
  currency: 'EUR — Euro',
  brand: 'Renault',
  model: 'Clio',
  category: 'Hatchback',
  year: '2019',
  mileage: String(50000 + n),
  fuel: 'Petrol',
  transmission: 'Manual',
  colour: 'Grey',
  doors: '5',
  seats: '5',
  country: 'France',
  city: 'Lyon',
  options: ['Air conditioning'],
  description: 'Well kept, serviced every year, second owner.',
  pictures: [png(`clio-${n}.png`, [30 + n * 20, 90, 160])],
});

// Issue 6's journey: a seller at the free limit is refused a new listing, buys a plan through the
// local checkout, becomes premium, and can publish.
test('a seller at the free limit buys a plan through the test-mode checkout and can publish again', async ({ page }) => {
  test.setTimeout(300_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const stamp = Date.now();
  const email = `grace.${stamp}@example.test`;

  // A new member, verified through the code in the outbox.
  await page.goto('/sign-up?lng=en_US');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Username').fill(`grace${stamp % 100000}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+33612345679');
  await page.getByLabel('Password', { exact: true }).fill('cobol passphrase 2026');
  await page.getByLabel('Confirm password').fill('cobol passphrase 2026');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await page.getByLabel('6-digit code').fill(latestCode(dataDir(), email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The free plan's listing limit, as the plans page tells it; publish up to it.
  const plans = await signedGet<PlansBody>(page, '/api/v1/plans');
  const limit = plans.data.free.vehicleLimit;
  expect(limit, 'the free plan limits listings').not.toBeNull();
  for (let n = 1; n <= (limit ?? 0); n++) {
    await page.goto('/my/new');
    await fillVehicleForm(page, listing(n), t);
    await page.getByRole('button', { name: t('my.form.submitNew'), exact: true }).click();
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
  }

  // One more is refused, and the message leads to the plans.
  await page.goto('/my/new');
  await fillVehicleForm(page, listing(99), t);
  await page.getByRole('button', { name: t('my.form.submitNew'), exact: true }).click();
  const refusal = page.locator('.form-error[role="alert"]');
  await expect(refusal).toBeVisible();
  await expect(page).toHaveURL(/\/my\/new$/);
  await refusal.getByRole('link', { name: t('my.form.seePlans') }).click();

  // The plans: free is this member's plan; the yearly switch shows the yearly prices.
  await expect(page).toHaveURL(/\/billing\/$/);
  await expect(page.getByRole('heading', { level: 1, name: t('billing.title') })).toBeVisible();
  await expect(page.getByText(t('billing.status.none'))).toBeVisible();
  await expect(page.getByRole('article', { name: t('billing.free.name') }).getByText(t('billing.yourPlan'))).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(t('billing.yearly')).check();
  const firstChoice = page.getByRole('button', { name: new RegExp(`^${t('billing.choose')} .*, ${t('billing.yearly')}$`) }).first();
  await expect(firstChoice).toBeVisible();
  await page.getByLabel(t('billing.monthly')).check();
  await expect(firstChoice).toBeHidden();

  // Choose the first monthly plan: redirecting, then the test-mode checkout.
  await page
    .getByRole('button', { name: new RegExp(`^${t('billing.choose')} .*, ${t('billing.monthly')}$`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/billing\/checkout\?payment=\d+$/);
  await expect(page.getByText(t('billing.checkout.testMode'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('billing.checkout.testModeBody'))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: new RegExp(`^${t('billing.checkout.pay', { amount: '' }).trim()}`) }).click();

  // Paid: the success page names the plan and its expiry, and the member is premium.
  await expect(page).toHaveURL(/\/billing\/success/);
  await expect(page.getByRole('heading', { level: 1, name: t('billing.success.title') })).toBeVisible();
  await expect(page.locator('main').getByRole('status')).toContainText(/\d{4}/);
  await expect(page.locator('[data-premium-badge]')).toHaveText(t('nav.premium'));
  await expectAccessible(page);

  // Settings show the plan, the usage and the payment.
  await page.goto('/settings/billing');
  await expect(page.getByRole('heading', { name: t('billing.currentPlan') })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(t('billing.paymentStatus.paid'));
  await expectAccessible(page);

  // And the listing that was refused now goes out.
  await page.goto('/my/new');
  await fillVehicleForm(page, listing(100), t);
  await page.getByRole('button', { name: t('my.form.submitNew'), exact: true }).click();
  await expect(page).toHaveURL(/\/vehicles\/\d+$/);
});

test('the plans page in Arabic reads right to left', async ({ page }, info) => {
  await page.goto('/billing/?lng=ar_SA');
  const ar = texts('ar_SA');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: ar('billing.title') })).toBeVisible();
  // The switch's first choice (monthly) sits to the right of the second; a plan card hugs the right edge.
  const monthly = (await page.getByText(ar('billing.monthly'), { exact: true }).boundingBox())!;
  const yearly = (await page.getByText(ar('billing.yearly'), { exact: true }).boundingBox())!;
  expect(monthly.x).toBeGreaterThanOrEqual(yearly.x + yearly.width);
  const card = (await page.getByRole('article').first().boundingBox())!;
  const main = (await page.locator('main').boundingBox())!;
  expect(main.x + main.width - (card.x + card.width)).toBeLessThan(card.x - main.x);
  await expectAccessible(page);
  await page.screenshot({ path: info.outputPath('billing-arabic.png'), fullPage: true });
});
