import {
  AdminPayment as AdminPaymentRecord,
  AdminSubscription as AdminSubscriptionRecord,
  SUBSCRIPTION_STATUSES,
} from '@autoroute/contract/billing';
import { z } from '@hono/zod-openapi';
import { type SubscriptionFilter, subscriptionIdPage, subscriptionRecords } from '../../../domain/admin/console.data.ts';
import type { Deps } from '../../context.ts';
import { named } from '../../openapi.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

/** The back office's records (@autoroute/contract/billing), named in the API document. */
export const AdminPayment = named(AdminPaymentRecord, 'AdminPayment');
export const AdminSubscription = named(AdminSubscriptionRecord, 'AdminSubscription');

/** Members' plans (issue 13 item 9), read only: `active: true` is what the dashboard counts as active. */
export function adminSubscriptionsRoutes(deps: Deps) {
  return crudRouter({
    resource: 'subscriptions',
    permission: 'admin.subscription.index',
    tags: ['Admin: subscriptions'],
    record: AdminSubscription,
    summary: {
      list: 'Every subscription (admin.subscription.index): filter id, status, userId, cartId, active (in force now)',
      one: 'One subscription with its payments (admin.subscription.index)',
    },
    describe: { one: 'The subscription', missing: 'no such subscription' },
    sorts: { id: 's.id', status: 's.status', startedAt: 's.started_at', expiresAt: 's.expires_at' },
    defaultSort: { field: 'startedAt', order: 'DESC' },
    filters: {
      id: filterValue.ids,
      status: filterValue.words(SUBSCRIPTION_STATUSES),
      userId: filterValue.ids,
      cartId: filterValue.ids,
      active: z.literal(true),
    },
    page: ({ id, status, userId, cartId, active }, sort, query) => {
      const filter: SubscriptionFilter = { ids: id, userIds: userId, cartIds: cartId, statuses: status };
      if (active) filter.activeAt = new Date().toISOString();
      return subscriptionIdPage(deps.db, filter, sort, query);
    },
    records: (ids, locale) => subscriptionRecords(deps.db, ids, locale),
  });
}
