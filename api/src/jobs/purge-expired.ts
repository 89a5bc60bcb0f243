import { nowIso } from '@autoroute/db';
import { deleteSpentCodes, deleteSpentProcesses } from '../domain/auth/codes.data.ts';
import { deleteEndedSessions } from '../domain/auth/sessions.data.ts';
import { deleteSearchChangesBefore } from '../domain/vehicles/postings.data.ts';
import { deleteRunsFinishedBefore } from './runs.data.ts';
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
  const codes = await deleteSpentCodes(db, now);
  const processes = await deleteSpentProcesses(db, now);
  const sessions = await deleteEndedSessions(db, now, revokedBefore);
  const runs = await deleteRunsFinishedBefore(db, runsBefore);
  const changesBefore = new Date(Date.now() - SEARCH_CHANGES_KEPT_MS).toISOString();
  const changes = await deleteSearchChangesBefore(db, changesBefore);
  return `Deleted ${plural(codes, 'one-time code')}, ${plural(processes, 'process id')}, ${plural(sessions, 'session')}, ${plural(runs, 'job run')} older than 90 days and ${plural(changes, 'search change')} older than an hour.`;
};
