import { expect, expectAccessible, hydrated, signedGet, signedRequest, signIn, test, texts } from '../fixtures.ts';

// Issue 36 item 5 (docs/decisions/060-calendars-that-sync.md): an owner's calendars page. A demo
// seller no other journey uses; their newest listing is made a rental, the next one stays for sale.
const SELLER = { email: 'rafael.souza@demo.autoroute.local', password: 'demo-seller-2026' };
const RUNS = [
  { locale: 'en_US', width: 1366 },
  { locale: 'ar_SA', width: 390 },
] as const;

interface Mine {
  id: number;
  title: string;
  type: { code: string };
}

for (const { locale, width } of RUNS) {
  test(`an owner copies the feed, imports a calendar, reads it again, removes it and makes a new link (${locale}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = texts(locale);
    const c = (key: string) => t(`my.calendars.${key}`);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/?lng=${locale}`);
    await page.goto('/my/');
    await signIn(page, SELLER, t);
    await expect(page).toHaveURL(/\/my\/$/);

    const { data: config } = await signedGet<{ data: { types: { id: number; code: string }[] } }>(page, '/api/v1/user/config');
    const typeId = (code: string) => config.types.find((x) => x.code === code)!.id;
    const { data: mine } = await signedGet<{ data: Mine[] }>(page, '/api/v1/me/vehicles?perPage=20&page=1');
    const [rental, sale] = mine as [Mine, Mine];
    await signedRequest(page, 'PATCH', `/api/v1/vehicles/${rental.id}`, { json: { typeId: typeId('rent_day') } });
    await signedRequest(page, 'PATCH', `/api/v1/vehicles/${sale.id}`, { json: { typeId: typeId('sale') } });

    // The rental's row links to its calendars; the sale's does not.
    await page.goto('/my/');
    await hydrated(page);
    const link = (v: Mine) => page.getByRole('link', { name: `${t('my.list.calendars')}: ${v.title}` });
    await expect(link(rental)).toBeVisible();
    await expect(link(sale)).toHaveCount(0);
    await link(rental).click();
    await expect(page).toHaveURL(new RegExp(`/my/${rental.id}/calendars$`));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(c('title'));

    // The feed's secret URL answers a calendar client: no session, no signature.
    const address = page.getByRole('textbox', { name: c('exportUrl'), exact: true });
    const url = await address.inputValue();
    expect(url).toMatch(/\/api\/v1\/calendars\/[A-Za-z0-9_-]{43}\.ics$/);
    const answer = await page.request.fetch(url, { headers: { cookie: '' } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await answer.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: c('copy'), exact: true }).click();
    await expect(page.getByText(c('copied'))).toBeVisible();

    // A URL that is no web address is refused beside its field.
    const urlField = page.getByRole('textbox', { name: c('url'), exact: true });
    const nameField = page.getByRole('textbox', { name: c('name'), exact: true });
    await urlField.fill('ftp://calendar.example/cal.ics');
    await nameField.fill('Other platform');
    await page.getByRole('button', { name: c('add'), exact: true }).click();
    await expect(page.getByText(t('api:calendar.urlInvalid'))).toBeVisible();
    await expect(urlField).toHaveAttribute('aria-invalid', 'true');

    // One on our own network is taken, and its reading fails with the reason shown to the owner.
    await urlField.fill('http://10.0.0.5/cal.ics');
    await page.getByRole('button', { name: c('add'), exact: true }).click();
    const item = page.locator('.import-item', { hasText: 'Other platform' });
    await expect(item).toBeVisible();
    await expect(item).toContainText(c('statusError'));
    await expect(item).toContainText(t('api:calendar.pollError.private_address'));
    await expect(urlField).toHaveValue('');
    await expectAccessible(page);
    await item.getByRole('button', { name: `${c('poll')}: Other platform` }).click();
    await expect(page.getByText(c('polled'))).toBeVisible();

    // Removing asks first.
    await item.getByRole('button', { name: `${c('remove')}: Other platform` }).click();
    const remove = page.getByRole('dialog', { name: c('removeTitle') });
    await expect(remove).toBeVisible();
    await remove.getByRole('button', { name: c('remove'), exact: true }).click();
    await expect(item).toHaveCount(0);
    await expect(page.getByText(c('none'))).toBeVisible();

    // A new link, confirmed first: the old URL stops answering.
    await page.getByRole('button', { name: c('rotate'), exact: true }).click();
    const rotate = page.getByRole('dialog', { name: c('rotateTitle') });
    await rotate.getByRole('button', { name: c('rotate'), exact: true }).click();
    await expect(page.getByText(c('rotated'))).toBeVisible();
    await expect(address).not.toHaveValue(url);
    expect((await page.request.fetch(url)).status()).toBe(404);
    await expectAccessible(page);
  });
}
