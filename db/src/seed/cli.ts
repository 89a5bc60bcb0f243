/**
 * `npm run seed -- --vehicles N`: adds N generated vehicles (default 1000) to the configured database
 * (DATABASE_URL, else DATA_DIR/autoroute.db), migrating and seeding reference data first if needed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseTarget } from '../config.ts';
import { connect } from '../connect.ts';
import { migrateToLatest } from '../migrate.ts';
import { mediaFolder, seedDemoCatalogue, seedReference } from './index.ts';

const { values } = parseArgs({ options: { vehicles: { type: 'string', default: '1000' }, seed: { type: 'string' } } });
const vehicles = Number(values.vehicles);
if (!Number.isInteger(vehicles) || vehicles < 1 || vehicles > 5_000_000) {
  console.error('--vehicles must be a whole number from 1 to 5000000');
  process.exit(2);
}

const target = databaseTarget();
const database = connect(target);
const started = performance.now();
await migrateToLatest(database.db);
if (await seedReference(database.db)) console.log('reference data seeded');
await seedDemoCatalogue(database.db, {
  vehicles,
  media: mediaFolder(path.resolve(process.env.DATA_DIR ?? './data', 'media')),
  seed: values.seed ? Number(values.seed) : Date.now() % 2 ** 31,
  onProgress: (done) => process.stdout.write(`\r${done} / ${vehicles} vehicles`),
});
console.log(
  `\nadded ${vehicles} vehicles to ${database.dialect === 'sqlite' ? target : 'PostgreSQL'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
// The seed writes to the data folder only (db/ knows nothing of object storage): the drawings go to S3 with media:migrate.
if (process.env.MEDIA_S3_BUCKET) console.log('MEDIA_S3_BUCKET is set: run "npm run media:migrate" to copy the demo pictures to the bucket');
await database.close();
