import { z } from '@hono/zod-openapi';
import type { Deps } from '../../context.ts';
import {
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionFilter,
  subscriptionIdPage,
  subscriptionRecords,
} from './console.data.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

export const AdminPayment = z
  .object({
    id: z.number(),
    userId: z.number(),
    username: z.string(),
    cartId: z.number(),
    plan: z.string(),
    amount: z.number(),
    currency: z.string(),
    provider: z.string(),
    status: z.enum(PAYMENT_STATUSES as [string, ...string[]]),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AdminPayment');

export const AdminSubscription = z
  .object({
    id: z.number(),
    userId: z.number(),
    username: z.string(),
    email: z.string(),
    cartId: z.number(),
    plan: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES as [string, ...string[]]),
    startedAt: z.string(),
    expiresAt: z.string(),
    paymentId: z.number().nullable(),
    payments: z.array(AdminPayment).openapi({ description: "The member's payments for this plan, oldest first" }),
  })
  .openapi('AdminSubscription');

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
