import { type ConversationSide, type Database, toFlag } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { messageColumns } from '../notifications/topics.ts';

type Db = Kysely<Database>;

/** A conversation with what either side may be shown of the other: the seller's account, the buyer's given fields. */
export function findConversation(db: Db, id: number) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('users as s', 's.id', 'c.seller_id')
    .leftJoin('users as b', 'b.id', 'c.buyer_id')
    .select([
      'c.id',
      'c.vehicle_id',
      'c.title',
      'c.seller_id',
      'c.buyer_id',
      'c.buyer_name',
      'c.buyer_email',
      'c.buyer_phone',
      'c.buyer_shared',
      'c.seller_shared',
      'c.blocked_by',
      'c.guest_key',
      'c.buyer_language',
      'c.buyer_read_id',
      'c.seller_read_id',
      'c.last_message_at',
      'c.created_at',
      's.first_name as seller_first_name',
      's.last_name as seller_last_name',
      's.email as seller_email',
      's.phone as seller_phone',
      'b.email as buyer_account_email',
      'b.phone as buyer_account_phone',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
}
export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

/** The conversation a member already has about a listing, as its buyer. */
export function findBuyersConversation(db: Db, vehicleId: number, buyerId: number) {
  return db
    .selectFrom('conversations')
    .select(['id', 'blocked_by'])
    .where('vehicle_id', '=', vehicleId)
    .where('buyer_id', '=', buyerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Whether the seller blocked a guest who wrote about this listing from this address. */
export async function sellerBlockedGuest(db: Db, vehicleId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('vehicle_id', '=', vehicleId)
    .where('buyer_id', 'is', null)
    .where('buyer_email', '=', email)
    .where('blocked_by', '=', 'seller')
    .executeTakeFirst();
  return row !== undefined;
}

/** The messages of a conversation, oldest first: the last `limit` of them. */
export async function listMessages(db: Db, conversationId: number, limit: number) {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'sender', 'body', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** A member's conversations as buyer and as seller, the most recent message first, each with its unread count. */
export async function listConversations(db: Db, userId: number, page: number, perPage: number) {
  const mine = db.selectFrom('conversations as c').where((eb) => eb.or([eb('c.seller_id', '=', userId), eb('c.buyer_id', '=', userId)]));
  const [rows, total] = await Promise.all([
    mine
      .innerJoin('users as s', 's.id', 'c.seller_id')
      // The latest message, read once per conversation by the (conversation_id, id) index.
      .leftJoin('messages as last', (join) =>
        join.on('last.id', '=', (eb) =>
          eb
            .selectFrom('messages as m')
            .select((m) => m.fn.max('m.id').as('id'))
            .whereRef('m.conversation_id', '=', 'c.id'),
        ),
      )
      .select([
        'c.id',
        'c.vehicle_id',
        'c.title',
        'c.seller_id',
        'c.buyer_name',
        'c.blocked_by',
        'c.last_message_at',
        's.first_name as seller_first_name',
        's.last_name as seller_last_name',
        'last.body as last_body',
        'last.sender as last_sender',
      ])
      .select((eb) => [
        eb
          .selectFrom('messages as m')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where((w) =>
            w.or([
              w.and([w('c.seller_id', '=', userId), w('m.sender', '=', 'buyer'), w('m.id', '>', w.ref('c.seller_read_id'))]),
              w.and([w('c.seller_id', '<>', userId), w('m.sender', '=', 'seller'), w('m.id', '>', w.ref('c.buyer_read_id'))]),
            ]),
          )
          .as('unread'),
      ])
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How many messages wait unread for a member, over all their conversations. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((w) =>
      w.or([
        w.and([w('c.seller_id', '=', userId), w('m.sender', '=', 'buyer'), w('m.id', '>', w.ref('c.seller_read_id'))]),
        w.and([w('c.buyer_id', '=', userId), w('m.sender', '=', 'seller'), w('m.id', '>', w.ref('c.buyer_read_id'))]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new conversation and its first message; the sender has read it. */
export async function insertConversation(
  db: Db,
  c: {
    vehicleId: number;
    title: string;
    sellerId: number;
    buyerId: number | null;
    buyerName: string;
    buyerEmail: string | null;
    buyerPhone: string | null;
    buyerShared: boolean;
    guestKey: string | null;
    /** A guest's language (the page's when they wrote); null for a member. */
    buyerLanguage: string | null;
    body: string;
  },
): Promise<{ id: number; messageId: number }> {
  const row = await db
    .insertInto('conversations')
    .values({
      vehicle_id: c.vehicleId,
      title: c.title,
      seller_id: c.sellerId,
      buyer_id: c.buyerId,
      buyer_name: c.buyerName,
      buyer_email: c.buyerEmail,
      buyer_phone: c.buyerPhone,
      buyer_shared: toFlag(c.buyerShared),
      guest_key: c.guestKey,
      buyer_language: c.buyerLanguage,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const messageId = await insertMessage(db, row.id, 'buyer', c.body);
  return { id: row.id, messageId };
}

/** A message from one side: the conversation moves to the top of both lists, and its sender has read up to it. */
export async function insertMessage(db: Db, conversationId: number, sender: ConversationSide, body: string): Promise<number> {
  const row = await db
    .insertInto('messages')
    .values({ conversation_id: conversationId, sender, body })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('conversations')
    .set(
      sender === 'buyer'
        ? { buyer_read_id: row.id, last_message_at: row.created_at }
        : { seller_read_id: row.id, last_message_at: row.created_at },
    )
    .where('id', '=', conversationId)
    .execute();
  return row.id;
}

/** One side has read every message so far; so have the inbox notifications of them. */
export async function markRead(db: Db, conversationId: number, side: ConversationSide, userId: number | null): Promise<void> {
  const last = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  const id = Number(last?.id ?? 0);
  await db
    .updateTable('conversations')
    .set(side === 'buyer' ? { buyer_read_id: id } : { seller_read_id: id })
    .where('id', '=', conversationId)
    .execute();
  if (userId !== null) {
    await db
      .updateTable('notifications')
      .set({ read_at: new Date().toISOString() })
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }
}

export async function updateConversation(
  db: Db,
  id: number,
  set: Partial<{
    blocked_by: ConversationSide | null;
    guest_key: string | null;
    buyer_shared: 0 | 1;
    seller_shared: 0 | 1;
    buyer_name: string;
    buyer_email: string | null;
    buyer_phone: string | null;
  }>,
): Promise<void> {
  await db.updateTable('conversations').set(set).where('id', '=', id).execute();
}

/** What a member wants to be told of a new message: their address, language and preferences. */
export function findRecipient(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.status', 'l.code as language', ...messageColumns])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** An inbox notification of a new message; its mail waits for the send-notification-mail job when `mail` is set. */
export async function insertMessageNotification(
  db: Db,
  n: {
    userId: number;
    senderId: number | null;
    vehicleId: number | null;
    conversationId: number;
    fromName: string;
    message: string;
    mail: boolean;
  },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      sender_id: n.senderId,
      vehicle_id: n.vehicleId,
      kind: 'message',
      from_name: n.fromName,
      message: n.message,
      conversation_id: n.conversationId,
      mail_pending: toFlag(n.mail),
    })
    .execute();
}
