import { z } from 'zod';

/*
 * Reviews of a seller by a buyer who wrote to them on Autoroute (issue 35 item 6,
 * docs/decisions/055-reviews.md): what a member writes and reads of their own reviews, declared once
 * for the API, which names them in its document, and the storefront's forms.
 */

/** A review's text: long enough to say something, short enough to read on a seller's page. */
export const REVIEW_BODY = { min: 20, max: 2000 } as const;
/** The seller's one answer. */
export const REVIEW_REPLY = { min: 2, max: 1000 } as const;

/** Why the screening kept a review (or a reply) from being published: a link, or contact details (an email address, a phone number, a messenger). */
export const REVIEW_REJECTIONS = ['link', 'contact'] as const;
export type ReviewRejection = (typeof REVIEW_REJECTIONS)[number];

export const REVIEW_STATUSES = ['pending', 'published', 'rejected', 'removed'] as const;

/** A review stored: published at once, or kept back by the screening with why, told in the author's language. */
export const ReviewCreated = z.object({
  id: z.number().int(),
  status: z.enum(['published', 'rejected']),
  rejectedReason: z.enum(REVIEW_REJECTIONS).nullable(),
  message: z.string().meta({ description: 'What happened to the review, in the request’s language' }),
  sellerId: z.number().int().meta({ description: 'Whose page shows it: /sellers/{sellerId}' }),
});
export type ReviewCreated = z.infer<typeof ReviewCreated>;

/** A conversation the member may review: they wrote as a buyer, the seller answered, no review yet. */
export const ReviewableConversation = z.object({
  conversationId: z.number().int(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  vehicleId: z.number().int().nullable(),
  title: z.string().meta({ description: 'The listing’s title when the conversation began' }),
  startedAt: z.string(),
});
export type ReviewableConversation = z.infer<typeof ReviewableConversation>;

/** One of the member's reviews, written or received. */
export const MyReview = z.object({
  id: z.number().int(),
  conversationId: z.number().int().nullable(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  authorName: z.string(),
  title: z.string().nullable().meta({ description: 'The listing’s title when the review was written' }),
  rating: z.number().int(),
  communication: z.number().int(),
  accuracy: z.number().int(),
  recommend: z.boolean(),
  body: z.string(),
  status: z.enum(REVIEW_STATUSES),
  rejectedReason: z.enum(REVIEW_REJECTIONS).nullable().meta({ description: 'Why the screening kept it back (status rejected)' }),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MyReview = z.infer<typeof MyReview>;

export const ReviewableList = z.object({ data: z.array(ReviewableConversation) });
export const MyReviewList = z.object({ data: z.array(MyReview) });
