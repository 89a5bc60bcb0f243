import type { Db } from '@autoroute/db';
import type { Logger } from 'pino';
import { type AlertWorker, createAlertWorker } from './instant-alerts.ts';
import { createRunner, type RunnerOptions, type RunResult } from './runner.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import type { JobContext, JobHandler } from './types.ts';
import { createWakeups, type Wakeups } from './wakeups.ts';

export { isValidCron, JOB_HANDLERS, jobHandlerNames, nextRun } from './registry.ts';
export type { JobHandler } from './types.ts';

/** The scheduled jobs of one server process: run one now, and the scheduler the server starts. */
export interface Jobs extends Scheduler {
  /** Who holds a job's lock while this process runs it. */
  readonly runnerId: string;
  /** Runs a datacron now ("run now" in the back office) unless a run of it is under way anywhere. */
  runNow(datacronId: number): Promise<RunResult>;
  /** The instant alerts' worker (docs/decisions/042); start() starts it with the scheduler, tests may start it alone. */
  readonly alerts: AlertWorker;
  /**
   * A listing change that queued a `listing_events` row has committed: wakes this process's worker
   * and, with Redis, every other process's. Call it after the transaction, never inside it.
   */
  listingChanged(): void;
}

export interface JobsOptions {
  database: Db;
  backup: JobContext['backup'];
  log: Logger;
  /** Told of each recorded run (the metrics). */
  onRun?: RunnerOptions['onRun'];
  handlers?: Readonly<Record<string, JobHandler>>;
  /** The mailer and PUBLIC_URL, for the jobs that send mail. */
  mail?: JobContext['mail'];
  /** CALENDAR_ALLOW_PRIVATE, for the calendar imports' job. */
  calendarAllowPrivate?: boolean;
  /** Stripe, for the booking clock's card holds. */
  cards?: JobContext['cards'];
  leaseMs?: number;
  pollMs?: number;
  /** ALERTS_POLL_MS: how often the alert worker looks for work it was not woken for; 0 leaves the work to the per-minute jobs. */
  alertsPollMs?: number;
  /** REDIS_URL: the processes wake each other's alert workers through it. */
  redis?: { url: string; timeoutMs: number; onFailure: (error: Error) => void };
}

/** Built with the app's deps; the scheduler runs only once the server calls start(). */
export function createJobs({
  database,
  backup,
  log,
  onRun,
  handlers,
  leaseMs,
  pollMs,
  mail,
  calendarAllowPrivate,
  cards,
  alertsPollMs,
  redis,
}: JobsOptions): Jobs {
  const context = {
    db: database.db,
    dialect: database.dialect,
    sqlite: database.sqlite,
    backup,
    log,
    mail: mail ?? null,
    calendarAllowPrivate: calendarAllowPrivate ?? false,
    cards: cards ?? null,
  };
  const runner = createRunner({ context, ...(handlers && { handlers }), ...(leaseMs && { leaseMs }), ...(onRun && { onRun }) });
  const scheduler = createScheduler({ db: database.db, runner, log, ...(pollMs && { pollMs }) });
  const alerts = createAlertWorker({ context, holder: runner.id, ...(alertsPollMs !== undefined && { pollMs: alertsPollMs }) });
  // Connected once the worker runs (a server), not for every app a test builds.
  let wakeups: Wakeups | null = null;
  return {
    ...scheduler,
    async start() {
      await scheduler.start();
      alerts.start();
      if (redis && alertsPollMs !== 0 && !wakeups)
        wakeups = createWakeups(redis.url, { timeoutMs: redis.timeoutMs, onWake: alerts.wake, onFailure: redis.onFailure });
    },
    async stop() {
      await Promise.all([scheduler.stop(), alerts.stop(), wakeups?.close()]);
      wakeups = null;
    },
    runnerId: runner.id,
    runNow: (datacronId) => runner.run(datacronId, 'manual'),
    alerts,
    listingChanged() {
      alerts.wake();
      wakeups?.publish();
    },
  };
}
