import { AdminTrader as AdminTraderSchema, TRADER_STATUSES } from '@autoroute/contract/sellers';
import type { SortColumns } from '../../../domain/admin/list-page.data.ts';
import { traderIdPage } from '../../../domain/sellers/traders.data.ts';
import { TraderDecision as DomainTraderDecision } from '../../../domain/sellers/traders.inputs.ts';
import { adminTraderRecords, decideOnTrader } from '../../../domain/sellers/traders.service.ts';
import type { Deps } from '../../context.ts';
import { named } from '../../openapi.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

const AdminTrader = named(AdminTraderSchema, 'AdminTrader');
const TraderDecision = named(DomainTraderDecision, 'AdminTraderDecision');

/** `queue`: the oldest submitted first (filter `status: pending` for those waiting). */
const SORTS: Record<string, SortColumns> = {
  queue: [['t.submitted_at', 'asc']],
  id: 't.user_id',
  status: 't.status',
  submittedAt: 't.submitted_at',
  decidedAt: 't.decided_at',
};

/**
 * Traders' identities for an administrator to check (DSA art. 30-31, decision 054): the list (read
 * under admin.user.index), and the decision, verify or refuse with a reason (admin.user.update),
 * in the audit log as `traders`.
 */
export function adminTradersRoutes(deps: Deps) {
  const { db } = deps;
  return crudRouter({
    resource: 'traders',
    permission: 'admin.user.index',
    tags: ['Admin: traders'],
    record: AdminTrader,
    summary: {
      list: 'Professional sellers’ trader details (admin.user.index): filter status (pending to check); the oldest submitted first',
      one: 'One trader’s details (admin.user.index)',
    },
    describe: { one: 'The trader’s details and their check', missing: 'TRADER_NOT_FOUND' },
    notFoundCode: 'TRADER_NOT_FOUND',
    sorts: SORTS,
    defaultSort: { field: 'queue', order: 'ASC' },
    filters: { status: filterValue.words(TRADER_STATUSES), id: filterValue.ids },
    page: ({ status, id }, sort, query) => traderIdPage(db, { statuses: status, ids: id }, sort, query),
    records: (ids) => adminTraderRecords(db, ids),
    update: {
      permission: 'admin.user.update',
      summary: 'Verify a trader’s details, or refuse them with a reason told to the seller (admin.user.update)',
      body: TraderDecision,
      invalid: 'VALIDATION_FAILED: no decision, or a refusal without a reason',
      write: (id, body, c) => decideOnTrader(db, c.get('principal')!, id, body),
    },
  });
}
