import type { Db } from '@autoroute/db';
import type { Logger } from 'pino';
import { createRunner, type RunnerOptions, type RunResult } from './runner.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import type { JobContext, JobHandler } from './types.ts';

export { isValidCron, JOB_HANDLERS, jobHandlerNames, nextRun } from './registry.ts';
export type { RunResult } from './runner.ts';
export type { RunRow } from './runs.data.ts';
export { type JobContext, type JobHandler, JobSkipped } from './types.ts';

/** The scheduled jobs of one server process: run one now, and the scheduler the server starts. */
export interface Jobs extends Scheduler {
  /** Who holds a job's lock while this process runs it. */
  readonly runnerId: string;
  /** Runs a datacron now ("run now" in the back office) unless a run of it is under way anywhere. */
  runNow(datacronId: number): Promise<RunResult>;
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
  leaseMs?: number;
  pollMs?: number;
}

/** Built with the app's deps; the scheduler runs only once the server calls start(). */
export function createJobs({ database, backup, log, onRun, handlers, leaseMs, pollMs, mail }: JobsOptions): Jobs {
  const context = { db: database.db, dialect: database.dialect, sqlite: database.sqlite, backup, log, mail: mail ?? null };
  const runner = createRunner({ context, ...(handlers && { handlers }), ...(leaseMs && { leaseMs }), ...(onRun && { onRun }) });
  const scheduler = createScheduler({ db: database.db, runner, log, ...(pollMs && { pollMs }) });
  return {
    ...scheduler,
    runnerId: runner.id,
    runNow: (datacronId) => runner.run(datacronId, 'manual'),
  };
}
