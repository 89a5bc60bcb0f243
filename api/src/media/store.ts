import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaConfig } from '../core/config.ts';
import { checkKey, contentTypeOf } from './keys.ts';
import { s3MediaStore } from './s3.ts';
import type { MediaInfo, MediaStore } from './types.ts';

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
