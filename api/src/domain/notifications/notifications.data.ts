import { type Database, nowIso } from '@autoroute/db';
import type { Insertable, Kysely } from 'kysely';
import { MAIL_COLUMNS } from './topics.ts';

type Db = Kysely<Database>;

const columns = [
  'n.id',
  'n.kind',
  'n.sender_id',
  'n.from_name',
  'n.vehicle_id',
  'v.title as vehicle_title',
  'n.email',
  'n.phone',
  'n.message',
  'n.read_at',
  'n.created_at',
  'n.conversation_id',
] as const;

/*
 * A message (a contact or an answer: kind contact or message, with its conversation) lives in
 * Messages with its own count (issue 33); its row stays for the mail queue and the contact
 * statistics, but it is not one of the inbox's notifications. Contacts from before conversations
 * (no conversation) stay in the inbox.
 */
const inbox = (db: Db, userId: number) =>
  db
    .selectFrom('notifications as n')
    .leftJoin('vehicles as v', 'v.id', 'n.vehicle_id')
    .where('n.user_id', '=', userId)
    .where('n.conversation_id', 'is', null);

export type NotificationRow = NonNullable<Awaited<ReturnType<typeof findNotification>>>;

/** One page of a user's notifications, newest first, with the total and how many are unread. */
export async function listNotifications(db: Db, userId: number, q: { page: number; perPage: number; unread: boolean }) {
  const [rows, total, unread] = await Promise.all([
    inbox(db, userId)
      .select(columns)
      .$if(q.unread, (qb) => qb.where('n.read_at', 'is', null))
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
    db
      .selectFrom('notifications')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('conversation_id', 'is', null)
      .$if(q.unread, (qb) => qb.where('read_at', 'is', null))
      .executeTakeFirstOrThrow(),
    countUnread(db, userId),
  ]);
  return { rows, total: Number(total.n), unread };
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(db.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('conversation_id', 'is', null)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A notification of this user; undefined for an unknown one or someone else's alike. */
export function findNotification(db: Db, userId: number, id: number) {
  return inbox(db, userId).select(columns).where('n.id', '=', id).executeTakeFirst();
}

/** Marks one notification read (keeping the first time it was read); answers whether it is this user's. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)), updated_at: now }))
    .where('user_id', '=', userId)
    .where('conversation_id', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const now = nowIso();
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('conversation_id', 'is', null)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('conversation_id', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteAllNotifications(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('notifications').where('user_id', '=', userId).where('conversation_id', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Adds one notification (a row of `notifications`, as given) to a member's inbox. */
export async function insertNotification(db: Db, row: Insertable<Database['notifications']>): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/**
 * Reads up to `limit` notifications waiting for their mail (`mail_pending`), oldest first, with the
 * member's address, language and mail preferences, and the listing, saved search or conversation
 * each is about.
 */
export function listMailPending(db: Db, limit: number) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .leftJoin('vehicles as v', 'v.id', 'n.vehicle_id')
    .leftJoin('saved_searches as s', 's.id', 'n.saved_search_id')
    .leftJoin('conversations as c', 'c.id', 'n.conversation_id')
    .select([
      'n.id',
      'n.user_id',
      'n.kind',
      'n.message',
      'n.vehicle_id',
      'u.email',
      'l.code as language',
      ...MAIL_COLUMNS,
      'v.title',
      'n.saved_search_id',
      'n.conversation_id',
      'n.from_name',
      'c.title as conversation_title',
      's.name as search_name',
      's.query as search_query',
    ])
    .where('n.mail_pending', '=', 1)
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/** Clears `mail_pending` on those of `ids` still marked, in one statement; answers the ids it cleared (the claimed ones). */
export async function claimMailPending(db: Db, ids: readonly number[]): Promise<number[]> {
  const claimed = await db
    .updateTable('notifications')
    .set({ mail_pending: 0 })
    .where('id', 'in', ids)
    .where('mail_pending', '=', 1)
    .returning('id')
    .execute();
  return claimed.map((r) => r.id);
}
