import type { Database, RunOutcome, RunTrigger } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

const RUN_COLUMNS = ['id', 'datacron_id', 'trigger', 'started_at', 'finished_at', 'outcome', 'error', 'summary'] as const;

export function findDatacron(db: Db, id: number) {
  return db.selectFrom('datacrons').select(['id', 'name', 'handler', 'cron', 'active']).where('id', '=', id).executeTakeFirst();
}

export function listActiveDatacrons(db: Db) {
  return db.selectFrom('datacrons').select(['id', 'cron']).where('active', '=', 1).orderBy('id').execute();
}

/**
 * Takes a job's lock for `leaseMs` in one conditional update: it succeeds only when nobody holds
 * it or the holder's lease ran out (a crashed run). One statement, checked by its row count, is
 * atomic on SQLite (one writer) and on PostgreSQL (the second update waits, then sees the lock).
 */
export async function claimDatacron(db: Db, id: number, holder: string, leaseMs: number, tick: string | null): Promise<boolean> {
  const now = new Date();
  let query = db
    .updateTable('datacrons')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), locked_by: holder })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]));
  // A scheduled run also claims its tick: of the processes that fire for one instant, one runs it.
  if (tick)
    query = query
      .set({ last_tick: tick })
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('last_tick', 'is', null), eb('last_tick', '<', tick)]));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the lease of a running job; false when the lock is no longer this holder's. */
export async function renewDatacron(db: Db, id: number, holder: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('datacrons')
    .set({ locked_until: new Date(Date.now() + leaseMs).toISOString() })
    .where('id', '=', id)
    .where('locked_by', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseDatacron(db: Db, id: number, holder: string): Promise<void> {
  await db
    .updateTable('datacrons')
    .set({ locked_until: null, locked_by: null })
    .where('id', '=', id)
    .where('locked_by', '=', holder)
    .execute();
}

/** Runs still marked running when the lock is free again were cut short (the process died). */
export async function closeInterruptedRuns(db: Db, datacronId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('datacron_runs')
    .set({ outcome: 'error', finished_at: at, error: 'Interrupted: the server stopped before the run finished.' })
    .where('datacron_id', '=', datacronId)
    .where('outcome', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function insertRun(db: Db, datacronId: number, trigger: RunTrigger, startedAt: string) {
  return db
    .insertInto('datacron_runs')
    .values({ datacron_id: datacronId, trigger, started_at: startedAt, outcome: 'running' })
    .returning(RUN_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function finishRun(
  db: Db,
  id: number,
  end: { finished_at: string; outcome: Exclude<RunOutcome, 'running'>; error: string | null; summary: string | null },
): Promise<void> {
  await db.updateTable('datacron_runs').set(end).where('id', '=', id).execute();
}

export type RunRow = Awaited<ReturnType<typeof insertRun>>;

/** Deletes the job runs that finished before `before`; answers how many. */
export async function deleteRunsFinishedBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('datacron_runs').where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
