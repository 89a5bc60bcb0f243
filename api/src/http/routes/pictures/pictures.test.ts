import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Vehicle as VehicleDetail } from '@autoroute/contract/vehicles';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../core/limiters.ts';
import { runtimeConfig } from '../../../core/runtime-config.ts';
import { createHttpServer } from '../../../server/http.ts';
import { type ApiError, createTestApp, type Data, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import { sign } from '../../middleware/signature.ts';
import type { upload as uploadRoute } from './pictures.routes.ts';

type Uploaded = RouteJson<typeof uploadRoute, 201>;
/**
 * The part of /api/v1/openapi.json this test reads. The document's own type (`getOpenAPI31Document`) makes every
 * path, operation and request body optional or a `$ref`, which this test knows the upload route is not.
 */
interface DocumentPaths {
  paths: Record<string, { post?: { requestBody: { content: Record<string, unknown> } }; delete?: unknown }>;
}

const member = (name: string) => t.member(name);

let t: TestApp;
let mediaDir: string;

const MB = 1024 * 1024;

/** Headers a browser of ours sends with a multipart body: the signature is over the timestamp. */
function signedHeaders(extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  const timestamp = String(Date.now());
  headers.set('x-timestamp', timestamp);
  headers.set('x-signature', sign(t.deps.config.signingKey, timestamp));
  return headers;
}

/** A multipart body with one `file` part, as bytes, with its Content-Type (boundary included). */
async function multipart(bytes: Uint8Array, name: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** Uploads with a Content-Length, as a browser's XHR does. */
async function upload(bytes: Uint8Array, name: string, type: string, auth: Record<string, string> = {}, query = '') {
  const { body, contentType } = await multipart(bytes, name, type);
  const headers = signedHeaders({ ...auth, 'content-type': contentType, 'content-length': String(body.byteLength) });
  return t.app.request(`/api/v1/pictures${query}`, { method: 'POST', headers, body });
}

/** Every file under the uploads folder. */
function storedFiles(): string[] {
  const root = path.join(mediaDir, 'pictures');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const pictureCount = async () =>
  Number((await t.database.db.selectFrom('pictures').select(t.database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const fileOf = (url: string) => path.join(mediaDir, url.replace(/^\/media\//, ''));

/** True when an EXIF block holds a GPS IFD pointer (tag 0x8825, either byte order). */
const hasGps = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

// Real pictures, made here.
let photo: Buffer; // a 2000×1500 JPEG from a camera held upright (orientation 6) with GPS tags
let png: Buffer; // a 500×300 PNG with transparency
let gif: Buffer;

/** A PNG whose header declares 20000×20000 pixels (400 megapixels) in about 50 KB: a decompression bomb. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr[8] = 1; // one bit per pixel, greyscale
  const rows = Buffer.alloc(20000 * (1 + 2500)); // every row: filter byte + 2500 bytes of zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  t = await createTestApp({ vehicles: 1, env: { TRUST_PROXY: 'true' } });
  mediaDir = t.deps.config.mediaDir;
  photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3366aa' } })
    .composite([{ input: Buffer.from('<svg width="2000" height="1500"><circle cx="600" cy="600" r="400" fill="#d33"/></svg>') }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Roadster Cam', Copyright: 'Jane Seller' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  png = await sharp({ create: { width: 500, height: 300, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
  gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f80' } })
    .gif()
    .toBuffer();
});
afterAll(() => t.destroy());

describe('POST /api/v1/pictures', () => {
  it('stores a JPEG upright, without EXIF or GPS, with AVIF, WebP and JPEG renditions', async () => {
    const source = await sharp(photo).metadata();
    expect(source.orientation).toBe(6);
    expect(hasGps(source.exif)).toBe(true);

    const me = await member('photographer');
    const res = await upload(photo, 'IMG_0001.jpg', 'image/jpeg', me.headers);
    expect(res.status).toBe(201);
    const { data } = await readJson<Uploaded>(res);
    // Orientation 6: the 2000×1500 sensor image is a 1500×2000 portrait.
    expect(data).toMatchObject({ id: expect.any(Number), width: 1500, height: 2000 });
    expect(data.url).toMatch(/^\/media\/pictures\/[0-9a-f]{2}\/[0-9a-f]{32}\/full\.jpg$/);
    expect(data.renditions.map((r: { width: number; format: string }) => `${r.width}.${r.format}`)).toEqual([
      '320.avif',
      '320.webp',
      '320.jpeg',
      '640.avif',
      '640.webp',
      '640.jpeg',
      '1280.avif',
      '1280.webp',
      '1280.jpeg',
    ]);

    for (const url of [data.url, ...data.renditions.map((r: { url: string }) => r.url)]) {
      const meta = await sharp(readFileSync(fileOf(url))).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.orientation, url).toBeUndefined();
      expect(meta.height! > meta.width!, url).toBe(true);
    }
    const r640 = data.renditions.find((r: { width: number; format: string }) => r.width === 640 && r.format === 'webp')!;
    expect(r640.height).toBe(853);
    expect((await sharp(readFileSync(fileOf(r640.url))).metadata()).format).toBe('webp');

    const row = await t.database.db.selectFrom('pictures').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: me.id, vehicle_id: null, mime: 'image/jpeg', width: 1500, height: 2000 });
    expect(`/media/${row.storage_key}`).toBe(data.url);
    expect(JSON.parse(row.renditions)).toHaveLength(9);
  });

  it('stores a PNG in PNG, WebP and AVIF, never enlarged beyond its own width', async () => {
    const me = await member('pngsender');
    const res = await upload(png, 'car.png', 'image/png', me.headers);
    expect(res.status).toBe(201);
    const { data } = await readJson<Uploaded>(res);
    expect(data).toMatchObject({ width: 500, height: 300 });
    expect(data.url).toMatch(/\/full\.png$/);
    expect(data.renditions.map((r: { width: number; format: string }) => `${r.width}.${r.format}`)).toEqual([
      '320.avif',
      '320.webp',
      '320.png',
      '500.avif',
      '500.webp',
      '500.png',
    ]);
    const full = await sharp(readFileSync(fileOf(data.url))).metadata();
    expect(full).toMatchObject({ format: 'png', width: 500, height: 300, hasAlpha: true });
  });

  it('recognises the type by content: a GIF renamed .jpg is refused with 415, in the request language', async () => {
    const me = await member('renamer');
    const before = await pictureCount();
    const files = storedFiles().length;
    const res = await upload(gif, 'car.jpg', 'image/jpeg', me.headers, '?lng=fr_FR');
    expect(res.status).toBe(415);
    const body = await readJson<ApiError>(res);
    expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.error).not.toBe('This type of content is not accepted.');
    expect(await pictureCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses polyglots and garbage behind a JPEG or PNG magic number (415), writing nothing', async () => {
    const me = await member('polyglot');
    const jpeg = await sharp(png).jpeg().toBuffer();
    const before = await pictureCount();
    const files = storedFiles().length;
    const cases: [string, Buffer][] = [
      ['GIF header followed by a JPEG', Buffer.concat([gif.subarray(0, 13), jpeg])],
      ['JPEG magic number followed by a GIF', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), gif])],
      ['JPEG magic number followed by garbage', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x41)])],
      ['PNG signature followed by a JPEG', Buffer.concat([png.subarray(0, 8), jpeg])],
      ['a JPEG cut in half', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
      ['text', Buffer.from('<?php echo "not a picture"; ?>')],
    ];
    for (const [label, bytes] of cases) {
      const res = await upload(bytes, 'car.jpg', 'image/jpeg', me.headers);
      expect(res.status, label).toBe(415);
      expect((await readJson<ApiError>(res)).code, label).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await pictureCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses a decompression bomb from its header, before decoding it (422)', async () => {
    const me = await member('bomber');
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const before = await pictureCount();
    const started = Date.now();
    const res = await upload(bomb, 'bomb.png', 'image/png', me.headers);
    expect(res.status).toBe(422);
    expect(await readJson<ApiError>(res)).toMatchObject({ code: 'PICTURE_TOO_MANY_PIXELS', error: expect.stringContaining('25') });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await pictureCount()).toBe(before);
  });

  it('refuses a small PNG of 49 megapixels from its header, quickly and in the asker’s language (issue 31)', async () => {
    const me = await member('megapixels');
    // 7000×7000 of one colour: a few dozen kilobytes that cost most of a second of CPU to decode.
    const big = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(big.length).toBeLessThan(200_000);
    const before = await pictureCount();
    const started = performance.now();
    const res = await upload(big, 'big.png', 'image/png', { ...me.headers, 'accept-language': 'fr-FR' });
    const took = performance.now() - started;
    expect(res.status).toBe(422);
    expect(await readJson<ApiError>(res)).toEqual({
      code: 'PICTURE_TOO_MANY_PIXELS',
      error: expect.stringMatching(/25 mégapixels/),
    });
    // Read from the header: far below the decode's time even on a busy machine.
    expect(took).toBeLessThan(1000);
    expect(await pictureCount()).toBe(before);
  });

  it('answers a localized 429 with Retry-After once a member has made their uploads of the hour, refused ones included', async () => {
    const me = await member('uploader');
    const notAnImage = new TextEncoder().encode('not a picture at all');
    for (let i = 0; i < LIMITS.uploadPerUser.points; i++)
      expect((await upload(notAnImage, 'a.jpg', 'image/jpeg', me.headers)).status, `upload ${i + 1}`).toBe(415);
    const refused = await upload(png, 'fine.png', 'image/png', { ...me.headers, 'accept-language': 'es-ES' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await readJson<ApiError>(refused)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      error: 'Demasiadas solicitudes: inténtalo más tarde.',
    });
    // Counted per member: another one uploads as usual.
    const other = await member('otheruploader');
    expect((await upload(png, 'fine.png', 'image/png', other.headers)).status).toBe(201);
  });

  it('refuses a file over 5 MB with 413 from its Content-Length, writing nothing', async () => {
    const me = await member('bigfile');
    const big = await sharp({
      create: { width: 1400, height: 1400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * MB);
    const before = await pictureCount();
    const files = storedFiles().length;
    const res = await upload(big, 'big.png', 'image/png', me.headers);
    expect(res.status).toBe(413);
    expect((await readJson<ApiError>(res)).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await pictureCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('cuts a chunked upload without Content-Length off with 413 as soon as it crosses the limit', async () => {
    const me = await member('streamer');
    const { body, contentType } = await multipart(new Uint8Array(12 * MB).fill(0x41), 'huge.jpg', 'image/jpeg');
    const chunk = 64 * 1024;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= body.byteLength) return controller.close();
        controller.enqueue(body.subarray(sent, sent + chunk));
        sent += chunk;
      },
    });
    const headers = signedHeaders({ ...me.headers, 'content-type': contentType });
    const before = await pictureCount();
    const res = await t.app.request('/api/v1/pictures', { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect((await readJson<ApiError>(res)).code).toBe('PAYLOAD_TOO_LARGE');
    // Read no further than the limit: the rest of the 12 MB was never pulled.
    expect(sent).toBeLessThan(5 * MB + 256 * 1024);
    expect(await pictureCount()).toBe(before);
  });

  it('answers 401 signed out and 422 without a file; a JSON body is 415', async () => {
    const before = await pictureCount();
    expect((await upload(png, 'car.png', 'image/png')).status).toBe(401);

    const me = await member('formless');
    const { body, contentType } = await multipart(png, 'car.png', 'image/png', 'picture');
    const missing = await t.app.request('/api/v1/pictures', {
      method: 'POST',
      headers: signedHeaders({ ...me.headers, 'content-type': contentType }),
      body,
    });
    expect(missing.status).toBe(422);
    expect(await readJson<ApiError>(missing)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'file' }] });

    const asJson = await t.request('/api/v1/pictures', { method: 'POST', headers: me.headers, json: { file: 'car.png' } });
    expect(asJson.status).toBe(415);
    expect(await pictureCount()).toBe(before);
  });

  it('is served from /media/ with immutable cache headers, and as a vehicle picture once attached', async () => {
    const server: Server = await createHttpServer({
      app: t.app,
      media: t.deps.media,
      runtime: runtimeConfig(t.deps.config),
      metrics: t.deps.metrics,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const me = await member('server');
      const { body, contentType } = await multipart(photo, 'IMG_0002.jpg', 'image/jpeg');
      const res = await fetch(`${base}/api/v1/pictures`, {
        method: 'POST',
        headers: signedHeaders({ ...me.headers, 'content-type': contentType }),
        body,
      });
      expect(res.status).toBe(201);
      const { data } = await readJson<Uploaded>(res);

      const avif = data.renditions.find((r: { format: string }) => r.format === 'avif');
      const served = await fetch(`${base}${avif!.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/avif');
      expect(served.headers.get('cache-control')).toContain('immutable');

      // The vehicle form attaches pictures by id; the vehicle API then shows the same URL.
      const vehicle = await t.database.db.selectFrom('vehicles').select('id').executeTakeFirstOrThrow();
      await t.database.db.updateTable('pictures').set({ vehicle_id: vehicle.id, position: 9 }).where('id', '=', data.id).execute();
      const shown = await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${vehicle.id}`));
      expect(shown.data.pictures).toContainEqual(expect.objectContaining({ id: data.id, url: data.url, width: 1500, height: 2000 }));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await readJson<DocumentPaths>(await t.request('/api/v1/openapi.json'));
    expect(doc.paths['/api/v1/pictures']!.post!.requestBody.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/api/v1/pictures/{id}']!.delete).toBeDefined();
  });
});

describe('DELETE /api/v1/pictures/{id}', () => {
  it('lets only the uploader delete: 403 for others, 404 when unknown, then the row and files are gone', async () => {
    const owner = await member('deleter');
    const other = await member('intruder');
    const { data } = await readJson<Uploaded>(await upload(png, 'car.png', 'image/png', owner.headers));
    const files = [data.url, ...data.renditions.map((r: { url: string }) => r.url)].map(fileOf);
    for (const f of files) expect(existsSync(f)).toBe(true);

    expect((await t.request(`/api/v1/pictures/${data.id}`, { method: 'DELETE' })).status).toBe(401);
    const forbidden = await t.request(`/api/v1/pictures/${data.id}`, { method: 'DELETE', headers: other.headers });
    expect(forbidden.status).toBe(403);
    for (const f of files) expect(existsSync(f)).toBe(true);

    const unknown = await t.request('/api/v1/pictures/999999', { method: 'DELETE', headers: owner.headers });
    expect(unknown.status).toBe(404);
    expect((await readJson<ApiError>(unknown)).code).toBe('PICTURE_NOT_FOUND');

    const res = await t.request(`/api/v1/pictures/${data.id}`, { method: 'DELETE', headers: owner.headers });
    expect(res.status).toBe(200);
    expect(await t.database.db.selectFrom('pictures').select('id').where('id', '=', data.id).executeTakeFirst()).toBeUndefined();
    for (const f of files) expect(existsSync(f)).toBe(false);
    expect(existsSync(path.dirname(files[0]!))).toBe(false);
  });
});
