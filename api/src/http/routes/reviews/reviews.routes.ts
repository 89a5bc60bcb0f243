import { createRoute, z } from '@hono/zod-openapi';
import { createReview, receivedReviews, replyToReview, reviewable, writtenReviews } from '../../../domain/reviews/reviews.service.ts';
import { viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';
import { MyReview, ReplyBody, ReviewableConversation, ReviewBody, ReviewCreated } from './reviews.schemas.ts';

const tags = ['Reviews'];
const middleware = requireUser();
const signedOut = failure('UNAUTHORIZED: not signed in');

export const createReviewRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  middleware,
  summary:
    'Review the seller of a conversation in which the caller wrote as a buyer and the seller answered (one review each). Screened: with a link or contact details it is kept back (status rejected, with the reason), else published',
  request: jsonBody(ReviewBody),
  responses: {
    201: { description: 'Stored: published, or kept back by the screening', ...jsonContent(z.object({ data: ReviewCreated })) },
    401: signedOut,
    403: failure(
      'REVIEW_NO_CONVERSATION: not the buyer of such a conversation; REVIEW_OWN: one’s own conversation as seller; REVIEW_NO_ANSWER: the seller never answered; REVIEW_RELATED_ACCOUNTS: the two accounts signed in from the same address',
    ),
    409: failure('REVIEW_EXISTS: this conversation has a review'),
    422: failure('VALIDATION_FAILED'),
  },
});

export const replyRoute = createRoute({
  method: 'post',
  path: '/{id}/reply',
  tags,
  middleware,
  summary: 'The reviewed seller answers a published review, once; screened as reviews are',
  request: { params: IdParam, ...jsonBody(ReplyBody) },
  responses: {
    200: { description: 'The review with its answer', ...jsonContent(z.object({ data: MyReview })) },
    401: signedOut,
    403: failure('REVIEW_NOT_SELLER: the caller is not the reviewed seller'),
    404: failure('REVIEW_NOT_FOUND: no such published review'),
    409: failure('REVIEW_ALREADY_ANSWERED'),
    422: failure('VALIDATION_FAILED, or REVIEW_REPLY_REJECTED: a link or contact details (details.reason), not stored'),
  },
});

export const reviewableRoute = createRoute({
  method: 'get',
  path: '/reviewable',
  tags,
  middleware,
  summary: 'The conversations the caller may review now, the newest first',
  responses: { 200: { description: 'The list', ...jsonContent(z.object({ data: z.array(ReviewableConversation) })) }, 401: signedOut },
});

export const writtenRoute = createRoute({
  method: 'get',
  path: '/written',
  tags,
  middleware,
  summary: 'The reviews the caller wrote, whatever their status (published, rejected with the reason, removed), the newest first',
  responses: { 200: { description: 'The list', ...jsonContent(z.object({ data: z.array(MyReview) })) }, 401: signedOut },
});

export const receivedRoute = createRoute({
  method: 'get',
  path: '/received',
  tags,
  middleware,
  summary: 'The published reviews of the caller as a seller, with their answers, the newest first',
  responses: { 200: { description: 'The list', ...jsonContent(z.object({ data: z.array(MyReview) })) }, 401: signedOut },
});

/** /reviews (docs/decisions/055-reviews.md): a buyer reviews a seller, the seller answers once. */
export function reviewsRoutes(deps: Deps) {
  return createRouter()
    .openapi(createReviewRoute, async (c) => {
      const req = requestInfo(c, deps.config.trustProxy);
      return c.json({ data: await createReview(deps.db, viewerOf(c.get('principal')).id, c.req.valid('json'), req) }, 201);
    })
    .openapi(replyRoute, async (c) =>
      c.json({ data: await replyToReview(deps.db, viewerOf(c.get('principal')).id, c.req.valid('param').id, c.req.valid('json')) }, 200),
    );
}

/** /me/reviews: what the caller may review, wrote and received. */
export function myReviewsRoutes(deps: Deps) {
  return createRouter()
    .openapi(reviewableRoute, async (c) => c.json({ data: await reviewable(deps.db, viewerOf(c.get('principal')).id) }, 200))
    .openapi(writtenRoute, async (c) => c.json({ data: await writtenReviews(deps.db, viewerOf(c.get('principal')).id) }, 200))
    .openapi(receivedRoute, async (c) => c.json({ data: await receivedReviews(deps.db, viewerOf(c.get('principal')).id) }, 200));
}
