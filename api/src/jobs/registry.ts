import { JOB_HANDLERS as JOB_NAMES } from '@autoroute/db/resources';
import { Cron } from 'croner';
import { backupDatabase } from './backup-database.ts';
import { expireSubscriptions } from './expire-subscriptions.ts';
import { purgeExpired } from './purge-expired.ts';
import { recomputeStats } from './recompute-stats.ts';
import type { JobHandler } from './types.ts';

/**
 * The jobs are code: each datacron row names one of these handlers and says when it runs. A row
 * naming no handler here records an error when it runs.
 */
// The names are declared with the datacron resource (the admin form offers them): one handler each.
export const JOB_HANDLERS: Readonly<Record<(typeof JOB_NAMES)[number], JobHandler>> = {
  'purge-expired': purgeExpired,
  'expire-subscriptions': expireSubscriptions,
  'recompute-stats': recomputeStats,
  'backup-database': backupDatabase,
};

/** The handler names a datacron may use (for validating the admin form). */
export const jobHandlerNames = (): string[] => [...JOB_NAMES];

/**
 * Schedules are read in UTC, like every time the API shows, so that server processes in different
 * time zones agree on when a job runs. Five fields (minute precision) or six (with seconds).
 */
export const CRON_OPTIONS = { timezone: 'UTC', mode: '5-or-6-parts' } as const;

/** The next time a cron expression fires after `from`, or null when it never does (or is not valid). */
export function nextRun(expression: string, from: Date = new Date()): Date | null {
  try {
    const cron = new Cron(expression, { ...CRON_OPTIONS, paused: true });
    const next = cron.nextRun(from);
    cron.stop();
    return next ?? null;
  } catch {
    return null;
  }
}

/** Whether a datacron's `cron` is a cron expression that will fire (`0 4 * * *`; not `0 0 30 2 *`). */
export function isValidCron(expression: unknown): boolean {
  return typeof expression === 'string' && expression.trim().length > 0 && expression.length <= 100 && nextRun(expression) !== null;
}
