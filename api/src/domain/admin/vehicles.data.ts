import { type Database, type DialectName, nowIso, toFlag } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { withReferences } from '../vehicles/detail.data.ts';
import { containsAny, idPage, type ListQuery, type SortColumns } from './list-page.data.ts';

type Db = Kysely<Database>;

/** The listing rows of these vehicles as the console shows them (the search's joins, plus owner and category), in no order. */
export function moderationRows(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return withReferences(db, ids).select(['v.owner_id', 'v.category_id', 'u.first_name', 'u.last_name']).execute();
}

export interface ModerationFilter {
  ids?: number[];
  ownerIds?: number[];
  categoryIds?: number[];
  sold?: boolean;
  featured?: boolean;
  planFeatured?: boolean;
  soldSince?: string;
  /** Text in the title, the brand or the model. */
  q?: string;
}

/** One page of the ids of the listings the filter keeps, sorted by `sort` (ties by id), and how many it keeps. */
export function moderationIdPage(db: Db, dialect: DialectName, f: ModerationFilter, sort: SortColumns, query: ListQuery) {
  let base = db.selectFrom('vehicles as v');
  if (f.ids) base = base.where('v.id', 'in', f.ids);
  if (f.ownerIds) base = base.where('v.owner_id', 'in', f.ownerIds);
  if (f.categoryIds) base = base.where('v.category_id', 'in', f.categoryIds);
  if (f.sold !== undefined) base = base.where('v.sold', '=', toFlag(f.sold));
  if (f.featured !== undefined) base = base.where('v.featured', '=', toFlag(f.featured));
  if (f.planFeatured !== undefined) base = base.where('v.plan_featured', '=', toFlag(f.planFeatured));
  if (f.soldSince) base = base.where('v.sold_at', '>=', f.soldSince);
  const text = f.q;
  if (text !== undefined) base = base.where((eb) => containsAny(eb, ['v.title', 'v.brand', 'v.model'], text, dialect));
  return idPage(base, { id: 'v.id', sort }, query);
}

/** Features a listing or not. */
export async function setFeatured(db: Db, id: number, featured: boolean): Promise<void> {
  await db
    .updateTable('vehicles')
    .set({ featured: toFlag(featured), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** A listing's seller as a moderator reaches them, with the language and mail settings their notices follow. */
export function sellerContact(db: Db, ownerId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select((eb) => [
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.status',
      'l.code as language',
      'np.type as notify_type',
      'np.email as notify_email',
      eb.selectFrom('vehicles as v').select(eb.fn.countAll<number | string>().as('n')).whereRef('v.owner_id', '=', 'u.id').as('listings'),
    ])
    .where('u.id', '=', ownerId)
    .executeTakeFirst();
}
