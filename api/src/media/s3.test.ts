import { existsSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import path from 'node:path';
import type { ListResponse, Vehicle as VehicleDetail, VehicleSummary } from '@autoroute/contract/vehicles';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../core/config.ts';
import { runtimeConfig } from '../core/runtime-config.ts';
import { sign } from '../http/middleware/signature.ts';
import type { upload as uploadRoute } from '../http/routes/pictures/pictures.routes.ts';
import { createHttpServer } from '../server/http.ts';
import { createTestApp, type Data, type RouteJson, readJson, type TestApp } from '../testing.ts';
import { startS3, type TestS3 } from '../testing-s3.ts';
import { s3MediaStore } from './s3.ts';

let s3: TestS3;
let png: Buffer;
beforeAll(async () => {
  s3 = await startS3();
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
});
afterAll(() => s3.close());

/** The real HTTP server of `npm start` around a test app, on a loopback port. */
async function serve(t: TestApp, mediaPublicUrl?: string): Promise<{ base: string; close(): Promise<void> }> {
  const server: Server = await createHttpServer({
    app: t.app,
    media: t.deps.media,
    mediaPublicUrl,
    runtime: runtimeConfig(t.deps.config),
    metrics: t.deps.metrics,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** POST /api/v1/pictures as the storefront's picture field sends it: multipart, signed over the timestamp. */
async function upload(t: TestApp, base: string, auth: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'car.png');
  const timestamp = String(Date.now());
  return fetch(`${base}/api/v1/pictures`, {
    method: 'POST',
    headers: { ...auth, 'x-timestamp': timestamp, 'x-signature': sign(t.deps.config.signingKey, timestamp) },
    body: form,
  });
}

/** The status of a GET for a path sent as written (fetch would resolve `..` and `%2e%2e` first). */
const statusOf = (base: string, rawPath: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    httpRequest({ hostname, port, path: rawPath }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });

const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe('pictures on S3 (MEDIA_S3_BUCKET)', () => {
  let t: TestApp;
  let http: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    t = await createTestApp({ vehicles: 2, env: s3.env });
    http = await serve(t);
  });
  afterAll(async () => {
    await http.close();
    await t.destroy();
  });

  it('puts the demo pictures in the bucket, and serves them to a fresh process under the URLs the API gives', async () => {
    expect((await s3.keys()).filter((k) => k.startsWith('seed/')).length).toBeGreaterThan(10);
    expect(existsSync(path.join(t.deps.config.mediaDir, 'seed'))).toBe(false);
    const { data } = await readJson<ListResponse<VehicleSummary>>(await t.request('/api/v1/vehicles'));
    const cover: string = data[0]!.cover!.url;
    expect(cover).toMatch(/^\/media\/seed\/.+\.svg$/);
    const res = await fetch(`${http.base}${cover}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  });

  it('stores an upload in the bucket and serves it back from /media/ with immutable caching and its ETag', async () => {
    const me = await t.member('s3uploader');
    const res = await upload(t, http.base, me.headers);
    expect(res.status).toBe(201);
    const { data } = await readJson<RouteJson<typeof uploadRoute, 201>>(res);
    const urls: string[] = [data.url, ...data.renditions.map((r: { url: string }) => r.url)];
    const keys = await s3.keys();
    for (const url of urls) expect(keys).toContain(keyOf(url));
    // Nothing on the local disk: another process behind the same balancer serves these too.
    expect(existsSync(path.join(t.deps.config.mediaDir, 'pictures'))).toBe(false);

    const avif = data.renditions.find((r: { format: string }) => r.format === 'avif')!;
    const served = await fetch(`${http.base}${avif.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/avif');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const stored = await s3MediaStore(s3.config).head(keyOf(avif.url));
    expect(bytes.byteLength).toBe(stored?.length);
    expect(served.headers.get('etag')).toBe(stored?.etag);

    const again = await fetch(`${http.base}${avif.url}`, { headers: { 'if-none-match': served.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const head = await fetch(`${http.base}${avif.url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));

    // Deleted by its uploader: gone from the bucket, and a 404 at its URL.
    const removed = await t.request(`/api/v1/pictures/${data.id}`, { method: 'DELETE', headers: me.headers });
    expect(removed.status).toBe(200);
    const after = await s3.keys();
    for (const url of urls) expect(after).not.toContain(keyOf(url));
    expect((await fetch(`${http.base}${avif.url}`)).status).toBe(404);
  });

  it('answers 404 for a missing key and for a path that is no key of ours, never a 5xx', async () => {
    for (const p of [
      '/media/pictures/00/none/full.jpg',
      '/media/seed',
      '/media/../autoroute.db',
      '/media/seed/../../autoroute.db',
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/%2e%2e/autoroute.db',
      '/media/seed/%E0%A4%A',
      '/media/seed//x.svg',
      '/media/.hidden',
      `/media/${'a/'.repeat(400)}x.svg`,
    ]) {
      expect(await statusOf(http.base, p), p).toBe(404);
    }
    expect((await fetch(`${http.base}/media/seed/x.svg`, { method: 'PUT', body: 'x' })).status).toBe(405);
  });

  it('answers 503 when the store cannot be reached, and keeps serving', async () => {
    const down = s3MediaStore({ ...s3.config, endpoint: 'http://127.0.0.1:9' });
    const server = await serve({ ...t, deps: { ...t.deps, media: down } });
    try {
      const res = await fetch(`${server.base}/media/seed/anything.svg`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
    } finally {
      await server.close();
    }
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ vehicles: 1, env: { ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example.test/autoroute/' } });
  });
  afterAll(() => t.destroy());

  it('puts every picture URL the API gives under the CDN, and lets pages show pictures from there', async () => {
    const { data: list } = await readJson<ListResponse<VehicleSummary>>(await t.request('/api/v1/vehicles'));
    expect(list[0]!.cover!.url).toMatch(/^https:\/\/cdn\.example\.test\/autoroute\/seed\/.+\.svg$/);
    const { data: vehicle } = await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${list[0]!.id}`));
    for (const p of vehicle.pictures) expect(p.url).toMatch(/^https:\/\/cdn\.example\.test\/autoroute\/seed\//);

    const http = await serve(t, t.deps.config.media.publicUrl);
    try {
      const me = await t.member('cdnuploader');
      const { data } = await readJson<RouteJson<typeof uploadRoute, 201>>(await upload(t, http.base, me.headers));
      expect(data.url).toMatch(/^https:\/\/cdn\.example\.test\/autoroute\/pictures\/[0-9a-f]{2}\/[0-9a-f]{32}\/full\.(jpg|png|webp)$/);
      for (const r of data.renditions) expect(r.url.startsWith('https://cdn.example.test/autoroute/pictures/')).toBe(true);
      // The key behind the CDN's URL is the one in the bucket, and /media/ still serves it.
      const key = data.url.slice('https://cdn.example.test/autoroute/'.length);
      expect(await s3.keys()).toContain(key);
      const served = await fetch(`${http.base}/media/${key}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https://cdn.example.test;");
    } finally {
      await http.close();
    }
  });
});

describe('the media configuration', () => {
  const refused = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return null;
  };

  it('stops the start naming the variable that is wrong', () => {
    expect(refused({ MEDIA_PUBLIC_URL: 'cdn.example.test' })).toContain('MEDIA_PUBLIC_URL');
    expect(refused({ MEDIA_S3_BUCKET: 'Not_A_Bucket' })).toContain('MEDIA_S3_BUCKET');
    expect(refused({ MEDIA_S3_BUCKET: 'pictures', MEDIA_S3_ENDPOINT: 'minio:9000' })).toContain('MEDIA_S3_ENDPOINT');
    expect(refused({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatch(/MEDIA_S3_ENDPOINT: needs MEDIA_S3_BUCKET/);
    expect(refused({ MEDIA_S3_BUCKET: 'pictures', AWS_ACCESS_KEY_ID: 'key' })).toContain('AWS_SECRET_ACCESS_KEY');
  });

  it('keeps pictures on disk unless a bucket is named', () => {
    expect(loadConfig({}).media).toEqual({});
    expect(loadConfig({ MEDIA_S3_BUCKET: 'pictures', MEDIA_S3_FORCE_PATH_STYLE: 'true' }).media).toEqual({
      s3: { bucket: 'pictures', forcePathStyle: true, timeoutMs: 5000 },
    });
  });
});
