import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** The advisory lock's key on PostgreSQL: any number, the same in every process. */
const BOOT_LOCK = 1_635_087_474;
/** How long a starting process waits for another one's migrations by default (BOOT_LOCK_WAIT_MS). */
export const BOOT_LOCK_WAIT_MS = 10 * 60_000;
/** Between two tries: the process stays responsive while it waits, and the lock is taken soon after it is free. */
const RETRY_MS = 50;

/** The boot lock was not free within the wait: the message says who may hold it and what to do. */
export class BootLockTimeout extends Error {
  override name = 'BootLockTimeout';
}

const timedOut = (dialect: string, waitMs: number) =>
  new BootLockTimeout(
    `another process held the boot lock for more than ${waitMs / 1000} s (BOOT_LOCK_WAIT_MS): ` +
      (dialect === 'sqlite'
        ? 'a process is migrating or seeding this database, or a write transaction on it never ended. '
        : `a process is migrating or seeding this database, or a session holds the advisory lock ${BOOT_LOCK} (select pid from pg_locks where locktype = 'advisory' and objid = ${BOOT_LOCK}). `) +
      'Wait for it, or end it, then start again.',
  );

/**
 * Runs `work` (migrations, first seeding) while no other process of the same database does, so any
 * number of processes can start at once on an empty database (DESIGN §1). PostgreSQL: a session
 * advisory lock held on one pooled connection while `work` uses the others. SQLite: the database's
 * own write lock, taken by `begin immediate` on the handle; `work`'s transactions become savepoints
 * inside it (connect.ts), and another process's boot waits until it commits. Either way the lock is
 * tried, then tried again after a pause, for `waitMs` at most: a lock never let go (a hung process,
 * a forgotten session) ends the start with BootLockTimeout, never an endless wait.
 */
export async function withBootLock<T>(
  database: Db,
  work: () => Promise<T>,
  { waitMs = BOOT_LOCK_WAIT_MS }: { waitMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + waitMs;
  const pause = () => new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  if (database.sqlite) {
    const handle = database.sqlite;
    const busyTimeout = handle.pragma('busy_timeout', { simple: true });
    handle.pragma('busy_timeout = 0');
    try {
      for (;;) {
        try {
          handle.exec('begin immediate');
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
          if (Date.now() >= deadline) throw timedOut('sqlite', waitMs);
          await pause();
        }
      }
    } finally {
      handle.pragma(`busy_timeout = ${Number(busyTimeout)}`);
    }
    try {
      const result = await work();
      handle.exec('commit');
      return result;
    } catch (error) {
      if (handle.inTransaction) handle.exec('rollback');
      throw error;
    }
  }
  return database.db.connection().execute(async (connection) => {
    // pg_try_advisory_lock, not pg_advisory_lock: a blocked statement could only end by a timeout
    // that would also apply to the statements of `work` on this session.
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${BOOT_LOCK}) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      if (Date.now() >= deadline) throw timedOut('postgres', waitMs);
      await pause();
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${BOOT_LOCK})`.execute(connection);
    }
  });
}
