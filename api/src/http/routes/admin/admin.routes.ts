import { DASHBOARD_HISTORY_DAYS, Dashboard } from '@autoroute/contract/dashboard';
import { createRoute, z } from '@hono/zod-openapi';
import { dailyHistory, dashboardFigures } from '../../../domain/admin/admin.data.ts';
import { dashboardBookingFigures } from '../../../domain/rentals/admin-bookings.service.ts';
import type { Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { jsonContent, named } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { adminAuditRoutes } from './audit.routes.ts';
import { adminBookingsRoutes, adminOwnerCancellationsRoutes } from './bookings.routes.ts';
import { adminContactsRoutes } from './contacts.routes.ts';
import { guarded } from './crud-router.ts';
import { datacronsRoutes } from './datacrons.routes.ts';
import { adminModerationRoutes } from './moderation.routes.ts';
import { adminPaymentsRoutes } from './payments.routes.ts';
import { resourcesRoutes } from './resources.routes.ts';
import { adminRolesRoutes } from './roles.routes.ts';
import { adminSettingsRoutes } from './settings.routes.ts';
import { adminVehicleSignalsRoutes } from './signals.routes.ts';
import { adminSubscriptionsRoutes } from './subscriptions.routes.ts';
import { adminSupportRoutes } from './support.routes.ts';
import { adminTradersRoutes } from './traders.routes.ts';
import { adminUsersRoutes } from './users.routes.ts';
import { adminVehiclesRoutes } from './vehicles.routes.ts';

/** The operator's figures, as the back office reads them (@autoroute/contract/dashboard). */
const AdminDashboard = named(Dashboard, 'AdminDashboard');

export const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  tags: ['Admin'],
  summary: "The operator's figures (admin.dashboard.index)",
  middleware: requirePermission('admin.dashboard.index'),
  responses: { 200: { description: 'Figures', ...jsonContent(z.object({ data: AdminDashboard })) }, ...guarded },
});

/** The back office API (DESIGN §2a): every route is guarded by `admin.{resource}.{action}` on the server. */
export function adminRoutes(deps: Deps) {
  return (
    createRouter()
      .openapi(dashboardRoute, async (c) => {
        const now = new Date();
        const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
        const since30 = new Date(now.getTime() - 30 * 86_400_000).toISOString();
        const [figures, history, bookings] = await Promise.all([
          dashboardFigures(deps.db, now, c.get('locale')),
          dailyHistory(deps.db, DASHBOARD_HISTORY_DAYS),
          dashboardBookingFigures(deps.db, month, since30),
        ]);
        const { bookingLinks, ...bookingCounts } = bookings;
        return c.json({ data: { ...figures, ...bookingCounts, links: { ...figures.links, ...bookingLinks }, history } }, 200);
      })
      .route('/users', adminOwnerCancellationsRoutes(deps))
      .route('/users', adminUsersRoutes(deps))
      .route('/bookings', adminBookingsRoutes(deps))
      .route('/roles', adminRolesRoutes(deps))
      .route('/vehicles', adminVehicleSignalsRoutes(deps))
      .route('/vehicles', adminVehiclesRoutes(deps))
      .route('/support-requests', adminSupportRoutes(deps))
      .route('/moderation-cases', adminModerationRoutes(deps))
      .route('/subscriptions', adminSubscriptionsRoutes(deps))
      .route('/payments', adminPaymentsRoutes(deps))
      .route('/contacts', adminContactsRoutes(deps))
      .route('/settings', adminSettingsRoutes(deps))
      .route('/audit', adminAuditRoutes(deps))
      .route('/traders', adminTradersRoutes(deps))
      // Before the declared resources: `/datacrons/{id}/run` and `/datacron-runs` are the jobs' own.
      .route('/', datacronsRoutes(deps))
      // A datacron written here is rescheduled at once in this process (others poll).
      .route(
        '/',
        resourcesRoutes(deps, (def) => def.name === 'datacrons' && deps.jobs.reload()),
      )
  );
}
