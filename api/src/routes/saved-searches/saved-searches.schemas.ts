import { msg } from '@autoroute/contract/messages';
import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { VehicleListQuery } from '../vehicles/vehicles.schemas.ts';

/** How many searches a member may keep (issue 17). */
export const SAVED_SEARCH_MAX = 20;
export const FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;

const Name = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(1, { error: msg('validation.required') })
  .max(80, { error: msg('savedSearch.nameLength') });
const Frequency = z
  .enum(FREQUENCIES, { error: msg('savedSearch.frequency') })
  .openapi({ description: '`instant`: within a minute of a match; `daily` or `weekly`: one digest; `off`: paused' });

export const SavedSearchInput = z
  .object({
    name: Name,
    query: VehicleListQuery.openapi({
      description: 'Exactly the query of GET /vehicles (its parameters as an object), checked by the same schema',
    }),
    frequency: Frequency.default('daily'),
  })
  .strict()
  .openapi('SavedSearchInput');
export type SavedSearchInput = z.infer<typeof SavedSearchInput>;

export const SavedSearchPatch = z
  .object({
    name: Name,
    query: VehicleListQuery,
    frequency: Frequency,
    viewed: z.literal(true).openapi({ description: 'The member looked at its results: "new since your last visit" starts again from now' }),
  })
  .partial()
  .strict()
  .openapi('SavedSearchPatch');
export type SavedSearchPatch = z.infer<typeof SavedSearchPatch>;

export const SavedSearch = z
  .object({
    id: z.number(),
    name: z.string(),
    query: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .openapi({ description: 'As GET /vehicles takes it, without page and page size' }),
    frequency: Frequency,
    /** Listings found since the member last opened it. */
    newSinceViewed: z.number().int().openapi({ description: 'Listings it found since the member last opened it' }),
    viewedAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('SavedSearch');

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

export const deleteSavedSearchRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  middleware,
  summary: 'Delete a saved search and what it found',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...notFound },
});
