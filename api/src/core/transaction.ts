import type { Kysely } from 'kysely';

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one: a data function that
 * writes several rows stays whole on its own, and joins the admin API's audited write (the write and
 * its audit row commit together, docs/decisions/020-audit-log.md). Kysely refuses nested transactions.
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (tx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
