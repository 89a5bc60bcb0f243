import { Cron } from 'croner';
import { z } from 'zod';

/*
 * Cron expressions as the scheduler reads them, for the server (api/src/jobs) and the back office's
 * datacron form alike: one reading, so the form refuses exactly what the scheduler would.
 */

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

/** The next `count` times an expression fires after `from` (the instants the scheduler will use), or null when it is not valid. */
export function nextRuns(expression: string, count: number, from: Date = new Date()): Date[] | null {
  try {
    const cron = new Cron(expression.trim(), { ...CRON_OPTIONS, paused: true });
    const runs = cron.nextRuns(count, from);
    cron.stop();
    return runs;
  } catch {
    return null;
  }
}

/**
 * What is wrong with a datacron's `cron`, the same for the API and the form: `invalid` when it is not
 * a cron expression, `neverRuns` when it is one no date matches (`0 0 31 2 *`); null when it will fire.
 */
export function cronProblem(expression: unknown): 'invalid' | 'neverRuns' | null {
  if (typeof expression !== 'string' || !expression.trim() || expression.length > 100) return 'invalid';
  try {
    const cron = new Cron(expression.trim(), { ...CRON_OPTIONS, paused: true });
    const next = cron.nextRun();
    cron.stop();
    return next ? null : 'neverRuns';
  } catch {
    return 'invalid';
  }
}

/** The message key (namespace api) of a cron problem. */
export const CRON_MESSAGES = { invalid: 'validation.invalidCron', neverRuns: 'validation.cronNeverRuns' } as const;

/** Whether a datacron's `cron` is a cron expression that will fire (`0 4 * * *`; not `0 0 30 2 *`). */
export function isValidCron(expression: unknown): boolean {
  return cronProblem(expression) === null;
}

export const RUN_OUTCOMES = ['running', 'success', 'error', 'skipped'] as const;
export const RUN_TRIGGERS = ['schedule', 'manual'] as const;

/** One run of a scheduled job (table datacron_runs), as the API answers it and the back office shows it. */
export const DatacronRun = z.object({
  id: z.number(),
  datacronId: z.number(),
  datacronName: z.string(),
  handler: z.string(),
  trigger: z.enum(RUN_TRIGGERS),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(RUN_OUTCOMES).meta({ description: '`skipped`: nothing to do on this database (a SQLite backup on PostgreSQL)' }),
  error: z.string().nullable(),
  summary: z.string().nullable().meta({ description: 'What the run did, in a line' }),
  runs: z.number().optional().meta({
    description:
      'A folded list only (`filter={"folded":true}`): how many consecutive successful runs this row stands for, this one the latest',
  }),
  firstStartedAt: z.string().optional().meta({ description: 'A folded list only: when the first of those runs started' }),
});
export type DatacronRun = z.infer<typeof DatacronRun>;
