import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type JobHandler, JobSkipped } from './types.ts';

/** How many backups are kept: the newest, one a day with the seeded schedule. */
export const BACKUPS_KEPT = 7;
const BACKUP_FILE = /^autoroute-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/;

/** Where the backups of this data folder go. */
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * Copies the live SQLite database with its online backup API (consistent while the server keeps
 * writing; never a file copy, DESIGN §3) into DATA_DIR/backups/autoroute-<UTC time>.db, and keeps
 * the newest seven. The copy is written under a temporary name and renamed once complete, so a
 * crash never leaves a half file among the backups. On PostgreSQL the run is recorded as skipped:
 * the database server is backed up by its own tools (pg_dump, continuous archiving), which this
 * process cannot replace (docs/decisions/009-scheduled-jobs.md).
 */
export const backupDatabase: JobHandler = async ({ sqlite, dataDir }) => {
  if (!sqlite) {
    throw new JobSkipped(
      'PostgreSQL is backed up by its own tools (pg_dump or continuous archiving); this job copies SQLite databases only.',
    );
  }
  const dir = backupsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const names = await readdir(dir);
  // A partial copy left by a crash: nobody else writes here while this run holds the job's lock.
  await Promise.all(names.filter((f) => f.endsWith('.partial')).map((f) => rm(path.join(dir, f), { force: true })));

  const name = `autoroute-${new Date().toISOString().replace(/[:.]/g, '-')}.db`;
  const file = path.join(dir, name);
  await sqlite.backup(`${file}.partial`);
  await rename(`${file}.partial`, file);
  const { size } = await stat(file);

  const backups = (await readdir(dir)).filter((f) => BACKUP_FILE.test(f)).sort();
  const old = backups.slice(0, Math.max(0, backups.length - BACKUPS_KEPT));
  await Promise.all(old.map((f) => rm(path.join(dir, f), { force: true })));
  const kept = backups.length - old.length;
  return `Wrote backups/${name} (${(size / 1_048_576).toFixed(1)} MB); ${kept} ${kept === 1 ? 'backup' : 'backups'} kept, ${old.length} older deleted.`;
};
