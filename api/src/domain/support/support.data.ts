import { type Database, fromFlag, nowIso, type SupportStatus, toFlag } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { inIdOrder } from '../../core/in-order.ts';

type Db = Kysely<Database>;

/** Who a member is to support: the name and address we answer, and the language they chose. */
export function findRequester(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .select(['u.email', 'u.name', 'u.first_name', 'u.last_name', 'l.code as language_code'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function insertSupportRequest(
  db: Db,
  r: { userId: number | null; name: string; email: string; subject: string; message: string; priority: boolean },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('support_requests')
    .values({
      user_id: r.userId,
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      priority: toFlag(r.priority),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The requests of `ids` as the back office shows them, in the order of `ids` (missing ones left out). */
export async function supportRecords(db: Db, ids: number[]) {
  const rows = ids.length
    ? await db
        .selectFrom('support_requests as s')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.id',
          's.user_id',
          'u.username',
          's.name',
          's.email',
          's.subject',
          's.message',
          's.priority',
          's.status',
          's.created_at',
          's.updated_at',
          's.closed_at',
        ])
        .where('s.id', 'in', ids)
        .execute()
    : [];
  return inIdOrder(ids, rows, (r) => ({
    id: r.id,
    userId: r.user_id,
    username: r.username,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    priority: fromFlag(r.priority),
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    closedAt: r.closed_at,
  }));
}

/**
 * Opens or closes a request: closing stamps closed_at (once: closing a closed request keeps the
 * first stamp), reopening clears it. Answers whether the request exists.
 */
export async function setSupportStatus(db: Db, id: number, status: SupportStatus): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('support_requests')
    .set((eb) => ({
      status,
      updated_at: now,
      closed_at: status === 'closed' ? eb.fn.coalesce('closed_at', eb.val(now)) : null,
    }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSupportRequest(db: Db, id: number): Promise<void> {
  await db.deleteFrom('support_requests').where('id', '=', id).execute();
}
