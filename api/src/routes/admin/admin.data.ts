import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** The headline figures of the back office dashboard. */
export async function dashboardFigures(db: Db, since: string) {
  const count = (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    query.executeTakeFirstOrThrow().then((r) => Number(r.n));
  const [users, newUsers, listed, sold] = await Promise.all([
    count(db.selectFrom('users').select((eb) => eb.fn.countAll().as('n'))),
    count(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('created_at', '>=', since),
    ),
    count(
      db
        .selectFrom('vehicles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('sold', '=', 0),
    ),
    count(
      db
        .selectFrom('vehicles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('sold', '=', 1),
    ),
  ]);
  return { users, newUsers, listed, sold };
}

/** The last `days` rows of daily_stats (written by the recompute-stats job), oldest first. */
export async function dailyHistory(db: Db, days: number) {
  const rows = await db.selectFrom('daily_stats').selectAll().orderBy('day', 'desc').limit(days).execute();
  return rows.reverse().map((r) => ({
    day: r.day,
    newUsers: r.new_users,
    newListings: r.new_listings,
    views: r.views,
    contacts: r.contacts,
    users: r.users,
    listed: r.listed,
    sold: r.sold,
    premium: r.premium,
  }));
}
