import { type AuditAction, nowIso } from '@autoroute/db';
import { inTransaction } from '../../core/transaction.ts';
import { type Db, insertAuditRow } from './audit.data.ts';

/*
 * The audit log of the back office (docs/decisions/020-audit-log.md). Every write of the admin API
 * goes through `audited`: the write runs in a transaction with its own before/after snapshot, and
 * the log row is inserted in that transaction. A write that throws (refused, conflicting) rolls back
 * and leaves no row; a row never exists without its write.
 */

/** What the log shows in place of a secret: that there was one, never what it was. */
export const REDACTED = '[redacted]';
/** Keys whose values never reach the log, at any depth of a snapshot. */
const SECRET_KEY = /password|secret|token|hash|api_?key|signature|private_?key/i;

/** A copy of `value` with every secret-named key's value replaced by REDACTED. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, SECRET_KEY.test(key) && v !== null && v !== undefined ? REDACTED : redact(v)]),
    );
  }
  return value;
}

/** What an audited write did: the record it touched, as it was and as it is (null for none). */
export interface AuditedWrite<T> {
  recordId: number | string;
  before: unknown;
  after: unknown;
  /** What the route answers. */
  result: T;
}

/**
 * Runs an admin write in a transaction and logs it there: who (`actor`), when, what (`resource`,
 * `action`), the record and its snapshots, secrets redacted. Data functions the write calls take
 * `tx` and join the transaction (core/transaction.ts).
 */
export function audited<T>(
  db: Db,
  actor: { userId: number },
  entry: { resource: string; action: AuditAction },
  write: (tx: Db) => Promise<AuditedWrite<T>>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const done = await write(tx);
    const snapshot = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(redact(value)));
    await insertAuditRow(tx, {
      userId: actor.userId,
      at: nowIso(),
      action: entry.action,
      resource: entry.resource,
      recordId: String(done.recordId),
      before: snapshot(done.before),
      after: snapshot(done.after),
    });
    return done.result;
  });
}
