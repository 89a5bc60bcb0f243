import type { Database } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';
import { inForce } from '../domain/billing/billing.data.ts';
import type { JobHandler } from './types.ts';

/** Each run recounts this many days, today included, so a few missed runs leave no hole. */
const STATS_DAYS = 7;
const DAY_MS = 86_400_000;

type Db = Kysely<Database>;
type PerDay = Map<string, number>;

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

async function countByDay(query: { execute(): Promise<{ day: string; n: number | string | bigint }[]> }): Promise<PerDay> {
  return new Map((await query.execute()).map((r) => [r.day, Number(r.n)]));
}

/** What happened on each day since `from` (YYYY-MM-DD, UTC). */
async function flows(db: Db, from: string) {
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

/** The totals right now. */
async function totals(db: Db, now: string) {
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

/**
 * Writes the dashboard's history (table daily_stats): for each of the last seven UTC days, the new
 * members, new listings, listing views and messages to sellers of that day; and on today's row the
 * totals of members, listed and sold vehicles and paying members. Counts use indexes; a run reads
 * no more than a week of rows.
 */
export const recomputeStats: JobHandler = async ({ db }) => {
  const now = new Date();
  const nowText = now.toISOString();
  const today = nowText.slice(0, 10);
  const days = Array.from({ length: STATS_DAYS }, (_, i) =>
    new Date(now.getTime() - (STATS_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const from = days[0]!;
  const [perDay, current] = await Promise.all([flows(db, from), totals(db, nowText)]);
  await db.transaction().execute(async (tx) => {
    for (const day of days) {
      const counted = {
        new_users: perDay.newUsers.get(day) ?? 0,
        new_listings: perDay.newListings.get(day) ?? 0,
        views: perDay.views.get(day) ?? 0,
        contacts: perDay.contacts.get(day) ?? 0,
        updated_at: nowText,
      };
      // Past days keep the totals seen when they were today; only today's are taken now.
      const row = day === today ? { ...counted, ...current } : counted;
      await tx
        .insertInto('daily_stats')
        .values({ day, ...row })
        .onConflict((oc) => oc.column('day').doUpdateSet(row))
        .execute();
    }
  });
  const t = perDay;
  return `Counted ${STATS_DAYS} days from ${from} to ${today}. Today: ${t.newUsers.get(today) ?? 0} new members, ${t.newListings.get(today) ?? 0} new listings, ${t.views.get(today) ?? 0} views, ${t.contacts.get(today) ?? 0} messages; totals: ${current.users} members, ${current.listed} listed, ${current.sold} sold, ${current.premium} premium.`;
};
