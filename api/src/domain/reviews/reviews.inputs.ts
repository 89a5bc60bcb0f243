import { hasVisibleText } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { REVIEW_BODY, REVIEW_REPLY } from '@autoroute/contract/reviews';
import { z } from 'zod';

const stars = (name: string) =>
  z
    .number({ error: msg('review.starsInvalid') })
    .int({ error: msg('review.starsInvalid') })
    .min(1, { error: msg('review.starsInvalid') })
    .max(5, { error: msg('review.starsInvalid') })
    .meta({ description: `${name}, 1 to 5 stars` });

/** A text of `min` to `max` visible characters, trimmed. */
const text = (limits: { min: number; max: number }, key: string) =>
  z
    .string({ error: msg(key, limits) })
    .trim()
    .min(limits.min, { error: msg(key, limits), abort: true })
    .max(limits.max, { error: msg(key, limits) })
    .refine(hasVisibleText, { error: msg(key, limits) });

/** A buyer's review of the seller of one of their conversations (docs/decisions/055-reviews.md). */
export const ReviewBody = z
  .object({
    conversationId: z
      .number({ error: msg('review.conversationInvalid') })
      .int({ error: msg('review.conversationInvalid') })
      .positive({ error: msg('review.conversationInvalid') })
      .max(2147483647, { error: msg('review.conversationInvalid') })
      .meta({ description: 'The conversation with the seller: one review each' }),
    rating: stars('Overall'),
    communication: stars('Communication'),
    accuracy: stars('How accurate the listing was'),
    recommend: z.boolean({ error: msg('review.recommendRequired') }).meta({ description: 'Would recommend the seller' }),
    body: text(REVIEW_BODY, 'review.bodyLength').meta({
      description: `${REVIEW_BODY.min} to ${REVIEW_BODY.max} characters; no link nor contact details, or it is not published`,
    }),
  })
  .strict();
export type ReviewBody = z.infer<typeof ReviewBody>;

/** The seller's one answer to a review. */
export const ReplyBody = z
  .object({
    body: text(REVIEW_REPLY, 'review.replyLength').meta({
      description: `${REVIEW_REPLY.min} to ${REVIEW_REPLY.max} characters; no link nor contact details`,
    }),
  })
  .strict();
export type ReplyBody = z.infer<typeof ReplyBody>;
