import { expect, expectAccessible, fillVehicleForm, hydrated, png, signedGet, signIn, test, texts } from '../fixtures.ts';

const SELLER = { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' };

// Issue 4, item 5: the seller's screens under /my/, from the first listing to a sale and a deletion.
test('a seller publishes a listing with pictures, finds it, marks it sold and deletes another', async ({ page }) => {
  test.setTimeout(120_000);
  // Reloading or leaving the form with unsaved changes asks first: the test says yes.
  const warnings: string[] = [];
  page.on('dialog', (dialog) => {
    warnings.push(dialog.type());
    void dialog.accept();
  });

  // Signed out, /my/ asks to sign in and comes back.
  await page.goto('/?lng=en_US');
  await page.goto('/my/');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fmy%2F$/);
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/my\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My vehicles' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My vehicles' })).toHaveAttribute(
    'href',
    '/my/',
  );
  await expectAccessible(page);

  // The form checks before sending, with the API's own messages, and takes the focus to the first field to fix.
  await page.getByRole('link', { name: 'Publish a vehicle' }).click();
  await expect(page).toHaveURL(/\/my\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Publish a vehicle' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await expect(page.getByText('Description is required.')).toBeVisible();
  await expect(page.getByText('Choose at least one option.')).toBeVisible();
  await expect(page.getByText('Add at least one picture.')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription(/Title is required\./);
  await expect(
    page.getByRole('navigation', { name: 'Form steps' }).getByRole('link', { name: /The vehicle.*Needs attention/ }),
  ).toBeVisible();
  await expectAccessible(page);

  // A listing, typed in: the first facts go into a draft as they are typed, and come back after a reload.
  const title = `Peugeot 208 test drive ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Listing type').selectOption({ label: 'For sale' });
  await page.getByRole('spinbutton', { name: 'Price', exact: true }).fill('9990.5');
  await page.getByLabel('Currency').selectOption({ label: 'EUR — Euro' });
  await page.getByRole('combobox', { name: 'Brand', exact: true }).fill('Peugeot');
  await page.getByRole('combobox', { name: 'Model', exact: true }).fill('208');
  await expect(page.getByText('Title is required.')).toBeHidden();
  await page.reload();
  expect(warnings).toContain('beforeunload');
  await hydrated(page);
  await expect(page.getByText('Draft restored: your unsaved changes are back.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Currency')).toHaveValue(/\d+/);
  await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toHaveValue('208');

  await page.getByLabel('Body type').selectOption({ label: 'Hatchback' });
  await page.getByLabel('Year').fill('2020');
  await page.getByLabel('Mileage (km)').fill('38500');
  // An electric drive needs its battery facts: the section opens and says so.
  await page.getByLabel('Fuel type').selectOption({ label: 'Electric' });
  await expect(page.getByLabel('Battery capacity (kWh)')).toBeVisible();
  await expect(page.getByLabel('Battery capacity (kWh)')).toHaveAttribute('required', '');
  await page.getByLabel('Fuel type').selectOption({ label: 'Petrol' });
  await expect(page.getByLabel('Battery capacity (kWh)')).not.toHaveAttribute('required', '');
  await page.getByLabel('Transmission').selectOption({ label: 'Manual' });
  await page.getByLabel('Colour').selectOption({ label: 'Blue' });
  await page.getByRole('spinbutton', { name: 'Doors', exact: true }).fill('5');
  await page.getByRole('spinbutton', { name: 'Seats', exact: true }).fill('5');
  // Cities follow the country.
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption({ label: 'France' });
  await expect(page.getByRole('combobox', { name: 'City', exact: true }).locator('option', { hasText: 'Berlin' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'City', exact: true }).selectOption({ label: 'Lyon' });
  await page.getByLabel('Air conditioning').check();
  await page.getByLabel('Bluetooth').check();
  await page.getByLabel('Description').fill('First hand, serviced every year, winter tyres included.');

  // Two pictures, each its own upload with its own progress; a GIF is refused before it travels.
  await page.locator('input[type="file"]').setInputFiles([png('red.png', [200, 40, 40]), png('blue.png', [40, 60, 200])]);
  await expect(page.getByRole('progressbar', { name: 'Upload of red.png' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('progressbar', { name: 'Upload of blue.png' })).toHaveAttribute('aria-valuenow', '100');
  await page.locator('input[type="file"]').setInputFiles([{ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
  await expect(page.getByText('notes.gif: Only JPEG and PNG pictures are accepted.')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss: notes.gif' }).click();
  await expect(page.getByText('notes.gif')).toHaveCount(0);

  // The first is the cover; the order changes by keyboard, by drag and drop, and by "Make cover".
  const pictures = page.getByRole('list', { name: 'Pictures, in display order' }).getByRole('listitem');
  await expect(pictures).toHaveCount(2);
  await expect(pictures.nth(0)).toContainText('red.png');
  await expect(pictures.nth(0)).toContainText('Cover');
  await page.getByRole('button', { name: 'Move later: Picture 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(pictures.nth(0)).toContainText('blue.png');
  await expect(page.getByRole('status').filter({ hasText: 'Picture moved to position 2 of 2.' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Move earlier: Picture 2' })).toBeFocused();
  await pictures.nth(1).dragTo(pictures.nth(0));
  await expect(pictures.nth(0)).toContainText('red.png');
  await page.getByRole('button', { name: 'Make cover: Picture 2' }).click();
  await expect(pictures.nth(0)).toContainText('blue.png');
  await expect(pictures.nth(0)).toContainText('Cover');
  const order = await pictures.evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-picture-id'))));
  await expectAccessible(page);

  // Publishing lands on the vehicle page, with the pictures in that order.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page).toHaveURL(/\/vehicles\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Your vehicle is published.')).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const published = await signedGet<{ data: { pictures: { id: number }[]; price: number; options: unknown[] } }>(
    page,
    `/api/v1/vehicles/${id}`,
  );
  expect(published.data.pictures.map((p) => p.id)).toEqual(order);
  expect(published.data.price).toBe(9990.5);
  expect(published.data.options).toHaveLength(2);
  // Its owner's way back to the form.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/my/${id}/edit`);

  // The draft went with the save.
  await page.goto('/my/new');
  await hydrated(page);
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByText('Draft restored: your unsaved changes are back.')).toHaveCount(0);

  // The search finds it at once.
  await page.goto(`/vehicles?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/vehicles/${id}`);

  // The same journey in Arabic, right to left.
  await page.goto('/my/new?lng=ar_SA');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'نشر مركبة' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(page.getByText('العنوان مطلوب.')).toBeVisible();
  const arabicTitle = `بيجو 208 للبيع ${Date.now()}`;
  await fillVehicleForm(
    page,
    {
      title: arabicTitle,
      type: 'للبيع',
      price: '45000',
      currency: 'EUR — يورو',
      brand: 'Peugeot',
      model: '208',
      category: 'هاتشباك',
      year: '2019',
      mileage: '61000',
      fuel: 'بنزين',
      transmission: 'يدوي',
      colour: 'أزرق',
      doors: '3',
      seats: '4',
      country: 'فرنسا',
      city: 'باريس',
      options: ['تكييف الهواء'],
      description: 'سيارة بحالة ممتازة، صيانة دورية لدى الوكيل.',
      pictures: [png('green.png', [40, 160, 60])],
    },
    texts('ar_SA'),
  );
  await expect(page.getByRole('progressbar', { name: 'رفع green.png' })).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/seller-form-ar.png', fullPage: true });
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(page).toHaveURL(/\/vehicles\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: arabicTitle })).toBeVisible();
  await expect(page.getByText('نُشرت مركبتك.')).toBeVisible();
  await page.goto('/my/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'مركباتي' })).toBeVisible();
  await page.screenshot({ path: 'test-results/seller-my-ar.png', fullPage: true });
  await expectAccessible(page);

  // Back in English: the first one is sold, after a confirmation.
  await page.goto('/my/?lng=en_US');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(row.getByText('For sale', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Mark sold' }).click();
  const sold = page.getByRole('dialog', { name: 'Mark this vehicle as sold?' });
  await expect(sold).toBeVisible();
  await sold.getByRole('button', { name: 'Mark sold' }).click();
  await expect(page.getByText('Marked as sold.')).toBeVisible();
  await expect(row.getByText('Sold', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Back on sale' })).toBeFocused();
  await page.reload();
  await expect(row.getByText('Sold', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/my/${id}/edit`);

  // The other one is deleted: cancelling keeps it, confirming removes it for good.
  const other = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: arabicTitle, exact: true }) });
  await other.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete this vehicle?' });
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(other).toBeVisible();
  await other.getByRole('button', { name: 'Delete' }).click();
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Vehicle deleted.')).toBeVisible();
  await expect(other).toHaveCount(0);
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('link', { name: arabicTitle })).toHaveCount(0);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // The edit screen opens with the listing; another seller's listing and an unknown one do not.
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/my/${id}/edit$`));
  await hydrated(page);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('list', { name: 'Pictures, in display order' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expectAccessible(page);
  const mine = await signedGet<{ data: { id: number }[] }>(page, '/api/v1/me/vehicles?perPage=100');
  const all = await signedGet<{ data: { id: number }[] }>(page, '/api/v1/vehicles?perPage=50');
  const theirs = all.data.find((v) => !mine.data.some((m) => m.id === v.id));
  if (!theirs) throw new Error('no listing of another seller');
  expect((await page.goto(`/my/${theirs.id}/edit`))?.status()).toBe(403);
  expect((await page.goto('/my/2147483000/edit'))?.status()).toBe(404);
});
