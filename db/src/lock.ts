import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** The advisory lock's key on PostgreSQL: any number, the same in every process. */
const BOOT_LOCK = 1_635_087_474;
const WAIT_AT_MOST_MS = 10 * 60_000;

/**
 * Runs `work` (migrations, first seeding) while no other process of the same database does, so any
 * number of processes can start at once on an empty database (DESIGN §1). PostgreSQL: a session
 * advisory lock held on one pooled connection while `work` uses the others. SQLite: the database's
 * own write lock, taken by `begin immediate` on the handle; `work`'s transactions become savepoints
 * inside it (connect.ts), and another process's boot waits until it commits.
 */
export async function withBootLock<T>(database: Db, work: () => Promise<T>): Promise<T> {
  if (database.sqlite) {
    const handle = database.sqlite;
    const deadline = Date.now() + WAIT_AT_MOST_MS;
    const busyTimeout = handle.pragma('busy_timeout', { simple: true });
    // Tried without waiting, then again after a pause: the process stays responsive while it waits.
    handle.pragma('busy_timeout = 0');
    try {
      for (;;) {
        try {
          handle.exec('begin immediate');
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
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
    await sql`select pg_advisory_lock(${BOOT_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${BOOT_LOCK})`.execute(connection);
    }
  });
}
