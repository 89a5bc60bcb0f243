import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type RouteJson, readJson, type TestApp } from '../../testing.ts';
import type { health } from '../routes/health/health.routes.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 30 });
});
afterAll(() => t.destroy());

const search = (acceptEncoding?: string) =>
  t.request('/api/v1/vehicles?perPage=10', acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {});

describe('compressed JSON answers', () => {
  it('answers brotli to a client that accepts it, with the same content', async () => {
    const plain = await (await search()).text();
    const res = await search('gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(plain);
  });

  it('falls back to gzip when brotli is refused, and to none when nothing is accepted', async () => {
    const plain = await (await search()).text();
    const gzip = await search('br;q=0, gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    const none = await search('identity');
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.text()).toBe(plain);
  });

  it('leaves small answers as they are', async () => {
    const res = await t.request('/api/v1/health', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await readJson<RouteJson<typeof health, 200>>(res)).data.status).toBe('ok');
  });
});
