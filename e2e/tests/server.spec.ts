import { expect, test } from '../fixtures.ts';

// The one server of DESIGN §1, seen from outside: what it sends, compressed and cached as promised.
test.describe('one server, one port', () => {
  test('serves hashed assets compressed and cached for a year', async ({ request }) => {
    const html = await (await request.get('/?lng=en_US')).text();
    const css = html.match(/href="(\/_astro\/[^"]+\.css)"/)?.[1];
    expect(css, 'the home page links a built stylesheet').toBeTruthy();
    const res = await request.get(css!, { headers: { 'accept-encoding': 'br' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe('br');
    expect(res.headers()['cache-control']).toContain('immutable');
  });

  test('sends the home page with an ETag and answers a revalidation with 304', async ({ request }) => {
    const first = await request.get('/?lng=en_US');
    const etag = first.headers().etag;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers()['cache-control']).toContain('stale-while-revalidate');
    const again = await request.get('/?lng=en_US', { headers: { 'if-none-match': etag! } });
    expect(again.status()).toBe(304);
  });

  test('routes /api, /admin and /media to their handlers', async ({ request }) => {
    const health = await request.get('/api/v1/health');
    expect(await health.json()).toEqual({ data: { status: 'ok', database: 'sqlite' } });
    const admin = await request.get('/admin/some/deep/link');
    expect(admin.status()).toBe(200);
    expect(await admin.text()).toContain('<div id="root">');
    const page = await (await request.get('/?lng=en_US')).text();
    const picture = page.match(/src="(\/media\/[^"]+)"/)?.[1];
    expect(picture).toBeTruthy();
    const media = await request.get(picture!);
    expect(media.status()).toBe(200);
    expect(media.headers()['cache-control']).toContain('immutable');
    const missing = await request.get('/media/nothing.png');
    expect(missing.status()).toBe(404);
  });

  test('answers API errors in the envelope, never HTML', async ({ request }) => {
    const res = await request.get('/api/v1/vehicles/1');
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
  });
});

test.describe('search engines', () => {
  test('robots.txt names the sitemap, whose parts list the pages and every live listing in eight languages', async ({
    request,
    baseURL,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin/');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const index = await request.get('/sitemap.xml');
    expect(index.headers()['content-type']).toContain('application/xml');
    const parts = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toEqual([`${baseURL}/sitemap-pages.xml`, `${baseURL}/sitemap-sellers.xml`, `${baseURL}/sitemap-0.xml`]);
    expect(await (await request.get('/sitemap-sellers.xml')).text()).toMatch(/<loc>[^<]+\/sellers\/\d+<\/loc>/);
    const pages = await (await request.get('/sitemap-pages.xml')).text();
    for (const path of ['/', '/vehicles', '/terms', '/help-center/buying-safely']) expect(pages).toContain(`<loc>${baseURL}${path}</loc>`);
    const listings = await (await request.get('/sitemap-0.xml')).text();
    const urls = [...listings.matchAll(/<loc>[^<]+\/vehicles\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
    expect(urls.length).toBeGreaterThan(10);
    expect(listings).toContain(`hreflang="ar-SA" href="${baseURL}/vehicles/${urls[0]}?lng=ar_SA"`);
    expect((await request.get('/sitemap-99.xml')).status()).toBe(404);
  });
});
