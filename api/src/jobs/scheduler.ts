import type { Database } from '@autoroute/db';
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CRON_OPTIONS } from './registry.ts';
import type { Runner } from './runner.ts';
import { listActiveDatacrons } from './runs.data.ts';

/** Another process's changes to the datacron rows are picked up within this. */
const POLL_MS = 60_000;

export interface SchedulerOptions {
  db: Kysely<Database>;
  runner: Runner;
  log: Logger;
  pollMs?: number;
}

export interface Scheduler {
  /** Schedules every active datacron and keeps following the table. */
  start(): Promise<void>;
  /** Reads the datacron rows again now (after the admin changed one); nothing before start(). */
  reload(): Promise<void>;
  /** Stops scheduling and waits for the runs under way in this process. */
  stop(): Promise<void>;
  /** The ids of the jobs scheduled now, for tests and the log. */
  scheduled(): number[];
}

/**
 * Runs the active datacrons on their cron expressions (croner). Every process may run one: a job's
 * lock lets exactly one of them run each tick, the others find it taken and let it be.
 */
export function createScheduler({ db, runner, log, pollMs = POLL_MS }: SchedulerOptions): Scheduler {
  const jobs = new Map<number, { cron: string; timer: Cron }>();
  let started = false;
  let poll: NodeJS.Timeout | null = null;
  let syncing: Promise<void> = Promise.resolve();

  // The instant this firing was scheduled for (the timer itself may be late): the same in every process.
  const tick = (id: number) => (timer: Cron) =>
    runner.run(id, 'schedule', timer.previousRuns(1, new Date(Date.now() + 1))[0]).then(
      (result) => {
        if (result.status !== 'finished') log.debug({ datacronId: id, status: result.status }, 'scheduled run not started');
      },
      (err) => log.error({ err, datacronId: id }, 'scheduled run failed to record'),
    );

  async function sync(): Promise<void> {
    const rows = await listActiveDatacrons(db);
    if (!started) return;
    const wanted = new Map(rows.map((r) => [r.id, r.cron]));
    for (const [id, job] of jobs) {
      if (wanted.get(id) !== job.cron) {
        job.timer.stop();
        jobs.delete(id);
      }
    }
    for (const [id, cron] of wanted) {
      if (jobs.has(id)) continue;
      try {
        // protect: a tick while this process still runs the job is skipped without asking the database.
        const timer = new Cron(cron, { ...CRON_OPTIONS, protect: true, unref: true }, tick(id));
        jobs.set(id, { cron, timer });
      } catch (err) {
        log.warn({ err, datacronId: id, cron }, 'datacron not scheduled: its cron expression is not valid');
      }
    }
  }

  function reload(): Promise<void> {
    syncing = syncing.then(sync).catch((err) => log.error({ err }, 'could not read the datacrons'));
    return syncing;
  }

  return {
    async start() {
      if (started) return;
      started = true;
      await reload();
      poll = setInterval(() => void reload(), pollMs);
      poll.unref();
      log.info({ jobs: jobs.size }, 'scheduler started');
    },
    reload: () => (started ? reload() : Promise.resolve()),
    async stop() {
      started = false;
      if (poll) clearInterval(poll);
      poll = null;
      await syncing;
      for (const job of jobs.values()) job.timer.stop();
      jobs.clear();
      await runner.drain();
    },
    scheduled: () => [...jobs.keys()],
  };
}
