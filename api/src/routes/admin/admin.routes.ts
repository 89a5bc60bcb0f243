import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { jsonContent } from '../../openapi.ts';
import { dailyHistory, dashboardFigures } from './admin.data.ts';
import { adminAuditRoutes } from './audit.routes.ts';
import { adminContactsRoutes } from './contacts.routes.ts';
import { datacronsRoutes } from './datacrons.routes.ts';
import { adminPaymentsRoutes } from './payments.routes.ts';
import { guarded, resourcesRoutes } from './resources.routes.ts';
import { adminRolesRoutes } from './roles.routes.ts';
import { adminSettingsRoutes } from './settings.routes.ts';
import { adminSubscriptionsRoutes } from './subscriptions.routes.ts';
import { adminSupportRoutes } from './support.routes.ts';
import { adminUsersRoutes } from './users.routes.ts';
import { adminVehiclesRoutes } from './vehicles.routes.ts';

const HISTORY_DAYS = 30;
const Count = z.number().int();
/** The list a figure counts, with the filter that gives exactly that count as its total. */
const Link = z
  .object({ resource: z.string(), filter: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])) })
  .openapi('AdminDashboardLink');
const FIGURES = ['live', 'soldThisMonth', 'newUsers', 'activeSubscriptions', 'contactsThisMonth', 'supportOpen'] as const;

const Dashboard = z
  .object({
    live: Count.openapi({ description: 'Listings on sale or for rent' }),
    soldThisMonth: Count,
    newUsers: Count.openapi({ description: 'Accounts created in the last 30 days' }),
    activeSubscriptions: Count,
    contactsThisMonth: Count.openapi({ description: 'Messages sent to sellers since the first of the month' }),
    supportOpen: Count.openapi({ description: 'Support requests not yet resolved' }),
    supportOpenPriority: Count.openapi({ description: 'Of those, the priority ones' }),
    links: z.object(Object.fromEntries(FIGURES.map((f) => [f, Link])) as Record<(typeof FIGURES)[number], typeof Link>),
    revenueByMonth: z.array(
      z.object({
        month: z.string().openapi({ example: '2026-06' }),
        currency: z.string(),
        amount: z.number(),
        link: Link.openapi({ description: 'The paid payments behind the amount' }),
      }),
    ),
    listingsPerCategory: z.array(z.object({ categoryId: z.number(), name: z.string(), count: Count, link: Link })),
    latestListings: z.array(
      z.object({ id: z.number(), title: z.string(), price: z.number(), currency: z.string(), createdAt: z.string() }),
    ),
    latestUsers: z.array(z.object({ id: z.number(), username: z.string(), email: z.string(), createdAt: z.string() })),
    history: z
      .array(
        z.object({
          day: z.string().openapi({ example: '2026-11-23' }),
          newUsers: Count,
          newListings: Count,
          views: Count,
          contacts: Count.openapi({ description: 'Messages sent to sellers' }),
          users: Count.nullable(),
          listed: Count.nullable(),
          sold: Count.nullable(),
          premium: Count.nullable().openapi({ description: 'Members with an active subscription' }),
        }),
      )
      .openapi({
        description: `The last ${HISTORY_DAYS} days counted by the recompute-stats job, oldest first; totals are null for a day no run saw`,
      }),
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
  return (
    createRouter()
      .openapi(dashboardRoute, async (c) => {
        const [figures, history] = await Promise.all([
          dashboardFigures(deps.db, new Date(), c.get('locale')),
          dailyHistory(deps.db, HISTORY_DAYS),
        ]);
        return c.json({ data: { ...figures, history } }, 200);
      })
      .route('/users', adminUsersRoutes(deps))
      .route('/roles', adminRolesRoutes(deps))
      .route('/vehicles', adminVehiclesRoutes(deps))
      .route('/support-requests', adminSupportRoutes(deps))
      .route('/subscriptions', adminSubscriptionsRoutes(deps))
      .route('/payments', adminPaymentsRoutes(deps))
      .route('/contacts', adminContactsRoutes(deps))
      .route('/settings', adminSettingsRoutes(deps))
      .route('/audit', adminAuditRoutes(deps))
      // Before the declared resources: `/datacrons/{id}/run` and `/datacron-runs` are the jobs' own.
      .route('/', datacronsRoutes(deps))
      // A datacron written here is rescheduled at once in this process (others poll).
      .route(
        '/',
        resourcesRoutes(deps, (def) => def.name === 'datacrons' && deps.jobs.reload()),
      )
  );
}
