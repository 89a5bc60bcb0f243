import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { connect } from '@autoroute/db';
import { createTestDatabase, testDialect } from '@autoroute/db/testing';
import { sql } from 'kysely';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../core/config.ts';
import { failedDependency } from '../core/dependencies.ts';
import { runtimeConfig } from '../core/runtime-config.ts';
import { createDeps } from '../deps.ts';
import { sign } from '../http/middleware/signature.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { createHttpServer, STOREFRONT_DIST } from './http.ts';

/*
 * Issue 31: a dependency that hangs costs a request its timeout, never more: Redis, PostgreSQL and
 * S3 played by a local TCP server that accepts connections and never answers.
 */
const TIMEOUT_MS = 300;
/** The timeout, and room for a busy machine: far less than the hang a missing timeout would be. */
const WITHIN_MS = 3000;

interface Hung {
  url(scheme: string): string;
  port: number;
  close(): Promise<void>;
}
async function hungServer(): Promise<Hung> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
};

const errorsOf = async (registry: { getSingleMetricAsString(name: string): Promise<string> }, dependency: string) => {
  const text = await registry.getSingleMetricAsString('autoroute_dependency_errors_total');
  return Number(text.match(new RegExp(`\\{dependency="${dependency}"\\} (\\d+)`))?.[1] ?? 0);
};

const signIn = { email: 'nobody@hung.test', password: 'not the password at all' };

describe('a Redis that never answers (REDIS_URL)', () => {
  let hung: Hung;
  let t: TestApp;
  beforeAll(async () => {
    hung = await hungServer();
    t = await createTestApp({ env: { REDIS_URL: hung.url('redis'), REDIS_TIMEOUT_MS: String(TIMEOUT_MS) } });
  });
  afterAll(async () => {
    await t.destroy();
    await hung.close();
  });

  it('costs sign-in the timeout once, counting in this process meanwhile, and is counted and never printed as a stack', async () => {
    const printed = vi.spyOn(console, 'error');
    const first = await timed(() => t.request('/api/v1/auth/login', { method: 'POST', json: signIn }));
    // The limits go on in this process (core/limiters.ts): the sign-in itself is answered, wrong password and all.
    expect(first.value.status).toBe(401);
    expect(first.ms).toBeLessThan(WITHIN_MS);
    expect(first.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    // Redis is not asked again for a few seconds: the next sign-ins do not wait.
    const next = await timed(() => t.request('/api/v1/auth/login', { method: 'POST', json: signIn }));
    expect(next.value.status).toBe(401);
    expect(next.ms).toBeLessThan(TIMEOUT_MS);
    expect(await errorsOf(t.deps.metrics.registry, 'redis')).toBeGreaterThanOrEqual(1);
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
  });
});

describe('a PostgreSQL that never answers (DATABASE_URL)', () => {
  let hung: Hung;
  const lines: string[] = [];
  let app: ReturnType<typeof createApp>;
  let deps: ReturnType<typeof createDeps>;
  beforeAll(async () => {
    hung = await hungServer();
    const url = `${hung.url('postgres')}/autoroute`;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', DATABASE_URL: url, DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) });
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    deps = createDeps(config, connect(url, { timeoutMs: config.timeouts.databaseMs }), log);
    app = createApp(deps);
  });
  afterAll(async () => {
    await hung.close();
  });

  const request = async (path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> => {
    const body = init.json === undefined ? undefined : JSON.stringify(init.json);
    const timestamp = String(Date.now());
    const headers: Record<string, string> = { 'x-timestamp': timestamp, 'x-signature': sign(deps.config.signingKey, body ?? timestamp) };
    if (body) headers['content-type'] = 'application/json';
    return app.request(path, { method: init.method ?? 'GET', headers, body });
  };

  it('answers 503 with Retry-After within the timeout, for reads and sign-in, and logs one JSON line each', async () => {
    for (const [path, init] of [
      ['/api/v1/vehicles', {}],
      ['/api/v1/auth/login', { method: 'POST', json: signIn }],
    ] as const) {
      const { value: res, ms } = await timed(() => request(path, init));
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(ms).toBeLessThan(WITHIN_MS);
    }
    expect(await errorsOf(deps.metrics.registry, 'database')).toBe(2);
    const failures = lines.filter((l) => l.includes('dependency failed'));
    expect(failures).toHaveLength(2);
    for (const line of failures) {
      expect(line.trimEnd()).not.toContain('\n');
      expect(JSON.parse(line)).toMatchObject({ level: 40, dependency: 'database', msg: 'dependency failed' });
    }
  });

  // The storefront's pages reach the API in-process: a page whose data cannot be read is the 503 page.
  it.runIf(existsSync(path.join(STOREFRONT_DIST, 'server/entry.mjs')))(
    'sends pages as the 503 page with Retry-After, not a 500',
    async () => {
      const server = await createHttpServer({ app, media: deps.media, runtime: runtimeConfig(deps.config), metrics: deps.metrics });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
        const { value: res, ms } = await timed(() => fetch(`${base}/vehicles/1?lng=en_US`));
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.text()).toContain('Service unavailable');
        expect(ms).toBeLessThan(WITHIN_MS);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );

  it('makes /readyz answer 503 within its own limit', async () => {
    const before = await errorsOf(deps.metrics.registry, 'database');
    const { value: res, ms } = await timed(() => request('/readyz'));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'unavailable', database: expect.stringMatching(/^(unreachable|timeout)$/) });
    expect(ms).toBeLessThan(WITHIN_MS);
    expect(await errorsOf(deps.metrics.registry, 'database')).toBe(before + 1);
  });
});

describe.runIf(testDialect() === 'postgres')('a statement slower than DATABASE_TIMEOUT_MS on PostgreSQL', () => {
  it('is cancelled by the server at the timeout, as a database failure', async () => {
    const database = await createTestDatabase({ migrate: false });
    const bounded = connect(database.url, { timeoutMs: TIMEOUT_MS });
    try {
      const { value: error, ms } = await timed(() =>
        sql`select pg_sleep(5)`.execute(bounded.db).then(
          () => null,
          (e: unknown) => e,
        ),
      );
      expect(error).toMatchObject({ code: '57014' });
      expect(failedDependency(error)).toBe('database');
      expect(ms).toBeLessThan(WITHIN_MS);
    } finally {
      await bounded.close();
      await database.destroy();
    }
  });
});

describe('an S3 store that never answers (MEDIA_S3_ENDPOINT)', () => {
  let hung: Hung;
  let t: TestApp;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    hung = await hungServer();
    t = await createTestApp({
      env: {
        MEDIA_S3_BUCKET: 'hung-bucket',
        MEDIA_S3_ENDPOINT: hung.url('http'),
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        S3_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
    server = await createHttpServer({ app: t.app, media: t.deps.media, runtime: runtimeConfig(t.deps.config), metrics: t.deps.metrics });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.destroy();
    await hung.close();
  });

  it('answers /media with 503 and Retry-After within the timeout', async () => {
    const { value: res, ms } = await timed(() => fetch(`${base}/media/seed/vehicle-1.svg`));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(ms).toBeLessThan(WITHIN_MS);
    expect(await errorsOf(t.deps.metrics.registry, 's3')).toBe(1);
  });

  it('answers an upload with 503 and Retry-After, not 500', async () => {
    const me = await t.member('hungs3');
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'car.png');
    const timestamp = String(Date.now());
    const { value: res, ms } = await timed(() =>
      fetch(`${base}/api/v1/pictures`, {
        method: 'POST',
        headers: { ...me.headers, 'x-timestamp': timestamp, 'x-signature': sign(t.deps.config.signingKey, timestamp) },
        body: form,
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(ms).toBeLessThan(WITHIN_MS + 2000);
    expect(await errorsOf(t.deps.metrics.registry, 's3')).toBeGreaterThanOrEqual(2);
  });
});

describe('a mail server that refuses (SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const closed = await hungServer();
    await closed.close();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closed.port}` } });
  });
  afterAll(() => t.destroy());

  it('answers a sign-up, whose code it cannot send, with 503 and Retry-After', async () => {
    const res = await t.request('/api/v1/auth/signup', {
      method: 'POST',
      json: {
        email: 'smtp@down.test',
        password: 'a long enough passphrase',
        username: 'smtpdown',
        firstName: 'Mail',
        lastName: 'Down',
        phone: '+33612345678',
      },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await errorsOf(t.deps.metrics.registry, 'smtp')).toBe(1);
  });
});

describe('a mail server that accepts and never answers (SMTP_URL, SMTP_TIMEOUT_MS)', () => {
  let t: TestApp;
  let hung: Hung;
  beforeAll(async () => {
    hung = await hungServer();
    t = await createTestApp({ env: { SMTP_URL: hung.url('smtp'), SMTP_TIMEOUT_MS: String(TIMEOUT_MS) } });
  });
  afterAll(async () => {
    await t.destroy();
    await hung.close();
  });

  it('answers a sign-up with 503 once the timeout has passed, not minutes later', async () => {
    const { value: res, ms } = await timed(() =>
      t.request('/api/v1/auth/signup', {
        method: 'POST',
        json: {
          email: 'smtp@hung.test',
          password: 'a long enough passphrase',
          username: 'smtphung',
          firstName: 'Mail',
          lastName: 'Hung',
          phone: '+33612345679',
        },
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(ms).toBeLessThan(TIMEOUT_MS + 5000);
    expect(await errorsOf(t.deps.metrics.registry, 'smtp')).toBe(1);
  });
});
