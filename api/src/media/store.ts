import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaConfig } from '../config.ts';
import { checkKey, contentTypeOf } from './keys.ts';
import { s3MediaStore } from './s3.ts';

/** What serving a stored file needs to know before sending it. */
export interface MediaInfo {
  contentType: string;
  /** Bytes. */
  length: number;
  /** A validator for If-None-Match, quoted as the ETag header wants it. */
  etag: string;
}

interface MediaObject extends MediaInfo {
  body: Readable;
}

/**
 * Where stored pictures live, by key (`pictures/ab/abcd…/640.webp`): the data folder's media/ on
 * disk, or an S3 bucket (MEDIA_S3_BUCKET), behind these calls (DESIGN §1). Every server process
 * serves any key under `/media/` through `get`, whichever store holds it; the URL a key is shown
 * under is `Deps.mediaUrl`'s business (lib/reference.ts), not the store's.
 */
export interface MediaStore {
  /** Stores the bytes under the key; readers see the whole file or none of it. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file and what serving it needs, or null when there is no such key. */
  get(key: string): Promise<MediaObject | null>;
  /** What `get` would answer, without the bytes (HEAD requests, conditional requests, media:migrate). */
  head(key: string): Promise<MediaInfo | null>;
  /** Removes the key; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
}

/** The store the configuration names: the bucket when MEDIA_S3_BUCKET is set, else the media folder. */
export function createMediaStore(media: MediaConfig, mediaDir: string): MediaStore {
  return media.s3 ? s3MediaStore(media.s3) : diskMediaStore(mediaDir);
}

const missing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The media folder on disk (config.mediaDir). */
export function diskMediaStore(root: string): MediaStore {
  const file = (key: string) => path.join(path.resolve(root), ...checkKey(key).split('/'));
  const head = async (key: string): Promise<MediaInfo | null> => {
    try {
      const stats = await stat(file(key));
      if (!stats.isFile()) return null;
      // As serve-static made it: size and modification time, enough for files never rewritten in place.
      return { contentType: contentTypeOf(key), length: stats.size, etag: `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"` };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside, then renamed: a file served as immutable is never seen half-written.
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, data, { flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    head,
    async get(key) {
      const info = await head(key);
      if (!info) return null;
      // Opened now: a file removed between the stat and the first read ends the response early, as a deleted picture should.
      return { ...info, body: createReadStream(file(key)) };
    },
    async delete(key) {
      const target = file(key);
      await rm(target, { force: true });
      // A picture's files share a folder: the last one removed takes the folder with it.
      if (path.dirname(target) !== path.resolve(root)) await rmdir(path.dirname(target)).catch(() => {});
    },
  };
}
