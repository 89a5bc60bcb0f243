import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where stored pictures live, by key (`pictures/ab/abcd…/640.webp`); the public URL of a key is
 * `/media/<key>` (lib/reference.ts). The disk store below is served by the HTTP server; an object
 * store would implement the same two calls (DESIGN §1).
 */
export interface MediaStore {
  /** Stores the bytes under the key; readers see the whole file or none of it. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** Removes the key; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys are made by us, but a key that could climb out of the folder is refused all the same. */
function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid media key: ${key}`);
  }
  return key;
}

/** The media folder on disk (config.mediaDir), served under /media/ with immutable cache headers. */
export function diskMediaStore(root: string): MediaStore {
  const file = (key: string) => path.join(path.resolve(root), ...checkKey(key).split('/'));
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
    async delete(key) {
      const target = file(key);
      await rm(target, { force: true });
      // A picture's files share a folder: the last one removed takes the folder with it.
      if (path.dirname(target) !== path.resolve(root)) await rmdir(path.dirname(target)).catch(() => {});
    },
  };
}
