import { createRouter, type Deps } from '../../context.ts';
import { viewerOf } from '../vehicles/vehicles.write.service.ts';
import {
  createSavedSearchRoute,
  deleteSavedSearchRoute,
  listSavedSearchesRoute,
  updateSavedSearchRoute,
} from './saved-searches.schemas.ts';
import { changeSavedSearch, createSavedSearch, listMine, removeSavedSearch } from './saved-searches.service.ts';

/** /me/saved-searches (issue 17): a member's searches and how often they alert. */
export function savedSearchesRoutes(deps: Deps) {
  return createRouter()
    .openapi(listSavedSearchesRoute, async (c) => c.json({ data: await listMine(deps, viewerOf(c.get('principal')).id) }, 200))
    .openapi(createSavedSearchRoute, async (c) =>
      c.json({ data: await createSavedSearch(deps, viewerOf(c.get('principal')).id, c.req.valid('json'), c.get('locale')) }, 201),
    )
    .openapi(updateSavedSearchRoute, async (c) =>
      c.json(
        {
          data: await changeSavedSearch(
            deps,
            viewerOf(c.get('principal')).id,
            c.req.valid('param').id,
            c.req.valid('json'),
            c.get('locale'),
          ),
        },
        200,
      ),
    )
    .openapi(deleteSavedSearchRoute, async (c) => {
      await removeSavedSearch(deps, viewerOf(c.get('principal')).id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
