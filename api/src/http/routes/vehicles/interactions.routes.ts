import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../../../core/errors.ts';
import type { Principal } from '../../../domain/auth/principal.data.ts';
import { compare, contactSeller, countView, likeCount, mark } from '../../../domain/vehicles/interactions.service.ts';
import { viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';
import { CompareQuery, ContactBody, FavoriteState, LikeState } from './interactions.schemas.ts';
import { Vehicle } from './vehicles.schemas.ts';

const tags = ['Vehicles'];
const unknownVehicle = failure('VEHICLE_NOT_FOUND');
const signedOut = failure('Not signed in');

export const compareRoute = createRoute({
  method: 'get',
  path: '/compare',
  tags,
  summary: 'Up to 3 vehicles side by side, each as GET /vehicles/{id} answers it, in the order asked',
  request: { query: CompareQuery },
  responses: {
    200: { description: 'The vehicles', ...jsonContent(z.object({ data: z.array(Vehicle) })) },
    404: failure('VEHICLE_NOT_FOUND: details name each unknown id'),
    422: failure('COMPARE_LIMIT (more than 3 ids) or VALIDATION_FAILED (missing or malformed ids)'),
  },
});

const markRoute = (method: 'post' | 'delete', path: '/{id}/like' | '/{id}/favorite', summary: string, schema: z.ZodType) =>
  createRoute({
    method,
    path,
    tags,
    summary,
    middleware: requireUser(),
    request: { params: IdParam },
    responses: {
      ...(method === 'post' ? { 201: { description: 'Newly marked', ...jsonContent(z.object({ data: schema })) } } : {}),
      200: {
        description: method === 'post' ? 'Already marked: nothing changed' : 'Unmarked (or was not marked)',
        ...jsonContent(z.object({ data: schema })),
      },
      401: signedOut,
      404: unknownVehicle,
    },
  });

const likeRoute = markRoute('post', '/{id}/like', 'Like a vehicle (idempotent)', LikeState);
const unlikeRoute = markRoute('delete', '/{id}/like', 'Take a like back (idempotent)', LikeState);
const favoriteRoute = markRoute('post', '/{id}/favorite', 'Save a vehicle as a favorite (idempotent)', FavoriteState);
const unfavoriteRoute = markRoute('delete', '/{id}/favorite', 'Remove a vehicle from the favorites (idempotent)', FavoriteState);

export const contactRoute = createRoute({
  method: 'post',
  path: '/{id}/contact',
  tags,
  summary: 'Send a message to the seller (visitors and members): it lands in their inbox, and by mail if they want it',
  request: { params: IdParam, ...jsonBody(ContactBody) },
  responses: {
    201: {
      description: 'Sent: it opened a conversation with the seller, or continued the sender’s own about this listing',
      ...jsonContent(
        z.object({
          data: z.object({
            sent: z.literal(true),
            conversationId: z
              .number()
              .int()
              .nullable()
              .openapi({ description: 'For a member: where to follow it (a guest is mailed a link with the answer)' }),
          }),
        }),
      ),
    },
    403: failure('CONTACT_OWN_VEHICLE: this is your own listing'),
    404: unknownVehicle,
    409: failure(
      'VEHICLE_SOLD: a sold vehicle takes no more messages; CONVERSATION_BLOCKED: the seller stopped this sender’s conversation',
    ),
    422: failure(
      'VALIDATION_FAILED: details name each field (`email` for a guest who keeps their details hidden without one; a member is answered in Messages)',
    ),
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

export const viewRoute = createRoute({
  method: 'post',
  path: '/{id}/view',
  tags,
  summary: 'Count a view of the vehicle page: once per visitor per day; the owner is not counted',
  request: { params: IdParam },
  responses: {
    200: { description: 'Whether this view was counted', ...jsonContent(z.object({ data: z.object({ counted: z.boolean() }) })) },
    404: unknownVehicle,
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

/** The signed-in caller's id (the routes that need it are behind requireUser). */
function userId(principal: Principal | null): number {
  if (!principal) throw new AppError(401, 'UNAUTHORIZED');
  return principal.userId;
}

/**
 * What visitors and members do with a listing: compare, like, save, contact its seller, count a
 * view. Mounted before the vehicles router so that `/compare` is not read as a vehicle id.
 */
export function interactionsRoutes(deps: Deps) {
  return createRouter()
    .openapi(compareRoute, async (c) => {
      const principal = c.get('principal');
      const viewer = principal ? viewerOf(principal) : null;
      return c.json({ data: await compare(deps, c.req.valid('query').ids, c.get('locale'), viewer) }, 200);
    })
    .openapi(likeRoute, async (c) => {
      const { id } = c.req.valid('param');
      const created = await mark(deps.db, 'likes', userId(c.get('principal')), id, true);
      return c.json({ data: { liked: true, likes: await likeCount(deps.db, id) } }, created ? 201 : 200);
    })
    .openapi(unlikeRoute, async (c) => {
      const { id } = c.req.valid('param');
      await mark(deps.db, 'likes', userId(c.get('principal')), id, false);
      return c.json({ data: { liked: false, likes: await likeCount(deps.db, id) } }, 200);
    })
    .openapi(favoriteRoute, async (c) => {
      const created = await mark(deps.db, 'favorites', userId(c.get('principal')), c.req.valid('param').id, true);
      return c.json({ data: { favorite: true } }, created ? 201 : 200);
    })
    .openapi(unfavoriteRoute, async (c) => {
      await mark(deps.db, 'favorites', userId(c.get('principal')), c.req.valid('param').id, false);
      return c.json({ data: { favorite: false } }, 200);
    })
    .openapi(contactRoute, async (c) => {
      const principal = c.get('principal');
      const req = requestInfo(c, deps.config.trustProxy);
      const conversationId = await contactSeller(
        deps,
        c.req.valid('param').id,
        c.req.valid('json'),
        principal?.userId ?? null,
        req,
        c.get('locale'),
      );
      return c.json({ data: { sent: true as const, conversationId: principal ? conversationId : null } }, 201);
    })
    .openapi(viewRoute, async (c) => {
      const req = requestInfo(c, deps.config.trustProxy);
      const counted = await countView(deps, c.req.valid('param').id, c.get('principal')?.userId ?? null, req);
      return c.json({ data: { counted } }, 200);
    });
}
