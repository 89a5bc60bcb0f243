import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, jsonContent } from '../../openapi.ts';
import { dashboardFigures } from './admin.data.ts';
import { resourcesRoutes } from './resources.routes.ts';

const WEEK_MS = 7 * 86_400_000;
const guarded = { 401: failure('Not signed in'), 403: failure('Missing the admin permission') };

const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  tags: ['Admin'],
  summary: 'Headline figures (admin.dashboard.index)',
  middleware: requirePermission('admin.dashboard.index'),
  responses: {
    200: {
      description: 'Figures',
      ...jsonContent(
        z.object({
          data: z.object({
            users: z.number(),
            newUsers: z.number().openapi({ description: 'Accounts created in the last seven days' }),
            listed: z.number().openapi({ description: 'Vehicles on sale or for rent' }),
            sold: z.number(),
          }),
        }),
      ),
    },
    ...guarded,
  },
});

/** The back office API (DESIGN §2a): every route is guarded by `admin.{resource}.{action}` on the server. */
export function adminRoutes(deps: Deps) {
  return createRouter()
    .openapi(dashboardRoute, async (c) =>
      c.json({ data: await dashboardFigures(deps.db, new Date(Date.now() - WEEK_MS).toISOString()) }, 200),
    )
    .route('/', resourcesRoutes(deps));
}
