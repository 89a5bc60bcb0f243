import { nowIso } from '@autoroute/db';
import type { JobHandler } from './types.ts';

const DAY_MS = 86_400_000;
/** Revoked sessions are kept a month, so "where was I signed in" questions can still be answered. */
const REVOKED_SESSIONS_KEPT_MS = 30 * DAY_MS;
/** The run history of every job is kept three months. */
const JOB_RUNS_KEPT_MS = 90 * DAY_MS;
/** The search changes are kept an hour: a process that has not read them for half an hour builds its postings again (decision 044). */
const SEARCH_CHANGES_KEPT_MS = 3_600_000;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes what can never be used again: one-time codes and process ids that expired or were used,
 * sessions that expired or were revoked long ago (their refresh tokens go with them, by cascade),
 * and job runs older than three months.
 */
export const purgeExpired: JobHandler = async ({ db }) => {
  const now = nowIso();
  const revokedBefore = new Date(Date.now() - REVOKED_SESSIONS_KEPT_MS).toISOString();
  const runsBefore = new Date(Date.now() - JOB_RUNS_KEPT_MS).toISOString();
  const deleted = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const codes = await db
    .deleteFrom('one_time_codes')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('consumed_at', 'is not', null)]))
    .executeTakeFirst();
  const processes = await db
    .deleteFrom('process_ids')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('consumed_at', 'is not', null)]))
    .executeTakeFirst();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', revokedBefore)]))
    .executeTakeFirst();
  const runs = await db.deleteFrom('datacron_runs').where('finished_at', '<', runsBefore).executeTakeFirst();
  const changesBefore = new Date(Date.now() - SEARCH_CHANGES_KEPT_MS).toISOString();
  const changes = await db.deleteFrom('search_changes').where('created_at', '<', changesBefore).executeTakeFirst();
  return `Deleted ${plural(deleted(codes), 'one-time code')}, ${plural(deleted(processes), 'process id')}, ${plural(deleted(sessions), 'session')}, ${plural(deleted(runs), 'job run')} older than 90 days and ${plural(deleted(changes), 'search change')} older than an hour.`;
};
