import path from 'node:path';
import { makeBackup } from '../backup/archive.ts';
import { type JobHandler, JobSkipped } from './types.ts';

/**
 * Writes one archive of the live SQLite database and every picture (the media folder, or the
 * media bucket's objects) into BACKUP_DIR or BACKUP_S3_BUCKET, and keeps the newest BACKUP_KEEP
 * (backup/archive.ts, docs/decisions/038). `npm run backup:restore FILE` restores one into an
 * empty DATA_DIR. On PostgreSQL the run is recorded as skipped: the database server is backed up by
 * its own tools (pg_dump, continuous archiving), which this process cannot replace
 * (docs/decisions/009-scheduled-jobs.md).
 */
export const backupDatabase: JobHandler = async ({ sqlite, backup }) => {
  if (!sqlite) {
    throw new JobSkipped(
      'PostgreSQL is backed up by its own tools (pg_dump or continuous archiving); this job copies SQLite databases only.',
    );
  }
  const made = await makeBackup({ sqlite, media: backup.media, mediaDir: backup.mediaDir }, backup.target);
  const where = made.location.startsWith('s3://') ? made.location : path.basename(made.location);
  const pictures = `${made.pictures} ${made.pictures === 1 ? 'picture' : 'pictures'}`;
  return `Wrote ${where} (${(made.bytes / 1_048_576).toFixed(1)} MB, the database and ${pictures}); ${made.kept} ${made.kept === 1 ? 'backup' : 'backups'} kept, ${made.deleted} older deleted.`;
};
