import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';

/**
 * What is the signed-in visitor's own on a page every visitor shares (docs/decisions/024-page-cache.md):
 * the header's name, premium badge and unread count, and, on a vehicle's page, their marks on it.
 */
export const PersonalFragment = z
  .object({
    firstName: z.string(),
    premium: z.boolean(),
    unread: z.number().int(),
    messages: z.number().int().openapi({ description: 'Unread messages over all my conversations (issue 17)' }),
    vehicle: z
      .object({ id: z.number().int(), liked: z.boolean(), favorite: z.boolean(), own: z.boolean() })
      .nullable()
      .openapi({ description: 'The visitor on the vehicle asked for; null when none was asked for or it does not exist' }),
  })
  .openapi('PersonalFragment');

export const personalRoute = createRoute({
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
