import type { DbStats } from '@autoroute/db';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Dependency } from './dependencies.ts';

/** How requests outside the API are labelled: a fixed set, whatever their path. */
export type SiteRoute = 'page' | 'static' | 'admin' | 'media';
/** The route label of a request to a path no API route matches (never its path: unbounded). */
export const UNMATCHED = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: API reads take about a millisecond, pages and uploads up to seconds. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.1, 1, 10, 60, 300, 1800];

export interface Metrics {
  /** This app's own registry (not prom-client's global one: tests build many apps in one process). */
  readonly registry: Registry;
  /** One answered HTTP request; `route` is an API route pattern, a probe's path, UNMATCHED or a SiteRoute. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One recorded job run. */
  jobRun(job: string, outcome: string, seconds: number): void;
  /**
   * One look-up in a response cache (docs/decisions/024): answered from it, revalidated (304), or
   * missed; a miss that then waited for the same answer being made for another request counts
   * `waited` as well (so answers made = misses − waited).
   */
  cacheLookup(cache: CacheName, result: CacheResult): void;
  /** Exposes the bytes a response cache holds, read on each scrape. */
  watchCache(cache: CacheName, bytes: () => number): void;
  /** One failure of a service the process depends on (core/dependencies.ts). */
  dependencyError(dependency: Dependency): void;
  /** Exposes how many listings the search's postings hold (0 until built) and their bytes, read on each scrape (docs/decisions/044). */
  watchPostings(postings: { readonly listings: number; readonly bytes: number }): void;
}

export type CacheName = 'pages' | 'api';
export type CacheResult = 'hit' | 'revalidated' | 'miss' | 'waited' | 'stale';

/** The registry one server process exposes at /metrics; the database's figures are read on each scrape. */
export function createMetrics(database: { stats(): DbStats }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'autoroute_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'autoroute_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: 'autoroute_job_runs_total',
    help: 'Scheduled job runs recorded by this process, by job name and outcome.',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobDurations = new Histogram({
    name: 'autoroute_job_run_duration_seconds',
    help: 'How long the job runs of this process took, by job name.',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });

  if (database.stats().dialect === 'postgres') {
    const pool = () => database.stats() as Extract<DbStats, { dialect: 'postgres' }>;
    new Gauge({
      name: 'autoroute_db_pool_connections',
      help: 'PostgreSQL connections open in the pool.',
      registers,
      collect() {
        this.set(pool().total);
      },
    });
    new Gauge({
      name: 'autoroute_db_pool_idle_connections',
      help: 'PostgreSQL connections open in the pool and idle.',
      registers,
      collect() {
        this.set(pool().idle);
      },
    });
    new Gauge({
      name: 'autoroute_db_pool_waiting_queries',
      help: 'Queries waiting for a pool connection (the pool is exhausted while this is above 0).',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  } else {
    const sqlite = () => database.stats() as Extract<DbStats, { dialect: 'sqlite' }>;
    // Totals kept by the connection layer: each scrape sets the counter to the total.
    const total = (name: string, help: string, read: (s: Extract<DbStats, { dialect: 'sqlite' }>) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read(sqlite()));
        },
      });
    total('autoroute_db_sqlite_write_transactions_total', 'SQLite write transactions begun.', (s) => s.transactions);
    total(
      'autoroute_db_sqlite_write_lock_wait_seconds_total',
      'Time write transactions waited at BEGIN IMMEDIATE for the write lock held by another connection or process.',
      (s) => s.lockWaitSeconds,
    );
    total('autoroute_db_sqlite_busy_total', 'Write transactions that gave up waiting for the write lock (SQLITE_BUSY).', (s) => s.busy);
    total(
      'autoroute_db_sqlite_connection_wait_seconds_total',
      "Time queries of this process queued for its one SQLite connection (behind another query's transaction).",
      (s) => s.connectionWaitSeconds,
    );
  }

  const cacheLookups = new Counter({
    name: 'autoroute_response_cache_lookups_total',
    help: "Public pages and API reads looked up in this process's response cache, by cache and result (hit, revalidated, miss; waited: a miss then answered by the render another request was making; stale: a home or search page sent while it is made again, at most PAGE_STALE_S after it was last current).",
    labelNames: ['cache', 'result'] as const,
    registers,
  });
  const cacheReaders = new Map<CacheName, () => number>();
  new Gauge({
    name: 'autoroute_response_cache_bytes',
    help: "Bytes held by this process's response caches, every encoding counted.",
    labelNames: ['cache'] as const,
    registers,
    collect() {
      for (const [cache, bytes] of cacheReaders) this.set({ cache }, bytes());
    },
  });
  const lookups = new Map<string, Counter.Internal>();
  let postings = { listings: 0, bytes: 0 };
  new Gauge({
    name: 'autoroute_search_postings_listings',
    help: "Listings held by this process's search postings: 0 while the database answers every search (a small catalogue, or postings not yet built).",
    registers,
    collect() {
      this.set(postings.listings);
    },
  });
  new Gauge({
    name: 'autoroute_search_postings_bytes',
    help: "About the memory this process's search postings take: their columns and compressed bitmaps.",
    registers,
    collect() {
      this.set(postings.bytes);
    },
  });
  const dependencyErrors = new Counter({
    name: 'autoroute_dependency_errors_total',
    help: 'Failures of a service this process depends on (an error or no answer in time), by dependency: database, redis, s3, smtp.',
    labelNames: ['dependency'] as const,
    registers,
  });

  // Bound children by label values: no label object is built per request once a series exists.
  const series = new Map<string, { count: Counter.Internal; duration: Histogram.Internal<'method' | 'route' | 'status'> }>();
  return {
    registry,
    request(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      const key = `${m} ${status} ${route}`;
      let child = series.get(key);
      if (!child) {
        const code = String(status);
        child = { count: requests.labels(m, route, code), duration: durations.labels(m, route, code) };
        series.set(key, child);
      }
      child.count.inc();
      child.duration.observe(seconds);
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobDurations.observe({ job }, seconds);
    },
    cacheLookup(cache, result) {
      const key = `${cache} ${result}`;
      let child = lookups.get(key);
      if (!child) {
        child = cacheLookups.labels(cache, result);
        lookups.set(key, child);
      }
      child.inc();
    },
    watchCache(cache, bytes) {
      cacheReaders.set(cache, bytes);
    },
    dependencyError(dependency) {
      dependencyErrors.inc({ dependency });
    },
    watchPostings(watched) {
      postings = watched;
    },
  };
}
