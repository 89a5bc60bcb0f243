import { SAVED_SEARCH_MAX } from '@autoroute/contract/saved-searches';
import { createRoute, z } from '@hono/zod-openapi';
import {
  changeSavedSearch,
  createSavedSearch,
  listMine,
  removeSavedSearch,
} from '../../../domain/saved-searches/saved-searches.service.ts';
import { viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { SavedSearch, SavedSearchInput, SavedSearchPatch } from './saved-searches.schemas.ts';

const tags = ['Saved searches'];
const middleware = requireUser();
const notFound = { 404: failure('SAVED_SEARCH_NOT_FOUND: none of the caller’s searches has this id') };

export const listSavedSearchesRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  middleware,
  summary: 'My saved searches, newest first, each with how many listings it found since I last opened it',
  responses: { 200: { description: 'The list', ...jsonContent(z.object({ data: z.array(SavedSearch) })) } },
});

export const createSavedSearchRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  middleware,
  summary: `Save a search (at most ${SAVED_SEARCH_MAX})`,
  request: jsonBody(SavedSearchInput),
  responses: {
    201: { description: 'Saved', ...jsonContent(z.object({ data: SavedSearch })) },
    422: failure('VALIDATION_FAILED (each field, the query’s under `query.`) or SAVED_SEARCH_LIMIT'),
  },
});

export const updateSavedSearchRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags,
  middleware,
  summary: 'Rename it, change its query or how often it alerts (`off` pauses it), or mark it viewed',
  request: { params: IdParam, ...jsonBody(SavedSearchPatch) },
  responses: {
    200: { description: 'Changed', ...jsonContent(z.object({ data: SavedSearch })) },
    ...notFound,
    422: failure('VALIDATION_FAILED'),
  },
});

const deleteSavedSearchRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  middleware,
  summary: 'Delete a saved search and what it found',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...notFound },
});

/** /me/saved-searches (issue 17): a member's searches and how often they alert. */
export function savedSearchesRoutes(deps: Deps) {
  return createRouter()
    .openapi(listSavedSearchesRoute, async (c) => c.json({ data: await listMine(deps.db, viewerOf(c.get('principal')).id) }, 200))
    .openapi(createSavedSearchRoute, async (c) =>
      c.json({ data: await createSavedSearch(deps.db, viewerOf(c.get('principal')).id, c.req.valid('json'), c.get('locale')) }, 201),
    )
    .openapi(updateSavedSearchRoute, async (c) =>
      c.json(
        {
          data: await changeSavedSearch(
            deps.db,
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
      await removeSavedSearch(deps.db, viewerOf(c.get('principal')).id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
