/**
 * `npm run media:migrate`: copies the pictures of DATA_DIR/media into the S3 bucket the
 * configuration names (MEDIA_S3_BUCKET …), under the same keys, so a server switched to S3 keeps
 * every picture it had. Safe to run again: keys already there with the same size are skipped.
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../core/config.ts';
import { migrateMedia } from './migrate.ts';
import { s3MediaStore } from './s3.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const s3 = config.media.s3;
if (!s3) {
  console.error(
    'media:migrate copies DATA_DIR/media into an S3 bucket, and none is configured: set MEDIA_S3_BUCKET ' +
      '(with MEDIA_S3_ENDPOINT and MEDIA_S3_FORCE_PATH_STYLE=true for MinIO, R2 and other S3-compatible stores).',
  );
  process.exit(2);
}
if (!existsSync(config.mediaDir)) {
  console.log(`nothing to copy: ${config.mediaDir} does not exist`);
  process.exit(0);
}

const started = performance.now();
const report = await migrateMedia(config.mediaDir, s3MediaStore(s3), (done, total) => {
  if (process.stdout.isTTY) process.stdout.write(`\r${done} / ${total} files`);
});
if (process.stdout.isTTY) process.stdout.write('\n');
for (const key of report.refused) console.log(`not a media key, left on disk: ${key}`);
for (const { key, error } of report.failed) console.error(`not copied: ${key}: ${error}`);
console.log(
  `${config.mediaDir} → s3://${s3.bucket}: ${report.copied} copied, ${report.skipped} already there, ` +
    `${report.refused.length} left on disk, ${report.failed.length} failed (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
process.exit(report.failed.length ? 1 : 0);
