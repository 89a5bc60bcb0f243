import type { Principal } from '../../auth/principal.ts';
import { createRouter, type Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requestInfo } from '../../lib/request.ts';
import { compareRoute, contactRoute, favoriteRoute, likeRoute, unfavoriteRoute, unlikeRoute, viewRoute } from './interactions.schemas.ts';
import { compare, contactSeller, countView, likeCount, mark } from './interactions.service.ts';
import { viewerOf } from './vehicles.write.service.ts';

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
      const created = await mark(deps, 'likes', userId(c.get('principal')), id, true);
      return c.json({ data: { liked: true, likes: await likeCount(deps, id) } }, created ? 201 : 200);
    })
    .openapi(unlikeRoute, async (c) => {
      const { id } = c.req.valid('param');
      await mark(deps, 'likes', userId(c.get('principal')), id, false);
      return c.json({ data: { liked: false, likes: await likeCount(deps, id) } }, 200);
    })
    .openapi(favoriteRoute, async (c) => {
      const created = await mark(deps, 'favorites', userId(c.get('principal')), c.req.valid('param').id, true);
      return c.json({ data: { favorite: true } }, created ? 201 : 200);
    })
    .openapi(unfavoriteRoute, async (c) => {
      await mark(deps, 'favorites', userId(c.get('principal')), c.req.valid('param').id, false);
      return c.json({ data: { favorite: false } }, 200);
    })
    .openapi(contactRoute, async (c) => {
      const principal = c.get('principal');
      const req = requestInfo(c, deps.config.trustProxy);
      const conversationId = await contactSeller(deps, c.req.valid('param').id, c.req.valid('json'), principal?.userId ?? null, req);
      return c.json({ data: { sent: true as const, conversationId: principal ? conversationId : null } }, 201);
    })
    .openapi(viewRoute, async (c) => {
      const req = requestInfo(c, deps.config.trustProxy);
      const counted = await countView(deps, c.req.valid('param').id, c.get('principal')?.userId ?? null, req);
      return c.json({ data: { counted } }, 200);
    });
}
