/**
 * `npm run backup`: one archive of the SQLite database and its pictures now, where the backup job
 * writes them (BACKUP_DIR or BACKUP_S3_BUCKET). `npm run backup:restore FILE`: restores an archive
 * into an empty DATA_DIR; then `npm start` serves it (README, "Backups and restore").
 */
import { connect } from '@autoroute/db';
import { type Config, ConfigError, loadConfig } from '../core/config.ts';
import { makeBackup, RestoreRefused, restoreBackup } from './archive.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const started = performance.now();
const [command, file] = process.argv.slice(2);

if (command === 'restore') {
  if (!file) {
    console.error('usage: npm run backup:restore <archive.tar.gz>  (into the empty folder DATA_DIR names)');
    process.exit(2);
  }
  try {
    const { pictures, manifest } = await restoreBackup(file, config);
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: the database and ${pictures} pictures ` +
        `(${config.media.s3 ? `into s3://${config.media.s3.bucket}` : 'into DATA_DIR/media'}) in ${seconds(started)}. ` +
        'Start the server with this DATA_DIR (npm start).',
    );
    process.exit(0);
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`restore refused: ${error.message}`);
      process.exit(2);
    }
    console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`${config.dataDir} may hold part of it now: empty that folder before trying again.`);
    process.exit(1);
  }
} else if (command === 'make') {
  const database = connect(config.databaseUrl);
  if (!database.sqlite) {
    console.error(
      'DATABASE_URL names a PostgreSQL server: back it up with pg_dump or continuous archiving (README, "Backups and restore").',
    );
    await database.close();
    process.exit(2);
  }
  try {
    const made = await makeBackup({ sqlite: database.sqlite, media: config.media, mediaDir: config.mediaDir }, config.backup);
    console.log(
      `Wrote ${made.location} (${(made.bytes / 1_048_576).toFixed(1)} MB, the database and ${made.pictures} pictures) in ${seconds(started)}; ` +
        `${made.kept} kept, ${made.deleted} older deleted.`,
    );
  } finally {
    await database.close();
  }
  process.exit(0);
} else {
  console.error('usage: backup make | backup restore <archive.tar.gz>');
  process.exit(2);
}
