/**
 * Publish-to-alert latency (issue 32, docs/decisions/042): a listing published over HTTP through the
 * real app, until the buyer's instant saved search shows it in GET /api/v1/notifications (inbox) and
 * until its mail is in the outbox (mail), with `savedSearches` other instant searches of varied
 * filters to test it against. The alert worker runs as on a server (ALERTS_POLL_MS), woken by the
 * publish. The database is the tests' (TEST_DIALECT=postgres with TEST_DATABASE_URL for PostgreSQL).
 *
 *   node --import tsx scripts/alert-latency.ts            # 10 runs, 10,000 searches
 *   ALERT_RUNS=20 ALERT_SEARCHES=1000 node --import tsx scripts/alert-latency.ts
 *
 * `npm run bench` can import measureAlertLatency() and record what it answers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { createTestApp } from '../api/src/testing.ts';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};

/** Polls `done` every 10 ms; the elapsed milliseconds since `start`, or Infinity past the deadline. */
async function elapsedUntil(start: number, done: () => Promise<boolean> | boolean, deadlineMs: number): Promise<number> {
  for (;;) {
    if (await done()) return Math.round(performance.now() - start);
    if (performance.now() - start > deadlineMs) return Number.POSITIVE_INFINITY;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** `count` instant saved searches spread over the first 200 accounts, of varied makes and filters: what an alert pass tests a listing against. */
export async function seedInstantSearches(db: Kysely<Database>, count: number): Promise<void> {
  const members = await db.selectFrom('users').select('id').orderBy('id').limit(200).execute();
  const makes = (await db.selectFrom('vehicles').select('brand').distinct().limit(40).execute()).map((r) => r.brand);
  const fuels = (await db.selectFrom('fuel_types').select('id').execute()).map((r) => r.id);
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: members[i % members.length]!.id,
    name: `Bench ${i}`,
    query: JSON.stringify({
      brand: makes[i % makes.length],
      ...(i % 3 === 0 && { fuelTypeId: fuels[i % fuels.length] }),
      ...(i % 4 === 0 && { minYear: 2010 + (i % 12) }),
      sort: 'newest',
    }),
    frequency: 'instant' as const,
    created_at: now,
    updated_at: now,
    viewed_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('saved_searches')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function measureAlertLatency({ runs = 10, savedSearches = 10_000 } = {}) {
  // ALERT_LOG=file: the worker's log lines (each pass's counts and milliseconds) go there.
  const t = await createTestApp({
    vehicles: 50,
    ...(process.env.ALERT_LOG && { log: pino({ level: 'info' }, pino.destination(process.env.ALERT_LOG)) }),
  });
  try {
    const db = t.database.db;
    const id = async (table: 'currencies' | 'countries', column: 'code', code: string) =>
      (await db.selectFrom(table).select('id').where(column, '=', code).executeTakeFirstOrThrow()).id;
    const code = async (table: 'categories' | 'fuel_types' | 'types' | 'transmissions', c: string) =>
      (await db.selectFrom(table).select('id').where('code', '=', c).executeTakeFirstOrThrow()).id;
    const ref = {
      currencyId: await id('currencies', 'code', 'EUR'),
      countryId: await id('countries', 'code', 'FR'),
      cityId: (await db.selectFrom('cities').select('id').where('name', '=', 'Paris').executeTakeFirstOrThrow()).id,
      categoryId: await code('categories', 'suv'),
      colorId: (await db.selectFrom('colors').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      fuelTypeId: await code('fuel_types', 'diesel'),
      typeId: await code('types', 'sale'),
      transmissionId: await code('transmissions', 'manual'),
    };
    const option = (await db.selectFrom('options').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

    // The other members' instant searches, of varied makes and filters (as the bench's alert pass).
    await seedInstantSearches(db, savedSearches);

    const buyer = await t.member('latency-buyer');
    const seller = await t.member('latency-seller');
    await t.subscribe(seller.id, 'Professional Starter (monthly)');
    // The buyer's mails are theirs alone from here on (not the sign-up code's).
    const saved = await t.request('/api/v1/me/saved-searches', {
      method: 'POST',
      headers: buyer.headers,
      json: { name: 'Latency 3008', query: { brand: 'Peugeot', model: '3008' }, frequency: 'instant' },
    });
    if (saved.status !== 201) throw new Error(`saved search: ${saved.status}`);
    t.deps.jobs.alerts.start();

    const inboxCount = async () =>
      ((await (await t.request('/api/v1/notifications', { headers: buyer.headers })).json()) as { data: { kind: string }[] }).data.filter(
        (n) => n.kind === 'saved_search',
      ).length;
    // The outbox read as it grows: only the files not seen yet (reading thousands each poll would be the measurement's own cost).
    const outbox = path.join(t.database.dir, 'outbox');
    const seenFiles = new Set<string>();
    let buyerMails = 0;
    const mailCount = () => {
      for (const file of readdirSync(outbox)) {
        if (seenFiles.has(file) || !file.endsWith('.eml')) continue;
        seenFiles.add(file);
        const head = readFileSync(path.join(outbox, file), 'utf8').split(/\r?\n\r?\n/)[0] ?? '';
        if (head.includes(`To: ${buyer.email}`)) buyerMails += 1;
      }
      return buyerMails;
    };
    const inboxMs: number[] = [];
    const mailMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const [inboxBefore, mailBefore] = [await inboxCount(), mailCount()];
      const picture = await t.picture(seller.id);
      const start = performance.now();
      const res = await t.request('/api/v1/vehicles', {
        method: 'POST',
        headers: seller.headers,
        json: {
          ...ref,
          title: `Peugeot 3008 run ${run}`,
          brand: 'Peugeot',
          model: '3008',
          year: 2020,
          price: 21000,
          mileage: 60000,
          number_of_doors: 5,
          number_of_seats: 5,
          description: 'Latency run.',
          options: [option],
          pictures: [picture],
        },
      });
      if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
      inboxMs.push(await elapsedUntil(start, async () => (await inboxCount()) > inboxBefore, 10_000));
      mailMs.push(await elapsedUntil(start, () => mailCount() > mailBefore, 30_000));
    }
    return {
      dialect: t.database.dialect,
      runs,
      savedSearches,
      inboxMedianMs: median(inboxMs),
      mailMedianMs: median(mailMs),
      inboxMs,
      mailMs,
    };
  } finally {
    await t.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureAlertLatency({
    runs: Number(process.env.ALERT_RUNS ?? 10),
    savedSearches: Number(process.env.ALERT_SEARCHES ?? 10_000),
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
