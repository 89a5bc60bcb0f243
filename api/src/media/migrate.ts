import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMediaKey } from './keys.ts';
import type { MediaStore } from './types.ts';

export interface MigrateReport {
  /** Put into the store. */
  copied: number;
  /** Already in the store with the same size. */
  skipped: number;
  /** Files whose path is not a media key (nothing of ours): left where they are. */
  refused: string[];
  /** Keys the store did not take, with its reason. */
  failed: { key: string; error: string }[];
}

/** Copies at most this many files at once. */
const AT_ONCE = 8;

/**
 * Copies every file under a media folder into a store, under the same keys (`npm run
 * media:migrate`). Run it again at will: a key already stored with the same size is skipped.
 */
export async function migrateMedia(
  folder: string,
  store: MediaStore,
  onFile?: (done: number, total: number) => void,
): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, skipped: 0, refused: [], failed: [] };
  const files: { key: string; file: string }[] = [];
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    // The disk store's half-written uploads (`<file>.<uuid>.tmp`) are not pictures yet.
    if (entry.name.endsWith('.tmp')) continue;
    const key = path.relative(folder, file).split(path.sep).join('/');
    if (isMediaKey(key)) files.push({ key, file });
    else report.refused.push(key);
  }
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let item = files[next++]; item; item = files[next++]) {
      try {
        const [{ size }, stored] = await Promise.all([stat(item.file), store.head(item.key)]);
        if (stored && stored.length === size) report.skipped++;
        else {
          await store.put(item.key, await readFile(item.file));
          report.copied++;
        }
      } catch (error) {
        report.failed.push({ key: item.key, error: error instanceof Error ? error.message : String(error) });
      }
      onFile?.(++done, files.length);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return report;
}
