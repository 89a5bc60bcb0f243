import { type Database, toFlag } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** A conversation as the review rules read it: its two sides, whether the seller answered, and its review if any. */
export function findReviewConversation(db: Db, id: number) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('users as s', 's.id', 'c.seller_id')
    .select((eb) => [
      'c.id',
      'c.seller_id',
      'c.buyer_id',
      'c.vehicle_id',
      'c.title',
      'c.created_at',
      's.first_name as seller_first_name',
      's.last_name as seller_last_name',
      's.status as seller_status',
      eb
        .exists(eb.selectFrom('messages as m').select('m.id').whereRef('m.conversation_id', '=', 'c.id').where('m.sender', '=', 'seller'))
        .as('answered'),
      eb.exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.conversation_id', '=', 'c.id')).as('reviewed'),
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
}
export type ReviewConversation = NonNullable<Awaited<ReturnType<typeof findReviewConversation>>>;

/**
 * Whether two accounts signed in from the same address since `since` (their sessions' `ip`, kept
 * with each sign-in): the same household or one person with two accounts. Addresses in `ignored`
 * (the process itself, loopback) say nothing of the client and are left out.
 */
export async function shareAddress(db: Db, a: number, b: number, since: string, ignored: readonly string[]): Promise<boolean> {
  const row = await db
    .selectFrom('sessions as x')
    .innerJoin('sessions as y', 'y.ip', 'x.ip')
    .select('x.id')
    .where('x.user_id', '=', a)
    .where('y.user_id', '=', b)
    .where('x.ip', 'is not', null)
    .where('x.ip', 'not in', ignored)
    .where('x.ip', 'not like', '127.%')
    .where('x.ip', 'not like', '::ffff:127.%')
    .where('x.last_used_at', '>=', since)
    .where('y.last_used_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How a member signs a review: their first name and last name (the initial is taken by the rules). */
export function findAuthor(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirst();
}

/** Stores a review; answers its id, or null when the conversation already has one (the unique index). */
export async function insertReview(
  db: Db,
  r: {
    conversationId: number;
    sellerId: number;
    authorId: number;
    authorName: string;
    vehicleId: number | null;
    vehicleTitle: string | null;
    rating: number;
    communication: number;
    accuracy: number;
    recommend: boolean;
    body: string;
    language: string;
    status: 'published' | 'rejected';
    rejectedReason: string | null;
    publishedAt: string | null;
  },
): Promise<number | null> {
  const row = await db
    .insertInto('reviews')
    .values({
      conversation_id: r.conversationId,
      seller_id: r.sellerId,
      author_id: r.authorId,
      author_name: r.authorName,
      vehicle_id: r.vehicleId,
      vehicle_title: r.vehicleTitle,
      rating: r.rating,
      communication: r.communication,
      accuracy: r.accuracy,
      recommend: toFlag(r.recommend),
      body: r.body,
      language: r.language,
      status: r.status,
      rejected_reason: r.rejectedReason,
      published_at: r.publishedAt,
    })
    .onConflict((oc) => oc.column('conversation_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A review with whom it concerns. */
export function findReview(db: Db, id: number) {
  return db.selectFrom('reviews').select(['id', 'seller_id', 'author_id', 'status', 'reply']).where('id', '=', id).executeTakeFirst();
}

/** Sets the seller's answer, on the condition there is none yet; answers whether it was set. */
export async function setReply(db: Db, id: number, reply: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    .set({ reply, replied_at: at })
    .where('id', '=', id)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The conversations a member wrote in as a buyer, the seller answered, and nobody reviewed yet: the newest first. */
export function listReviewable(db: Db, buyerId: number, limit: number) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('users as s', 's.id', 'c.seller_id')
    .select([
      'c.id',
      'c.seller_id',
      'c.vehicle_id',
      'c.title',
      'c.created_at',
      's.first_name as seller_first_name',
      's.last_name as seller_last_name',
    ])
    .where('c.buyer_id', '=', buyerId)
    .where('c.seller_id', '!=', buyerId)
    .where('s.status', '=', 'active')
    .where((eb) =>
      eb.and([
        eb.exists(
          eb.selectFrom('messages as m').select('m.id').whereRef('m.conversation_id', '=', 'c.id').where('m.sender', '=', 'seller'),
        ),
        eb.not(eb.exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.conversation_id', '=', 'c.id'))),
      ]),
    )
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

const reviewColumns = [
  'r.id',
  'r.conversation_id',
  'r.seller_id',
  'r.author_name',
  'r.vehicle_title',
  'r.rating',
  'r.communication',
  'r.accuracy',
  'r.recommend',
  'r.body',
  'r.status',
  'r.rejected_reason',
  'r.reply',
  'r.replied_at',
  'r.published_at',
  'r.created_at',
  's.first_name as seller_first_name',
  's.last_name as seller_last_name',
] as const;

/** The reviews a member wrote, whatever their status: the newest first. */
export function listWritten(db: Db, authorId: number, limit: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as s', 's.id', 'r.seller_id')
    .select(reviewColumns)
    .where('r.author_id', '=', authorId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The published reviews of a seller: the newest first. */
export function listReceived(db: Db, sellerId: number, limit: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as s', 's.id', 'r.seller_id')
    .select(reviewColumns)
    .where('r.seller_id', '=', sellerId)
    .where('r.status', '=', 'published')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
export type ReviewRow = Awaited<ReturnType<typeof listWritten>>[number];

/** One review as the member's lists show it. */
export function findReviewRow(db: Db, id: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as s', 's.id', 'r.seller_id')
    .select(reviewColumns)
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/**
 * The conversations whose buyer is due an invitation to review: a member buyer, begun between
 * `from` and `until`, the seller answered, not yet invited nor reviewed; with the buyer's address,
 * language and preferences (joined as `np`).
 */
export function listDueInvitations(db: Db, from: string, until: string, limit: number) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('users as b', 'b.id', 'c.buyer_id')
    .innerJoin('users as s', 's.id', 'c.seller_id')
    .leftJoin('languages as l', 'l.id', 'b.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'b.id')
    .select([
      'c.id',
      'c.title',
      'c.seller_id',
      'b.email',
      'b.first_name',
      'l.code as language',
      's.first_name as seller_first_name',
      's.last_name as seller_last_name',
      'np.type as notify_type',
      'np.email as notify_email',
      'np.communication as notify_communication',
    ])
    .where('c.review_invited_at', 'is', null)
    .where('c.created_at', '>=', from)
    .where('c.created_at', '<=', until)
    .where('b.status', '=', 'active')
    .where('s.status', '=', 'active')
    .whereRef('c.seller_id', '!=', 'c.buyer_id')
    .where((eb) =>
      eb.and([
        eb.exists(
          eb.selectFrom('messages as m').select('m.id').whereRef('m.conversation_id', '=', 'c.id').where('m.sender', '=', 'seller'),
        ),
        eb.not(eb.exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.conversation_id', '=', 'c.id'))),
      ]),
    )
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

/** Marks a conversation's invitation dealt with, on the condition it was not yet: answers whether this call marked it. */
export async function claimInvitation(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({ review_invited_at: at })
    .where('id', '=', id)
    .where('review_invited_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
