import { createRouter, type Deps } from '../../context.ts';
import { statsRoutes } from '../billing/billing.routes.ts';
import { savedSearchesRoutes } from '../saved-searches/saved-searches.routes.ts';
import { myFavoritesRoute, myLikesRoute } from '../vehicles/interactions.schemas.ts';
import { listMarked } from '../vehicles/interactions.service.ts';
import { myVehiclesRoute } from '../vehicles/vehicles.write.schemas.ts';
import { listMyVehicles, viewerOf } from '../vehicles/vehicles.write.service.ts';
import { personalRoute } from './me.schemas.ts';
import { personalFragment } from './me.service.ts';

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
        return c.json({ data: await personalFragment(deps, viewerOf(c.get('principal')).id, c.req.valid('query').vehicle) }, 200);
      })
      .route('/saved-searches', savedSearchesRoutes(deps))
      // A listing's daily figures (billing.routes.ts: what the plan shows).
      .route('/', statsRoutes(deps))
  );
}
