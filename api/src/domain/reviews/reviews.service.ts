import type { MyReview, ReviewableConversation, ReviewCreated, ReviewRejection } from '@autoroute/contract/reviews';
import { fromFlag, nowIso } from '@autoroute/db';
import { AppError, notFound } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import type { RequestInfo } from '../../core/request.ts';
import type { DomainDeps } from '../deps.ts';
import { contactDetails } from '../trust/off-platform.ts';
import {
  findAuthor,
  findReview,
  findReviewConversation,
  findReviewRow,
  insertReview,
  listReceived,
  listReviewable,
  listWritten,
  type ReviewConversation,
  type ReviewRow,
  setReply,
  shareAddress,
} from './reviews.data.ts';
import type { ReplyBody, ReviewBody } from './reviews.inputs.ts';

/*
 * Reviews of a seller (issue 35 item 6, docs/decisions/055-reviews.md): who may write one is decided
 * here, once (`mayReview`), for the form's list, the conversation's link and the write itself.
 */

type Db = DomainDeps['db'];

/** Two accounts that signed in from one address within this many days are taken as related. */
const RELATED_DAYS = 90;
/** How many reviews or conversations a member's lists show, the newest first. */
const LIST_LIMIT = 100;
/** Addresses that name no client: an in-process request, and loopback (a proxy on the same machine). */
const NO_CLIENT = ['local', '::1'] as const;

/**
 * Whether this member may review the seller of this conversation, or why not: they are its member
 * buyer (else 403 REVIEW_NO_CONVERSATION, a stranger learning nothing of it), not its seller
 * (REVIEW_OWN), the seller answered at least once (REVIEW_NO_ANSWER: a buyer who was never answered
 * has no dealing to judge), nobody reviewed it yet (409 REVIEW_EXISTS), and the two accounts never
 * signed in from the same address within RELATED_DAYS (REVIEW_RELATED_ACCOUNTS).
 */
async function mayReview(db: Db, userId: number, conversationId: number): Promise<ReviewConversation> {
  const c = await findReviewConversation(db, conversationId);
  if (!c || (c.buyer_id !== userId && c.seller_id !== userId)) throw new AppError(403, 'REVIEW_NO_CONVERSATION');
  if (c.seller_id === userId) throw new AppError(403, 'REVIEW_OWN');
  if (c.seller_status !== 'active') throw new AppError(403, 'REVIEW_NO_CONVERSATION');
  if (!c.answered) throw new AppError(403, 'REVIEW_NO_ANSWER');
  if (c.reviewed) throw new AppError(409, 'REVIEW_EXISTS');
  if (await related(db, userId, c.seller_id)) throw new AppError(403, 'REVIEW_RELATED_ACCOUNTS');
  return c;
}

const related = (db: Db, a: number, b: number) =>
  shareAddress(db, a, b, new Date(Date.now() - RELATED_DAYS * 86_400_000).toISOString(), NO_CLIENT);

const fullName = (first: string, last: string) => `${first} ${last}`.trim();
/** A review is signed with the author's first name and the initial of their last name. */
const signature = (first: string, last: string) => `${first.trim()}${last.trim() ? ` ${[...last.trim()][0]!.toUpperCase()}.` : ''}`;

/**
 * Writes a review: the rules first (`mayReview`), then the screening (`contactDetails`): a link or
 * contact details keep it back as `rejected` with the reason, told to the author in their language;
 * else it is `published` at once.
 */
export async function createReview(db: Db, userId: number, body: ReviewBody, req: RequestInfo): Promise<ReviewCreated> {
  const c = await mayReview(db, userId, body.conversationId);
  const author = await findAuthor(db, userId);
  if (!author) throw new AppError(401, 'UNAUTHORIZED');
  const rejection: ReviewRejection | null = contactDetails(body.body);
  const id = await insertReview(db, {
    conversationId: c.id,
    sellerId: c.seller_id,
    authorId: userId,
    authorName: signature(author.first_name, author.last_name),
    vehicleId: c.vehicle_id,
    vehicleTitle: c.title,
    rating: body.rating,
    communication: body.communication,
    accuracy: body.accuracy,
    recommend: body.recommend,
    body: body.body,
    language: req.locale,
    status: rejection ? 'rejected' : 'published',
    rejectedReason: rejection,
    publishedAt: rejection ? null : nowIso(),
  });
  // Written from two tabs at once: the unique index kept the first.
  if (id === null) throw new AppError(409, 'REVIEW_EXISTS');
  const t = translator(req.locale);
  return {
    id,
    status: rejection ? 'rejected' : 'published',
    rejectedReason: rejection,
    message: rejection ? t(`review.rejected_${rejection}`) : t('review.published'),
    sellerId: c.seller_id,
  };
}

/**
 * The reviewed seller's one answer, screened as a review is: with a link or contact details it is
 * refused (422 REVIEW_REPLY_REJECTED, the reason in the details) and not stored, so the seller may
 * write it again; a second answer is 409 REVIEW_ALREADY_ANSWERED.
 */
export async function replyToReview(db: Db, userId: number, id: number, body: ReplyBody): Promise<MyReview> {
  const review = await findReview(db, id);
  if (review?.status !== 'published') throw notFound('REVIEW_NOT_FOUND');
  if (review.seller_id !== userId) throw new AppError(403, 'REVIEW_NOT_SELLER');
  if (review.reply !== null) throw new AppError(409, 'REVIEW_ALREADY_ANSWERED');
  const rejection = contactDetails(body.body);
  if (rejection) throw new AppError(422, 'REVIEW_REPLY_REJECTED', { reason: rejection });
  if (!(await setReply(db, id, body.body, nowIso()))) throw new AppError(409, 'REVIEW_ALREADY_ANSWERED');
  const row = await findReviewRow(db, id);
  if (!row) throw notFound('REVIEW_NOT_FOUND');
  return present(row);
}

/** The conversations the member may review now: `mayReview`'s rules, the related accounts' included. */
export async function reviewable(db: Db, userId: number): Promise<ReviewableConversation[]> {
  const rows = await listReviewable(db, userId, LIST_LIMIT);
  const out: ReviewableConversation[] = [];
  const relatedTo = new Map<number, boolean>();
  for (const r of rows) {
    if (!relatedTo.has(r.seller_id)) relatedTo.set(r.seller_id, await related(db, userId, r.seller_id));
    if (relatedTo.get(r.seller_id)) continue;
    out.push({
      conversationId: r.id,
      sellerId: r.seller_id,
      sellerName: fullName(r.seller_first_name, r.seller_last_name),
      vehicleId: r.vehicle_id,
      title: r.title,
      startedAt: r.created_at,
    });
  }
  return out;
}

function present(r: ReviewRow): MyReview {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    sellerId: r.seller_id,
    sellerName: fullName(r.seller_first_name, r.seller_last_name),
    authorName: r.author_name,
    title: r.vehicle_title,
    rating: r.rating,
    communication: r.communication,
    accuracy: r.accuracy,
    recommend: fromFlag(r.recommend),
    body: r.body,
    status: r.status,
    rejectedReason: r.rejected_reason === 'link' || r.rejected_reason === 'contact' ? r.rejected_reason : null,
    reply: r.reply,
    repliedAt: r.replied_at,
    publishedAt: r.published_at,
    createdAt: r.created_at,
  };
}

/** The reviews the member wrote, with their status. */
export const writtenReviews = async (db: Db, userId: number) => (await listWritten(db, userId, LIST_LIMIT)).map(present);
/** The published reviews of the member as a seller, with their replies. */
export const receivedReviews = async (db: Db, userId: number) => (await listReceived(db, userId, LIST_LIMIT)).map(present);
