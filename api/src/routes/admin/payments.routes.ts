import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { PAYMENT_STATUSES, type PaymentFilter, paymentIdPage, paymentRecords } from './console.data.ts';
import { contentRange, filterValue, nextMonth, parseListQuery } from './list-query.ts';
import { guarded, ListParams } from './resources.routes.ts';
import { AdminPayment } from './subscriptions.routes.ts';

const SORTS: Record<string, string> = {
  id: 'p.id',
  status: 'p.status',
  amount: 'p.amount_minor',
  paidAt: 'p.paid_at',
  createdAt: 'p.created_at',
};
const tags = ['Admin: payments'];

/** Plan payments (issue 13 item 9), read only: `{status: 'paid', paidMonth, currency}` is one bar of the revenue chart. */
export function adminPaymentsRoutes(deps: Deps) {
  const { db } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Every payment (admin.payment.index): filter id, status, userId, paidMonth (YYYY-MM, UTC), currency',
        middleware: requirePermission('admin.payment.index'),
        request: { query: ListParams },
        responses: { 200: { description: 'One page', ...jsonContent(z.array(AdminPayment)) }, ...guarded, 422: failure('Bad query') },
      }),
      async (c) => {
        const t = c.get('t');
        const query = parseListQuery(c.req.valid('query'), {
          sortable: Object.keys(SORTS),
          filters: {
            id: filterValue.ids,
            status: filterValue.words(PAYMENT_STATUSES),
            userId: filterValue.ids,
            paidMonth: filterValue.month,
            currency: z.string().regex(/^[A-Z]{3}$/),
          },
          defaultSort: { field: 'createdAt', order: 'DESC' },
          t,
        });
        const { id, status, userId, paidMonth, currency } = query.filter;
        const filter: PaymentFilter = { ids: id, userIds: userId, statuses: status, currency };
        if (paidMonth) {
          filter.paidFrom = `${paidMonth}-01T00:00:00.000Z`;
          filter.paidBefore = nextMonth(paidMonth);
        }
        const page = await paymentIdPage(db, filter, SORTS[query.sort.field]!, query);
        const list = await paymentRecords(db, page.ids, c.get('locale'));
        c.header('Content-Range', contentRange('payments', query.range, list.length, page.total));
        return c.json(list, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: 'One payment (admin.payment.index)',
        middleware: requirePermission('admin.payment.index'),
        request: { params: IdParam },
        responses: { 200: { description: 'The payment', ...jsonContent(AdminPayment) }, ...guarded, 404: failure('No such payment') },
      }),
      async (c) => {
        const [found] = await paymentRecords(db, [c.req.valid('param').id], c.get('locale'));
        if (!found) throw notFound('NOT_FOUND');
        return c.json(found, 200);
      },
    );
}
