import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../testing-s3.ts';
import { s3MediaStore } from './s3.ts';
import { diskMediaStore } from './store.ts';
import type { MediaStore } from './types.ts';

let s3: TestS3;
const folder = mkdtempSync(path.join(tmpdir(), 'autoroute-media-'));
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

const stores: [string, () => MediaStore][] = [
  ['the media folder', () => diskMediaStore(folder)],
  ['an S3 bucket', () => s3MediaStore(s3.config)],
];

describe.each(stores)('the media store on %s', (_name, store) => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>');

  it('gives back what was put, with its type, length and a validator, then nothing once deleted', async () => {
    const media = store();
    await media.put('pictures/ab/ab12/640.svg', svg);
    const head = await media.head('pictures/ab/ab12/640.svg');
    expect(head).toEqual({ contentType: 'image/svg+xml', length: svg.byteLength, etag: expect.stringMatching(/^(W\/)?".+"$/) });
    const object = await media.get('pictures/ab/ab12/640.svg');
    expect(object).toMatchObject({ contentType: 'image/svg+xml', length: svg.byteLength, etag: head?.etag });
    expect(await text(object!.body)).toBe(svg.toString());

    await media.delete('pictures/ab/ab12/640.svg');
    expect(await media.get('pictures/ab/ab12/640.svg')).toBeNull();
    expect(await media.head('pictures/ab/ab12/640.svg')).toBeNull();
    // Already gone is not an error.
    await media.delete('pictures/ab/ab12/640.svg');
  });

  it('answers null for a key never stored and for a folder', async () => {
    const media = store();
    await media.put('pictures/cd/cd34/full.jpg', Buffer.from([0xff, 0xd8, 0xff]));
    expect(await media.get('pictures/none.webp')).toBeNull();
    expect(await media.get('pictures/cd/cd34')).toBeNull();
    expect((await media.head('pictures/cd/cd34/full.jpg'))?.contentType).toBe('image/jpeg');
  });

  it('refuses a key that could climb out of its folder, before touching anything', async () => {
    const media = store();
    for (const key of ['../escape.svg', 'pictures/../../escape.svg', '/etc/passwd', 'a//b.svg', 'pictures/./x.svg', '']) {
      await expect(media.put(key, svg), key).rejects.toThrow(/invalid media key/);
      await expect(media.get(key), key).rejects.toThrow(/invalid media key/);
    }
  });
});

it('stores the exact bytes on S3, with the content type and immutable caching a CDN in front needs', async () => {
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
  await s3MediaStore(s3.config).put('pictures/ef/ef56/1280.webp', bytes);
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'pictures/ef/ef56/1280.webp' }));
  expect(object.ContentType).toBe('image/webp');
  expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
  expect(Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)).toBe(true);
});
