import type { Database, TraderStatus } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { inIdOrder } from '../../core/in-order.ts';
import { idPage, type ListQuery, type SortColumns } from '../admin/list-page.data.ts';

type Db = Kysely<Database>;

export interface TraderFields {
  legal_name: string;
  address: string;
  registration_number: string;
  email: string;
  phone: string;
}

const COLUMNS = [
  't.user_id',
  't.legal_name',
  't.address',
  't.registration_number',
  't.email',
  't.phone',
  't.status',
  't.refusal_reason',
  't.submitted_at',
  't.decided_at',
  't.decided_by',
] as const;

export async function findTrader(db: Db, userId: number) {
  return db.selectFrom('traders as t').select(COLUMNS).where('t.user_id', '=', userId).executeTakeFirst();
}

/** The account's seller type, or undefined for no account. */
export async function sellerTypeOf(db: Db, userId: number) {
  return (await db.selectFrom('users').select('seller_type').where('id', '=', userId).executeTakeFirst())?.seller_type;
}

/** Writes the trader's details as given, pending a check, and forgets the former decision. */
export async function saveTrader(db: Db, userId: number, fields: TraderFields, at: string) {
  const pending = { ...fields, status: 'pending' as const, refusal_reason: null, submitted_at: at, decided_at: null, decided_by: null };
  await db
    .insertInto('traders')
    .values({ user_id: userId, ...pending })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(pending))
    .execute();
}

/** An administrator's decision on the details as they are. */
export async function decideTrader(
  db: Db,
  userId: number,
  decision: { status: TraderStatus; refusal_reason: string | null; decided_at: string; decided_by: number },
) {
  await db.updateTable('traders').set(decision).where('user_id', '=', userId).execute();
}

/** A page of the console's list of traders' ids (their account's), filtered by status. */
export async function traderIdPage(
  db: Db,
  filter: { statuses?: TraderStatus[] | undefined; ids?: number[] | undefined },
  sort: SortColumns,
  query: ListQuery,
) {
  let base = db.selectFrom('traders as t');
  if (filter.statuses?.length) base = base.where('t.status', 'in', filter.statuses);
  if (filter.ids?.length) base = base.where('t.user_id', 'in', filter.ids);
  return idPage(base, { id: 't.user_id', sort }, query);
}

/** Traders with their account, in the order of `ids`. */
export async function traderRecords(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('traders as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(COLUMNS)
    .select(['u.email as account_email', 'u.name as account_name', 'u.first_name', 'u.last_name', 'u.seller_type'])
    .where('t.user_id', 'in', ids)
    .execute();
  return inIdOrder(
    ids,
    rows.map((r) => ({ ...r, id: r.user_id })),
  );
}
