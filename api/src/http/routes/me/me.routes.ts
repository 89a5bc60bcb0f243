import { ListMeta } from '@autoroute/contract/vehicles';
import { createRoute, z } from '@hono/zod-openapi';
import { personalFragment } from '../../../domain/me/me.service.ts';
import { PageQuery } from '../../../domain/paging.ts';
import { listMarked } from '../../../domain/vehicles/interactions.service.ts';
import { listMyVehicles, viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { statsRoutes } from '../billing/billing.routes.ts';
import { myReviewsRoutes } from '../reviews/reviews.routes.ts';
import { savedSearchesRoutes } from '../saved-searches/saved-searches.routes.ts';
import { MyVehicleSummary, VehicleSummary } from '../vehicles/vehicles.schemas.ts';
import { myDecisionsRoutes } from './decisions.routes.ts';
import { PersonalFragment } from './me.schemas.ts';

export const myVehiclesRoute = createRoute({
  method: 'get',
  path: '/vehicles',
  tags: ['Me'],
  summary: 'My listings, sold ones included, newest first',
  middleware: requireUser(),
  request: { query: PageQuery },
  responses: {
    200: { description: 'A page of my vehicles', ...jsonContent(z.object({ data: z.array(MyVehicleSummary), meta: ListMeta })) },
    401: failure('Not signed in'),
    422: failure('Invalid query'),
  },
});

const signedOut = failure('Not signed in');
const MarkedList = jsonContent(z.object({ data: z.array(VehicleSummary), meta: ListMeta }));

const markedListRoute = (path: '/favorites' | '/likes', summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Me'],
    summary,
    middleware: requireUser(),
    request: { query: PageQuery },
    responses: { 200: { description: 'A page of vehicles', ...MarkedList }, 401: signedOut, 422: failure('Invalid query') },
  });

export const myFavoritesRoute = markedListRoute('/favorites', 'The vehicles I saved, most recently saved first (sold ones included)');
export const myLikesRoute = markedListRoute('/likes', 'The vehicles I liked, most recently liked first (sold ones included)');

const personalRoute = createRoute({
  method: 'get',
  path: '/fragment',
  tags: ['Me'],
  summary: 'My part of a shared page: header name, premium badge, unread counts, my marks on a vehicle',
  middleware: requireUser(),
  request: { query: z.object({ vehicle: IdParam.shape.id.optional().openapi({ param: { name: 'vehicle', in: 'query' }, example: 1 }) }) },
  responses: {
    200: { description: 'My part of the page', ...jsonContent(z.object({ data: PersonalFragment })) },
    401: failure('Not signed in'),
    422: failure('Invalid query'),
  },
});

/** The signed-in user's own lists (DESIGN §2a: /me/vehicles, /me/favorites, /me/likes), and their part of a shared page. */
export function meRoutes(deps: Deps) {
  return (
    createRouter()
      .openapi(myVehiclesRoute, async (c) =>
        c.json(await listMyVehicles(deps, viewerOf(c.get('principal')), c.req.valid('query'), c.get('locale')), 200),
      )
      .openapi(myFavoritesRoute, async (c) =>
        c.json(await listMarked(deps, 'favorites', viewerOf(c.get('principal')).id, c.req.valid('query'), c.get('locale')), 200),
      )
      .openapi(myLikesRoute, async (c) =>
        c.json(await listMarked(deps, 'likes', viewerOf(c.get('principal')).id, c.req.valid('query'), c.get('locale')), 200),
      )
      .openapi(personalRoute, async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.json({ data: await personalFragment(deps.db, viewerOf(c.get('principal')).id, c.req.valid('query').vehicle) }, 200);
      })
      .route('/saved-searches', savedSearchesRoutes(deps))
      .route('/decisions', myDecisionsRoutes(deps))
      .route('/reviews', myReviewsRoutes(deps))
      // A listing's daily figures (billing.routes.ts: what the plan shows).
      .route('/', statsRoutes(deps))
  );
}
