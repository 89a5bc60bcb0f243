/**
 * The time to compute one listing's fraud signals, every kind (docs/decisions/052, 053), on a
 * seeded catalogue: `DATA_DIR=<folder> node --import tsx scripts/bench-signals.ts` after
 * `DATA_DIR=<folder> npm run seed -- --vehicles 100000` (or DATABASE_URL for PostgreSQL).
 * The seed's drawings have no perceptual hash (they are shared by many listings): each picture
 * is given a random one first, so the bands' indexes hold as many values as real uploads would.
 * BENCH_SIGNALS_RUNS listings (200 by default) are then refreshed one at a time, each in its
 * transaction, and p50/p95/max printed.
 */
import { connect, databaseTarget } from '@autoroute/db';
import { sql } from 'kysely';
import { refreshSignals } from '../api/src/domain/trust/signals.ts';

const runs = Number(process.env.BENCH_SIGNALS_RUNS ?? 200);
const database = connect(databaseTarget());
const { db } = database;
const count = async (table: 'vehicles' | 'pictures') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const unhashed = await db.selectFrom('pictures').select('id').where('phash', 'is', null).limit(1).executeTakeFirst();
if (unhashed) {
  const started = performance.now();
  const band = database.dialect === 'sqlite' ? sql`abs(random()) % 65536` : sql`floor(random() * 65536)::integer`;
  await db
    .updateTable('pictures')
    .set({ phash_b0: band, phash_b1: band, phash_b2: band, phash_b3: band } as never)
    .execute();
  const hex =
    database.dialect === 'sqlite'
      ? sql`printf('%04x%04x%04x%04x', phash_b0, phash_b1, phash_b2, phash_b3)`
      : sql`lpad(to_hex(phash_b0), 4, '0') || lpad(to_hex(phash_b1), 4, '0') || lpad(to_hex(phash_b2), 4, '0') || lpad(to_hex(phash_b3), 4, '0')`;
  await db
    .updateTable('pictures')
    .set({ phash: hex } as never)
    .execute();
  console.log(`random hashes given to the pictures in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.log(`${await count('vehicles')} listings, ${await count('pictures')} pictures (${database.dialect})`);

const ids = (await db.selectFrom('vehicles').select('id').where('sold', '=', 0).orderBy(sql`random()`).limit(runs).execute()).map(
  (r) => r.id,
);
const trust = { priceBelowRatio: 0.5, privateListings: 5, photoDistance: Number(process.env.TRUST_PHOTO_DISTANCE ?? 6) };
const times: number[] = [];
for (const id of ids) {
  const started = performance.now();
  await db.transaction().execute((tx) => refreshSignals(tx, trust, id));
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(1);
console.log(
  `refreshSignals over ${times.length} listings (threshold ${trust.photoDistance}): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
);
await database.close();
