import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { nowIso, type RunOutcome, type RunTrigger } from '@autoroute/db';
import { JOB_HANDLERS } from './registry.ts';
import {
  claimDatacron,
  closeInterruptedRuns,
  findDatacron,
  finishRun,
  insertRun,
  type RunRow,
  releaseDatacron,
  renewDatacron,
} from './runs.data.ts';
import { type JobContext, type JobHandler, JobSkipped } from './types.ts';

/** A running job holds its lock this long and renews it every third of it: a crashed run frees it within two minutes. */
const LEASE_MS = 120_000;
const MAX_ERROR_LENGTH = 2000;

export type RunResult =
  | { status: 'finished'; run: RunRow }
  /** Another run of this job holds its lock, or another process ran this scheduled instant. */
  | { status: 'busy' }
  | { status: 'not-found' }
  /** A scheduled run of a job switched off since it was scheduled. */
  | { status: 'inactive' };

export interface RunnerOptions {
  context: JobContext;
  /** The registry (tests add handlers of their own). */
  handlers?: Readonly<Record<string, JobHandler>>;
  leaseMs?: number;
  /** Told of each run once it is recorded: the job's name, its outcome and how long it took. */
  onRun?: (job: string, outcome: Exclude<RunOutcome, 'running'>, seconds: number) => void;
}

export interface Runner {
  /** Who this runner is in `datacrons.locked_by`: host, process id and a random part. */
  readonly id: string;
  /**
   * Runs a job now unless a run of it is under way anywhere; records the run. A scheduled run names
   * the instant it was scheduled for (`tick`, by default this second): each instant runs once.
   */
  run(datacronId: number, trigger: RunTrigger, tick?: Date): Promise<RunResult>;
  /** Waits for the runs under way in this process. */
  drain(): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

export function createRunner({ context, handlers = JOB_HANDLERS, leaseMs = LEASE_MS, onRun }: RunnerOptions): Runner {
  const { db, log } = context;
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let claims = 0;
  const underway = new Set<Promise<unknown>>();

  async function run(datacronId: number, trigger: RunTrigger, tick?: Date): Promise<RunResult> {
    // One holder name per claim: a late release by an earlier run never frees a later one's lock.
    const holder = `${id}#${++claims}`;
    const instant = trigger === 'schedule' ? new Date(Math.floor((tick ?? new Date()).getTime() / 1000) * 1000).toISOString() : null;
    if (!(await claimDatacron(db, datacronId, holder, leaseMs, instant))) {
      const job = await findDatacron(db, datacronId);
      if (!job) return { status: 'not-found' };
      if (trigger === 'schedule' && job.active !== 1) return { status: 'inactive' };
      return { status: 'busy' };
    }
    const heartbeat = setInterval(() => {
      renewDatacron(db, datacronId, holder, leaseMs).then(
        (held) => held || log.warn({ datacronId, holder }, 'job lock lost while running'),
        (err) => log.warn({ err, datacronId }, 'could not renew the job lock'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      const startedAt = nowIso();
      await closeInterruptedRuns(db, datacronId, startedAt);
      const job = await findDatacron(db, datacronId);
      if (!job) return { status: 'not-found' };
      const started = await insertRun(db, datacronId, trigger, startedAt);
      const begun = performance.now();
      let end: Parameters<typeof finishRun>[2];
      try {
        const handler = Object.hasOwn(handlers, job.handler) ? handlers[job.handler] : undefined;
        if (!handler) throw new Error(`No job handler is named "${job.handler}".`);
        const summary = await handler(context);
        end = { finished_at: nowIso(), outcome: 'success', error: null, summary };
      } catch (error) {
        end =
          error instanceof JobSkipped
            ? { finished_at: nowIso(), outcome: 'skipped', error: null, summary: error.message }
            : { finished_at: nowIso(), outcome: 'error', error: messageOf(error), summary: null };
      }
      await finishRun(db, started.id, end);
      const elapsed = performance.now() - begun;
      onRun?.(job.name, end.outcome, elapsed / 1000);
      const ms = Math.round(elapsed);
      if (end.outcome === 'error') log.error({ job: job.name, trigger, ms, error: end.error }, 'job failed');
      else log.info({ job: job.name, trigger, ms, outcome: end.outcome, summary: end.summary }, 'job ran');
      return { status: 'finished', run: { ...started, ...end } };
    } finally {
      clearInterval(heartbeat);
      await releaseDatacron(db, datacronId, holder);
    }
  }

  return {
    id,
    run(datacronId, trigger, tick) {
      const promise = run(datacronId, trigger, tick);
      const done = () => underway.delete(promise);
      underway.add(promise);
      promise.then(done, done);
      return promise;
    },
    async drain() {
      await Promise.allSettled([...underway]);
    },
  };
}
