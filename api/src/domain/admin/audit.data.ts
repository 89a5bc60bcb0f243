import { type AuditAction, type Database, type DialectName, parseJson } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { inIdOrder } from '../../core/in-order.ts';
import { containsAny, idPage, type ListQuery, type SortColumns } from './list-page.data.ts';

export type Db = Kysely<Database>;

export const AUDIT_ACTIONS: readonly AuditAction[] = ['create', 'update', 'delete', 'run'];

/** The list's sorts and their columns (ties by id). */
export const AUDIT_SORTS = { id: 'a.id', at: 'a.at', resource: 'a.resource', action: 'a.action', userId: 'a.user_id' } as const;

export interface AuditFilter {
  ids?: number[];
  userIds?: number[];
  /** Text in the administrator's username or email. */
  user?: string;
  resources?: string[];
  actions?: AuditAction[];
  recordId?: string;
  /** Instants: from `since` (inclusive) to `until` (exclusive). */
  since?: string;
  until?: string;
}

function filtered(db: Db, dialect: DialectName, filter: AuditFilter) {
  let base = db.selectFrom('audit_log as a');
  if (filter.ids) base = base.where('a.id', 'in', filter.ids);
  if (filter.userIds) base = base.where('a.user_id', 'in', filter.userIds);
  if (filter.resources) base = base.where('a.resource', 'in', filter.resources);
  if (filter.actions) base = base.where('a.action', 'in', filter.actions);
  if (filter.recordId !== undefined) base = base.where('a.record_id', '=', filter.recordId);
  if (filter.since) base = base.where('a.at', '>=', filter.since);
  if (filter.until) base = base.where('a.at', '<', filter.until);
  const text = filter.user;
  if (text) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('users as u')
          .select('u.id')
          .whereRef('u.id', '=', 'a.user_id')
          .where((inner) => containsAny(inner, ['u.username', 'u.email'], text, dialect)),
      ),
    );
  }
  return base;
}

/** Log rows by id, in the order of `ids`, with the administrator's username while their account exists. */
export async function auditRecords(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.username', 'a.at', 'a.action', 'a.resource', 'a.record_id', 'a.before', 'a.after'])
    .where('a.id', 'in', ids)
    .execute();
  return inIdOrder(ids, rows, (r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    username: r.username ?? null,
    at: r.at,
    action: r.action,
    resource: r.resource,
    recordId: r.record_id,
    before: parseJson<Record<string, unknown> | null>(r.before, null),
    after: parseJson<Record<string, unknown> | null>(r.after, null),
  }));
}

/** One page of ids of the log, in the sort's order (ties by id), and how many rows match. */
export function auditIdPage(db: Db, dialect: DialectName, filter: AuditFilter, sort: SortColumns, query: ListQuery) {
  return idPage(filtered(db, dialect, filter), { id: 'a.id', sort }, query);
}

/** Adds one row to the log (in the caller's transaction, beside the write it records). */
export async function insertAuditRow(
  db: Db,
  row: { userId: number; at: string; action: AuditAction; resource: string; recordId: string; before: string | null; after: string | null },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: row.userId,
      at: row.at,
      action: row.action,
      resource: row.resource,
      record_id: row.recordId,
      before: row.before,
      after: row.after,
    })
    .execute();
}
