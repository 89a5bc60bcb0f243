import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { deleteSupportRequest, setSupportStatus, supportRecords } from '../support/support.data.ts';
import { audited } from './audit.service.ts';
import { type SupportFilter, supportIdPage } from './console.data.ts';
import { contentRange, filterValue, parseListQuery, type SortColumns } from './list-query.ts';
import { guarded, ListParams } from './resources.routes.ts';

const STATUSES = ['open', 'closed'] as const;

const AdminSupportRequest = z
  .object({
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
  })
  .openapi('AdminSupportRequest');

/** Only the status changes: what a requester wrote stays as they wrote it. */
const StatusChange = z.object({ status: z.enum(STATUSES) }).openapi('AdminSupportRequestStatus');

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
const unknown = failure('SUPPORT_REQUEST_NOT_FOUND');

/** The support team's queue (docs/decisions/013-support-requests.md): read, close or reopen, delete. */
export function adminSupportRoutes(deps: Deps) {
  const { db } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Every support request (admin.support.index): filter q, status, priority, id; sort triage by default',
        middleware: requirePermission('admin.support.index'),
        request: { query: ListParams },
        responses: {
          200: { description: 'One page', ...jsonContent(z.array(AdminSupportRequest)) },
          ...guarded,
          422: failure('Bad query'),
        },
      }),
      async (c) => {
        const t = c.get('t');
        const query = parseListQuery(c.req.valid('query'), {
          sortable: Object.keys(SORTS),
          filters: { q: filterValue.text, status: filterValue.words(STATUSES), priority: filterValue.flag, id: filterValue.ids },
          defaultSort: { field: 'triage', order: 'ASC' },
          t,
        });
        const { q, status, priority, id } = query.filter;
        const filter: SupportFilter = { ids: id, statuses: status, priority, q };
        const page = await supportIdPage(db, deps.dialect, filter, SORTS[query.sort.field]!, query);
        const list = await supportRecords(db, page.ids);
        c.header('Content-Range', contentRange('support-requests', query.range, list.length, page.total));
        return c.json(list, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: 'One support request (admin.support.index)',
        middleware: requirePermission('admin.support.index'),
        request: { params: IdParam },
        responses: { 200: { description: 'The request', ...jsonContent(AdminSupportRequest) }, ...guarded, 404: unknown },
      }),
      async (c) => {
        const [found] = await supportRecords(db, [c.req.valid('param').id]);
        if (!found) throw notFound('SUPPORT_REQUEST_NOT_FOUND');
        return c.json(found, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}',
        tags,
        summary: 'Close (resolved) or reopen a request (admin.support.update); other fields are ignored',
        middleware: requirePermission('admin.support.update'),
        request: { params: IdParam, ...jsonBody(StatusChange) },
        responses: {
          200: { description: 'Updated', ...jsonContent(AdminSupportRequest) },
          ...guarded,
          404: unknown,
          422: failure('Invalid status'),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { status } = c.req.valid('json');
        const request = await audited(db, c.get('principal')!, { resource: 'support-requests', action: 'update' }, async (tx) => {
          const [before] = await supportRecords(tx, [id]);
          if (!before || !(await setSupportStatus(tx, id, status))) throw notFound('SUPPORT_REQUEST_NOT_FOUND');
          const after = (await supportRecords(tx, [id]))[0]!;
          return { recordId: id, before, after, result: after };
        });
        return c.json(request, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: 'Delete a request (admin.support.delete)',
        middleware: requirePermission('admin.support.delete'),
        request: { params: IdParam },
        responses: { 200: { description: 'The deleted request', ...jsonContent(AdminSupportRequest) }, ...guarded, 404: unknown },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const [found] = await supportRecords(db, [id]);
        if (!found) throw notFound('SUPPORT_REQUEST_NOT_FOUND');
        await audited(db, c.get('principal')!, { resource: 'support-requests', action: 'delete' }, async (tx) => {
          await deleteSupportRequest(tx, id);
          return { recordId: id, before: found, after: null, result: undefined };
        });
        return c.json(found, 200);
      },
    );
}
