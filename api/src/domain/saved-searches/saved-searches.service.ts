import { SAVED_SEARCH_MAX, type SavedSearch } from '@autoroute/contract/saved-searches';
import { nowIso } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { AppError, notFound } from '../../core/errors.ts';
import type { DomainDeps } from '../deps.ts';

type Db = DomainDeps['db'];

import type { VehicleListQuery } from '../vehicles/query.ts';
import { searchCriteria } from '../vehicles/vehicles.service.ts';
import {
  countSavedSearches,
  deleteSavedSearch,
  findSavedSearch,
  forgetMatches,
  insertSavedSearch,
  listSavedSearches,
  type SavedSearchRow,
  updateSavedSearch,
} from './saved-searches.data.ts';
import type { SavedSearchInput, SavedSearchPatch } from './saved-searches.inputs.ts';

type Out = SavedSearch;
/** The stored query: what GET /vehicles takes, without page and page size, nothing at its default left out. */
type StoredQuery = Record<string, string | number | boolean>;

/** The query as stored: its parameters minus the page, and minus what says nothing (includeSold=false). */
function storedQuery(q: VehicleListQuery): StoredQuery {
  const { page: _page, perPage: _perPage, ...rest } = q;
  const kept = Object.entries(rest).filter(([key, value]) => value !== undefined && !(key === 'includeSold' && value === false));
  return Object.fromEntries(kept) as StoredQuery;
}

const toOut = (row: SavedSearchRow): Out => ({
  id: row.id,
  name: row.name,
  query: JSON.parse(row.query) as StoredQuery,
  frequency: row.frequency,
  newSinceViewed: Number(row.fresh ?? 0),
  viewedAt: row.viewed_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Checks what only the data knows (a price bound's currency exists), as the search itself does. */
const checkQuery = (db: Db, q: VehicleListQuery, locale: Locale) => searchCriteria(db, q, locale, 'query.');

export async function listMine(db: Db, userId: number): Promise<Out[]> {
  return (await listSavedSearches(db, userId)).map(toOut);
}

export async function createSavedSearch(db: Db, userId: number, input: SavedSearchInput, locale: Locale): Promise<Out> {
  await checkQuery(db, input.query, locale);
  const id = await db.transaction().execute(async (tx) => {
    if ((await countSavedSearches(tx, userId)) >= SAVED_SEARCH_MAX)
      throw new AppError(422, 'SAVED_SEARCH_LIMIT', { max: SAVED_SEARCH_MAX });
    const now = nowIso();
    return insertSavedSearch(tx, {
      user_id: userId,
      name: input.name,
      query: JSON.stringify(storedQuery(input.query)),
      frequency: input.frequency,
      created_at: now,
      updated_at: now,
      viewed_at: now,
    });
  });
  return toOut((await findSavedSearch(db, userId, id))!);
}

export async function changeSavedSearch(db: Db, userId: number, id: number, patch: SavedSearchPatch, locale: Locale): Promise<Out> {
  if (patch.query) await checkQuery(db, patch.query, locale);
  await db.transaction().execute(async (tx) => {
    const now = nowIso();
    const changed = await updateSavedSearch(tx, userId, id, {
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.query !== undefined && { query: JSON.stringify(storedQuery(patch.query)) }),
      ...(patch.frequency !== undefined && { frequency: patch.frequency }),
      ...(patch.viewed && { viewed_at: now }),
      updated_at: now,
    });
    if (!changed) throw notFound('SAVED_SEARCH_NOT_FOUND');
    if (patch.query) await forgetMatches(tx, id);
  });
  return toOut((await findSavedSearch(db, userId, id))!);
}

export async function removeSavedSearch(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteSavedSearch(db, userId, id))) throw notFound('SAVED_SEARCH_NOT_FOUND');
}
