import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { jsonContent } from '../../openapi.ts';
import { dashboardFigures } from './admin.data.ts';
import { guarded, resourcesRoutes } from './resources.routes.ts';
import { adminRolesRoutes } from './roles.routes.ts';
import { adminUsersRoutes } from './users.routes.ts';
import { adminVehiclesRoutes } from './vehicles.routes.ts';

const Count = z.number().int();

const Dashboard = z
  .object({
    live: Count.openapi({ description: 'Listings on sale or for rent' }),
    soldThisMonth: Count,
    newUsers: Count.openapi({ description: 'Accounts created in the last 30 days' }),
    activeSubscriptions: Count,
    contactsThisMonth: Count.openapi({ description: 'Messages sent to sellers since the first of the month' }),
    revenueByMonth: z.array(z.object({ month: z.string().openapi({ example: '2026-06' }), currency: z.string(), amount: z.number() })),
    listingsPerCategory: z.array(z.object({ categoryId: z.number(), name: z.string(), count: Count })),
    latestListings: z.array(
      z.object({ id: z.number(), title: z.string(), price: z.number(), currency: z.string(), createdAt: z.string() }),
    ),
    latestUsers: z.array(z.object({ id: z.number(), username: z.string(), email: z.string(), createdAt: z.string() })),
  })
  .openapi('AdminDashboard');

const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  tags: ['Admin'],
  summary: "The operator's figures (admin.dashboard.index)",
  middleware: requirePermission('admin.dashboard.index'),
  responses: { 200: { description: 'Figures', ...jsonContent(z.object({ data: Dashboard })) }, ...guarded },
});

/** The back office API (DESIGN §2a): every route is guarded by `admin.{resource}.{action}` on the server. */
export function adminRoutes(deps: Deps) {
  return createRouter()
    .openapi(dashboardRoute, async (c) => c.json({ data: await dashboardFigures(deps.db, new Date(), c.get('locale')) }, 200))
    .route('/users', adminUsersRoutes(deps))
    .route('/roles', adminRolesRoutes(deps))
    .route('/vehicles', adminVehiclesRoutes(deps))
    .route('/', resourcesRoutes(deps));
}
