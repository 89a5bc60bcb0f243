import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { publicPage } from './public-pages.ts';
import { ResponseCache } from './response-cache.ts';

/**
 * The front door of public pages (decision 024) in a real HTTP server, with a render that takes
 * 50 ms and keeps what it makes, as the storefront's middleware does once Astro has rendered a page.
 */
function frontDoor(version: { site: number }) {
  const pages = new ResponseCache({
    maxBytes: 1_000_000,
    build: 'test',
    versions: async () => ({ catalogue: '1', site: String(version.site), likes: '1', day: 1 }),
  });
  const rendered: string[] = [];
  const server = createServer((req, res) => {
    void publicPage(pages, req, res, () => {}).then((answer) => {
      if (answer === 'sent') return;
      rendered.push(req.url ?? '');
      setTimeout(() => {
        const html = `<p>${req.url} at ${version.site}</p>`;
        if (answer) pages.set(answer.key, answer.etag, html, [['Content-Type', 'text/html']]);
        res.writeHead(200, { 'Content-Type': 'text/html', ...(answer && { ETag: answer.etag }) });
        res.end(html);
      }, 50);
    });
  });
  return { server, rendered };
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
    const origin = await listen(door.server);
    const ask = (path: string) => Promise.all(Array.from({ length: 12 }, () => fetch(`${origin}${path}`).then((r) => r.text())));

    expect(new Set(await ask('/?lng=en_US'))).toEqual(new Set(['<p>/?lng=en_US at 1</p>']));
    expect(door.rendered).toEqual(['/?lng=en_US']);
    version.site = 2;
    expect(new Set(await ask('/?lng=en_US'))).toEqual(new Set(['<p>/?lng=en_US at 2</p>']));
    expect(door.rendered).toEqual(['/?lng=en_US', '/?lng=en_US']);
    // A page that is not shared (a member's own, or one of no kept kind) is never waited for.
    await ask('/my/');
    expect(door.rendered.filter((url) => url === '/my/').length).toBe(12);
  });

  it('lets the waiting requests render it themselves when the render they waited for kept nothing', async () => {
    const pages = new ResponseCache({
      maxBytes: 1_000_000,
      build: 'test',
      versions: async () => ({ catalogue: '1', site: '1', likes: '1', day: 1 }),
    });
    let renders = 0;
    const origin = await listen(
      createServer((req, res) => {
        void publicPage(pages, req, res, () => {}).then((answer) => {
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
});
