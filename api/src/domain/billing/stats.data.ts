import { type Database, MIN_COMPARABLES } from '@autoroute/db';
import { type Kysely, type SqlBool, sql } from 'kysely';

export type Db = Kysely<Database>;

/** A day (`YYYY-MM-DD`) and how many of something happened on it. */
export type DayCount = { day: string; n: number | string | bigint };

/** A listing's owner and what it is compared as; undefined when there is no such listing. */
export function findVehicleOwner(db: Db, vehicleId: number) {
  return db
    .selectFrom('vehicles as v')
    .leftJoin('makes as k', 'k.name', 'v.brand')
    .leftJoin('models as m', (j) => j.onRef('m.make_id', '=', 'k.id').onRef('m.name', '=', 'v.model'))
    .select(['v.owner_id', 'v.brand', 'v.model', 'v.type_id', 'm.segment'])
    .where('v.id', '=', vehicleId)
    .executeTakeFirst();
}

export type StatsSubject = NonNullable<Awaited<ReturnType<typeof findVehicleOwner>>>;

/** Which similar listings a listing's figures are compared with: its make and model's, or its segment's. */
export type SimilarScope = 'model' | 'segment';

/**
 * The listings similar to one, as the price rating compares them (db/src/market.ts): of its type,
 * live or sold since `soldSince`, itself aside; of its make and model, or of its model's segment.
 */
function similarQuery(db: Db, vehicleId: number, v: StatsSubject, scope: SimilarScope, soldSince: string) {
  return db
    .selectFrom('vehicles as s')
    .where('s.id', '!=', vehicleId)
    .where('s.type_id', '=', v.type_id)
    .where((eb) => eb.or([eb('s.sold', '=', 0), eb('s.sold_at', '>=', soldSince)]))
    .where(
      scope === 'model'
        ? sql<SqlBool>`s.brand = ${v.brand} and s.model = ${v.model}`
        : sql<SqlBool>`(s.brand, s.model) in (select k2.name, m2.name from models m2 join makes k2 on k2.id = m2.make_id where m2.segment = ${v.segment})`,
    );
}

/**
 * Which listings a listing is compared with, and how many: its make and model's, or, when those are
 * fewer than the market's MIN_COMPARABLES and its model's segment is known, its segment's. Null: none.
 */
export async function similarListings(db: Db, vehicleId: number, v: StatsSubject, soldSince: string) {
  const count = async (scope: SimilarScope) =>
    Number(
      (
        await similarQuery(db, vehicleId, v, scope, soldSince)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let scope: SimilarScope = 'model';
  let listings = await count('model');
  if (listings < MIN_COMPARABLES && v.segment !== null) {
    const wider = await count('segment');
    if (wider > listings) [scope, listings] = ['segment', wider];
  }
  return listings === 0 ? null : { scope, listings };
}

/** How many of each figure the similar listings of `scope` had since `since`, by listing: only listings with any. */
export async function similarFigures(db: Db, vehicleId: number, v: StatsSubject, scope: SimilarScope, soldSince: string, since: string) {
  const ids = () => similarQuery(db, vehicleId, v, scope, soldSince).select('s.id');
  const byListing = (table: 'likes' | 'favorites' | 'contacts') =>
    db
      .selectFrom(table)
      .select(['vehicle_id', db.fn.countAll<number>().as('n')])
      .where('vehicle_id', 'in', ids())
      .where('created_at', '>=', since)
      .groupBy('vehicle_id')
      .execute();
  const [views, likes, favorites, contacts] = await Promise.all([
    db
      .selectFrom('vehicle_views')
      .select(['vehicle_id', db.fn.countAll<number>().as('n')])
      .where('vehicle_id', 'in', ids())
      .where('day', '>=', since.slice(0, 10))
      .groupBy('vehicle_id')
      .execute(),
    byListing('likes'),
    byListing('favorites'),
    byListing('contacts'),
  ]);
  return { views, likes, favorites, contacts };
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
