import { expect, expectAccessible, signedGet, signedRequest, signIn, test } from '../fixtures.ts';

const SELLER = { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' };
// A seller whose lower prices tell Claire, who likes the listing (no other spec lowers theirs).
const NOTIFIER = { email: 'motor.iberica@demo.autoroute.local', password: 'demo-seller-2026' };

// Issue 4's inbox journey: a seller is told of price drops in her inbox, reads, marks and deletes them;
// then her favorites. (Buyers' messages live in Messages since issue 33: conversations.spec.ts.)
test('a seller reads her notifications in the inbox, and keeps favorites', async ({ page, browser }) => {
  await page.goto('/?lng=en_US');

  // Claire's own listings, found through her list (another context signs in as her).
  const seller = await browser.newContext();
  const sellerPage = await seller.newPage();
  await sellerPage.goto('/?lng=en_US');
  await signedRequest(sellerPage, 'POST', '/api/v1/auth/login', { json: SELLER });
  const mine = await signedGet<{ data: { id: number; title: string; sold: boolean }[] }>(sellerPage, '/api/v1/me/vehicles?perPage=50');
  // Her inbox starts empty: what earlier specs told her (her bookings as a renter, issue 36) is not this story.
  await signedRequest(sellerPage, 'DELETE', '/api/v1/notifications');

  // She likes another seller's listing; each lower price of it lands in her inbox.
  const notifierContext = await browser.newContext();
  const notifier = await notifierContext.newPage();
  await notifier.goto('/?lng=en_US');
  await signedRequest(notifier, 'POST', '/api/v1/auth/login', { json: NOTIFIER });
  const theirs = await signedGet<{ data: { id: number; title: string; price: number; sold: boolean; type: { code: string | null } }[] }>(
    notifier,
    '/api/v1/me/vehicles?perPage=50',
  );
  // For sale: a rental shows no price history (issue 36).
  const watched = theirs.data.find((v) => !v.sold && v.type.code === 'sale');
  if (!watched) throw new Error('the notifier has no listing for sale');
  const { id, title } = watched;
  await signedRequest(sellerPage, 'POST', `/api/v1/vehicles/${id}/like`);
  let price = watched.price;
  /** A lower price, and the text of the notification it sends her. */
  const notify = async () => {
    price = Math.round(price * 0.98);
    await signedRequest(notifier, 'PATCH', `/api/v1/vehicles/${id}`, { json: { price } });
    const newest = await signedGet<{ data: { message: string }[] }>(sellerPage, '/api/v1/notifications?perPage=1');
    return newest.data[0]!.message;
  };
  const text = await notify();

  // Signed out, the inbox asks to sign in first and then comes back.
  await page.goto('/notifications/');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fnotifications%2F$/);
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/notifications\/$/);

  // The header counts the unread notification; the inbox shows who sent it and about what.
  const badge = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(badge).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(item.getByRole('heading', { name: /New\s+From: Autoroute/ })).toBeVisible();
  await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', `/vehicles/${id}`);
  await expectAccessible(page);

  // The same inbox in Arabic reads right to left.
  await page.goto('/notifications/?lng=ar_SA');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الإشعارات' })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await page.screenshot({ path: 'test-results/inbox-ar.png', fullPage: true });
  await expectAccessible(page);
  await page.goto('/notifications/?lng=en_US');

  // The unread filter, then marking it read: the badge goes away.
  await page.getByRole('link', { name: 'Unread', exact: true }).click();
  await expect(page).toHaveURL(/filter=unread/);
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page.getByText('1 unread notification', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('Marked as read.')).toBeVisible();
  // The page's own count follows at once, not only after a reload.
  await expect(page.getByText('No unread notifications', { exact: true })).toBeVisible();
  await expect(item.getByRole('heading', { name: /^Read\s+From: Autoroute/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Notifications, \d+ unread/ })).toHaveCount(0);

  // Deleting asks first; cancelling keeps it, confirming removes it.
  await item.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this notification?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Notification deleted.')).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
  await expect(page.getByText('Your inbox is empty.')).toBeVisible();
  await expectAccessible(page);

  // Two new messages, then delete all after confirming.
  await notify();
  await notify();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  await expect(page.getByText('2 unread notifications', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete all' }).click();
  await page.getByRole('dialog', { name: 'Delete every notification?' }).getByRole('button', { name: 'Delete all' }).click();
  await expect(page.getByText('All notifications deleted.')).toBeVisible();
  await expect(page.getByText('No unread notifications', { exact: true })).toBeVisible();
  await expect(page.getByText('Your inbox is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  // The listing as it was, and no longer liked (her likes are checked below).
  await signedRequest(notifier, 'PATCH', `/api/v1/vehicles/${id}`, { json: { price: watched.price } });
  await signedRequest(sellerPage, 'DELETE', `/api/v1/vehicles/${id}/like`);
  await notifierContext.close();
  await seller.close();

  // Favorites: empty at first, then the vehicle she saves (someone else's listing).
  await page.goto('/favorites/');
  await expect(page.getByRole('heading', { level: 1, name: 'My favorites' })).toBeVisible();
  await expect(page.getByText('You have not saved any vehicle yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse vehicles' })).toHaveAttribute('href', '/vehicles');
  await expectAccessible(page);
  const all = await signedGet<{ data: { id: number; title: string }[] }>(page, '/api/v1/vehicles?perPage=50');
  const other = all.data.find((v) => !mine.data.some((m) => m.id === v.id));
  if (!other) throw new Error('no listing of another seller');
  await signedRequest(page, 'POST', `/api/v1/vehicles/${other.id}/favorite`);
  await page.reload();
  await expect(page.getByRole('link', { name: other.title })).toHaveAttribute('href', `/vehicles/${other.id}`);
  await expect(page.getByText('You have not saved any vehicle yet.')).toBeHidden();
  await expectAccessible(page);
  // Taking it off the list: the card goes at once, and stays gone.
  await page.getByRole('button', { name: `Remove ${other.title} from favorites` }).click();
  await expect(page.getByText('Removed from favorites.')).toBeVisible();
  await expect(page.getByText('You have not saved any vehicle yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: other.title })).toHaveCount(0);
  await page.getByRole('link', { name: 'Liked vehicles' }).click();
  await expect(page).toHaveURL(/tab=likes/);
  await expect(page.getByText('You have not liked any vehicle yet.')).toBeVisible();
  await expectAccessible(page);

  // Signed out, the favorites page asks to sign in too.
  await page.context().clearCookies();
  await page.goto('/favorites/');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Ffavorites%2F$/);
});
