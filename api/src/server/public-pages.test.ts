import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pageDependencies, publicPage } from './public-pages.ts';
import { ResponseCache } from './response-cache.ts';

/**
 * The front door of public pages (decision 024) in a real HTTP server, with a render that takes
 * 50 ms and keeps what it makes, as the storefront's middleware does once Astro has rendered a page.
 */
interface Data {
  site: number;
  catalogue?: number;
  /** Listing id → its version. */
  listings?: Record<number, number>;
}

const cacheOf = (data: Data, staleMs = 0) =>
  new ResponseCache({
    maxBytes: 1_000_000,
    build: 'test',
    versions: async () => ({ catalogue: String(data.catalogue ?? 1), site: String(data.site), day: 1 }),
    listings: async (ids) => ids.map((id) => `${id}:${data.listings?.[id] ?? 0}`).join(','),
    depends: pageDependencies,
    staleMs,
  });

/**
 * The front door with a render of 50 ms that keeps what it makes, and a `remake` that renders a
 * lagging page again as the server does: a request of its own, marked as such.
 */
function frontDoor(version: Data, staleMs = 0) {
  const pages = cacheOf(version, staleMs);
  const rendered: string[] = [];
  let origin = '';
  const remade: string[] = [];
  const server = createServer((req, res) => {
    const remaking = req.headers['x-remake'] === '1';
    const remake = (target: string, _locale: string, done: () => void) => {
      remade.push(target);
      void fetch(`${origin}${target}`, { headers: { 'x-remake': '1' } })
        .then((r) => r.text())
        .finally(done);
    };
    void publicPage(pages, req, res, () => {}, { remake, remaking }).then((answer) => {
      if (answer === 'sent') return;
      rendered.push(req.url ?? '');
      const at = `${version.site}.${version.catalogue ?? 1}.${JSON.stringify(version.listings ?? {})}`;
      setTimeout(() => {
        const html = `<p>${req.url} at ${at}</p>`;
        if (answer) pages.set(answer, html, [['Content-Type', 'text/html']]);
        res.writeHead(200, { 'Content-Type': 'text/html', ...(answer && { ETag: answer.etag }) });
        res.end(html);
      }, 50);
    });
  });
  return {
    server,
    rendered,
    remade,
    listen: async () => {
      origin = await listen(server);
      return origin;
    },
  };
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const listen = async (s: Server) => {
  server = s;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

describe('the front door of public pages', () => {
  it('renders a busy shared page once when the data moves: who asks meanwhile waits for that render', async () => {
    const version = { site: 1 };
    const door = frontDoor(version);
    const origin = await door.listen();
    const ask = (path: string) => Promise.all(Array.from({ length: 12 }, () => fetch(`${origin}${path}`).then((r) => r.text())));

    expect(new Set(await ask('/?lng=en_US'))).toEqual(new Set(['<p>/?lng=en_US at 1.1.{}</p>']));
    expect(door.rendered).toEqual(['/?lng=en_US']);
    version.site = 2;
    expect(new Set(await ask('/?lng=en_US'))).toEqual(new Set(['<p>/?lng=en_US at 2.1.{}</p>']));
    expect(door.rendered).toEqual(['/?lng=en_US', '/?lng=en_US']);
    // A page that is not shared (a member's own, or one of no kept kind) is never waited for.
    await ask('/my/');
    expect(door.rendered.filter((url) => url === '/my/').length).toBe(12);
  });

  it('lets the waiting requests render it themselves when the render they waited for kept nothing', async () => {
    const pages = cacheOf({ site: 1 });
    let renders = 0;
    const origin = await listen(
      createServer((req, res) => {
        void publicPage(pages, req, res, () => {}, { remake: (_t, _l, done) => done(), remaking: false }).then((answer) => {
          if (answer === 'sent') return;
          renders += 1;
          // A page that turned out not to be cacheable (an error, say): nothing is kept.
          setTimeout(() => res.end('not kept'), 20);
        });
      }),
    );
    const answers = await Promise.all(Array.from({ length: 4 }, () => fetch(`${origin}/vehicles/1`).then((r) => r.text())));
    expect(answers).toEqual(['not kept', 'not kept', 'not kept', 'not kept']);
    expect(renders).toBe(4);
  });

  it('keeps a listing’s page while other listings and the catalogue change, and renders it at its own change', async () => {
    const data: Data = { site: 1, catalogue: 1, listings: { 7: 0, 8: 0 } };
    const door = frontDoor(data);
    const origin = await door.listen();
    const page = (path: string) => fetch(`${origin}${path}`).then((r) => r.text());
    expect(await page('/vehicles/7')).toContain('"7":0');
    expect(await page('/compare?ids=7,8')).toContain('"8":0');
    // Another listing repriced: the catalogue moved, listing 8's version too. Listing 7's page is still kept.
    data.catalogue = 2;
    data.listings = { 7: 0, 8: 1 };
    expect(await page('/vehicles/7')).toContain('at 1.1.');
    expect(door.rendered.filter((u) => u === '/vehicles/7')).toHaveLength(1);
    // The comparison shows listing 8: rendered again.
    expect(await page('/compare?ids=7,8')).toContain('"8":1');
    // Listing 7 itself changed: its page is rendered at the next request.
    data.listings = { 7: 1, 8: 1 };
    expect(await page('/vehicles/7')).toContain('"7":1');
    expect(door.rendered.filter((u) => u === '/vehicles/7')).toHaveLength(2);
  });

  it('sends a home page that lags behind the catalogue while it is rendered again once, for PAGE_STALE_S at most', async () => {
    const data: Data = { site: 1, catalogue: 1 };
    const door = frontDoor(data, 400);
    const origin = await door.listen();
    const page = (headers: Record<string, string> = {}) => fetch(`${origin}/?lng=en_US`, { headers }).then((r) => r.text());
    expect(await page()).toBe('<p>/?lng=en_US at 1.1.{}</p>');
    data.catalogue = 2;
    // The copy, at once, to whoever asks while one render runs apart from them (or, once it is done, the new page).
    expect(await page()).toBe('<p>/?lng=en_US at 1.1.{}</p>');
    const answers = await Promise.all(Array.from({ length: 8 }, () => page()));
    for (const answer of answers) expect(['<p>/?lng=en_US at 1.1.{}</p>', '<p>/?lng=en_US at 1.2.{}</p>']).toContain(answer);
    expect(door.remade).toEqual(['/?lng=en_US']);
    await expect.poll(() => page(), { timeout: 2000 }).toBe('<p>/?lng=en_US at 1.2.{}</p>');
    expect(door.rendered).toEqual(['/?lng=en_US', '/?lng=en_US']);
    // A member who just changed something gets the current page, not the copy.
    data.catalogue = 3;
    expect(await page({ cookie: 'WROTE=1' })).toBe('<p>/?lng=en_US at 1.3.{}</p>');
    // A copy last known current longer ago than PAGE_STALE_S is never sent: the visitor waits for the render.
    await new Promise((r) => setTimeout(r, 500));
    data.catalogue = 4;
    expect(await page()).toBe('<p>/?lng=en_US at 1.4.{}</p>');
  });

  it('answers 304 to a browser holding the copy it would be sent', async () => {
    const data: Data = { site: 1, catalogue: 1 };
    const door = frontDoor(data, 5000);
    const origin = await door.listen();
    const first = await fetch(`${origin}/vehicles?lng=en_US`);
    await first.text();
    const etag = first.headers.get('etag')!;
    data.catalogue = 2;
    const again = await fetch(`${origin}/vehicles?lng=en_US`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('what a page is keyed by (decision 040)', () => {
  it('reads the listings a page shows from its target', () => {
    expect(pageDependencies('/vehicles/12')).toEqual({ listings: [12], catalogue: 'none' });
    expect(pageDependencies('/vehicles/12?lng=fr_FR')).toEqual({ listings: [12], catalogue: 'none' });
    expect(pageDependencies('/compare?ids=3,1,3,x,2,9')).toEqual({ listings: [3, 1, 2], catalogue: 'none' });
    expect(pageDependencies('/')).toEqual({ listings: [], catalogue: 'stale' });
    expect(pageDependencies('/vehicles?brand=Audi')).toEqual({ listings: [], catalogue: 'stale' });
    expect(pageDependencies('/about')).toEqual({ listings: [], catalogue: 'none' });
    expect(pageDependencies('/help-center/faq')).toEqual({ listings: [], catalogue: 'none' });
    // A number no listing can have is a 404, keyed as any other page.
    expect(pageDependencies('/vehicles/99999999999')).toEqual({ listings: [], catalogue: 'key' });
    expect(pageDependencies('/sign-in')).toEqual({ listings: [], catalogue: 'key' });
  });
});
