import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { AUDIT_ACTIONS, AUDIT_SORTS, type AuditFilter, auditRecords, listAudit } from './audit.data.ts';
import { contentRange, filterValue, parseListQuery } from './list-query.ts';
import { guarded, ListParams } from './resources.routes.ts';

const Snapshot = z.record(z.string(), z.unknown()).nullable();

const AuditEntry = z
  .object({
    id: z.number(),
    userId: z.number().openapi({ description: 'The administrator who made the change' }),
    username: z.string().nullable().openapi({ description: 'Their username; null once their account is deleted' }),
    at: z.string(),
    action: z.enum(AUDIT_ACTIONS as [string, ...string[]]),
    resource: z.string().openapi({ description: 'The admin API resource: colors, users, roles, settings …' }),
    recordId: z.string(),
    before: Snapshot.openapi({ description: 'The record before the change (null for a create or a run); secrets redacted' }),
    after: Snapshot.openapi({ description: 'The record after it (null for a delete); secrets redacted' }),
  })
  .openapi('AdminAuditEntry');

const tags = ['Admin: audit log'];
/** A resource name as the admin API spells them. */
const RESOURCE_NAME = /^[a-z][a-z-]{0,39}$/;

/** The audit log (docs/decisions/020-audit-log.md): read only; the writes write it. */
export function adminAuditRoutes(deps: Deps) {
  const { db } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'The log of console writes (admin.audit.index): filter id, userId, user, resource, action, recordId, since, until',
        description:
          '`user` searches the username and email; `since` (inclusive) and `until` (exclusive) are instants; `resource` and `action` take one value or a list.',
        middleware: requirePermission('admin.audit.index'),
        request: { query: ListParams },
        responses: {
          200: {
            description: 'One page, newest first by default, the total in Content-Range',
            headers: z.object({ 'Content-Range': z.string().openapi({ example: 'audit 0-24/120' }) }),
            ...jsonContent(z.array(AuditEntry)),
          },
          ...guarded,
          422: failure('Bad query'),
        },
      }),
      async (c) => {
        const t = c.get('t');
        const query = parseListQuery(c.req.valid('query'), {
          sortable: Object.keys(AUDIT_SORTS),
          filters: {
            id: filterValue.ids,
            userId: filterValue.ids,
            user: z
              .string()
              .max(100)
              .transform((text) => text.trim() || undefined),
            resource: z.union([z.string().regex(RESOURCE_NAME), z.array(z.string().regex(RESOURCE_NAME))]).transform((r) => [r].flat()),
            action: filterValue.words(AUDIT_ACTIONS),
            recordId: z.union([z.string().trim().min(1).max(40), z.number().int()]).transform(String),
            since: filterValue.instant,
            until: filterValue.instant,
          },
          defaultSort: { field: 'at', order: 'DESC' },
          t,
        });
        const { id, userId, user, resource, action, recordId, since, until } = query.filter;
        const filter: AuditFilter = { ids: id, userIds: userId, user, resources: resource, actions: action, recordId, since, until };
        const { records, total } = await listAudit(db, deps.dialect, filter, query);
        c.header('Content-Range', contentRange('audit', query.range, records.length, total));
        return c.json(records, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: 'One entry of the log (admin.audit.index)',
        middleware: requirePermission('admin.audit.index'),
        request: { params: IdParam },
        responses: { 200: { description: 'The entry', ...jsonContent(AuditEntry) }, ...guarded, 404: failure('NOT_FOUND: no such entry') },
      }),
      async (c) => {
        const [found] = await auditRecords(db, [c.req.valid('param').id]);
        if (!found) throw notFound();
        return c.json(found, 200);
      },
    );
}
