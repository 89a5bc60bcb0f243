/**
 * The search's "available from … to" (docs/decisions/061-rentals-in-search.md), measured by
 * `npm run bench` beside the other searches: on the bench's catalogue (100,000 listings, a tenth
 * or so of them rentals), a year of bookings is written first (one every week or so on each rental
 * listing, six months past and six ahead, in every state, as many end-exclusive ranges as a busy
 * fleet holds) and owner blocks (a weekly day on one rental in five, a week off on one in ten).
 * Then distinct date ranges, one per request (a repeated one would measure a cache), with and without
 * other filters and orders, while the catalogue changes: before each request, untimed, one upcoming
 * booking is cancelled and one listing repriced, as renters and owners do.
 */
import type { Db } from '@autoroute/db';
import { CompiledQuery, sql } from 'kysely';
import { freeRentalsQuery } from '../api/src/domain/vehicles/available.data.ts';
import { VehicleListQuery } from '../api/src/domain/vehicles/query.ts';
import { searchCriteria } from '../api/src/domain/vehicles/vehicles.service.ts';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A small deterministic generator: the same bookings and queries on every run and engine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** Writes a year of bookings and some blocks on every rental listing; answers how many. */
export async function seedBookingYear(database: Db, now = Date.now()) {
  const db = database.db;
  const rentals = await db
    .selectFrom('vehicles as v')
    .innerJoin('types as t', 't.id', 'v.type_id')
    .select(['v.id', 'v.owner_id', 'v.currency_id', 'v.price_minor'])
    .where('t.code', 'in', ['rent_day', 'rent_month'])
    .orderBy('v.id')
    .execute();
  const listings = Number((await sql<{ n: number }>`select count(*) as n from vehicles`.execute(db)).rows[0]!.n);
  const renters = (await db.selectFrom('users').select('id').limit(20).execute()).map((u) => u.id);
  const r = generator(61);
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  const started = performance.now();
  let bookings = 0;
  let blocks = 0;
  await db.transaction().execute(async (tx) => {
    const flush = async (rows: Record<string, unknown>[]) => {
      // 500 rows of 20 values: under both engines' parameter limits.
      for (let i = 0; i < rows.length; i += 500)
        await tx
          .insertInto('bookings')
          .values(rows.slice(i, i + 500) as never)
          .execute();
    };
    let rows: Record<string, unknown>[] = [];
    const blockRows: Record<string, unknown>[] = [];
    for (const v of rentals) {
      // From six months back to six months ahead: a booking of 1 to 5 days every 4 to 10 days.
      let day = -182 + r.int(0, 6);
      while (day < 183) {
        const days = r.int(1, 5);
        const past = day + days <= 0;
        const roll = r.next();
        const state = past
          ? roll < 0.85
            ? 'completed'
            : roll < 0.93
              ? 'cancelled'
              : 'declined'
          : day <= 0
            ? 'active'
            : roll < 0.7
              ? 'accepted'
              : roll < 0.82
                ? 'requested'
                : roll < 0.92
                  ? 'cancelled'
                  : 'declined';
        const start = today + day * DAY_MS;
        const end = start + days * DAY_MS;
        const startAt = new Date(start + 8 * 3_600_000).toISOString();
        const endAt = new Date(end + 17 * 3_600_000).toISOString();
        rows.push({
          vehicle_id: v.id,
          owner_id: v.owner_id,
          renter_id: r.pick(renters),
          state,
          start_on: dayOf(start),
          end_on: dayOf(end),
          start_at: startAt,
          end_at: endAt,
          span_from: Math.floor(Date.parse(startAt) / 60_000),
          span_to: Math.floor(Date.parse(endAt) / 60_000),
          time_zone: 'Europe/Paris',
          days,
          currency_id: v.currency_id,
          lines: '[]',
          total_minor: Number(v.price_minor) * days,
          terms: '{}',
          cancellation: 'moderate',
        });
        day += days + r.int(3, 5);
      }
      if (r.next() < 0.2) {
        blockRows.push({ vehicle_id: v.id, kind: 'weekly', starts_on: dayOf(today - 30 * DAY_MS), ends_on: null, weekday: r.int(0, 6) });
      }
      if (r.next() < 0.1) {
        const from = today + r.int(0, 300) * DAY_MS;
        blockRows.push({ vehicle_id: v.id, kind: 'once', starts_on: dayOf(from), ends_on: dayOf(from + 7 * DAY_MS), weekday: null });
      }
      if (rows.length >= 20_000) {
        bookings += rows.length;
        await flush(rows);
        rows = [];
      }
    }
    bookings += rows.length;
    await flush(rows);
    for (let i = 0; i < blockRows.length; i += 500)
      await tx
        .insertInto('availability_blocks')
        .values(blockRows.slice(i, i + 500) as never)
        .execute();
    blocks = blockRows.length;
  });
  // The planner's statistics for what was written, as the seed leaves them (docs/decisions/041);
  // on PostgreSQL the visibility map too, as autovacuum leaves a table after a bulk insert: without
  // it, each probe of the bookings' index reads the table row as well.
  if (database.dialect === 'postgres')
    for (const table of ['bookings', 'availability_blocks']) await sql`vacuum analyze ${sql.id(table)}`.execute(db);
  else await sql`analyze`.execute(db);
  return { listings, rentals: rentals.length, bookings, blocks, writtenMs: Math.round(performance.now() - started) };
}

/** The request paths: one distinct range each, most with another filter or an order. */
export async function availabilityPaths(database: Db, count: number, now = Date.now()) {
  const db = database.db;
  const id = async (table: 'types' | 'fuel_types' | 'categories' | 'currencies', code: string) =>
    (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const [day, month, diesel, suv, eur] = await Promise.all([
    id('types', 'rent_day'),
    id('types', 'rent_month'),
    id('fuel_types', 'diesel'),
    id('categories', 'suv'),
    id('currencies', 'EUR'),
  ]);
  const countries = (await db.selectFrom('countries').select('id').where('code', 'in', ['FR', 'DE', 'ES', 'IT']).execute()).map(
    (c) => c.id,
  );
  const extras = [
    '',
    '',
    `&typeId=${day}`,
    `&typeId=${day}&sort=price_asc`,
    '&sort=price_asc',
    `&fuelTypeId=${diesel}`,
    `&categoryId=${suv}&sort=year_desc`,
    `&countryId=${countries[0]}`,
    `&currencyId=${eur}&maxPrice=120&typeId=${day}`,
    '&page=2',
  ];
  const r = generator(36);
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  const seen = new Set<string>();
  const paths: string[] = [];
  while (paths.length < count) {
    const from = today + r.int(1, 330) * DAY_MS;
    const long = r.next() < 0.1;
    const to = from + (long ? r.int(30, 60) : r.int(1, 14)) * DAY_MS;
    const path = `/api/v1/vehicles?availableFrom=${dayOf(from)}&availableTo=${dayOf(to)}${long ? `&typeId=${month}` : r.pick(extras)}`;
    if (seen.has(path)) continue;
    seen.add(path);
    paths.push(path);
  }
  return paths;
}

/** Before each timed request: an upcoming booking cancelled, a listing repriced. */
export function catalogueChanges(database: Db) {
  const db = database.db;
  const r = generator(7);
  let ids: { bookings: number[]; listings: number[] } | null = null;
  return async () => {
    ids ??= {
      bookings: (
        await db
          .selectFrom('bookings')
          .select('id')
          .where('state', '=', 'accepted')
          .where('start_on', '>', dayOf(Date.now()))
          .limit(5000)
          .execute()
      ).map((b) => b.id),
      listings: (await db.selectFrom('vehicles').select('id').where('sold', '=', 0).limit(5000).execute()).map((v) => v.id),
    };
    const booking = r.pick(ids.bookings);
    await db
      .updateTable('bookings')
      .set({ state: sql`case when state = 'accepted' then 'cancelled' else state end` as never })
      .where('id', '=', booking)
      .execute();
    await db
      .updateTable('vehicles')
      .set({ price_minor: sql`price_minor + 100` as never })
      .where('id', '=', r.pick(ids.listings))
      .execute();
  };
}

/** The query plan of one availability search's read, as the data layer runs it (its NOT EXISTS probes). */
export async function availabilityPlan(database: Db, path: string) {
  const q = VehicleListQuery.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  const c = await searchCriteria(database.db, q, 'en_US');
  const compiled = freeRentalsQuery(database.db, database.dialect, c);
  const explain = database.dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
  const rows = await database.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${explain}${compiled.sql}`, [...compiled.parameters]),
  );
  return rows.rows.map((row) => String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)));
}
