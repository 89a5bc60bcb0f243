import type { Database, SavedSearchFrequency } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';
import { topicColumns } from '../notifications/topics.ts';

type Db = Kysely<Database>;

const COLUMNS = [
  's.id',
  's.user_id',
  's.name',
  's.query',
  's.frequency',
  's.viewed_at',
  's.digest_at',
  's.created_at',
  's.updated_at',
] as const;

/** A member's searches, newest first, each with the listings it found since they last opened it. */
export function listSavedSearches(db: Db, userId: number) {
  return db
    .selectFrom('saved_searches as s')
    .select(COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('saved_search_matches as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.saved_search_id', '=', 's.id')
        .whereRef('m.matched_at', '>', 's.viewed_at')
        .as('fresh'),
    )
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

export type SavedSearchRow = Awaited<ReturnType<typeof listSavedSearches>>[number];

export async function findSavedSearch(db: Db, userId: number, id: number): Promise<SavedSearchRow | undefined> {
  return (await listSavedSearches(db, userId)).find((s) => s.id === id);
}

export async function countSavedSearches(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSavedSearch(
  db: Db,
  row: {
    user_id: number;
    name: string;
    query: string;
    frequency: SavedSearchFrequency;
    created_at: string;
    updated_at: string;
    viewed_at: string;
  },
): Promise<number> {
  return (await db.insertInto('saved_searches').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSavedSearch(
  db: Db,
  userId: number,
  id: number,
  values: Partial<{ name: string; query: string; frequency: SavedSearchFrequency; viewed_at: string }> & { updated_at: string },
): Promise<boolean> {
  const result = await db.updateTable('saved_searches').set(values).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new query finds afresh: what the old one found is forgotten. */
export async function forgetMatches(db: Db, id: number): Promise<void> {
  await db.deleteFrom('saved_search_matches').where('saved_search_id', '=', id).execute();
}

export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A search's alerts paused by its own unsubscribe link (issue 17): answers whether it was the member's. */
export async function pauseSavedSearch(db: Db, userId: number, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('saved_searches')
    .set({ frequency: 'off', updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The live listings published or edited after `since`, oldest change first: what a pass of the
 * alerts job looks at. Read by the `updated_at` index; `sold` is kept off its own indexes (a unary
 * `+`), or SQLite, which has no statistics, reads every live listing to sort them (1.3 s at a
 * million, blocking every request each minute).
 */
export function listingsChangedSince(db: Db, since: string, limit: number) {
  return db
    .selectFrom('vehicles')
    .select(['id', 'owner_id', 'updated_at'])
    .where('updated_at', '>', since)
    .where(sql<number>`+${sql.ref('sold')}`, '=', 0)
    .orderBy('updated_at')
    .limit(limit);
}

/** Reads the live listings changed after `since` (listingsChangedSince), at most `limit`, oldest change first. */
export function findListingsChangedSince(db: Db, since: string, limit: number) {
  return listingsChangedSince(db, since, limit).execute();
}

/**
 * Saved searches joined to their member (`u`), the member's language (`l`) and notification
 * preferences (`np`, absent for a member who saved none): how an alert reaches them. Both alert
 * jobs read their searches through here.
 */
export function searchesWithMember(db: Db) {
  return db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id');
}

/** Reads the saved searches not paused of active members, with their language and how each member is told of a saved search. */
export function listAlertingSearches(db: Db) {
  return searchesWithMember(db)
    .select([
      's.id',
      's.user_id',
      's.name',
      's.query',
      's.frequency',
      's.digest_at',
      's.created_at',
      'l.code as language',
      ...topicColumns('savedSearch'),
    ])
    .where('s.frequency', '!=', 'off')
    .where('u.status', '=', 'active')
    .execute();
}

/** Records that a saved search finds `vehicleIds` (once per search and listing); answers the ids newly recorded. */
export function insertMatches(db: Db, searchId: number, vehicleIds: readonly number[], now: string) {
  return db
    .insertInto('saved_search_matches')
    .values(vehicleIds.map((vehicle_id) => ({ saved_search_id: searchId, vehicle_id, matched_at: now })))
    .onConflict((oc) => oc.columns(['saved_search_id', 'vehicle_id']).doNothing())
    .returning('vehicle_id')
    .execute();
}

/** Sets `notified_at` on a search's matches not told yet whose listing is still for sale; answers the claimed listings' ids. */
export function claimUnsoldMatches(db: Db, searchId: number, now: string) {
  return db
    .updateTable('saved_search_matches')
    .set({ notified_at: now })
    .where('saved_search_id', '=', searchId)
    .where('notified_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('vehicles as v').select('v.id').whereRef('v.id', '=', 'saved_search_matches.vehicle_id').where('v.sold', '=', 0),
      ),
    )
    .returning('vehicle_id')
    .execute();
}

/** Reads the id and title of a search's matched listings among `vehicleIds`, newest match first. */
export function listMatchedListings(db: Db, searchId: number, vehicleIds: readonly number[]) {
  return db
    .selectFrom('saved_search_matches as m')
    .innerJoin('vehicles as v', 'v.id', 'm.vehicle_id')
    .select(['v.id', 'v.title'])
    .where('m.saved_search_id', '=', searchId)
    .where('m.vehicle_id', 'in', vehicleIds)
    .orderBy('m.matched_at', 'desc')
    .orderBy('v.id', 'desc')
    .execute();
}

/** Sets `notified_at` on every match of a search not told yet, sold listings included. */
export async function markMatchesNotified(db: Db, searchId: number, now: string): Promise<void> {
  await db
    .updateTable('saved_search_matches')
    .set({ notified_at: now })
    .where('saved_search_id', '=', searchId)
    .where('notified_at', 'is', null)
    .execute();
}

/** Sets when a saved search's digest was last sent. */
export async function setDigestAt(db: Db, searchId: number, now: string): Promise<void> {
  await db.updateTable('saved_searches').set({ digest_at: now }).where('id', '=', searchId).execute();
}
