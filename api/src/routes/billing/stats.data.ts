import type { Database } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';

export type Db = Kysely<Database>;

/** A day (`YYYY-MM-DD`) and how many of something happened on it. */
export type DayCount = { day: string; n: number | string | bigint };

/** A listing's owner; undefined when there is no such listing. */
export function findVehicleOwner(db: Db, vehicleId: number) {
  return db.selectFrom('vehicles').select('owner_id').where('id', '=', vehicleId).executeTakeFirst();
}

/**
 * A listing's figures per UTC day since `since` (an instant): views (one per visitor and day),
 * likes and favorites given, messages received; only days with any.
 */
export async function dailyFigures(db: Db, vehicleId: number, since: string) {
  const dayOf = sql<string>`substr(created_at, 1, 10)`;
  const byDay = (table: 'likes' | 'favorites') =>
    db
      .selectFrom(table)
      .select([dayOf.as('day'), db.fn.countAll<number>().as('n')])
      .where('vehicle_id', '=', vehicleId)
      .where('created_at', '>=', since)
      .groupBy(dayOf)
      .execute();
  const [views, likes, favorites, contacts] = await Promise.all([
    db
      .selectFrom('vehicle_views')
      .select(['day', db.fn.countAll<number>().as('n')])
      .where('vehicle_id', '=', vehicleId)
      .where('day', '>=', since.slice(0, 10))
      .groupBy('day')
      .execute(),
    byDay('likes'),
    byDay('favorites'),
    db
      .selectFrom('contacts')
      .select([dayOf.as('day'), db.fn.countAll<number>().as('n')])
      .where('vehicle_id', '=', vehicleId)
      .where('created_at', '>=', since)
      .groupBy(dayOf)
      .execute(),
  ]);
  return { views, likes, favorites, contacts };
}
