import type { Database, SavedSearchFrequency } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';

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
