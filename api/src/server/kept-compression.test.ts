import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

/** A page's worth of varied HTML (a few tens of kilobytes), as a listing's page is. */
const page = `<!DOCTYPE html><html><body>${Array.from(
  { length: 400 },
  (_, i) => `<li class="card"><a href="/vehicles/${i * 37}">Listing ${i}: ${(i * 7919) % 10007} km, ${1990 + (i % 35)}</a></li>`,
).join('')}</body></html>`;

describe('a kept answer’s compressed forms', () => {
  it('are made at once for the first request, and brotli’s smallest off the main thread once it is asked for again', async () => {
    const cache = new ResponseCache({
      maxBytes: 10_000_000,
      build: 'test',
      versions: async () => ({ catalogue: '1', site: '1', day: 1 }),
      listings: async () => '',
      depends: () => ({ listings: [], catalogue: 'key' }),
    });
    const kept = cache.set(await cache.key('/', 'en_US'), page, [['Content-Type', 'text/html']]);
    const first = kept.body('br');
    expect(brotliDecompressSync(first).toString()).toBe(page);
    expect(gunzipSync(kept.body('gzip')).toString()).toBe(page);
    expect(kept.body('identity').toString()).toBe(page);
    // Asked for again: sent as made, while the smallest form is made in zlib's thread pool.
    expect(kept.body('br')).toBe(first);
    let smallest = first;
    for (let i = 0; i < 200 && smallest === first; i++) {
      await sleep(20);
      smallest = kept.body('br');
    }
    expect(smallest.length).toBeLessThan(first.length);
    expect(brotliDecompressSync(smallest).toString()).toBe(page);
  });
});
