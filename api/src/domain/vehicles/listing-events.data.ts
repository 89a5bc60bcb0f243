import type { Database, DialectName, ListingEventKind } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { topicColumns } from '../notifications/topics.ts';
import { searchesWithMember } from '../saved-searches/saved-searches.data.ts';

type Db = Kysely<Database>;

/**
 * Queues a listing's change for the alert worker, in the caller's transaction (the seller's publish
 * or reprice): the alert is owed exactly when the change commits, and a rolled-back write owes none.
 */
export async function enqueueListingEvent(db: Db, vehicleId: number, kind: ListingEventKind): Promise<void> {
  await db.insertInto('listing_events').values({ vehicle_id: vehicleId, kind }).execute();
}

/** Whether any event waits that nobody holds: the idle poll's one cheap read, so it takes no write lock. */
export async function hasClaimableEvent(db: Db, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('listing_events')
    .select('id')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims up to `limit` waiting events for `holder` until `until`, as a job claims its datacron
 * (runs.data.ts): one conditional UPDATE … RETURNING, whose condition is repeated outside the
 * subquery. SQLite runs it alone (one writer). PostgreSQL skips the rows another process is
 * claiming (FOR UPDATE SKIP LOCKED) and re-checks the condition on any row it waited for: a row
 * goes to one process. A lease that ran out (a crashed process) makes its rows claimable again.
 */
export async function claimListingEvents(db: Db, dialect: DialectName, holder: string, now: string, until: string, limit: number) {
  return db
    .updateTable('listing_events')
    .set((eb) => ({ claimed_by: holder, claimed_until: until, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('listing_events')
        .select('id')
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
        .orderBy('id')
        .limit(limit)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
    )
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returning(['id', 'vehicle_id', 'kind', 'attempts', 'created_at'])
    .execute();
}

/** Done with these events: gone, if this holder still holds them (a late finish never deletes another's claim). */
export async function finishListingEvents(db: Db, ids: readonly number[], holder: string): Promise<void> {
  if (ids.length) await db.deleteFrom('listing_events').where('id', 'in', ids).where('claimed_by', '=', holder).execute();
}

/** The listings' facts a saved search filters on, to test them in memory before the exact query. */
export function findListingsForAlerts(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('currencies as c', 'c.id', 'v.currency_id')
    .select([
      'v.id',
      'v.owner_id',
      'v.sold',
      'v.brand',
      'v.model',
      'v.year',
      'v.price_minor',
      'v.currency_id',
      'c.minor_units',
      'v.country_id',
      'v.city_id',
      'v.category_id',
      'v.color_id',
      'v.mileage',
      'v.fuel_type_id',
      'v.type_id',
      'v.transmission_id',
      'v.number_of_doors',
    ])
    .where('v.id', 'in', ids)
    .execute();
}

/** The instant saved searches of active members, with how each member is told: read once a pass, then tested in memory. */
export function findInstantSearches(db: Db) {
  return searchesWithMember(db)
    .select(['s.id', 's.user_id', 's.name', 's.query', 's.frequency', 'l.code as language', ...topicColumns('savedSearch')])
    .where('s.frequency', '=', 'instant')
    .where('u.status', '=', 'active')
    .execute();
}
