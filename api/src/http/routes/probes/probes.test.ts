import type { Server } from 'node:http';
import { connect } from '@autoroute/db';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { ConfigError, loadConfig } from '../../../core/config.ts';
import { runtimeConfig } from '../../../core/runtime-config.ts';
import { createDeps } from '../../../deps.ts';
import { createHttpServer } from '../../../server/http.ts';
import { type ApiError, createTestApp, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import type { healthz, readyz } from './probes.routes.ts';

const TOKEN = 'a-metrics-token-for-tests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ vehicles: 2 });
});
afterAll(() => t.destroy());

/** Databases of the token tests' apps, which never need more than an empty SQLite. */
const scratch: ReturnType<typeof connect>[] = [];
afterAll(() => Promise.all(scratch.map((d) => d.close())));
const emptyDatabase = () => {
  const database = connect(':memory:');
  scratch.push(database);
  return database;
};

/** The app over another database handle, with this configuration. */
function appOver(database: ReturnType<typeof connect>, env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.database.dir, LOG_LEVEL: 'silent', ...env });
  const deps = createDeps(config, database, pino({ level: 'silent' }));
  return { app: createApp(deps), deps };
}

/** The value of one sample line of a Prometheus text exposition (undefined when it is absent). */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

const scrape = async (app = t.app) => (await app.request('/metrics')).text();

describe('GET /healthz', () => {
  it('answers ok, unsigned and never cached', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await readJson<RouteJson<typeof healthz, 200>>(res)).toEqual({ status: 'ok' });
  });

  it('answers ok while the database is down: it asks the database nothing', async () => {
    const down = connect(t.database.url);
    await sql`select 1`.execute(down.db);
    await down.close();
    const { app } = appOver(down);
    expect(await readJson<RouteJson<typeof healthz, 200>>(await app.request('/healthz'))).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await readJson<RouteJson<typeof readyz, 503>>(ready)).toMatchObject({
      status: 'unavailable',
      database: 'unreachable',
      reason: 'The database does not answer.',
    });
  });
});

describe('GET /readyz', () => {
  it('is ready when the database answers and has every migration', async () => {
    const res = await t.app.request('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await readJson<RouteJson<typeof readyz, 200>>(res)).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'ok',
      draining: false,
      pendingMigrations: [],
      unknownMigrations: [],
    });
  });

  it('answers 503 naming the migration the database lacks, and is ready again once it is applied', async () => {
    const db = t.database.db as unknown as import('kysely').Kysely<any>;
    const latest = await db.selectFrom('kysely_migration').selectAll().orderBy('name', 'desc').executeTakeFirstOrThrow();
    await db.deleteFrom('kysely_migration').where('name', '=', latest.name).execute();
    try {
      const res = await t.app.request('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await readJson<RouteJson<typeof readyz, 503>>(res)).toEqual({
        status: 'unavailable',
        database: 'ok',
        migrations: 'pending',
        draining: false,
        pendingMigrations: [latest.name],
        unknownMigrations: [],
        reason: '1 migration(s) of this version are not applied to the database.',
      });
    } finally {
      await db.insertInto('kysely_migration').values(latest).execute();
    }
    expect((await t.app.request('/readyz')).status).toBe(200);
  });

  it('answers 503 on a database that was never migrated', async () => {
    const empty = connect(':memory:');
    try {
      const res = await appOver(empty).app.request('/readyz');
      expect(res.status).toBe(503);
      expect(await readJson<RouteJson<typeof readyz, 503>>(res)).toMatchObject({
        database: 'ok',
        migrations: 'missing',
        pendingMigrations: [],
      });
    } finally {
      await empty.close();
    }
  });

  it('answers 503 once the server is draining (SIGTERM), without asking the database', async () => {
    t.deps.lifecycle.draining = true;
    try {
      const res = await t.app.request('/readyz');
      expect(res.status).toBe(503);
      expect(await readJson<RouteJson<typeof readyz, 503>>(res)).toMatchObject({
        status: 'unavailable',
        draining: true,
        database: 'unchecked',
        reason: 'The server is shutting down.',
      });
      // Liveness is another question: the process still answers.
      expect((await t.app.request('/healthz')).status).toBe(200);
    } finally {
      t.deps.lifecycle.draining = false;
    }
  });
});

describe('GET /metrics', () => {
  it('counts and times API requests by route pattern and status, never by raw path', async () => {
    const [a, b] = await t.database.db.selectFrom('vehicles').select('id').orderBy('id').limit(2).execute();
    expect((await t.request(`/api/v1/vehicles/${a!.id}`)).status).toBe(200);
    expect((await t.request(`/api/v1/vehicles/${b!.id}`)).status).toBe(200);
    expect((await t.request('/api/v1/vehicles/999999')).status).toBe(404);
    // Refused by the signature check before its handler: still labelled with the route it asked for.
    expect((await t.app.request('/api/v1/vehicles')).status).toBe(401);
    expect((await t.request('/api/v1/no-such-thing/123')).status).toBe(404);

    const res = await t.app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const byId = 'method="GET",route="/api/v1/vehicles/:id"';
    expect(sample(text, `autoroute_http_requests_total{${byId},status="200"}`)).toBe(2);
    expect(sample(text, `autoroute_http_requests_total{${byId},status="404"}`)).toBe(1);
    expect(sample(text, 'autoroute_http_requests_total{method="GET",route="/api/v1/vehicles",status="401"}')).toBe(1);
    expect(sample(text, 'autoroute_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain(`/api/v1/vehicles/${a!.id}"`);
    expect(text).not.toContain('no-such-thing');

    // The latency histogram: every bucket, the +Inf one holding both requests, and their count.
    expect(text).toContain('# TYPE autoroute_http_request_duration_seconds histogram');
    for (const le of ['0.001', '0.01', '0.1', '1', '10']) {
      expect(sample(text, `autoroute_http_request_duration_seconds_bucket{le="${le}",${byId},status="200"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, `autoroute_http_request_duration_seconds_bucket{le="+Inf",${byId},status="200"}`)).toBe(2);
    expect(sample(text, `autoroute_http_request_duration_seconds_count{${byId},status="200"}`)).toBe(2);
    expect(sample(text, `autoroute_http_request_duration_seconds_sum{${byId},status="200"}`)).toBeGreaterThan(0);
  });

  it('does not count the in-process calls of server-side pages: the page is the request', async () => {
    const before = sample(await scrape(), 'autoroute_http_requests_total{method="GET",route="/api/v1/site",status="200"}') ?? 0;
    expect((await t.app.request('/api/v1/site', {}, { inProcess: true })).status).toBe(200);
    expect(sample(await scrape(), 'autoroute_http_requests_total{method="GET",route="/api/v1/site",status="200"}') ?? 0).toBe(before);
  });

  it("carries the process's default metrics, event-loop lag among them", async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts job runs by job name and outcome', async () => {
    const job = await t.database.db
      .selectFrom('datacrons')
      .select(['id', 'name'])
      .where('handler', '=', 'purge-expired')
      .executeTakeFirstOrThrow();
    const line = `autoroute_job_runs_total{job="${job.name}",outcome="success"}`;
    expect(sample(await scrape(), line)).toBeUndefined();
    expect(await t.deps.jobs.runNow(job.id)).toMatchObject({ status: 'finished', run: { outcome: 'success' } });
    expect(await t.deps.jobs.runNow(job.id)).toMatchObject({ status: 'finished' });
    const text = await scrape();
    expect(sample(text, line)).toBe(2);
    expect(sample(text, `autoroute_job_run_duration_seconds_count{job="${job.name}"}`)).toBe(2);
  });

  it("reports the database's contention: the pool on PostgreSQL, write-lock waits on SQLite", async () => {
    // A job run writes in transactions.
    const job = await t.database.db.selectFrom('datacrons').select('id').where('handler', '=', 'purge-expired').executeTakeFirstOrThrow();
    await t.deps.jobs.runNow(job.id);
    const text = await scrape();
    if (t.database.dialect === 'postgres') {
      expect(sample(text, 'autoroute_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'autoroute_db_pool_idle_connections')).toBeLessThanOrEqual(sample(text, 'autoroute_db_pool_connections')!);
      expect(sample(text, 'autoroute_db_pool_waiting_queries')).toBe(0);
      expect(text).not.toContain('autoroute_db_sqlite_');
    } else {
      const stats = t.database.stats();
      if (stats.dialect !== 'sqlite') throw new Error('expected SQLite');
      expect(stats.transactions).toBeGreaterThan(0);
      expect(sample(text, 'autoroute_db_sqlite_write_transactions_total')).toBe(stats.transactions);
      expect(sample(text, 'autoroute_db_sqlite_write_lock_wait_seconds_total')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'autoroute_db_sqlite_busy_total')).toBe(0);
      expect(sample(text, 'autoroute_db_sqlite_connection_wait_seconds_total')).toBeGreaterThan(0);
      expect(text).not.toContain('autoroute_db_pool_');
    }
  });

  it('asks for the METRICS_TOKEN bearer when one is set', async () => {
    const { app } = appOver(emptyDatabase(), { METRICS_TOKEN: TOKEN });
    const none = await app.request('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await readJson<ApiError>(none)).toEqual({
      code: 'METRICS_TOKEN_REQUIRED',
      error: 'Reading the metrics needs the metrics token (Authorization: Bearer).',
    });
    const wrong = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const right = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    const text = await right.text();
    // The refusals are counted too.
    expect(sample(text, 'autoroute_http_requests_total{method="GET",route="/metrics",status="401"}')).toBe(2);
  });

  it('without a token, answers loopback clients only, as the rate limits see the address', async () => {
    const proxied = appOver(emptyDatabase(), { TRUST_PROXY: 'true' }).app;
    const remote = await proxied.request('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' } });
    expect(remote.status).toBe(403);
    expect(await readJson<ApiError>(remote)).toMatchObject({ code: 'METRICS_LOCAL_ONLY' });
    expect((await proxied.request('/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(200);
    // Without TRUST_PROXY a forwarded request came through a proxy nobody vouched for: refused.
    expect((await t.app.request('/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(403);
  });

  it('refuses a METRICS_TOKEN too short to be a secret', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('the probes through the real HTTP server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await createHttpServer({
      app: t.app,
      media: t.deps.media,
      runtime: runtimeConfig(t.deps.config),
      metrics: t.deps.metrics,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers /healthz and /readyz at the root, unsigned', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz?probe=lb`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });

  it('serves /metrics to a loopback client, with requests outside the API labelled by kind', async () => {
    expect((await fetch(`${base}/media/no-such-picture.avif`)).status).toBe(404);
    expect((await fetch(`${base}/media/another/missing.jpg`)).status).toBe(404);
    await fetch(`${base}/healthz`);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'autoroute_http_requests_total{method="GET",route="media",status="404"}')).toBe(2);
    expect(sample(text, 'autoroute_http_requests_total{method="GET",route="/healthz",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('no-such-picture');
  });
});
