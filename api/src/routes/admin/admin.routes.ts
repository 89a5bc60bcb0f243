import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, jsonContent } from '../../openapi.ts';
import { dailyHistory, dashboardFigures } from './admin.data.ts';
import { datacronsRoutes } from './datacrons.routes.ts';

const WEEK_MS = 7 * 86_400_000;
const HISTORY_DAYS = 30;
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
            history: z
              .array(
                z.object({
                  day: z.string().openapi({ example: '2026-11-23' }),
                  newUsers: z.number(),
                  newListings: z.number(),
                  views: z.number(),
                  contacts: z.number().openapi({ description: 'Messages sent to sellers' }),
                  users: z.number().nullable(),
                  listed: z.number().nullable(),
                  sold: z.number().nullable(),
                  premium: z.number().nullable().openapi({ description: 'Members with an active subscription' }),
                }),
              )
              .openapi({
                description: `The last ${HISTORY_DAYS} days counted by the recompute-stats job, oldest first; totals are null for a day no run saw`,
              }),
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
    .openapi(dashboardRoute, async (c) => {
      const [figures, history] = await Promise.all([
        dashboardFigures(deps.db, new Date(Date.now() - WEEK_MS).toISOString()),
        dailyHistory(deps.db, HISTORY_DAYS),
      ]);
      return c.json({ data: { ...figures, history } }, 200);
    })
    .route('/', datacronsRoutes(deps));
}
