import { PAYMENT_STATUSES } from '@autoroute/contract/billing';
import { z } from '@hono/zod-openapi';
import { type PaymentFilter, paymentIdPage, paymentRecords } from '../../../domain/admin/console.data.ts';
import type { Deps } from '../../context.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue, nextMonth } from './list-query.ts';
import { AdminPayment } from './subscriptions.routes.ts';

/** Plan payments (issue 13 item 9), read only: `{status: 'paid', paidMonth, currency}` is one bar of the revenue chart. */
export function adminPaymentsRoutes(deps: Deps) {
  return crudRouter({
    resource: 'payments',
    permission: 'admin.payment.index',
    tags: ['Admin: payments'],
    record: AdminPayment,
    summary: {
      list: 'Every payment (admin.payment.index): filter id, status, userId, paidMonth (YYYY-MM, UTC), currency',
      one: 'One payment (admin.payment.index)',
    },
    describe: { one: 'The payment', missing: 'no such payment' },
    sorts: { id: 'p.id', status: 'p.status', amount: 'p.amount_minor', paidAt: 'p.paid_at', createdAt: 'p.created_at' },
    defaultSort: { field: 'createdAt', order: 'DESC' },
    filters: {
      id: filterValue.ids,
      status: filterValue.words(PAYMENT_STATUSES),
      userId: filterValue.ids,
      paidMonth: filterValue.month,
      currency: z.string().regex(/^[A-Z]{3}$/),
    },
    page: ({ id, status, userId, paidMonth, currency }, sort, query) => {
      const filter: PaymentFilter = { ids: id, userIds: userId, statuses: status, currency };
      if (paidMonth) {
        filter.paidFrom = `${paidMonth}-01T00:00:00.000Z`;
        filter.paidBefore = nextMonth(paidMonth);
      }
      return paymentIdPage(deps.db, filter, sort, query);
    },
    records: (ids, locale) => paymentRecords(deps.db, ids, locale),
  });
}
