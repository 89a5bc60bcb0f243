import { z } from '@hono/zod-openapi';
import { AUDIT_ACTIONS, AUDIT_SORTS, type AuditFilter, auditIdPage, auditRecords } from '../../../domain/admin/audit.data.ts';
import type { Deps } from '../../context.ts';
import { named } from '../../openapi.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

const Snapshot = z.record(z.string(), z.unknown()).nullable();

export const AuditEntry = named(
  z.object({
    id: z.number(),
    userId: z.number().openapi({ description: 'The administrator who made the change' }),
    username: z.string().nullable().openapi({ description: 'Their username; null once their account is deleted' }),
    at: z.string(),
    action: z.enum(AUDIT_ACTIONS as [string, ...string[]]),
    resource: z.string().openapi({ description: 'The admin API resource: colors, users, roles, settings …' }),
    recordId: z.string(),
    before: Snapshot.openapi({ description: 'The record before the change (null for a create or a run); secrets redacted' }),
    after: Snapshot.openapi({ description: 'The record after it (null for a delete); secrets redacted' }),
  }),
  'AdminAuditEntry',
);

/** A resource name as the admin API spells them. */
const RESOURCE_NAME = /^[a-z][a-z-]{0,39}$/;

/** The audit log (docs/decisions/020-audit-log.md): read only; the writes write it. */
export function adminAuditRoutes(deps: Deps) {
  const { db } = deps;
  return crudRouter({
    resource: 'audit',
    permission: 'admin.audit.index',
    tags: ['Admin: audit log'],
    record: AuditEntry,
    summary: {
      list: 'The log of console writes (admin.audit.index): filter id, userId, user, resource, action, recordId, since, until',
      one: 'One entry of the log (admin.audit.index)',
    },
    describe: {
      one: 'The entry',
      missing: 'no such entry',
      page: 'One page, newest first by default, the total in Content-Range',
      invalidQuery: 'Bad query',
      list: '`user` searches the username and email; `since` (inclusive) and `until` (exclusive) are instants; `resource` and `action` take one value or a list.',
    },
    sorts: AUDIT_SORTS,
    defaultSort: { field: 'at', order: 'DESC' },
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
    page: ({ id, userId, user, resource, action, recordId, since, until }, sort, query) => {
      const filter: AuditFilter = { ids: id, userIds: userId, user, resources: resource, actions: action, recordId, since, until };
      return auditIdPage(db, deps.dialect, filter, sort, query);
    },
    records: (ids) => auditRecords(db, ids),
  });
}
