import type { Database } from '@autoroute/db';
import { type Insertable, type Kysely, sql } from 'kysely';
import { inForce } from '../billing/billing.data.ts';

type Db = Kysely<Database>;
type PerDay = Map<string, number>;

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

async function countByDay(query: { execute(): Promise<{ day: string; n: number | string | bigint }[]> }): Promise<PerDay> {
  return new Map((await query.execute()).map((r) => [r.day, Number(r.n)]));
}

/** Reads what happened on each day since `from` (YYYY-MM-DD, UTC): new members, new listings, listing views, messages to sellers. */
export async function dailyFlowsSince(db: Db, from: string) {
  const n = db.fn.countAll<number>().as('n');
  const [newUsers, newListings, views, contacts] = await Promise.all([
    countByDay(
      db
        .selectFrom('users')
        .select([dayOf('created_at').as('day'), n])
        .where('created_at', '>=', from)
        .groupBy(dayOf('created_at')),
    ),
    // `sold in (0, 1)` lets SQLite seek the (sold, created_at) index instead of reading every vehicle.
    countByDay(
      db
        .selectFrom('vehicles')
        .select([dayOf('created_at').as('day'), n])
        .where('sold', 'in', [0, 1])
        .where('created_at', '>=', from)
        .groupBy(dayOf('created_at')),
    ),
    countByDay(db.selectFrom('vehicle_views').select(['day', n]).where('day', '>=', from).groupBy('day')),
    countByDay(
      db
        .selectFrom('contacts')
        .select([dayOf('created_at').as('day'), n])
        .where('created_at', '>=', from)
        .groupBy(dayOf('created_at')),
    ),
  ]);
  return { newUsers, newListings, views, contacts };
}

/** Reads the totals at `now`: members, listed and sold vehicles, paying members (a subscription in force). */
export async function currentTotals(db: Db, now: string) {
  const count = (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    query.executeTakeFirstOrThrow().then((r) => Number(r.n));
  const n = db.fn.countAll<number>().as('n');
  const [users, listed, sold, premium] = await Promise.all([
    count(db.selectFrom('users').select(n)),
    count(db.selectFrom('vehicles').select(n).where('sold', '=', 0)),
    count(db.selectFrom('vehicles').select(n).where('sold', '=', 1)),
    count(
      db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
        .where(inForce('subscriptions', now)),
    ),
  ]);
  return { users, listed, sold, premium };
}

/** Writes one day's row of `daily_stats`, inserted or, when the day has one, updated with `row`. */
export async function saveDailyStats(db: Db, day: string, row: Omit<Insertable<Database['daily_stats']>, 'day'>): Promise<void> {
  await db
    .insertInto('daily_stats')
    .values({ day, ...row })
    .onConflict((oc) => oc.column('day').doUpdateSet(row))
    .execute();
}
