import { z } from '@hono/zod-openapi';
import { notFound } from '../../../core/errors.ts';
import { audited } from '../../../domain/admin/audit.service.ts';
import { supportIdPage } from '../../../domain/admin/console.data.ts';
import type { SortColumns } from '../../../domain/admin/list-page.data.ts';
import { deleteSupportRequest, setSupportStatus, supportRecords } from '../../../domain/support/support.data.ts';
import type { Deps } from '../../context.ts';
import { named } from '../../openapi.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

const STATUSES = ['open', 'closed'] as const;

export const AdminSupportRequest = named(
  z.object({
    id: z.number(),
    userId: z.number().nullable().openapi({ description: 'The member who wrote; null for a guest or once the account is deleted' }),
    username: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    priority: z.boolean(),
    status: z.enum(STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    closedAt: z.string().nullable(),
  }),
  'AdminSupportRequest',
);

/** Only the status changes: what a requester wrote stays as they wrote it. */
const StatusChange = named(z.object({ status: z.enum(STATUSES) }), 'AdminSupportRequestStatus');

/** `triage` is the work queue's order: open first ('open' sorts after 'closed'), priority first, oldest first. */
const SORTS: Record<string, SortColumns> = {
  triage: [
    ['s.status', 'desc'],
    ['s.priority', 'desc'],
    ['s.created_at', 'asc'],
  ],
  id: 's.id',
  subject: 's.subject',
  status: 's.status',
  priority: 's.priority',
  createdAt: 's.created_at',
  closedAt: 's.closed_at',
};

const tags = ['Admin: support requests'];

/** The support team's queue (docs/decisions/013-support-requests.md): read, close or reopen, delete. */
export function adminSupportRoutes(deps: Deps) {
  const { db } = deps;
  return crudRouter({
    resource: 'support-requests',
    permission: 'admin.support.index',
    tags,
    record: AdminSupportRequest,
    summary: {
      list: 'Every support request (admin.support.index): filter q, status, priority, id; sort triage by default',
      one: 'One support request (admin.support.index)',
    },
    describe: { one: 'The request', missing: 'SUPPORT_REQUEST_NOT_FOUND', deleted: 'The deleted request' },
    notFoundCode: 'SUPPORT_REQUEST_NOT_FOUND',
    sorts: SORTS,
    defaultSort: { field: 'triage', order: 'ASC' },
    filters: { q: filterValue.text, status: filterValue.words(STATUSES), priority: filterValue.flag, id: filterValue.ids },
    page: ({ q, status, priority, id }, sort, query) =>
      supportIdPage(db, deps.dialect, { ids: id, statuses: status, priority, q }, sort, query),
    records: (ids) => supportRecords(db, ids),
    update: {
      permission: 'admin.support.update',
      summary: 'Close (resolved) or reopen a request (admin.support.update); other fields are ignored',
      body: StatusChange,
      invalid: 'Invalid status',
      write: (id, { status }, c) =>
        audited(db, c.get('principal')!, { resource: 'support-requests', action: 'update' }, async (tx) => {
          const [before] = await supportRecords(tx, [id]);
          if (!before || !(await setSupportStatus(tx, id, status))) throw notFound('SUPPORT_REQUEST_NOT_FOUND');
          const after = (await supportRecords(tx, [id]))[0]!;
          return { recordId: id, before, after, result: after };
        }),
    },
    remove: {
      permission: 'admin.support.delete',
      summary: 'Delete a request (admin.support.delete)',
      write: async (found, c) => {
        await audited(db, c.get('principal')!, { resource: 'support-requests', action: 'delete' }, async (tx) => {
          await deleteSupportRequest(tx, found.id);
          return { recordId: found.id, before: found, after: null, result: undefined };
        });
      },
    },
  });
}
