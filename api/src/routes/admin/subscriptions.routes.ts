import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import {
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionFilter,
  subscriptionIdPage,
  subscriptionRecords,
} from './console.data.ts';
import { contentRange, filterValue, parseListQuery } from './list-query.ts';
import { guarded, ListParams } from './resources.routes.ts';

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

const AdminSubscription = z
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

const SORTS: Record<string, string> = { id: 's.id', status: 's.status', startedAt: 's.started_at', expiresAt: 's.expires_at' };
const tags = ['Admin: subscriptions'];

/** Members' plans (issue 13 item 9), read only: `active: true` is what the dashboard counts as active. */
export function adminSubscriptionsRoutes(deps: Deps) {
  const { db } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Every subscription (admin.subscription.index): filter id, status, userId, cartId, active (in force now)',
        middleware: requirePermission('admin.subscription.index'),
        request: { query: ListParams },
        responses: { 200: { description: 'One page', ...jsonContent(z.array(AdminSubscription)) }, ...guarded, 422: failure('Bad query') },
      }),
      async (c) => {
        const t = c.get('t');
        const query = parseListQuery(c.req.valid('query'), {
          sortable: Object.keys(SORTS),
          filters: {
            id: filterValue.ids,
            status: filterValue.words(SUBSCRIPTION_STATUSES),
            userId: filterValue.ids,
            cartId: filterValue.ids,
            active: z.literal(true),
          },
          defaultSort: { field: 'startedAt', order: 'DESC' },
          t,
        });
        const { id, status, userId, cartId, active } = query.filter;
        const filter: SubscriptionFilter = { ids: id, userIds: userId, cartIds: cartId, statuses: status };
        if (active) filter.activeAt = new Date().toISOString();
        const page = await subscriptionIdPage(db, filter, SORTS[query.sort.field]!, query);
        const list = await subscriptionRecords(db, page.ids, c.get('locale'));
        c.header('Content-Range', contentRange('subscriptions', query.range, list.length, page.total));
        return c.json(list, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: 'One subscription with its payments (admin.subscription.index)',
        middleware: requirePermission('admin.subscription.index'),
        request: { params: IdParam },
        responses: {
          200: { description: 'The subscription', ...jsonContent(AdminSubscription) },
          ...guarded,
          404: failure('No such subscription'),
        },
      }),
      async (c) => {
        const [found] = await subscriptionRecords(db, [c.req.valid('param').id], c.get('locale'));
        if (!found) throw notFound('NOT_FOUND');
        return c.json(found, 200);
      },
    );
}
