import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer as createHttpServer, request, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase, testDialect } from '@autoroute/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SIGNING_KEY } from '../core/config.ts';
import { sign } from '../http/middleware/signature.ts';

/*
 * Issue 31: a rolling restart of two server processes behind a proxy, under load, loses no request.
 * The proxy is nginx as the README configures it, written in a few lines of Node (CI machines have
 * no nginx): round robin over an upstream keep-alive pool, no server ever marked down (max_fails=0),
 * and a request that meets a refused or broken connection or a 502/503/504 goes to the next server
 * (proxy_next_upstream error timeout http_502 http_503 http_504).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const GRACE_MS = 1000;
const CLIENTS = 4;
const PAUSE_MS = 5;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const RETRY_STATUS = new Set([502, 503, 504]);

/** The README's nginx upstream, for body-less requests (the load below sends only those). */
function startProxy(upstreams: number[]): Promise<{ server: Server; port: number; retried: () => number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let next = 0;
  let retried = 0;
  const server = createHttpServer((req, res) => {
    const first = next++ % upstreams.length;
    const attempt = (tries: number) => {
      const port = upstreams[(first + tries) % upstreams.length]!;
      const retry = () => {
        if (tries + 1 < upstreams.length) {
          retried++;
          attempt(tries + 1);
        } else if (!res.headersSent) {
          res.writeHead(502).end();
        } else res.destroy();
      };
      // proxy_set_header Connection "": the upstream connection stays open between requests.
      const headers = { ...req.headers, connection: 'keep-alive' };
      const upstream = request(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent, timeout: 10_000 },
        (answer) => {
          if (RETRY_STATUS.has(answer.statusCode!)) {
            answer.resume();
            return retry();
          }
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
          answer.once('error', () => res.destroy());
        },
      );
      upstream.once('timeout', () => upstream.destroy(new Error('upstream timed out')));
      upstream.once('error', () => {
        // Only before an answer began: once its headers are sent, nginx cannot retry either.
        if (!res.headersSent) retry();
        else res.destroy();
      });
      upstream.end();
    };
    attempt(0);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, retried: () => retried })),
  );
}

interface Process {
  child: ChildProcess;
  exited: Promise<number | null>;
}

describe('a rolling restart behind a proxy', () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  const running: Process[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'autoroute-rolling-'));
    if (testDialect() === 'postgres') database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    for (const { child } of running) if (child.exitCode === null) child.kill('SIGKILL');
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (port: number): Process => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        // One database for both: SQLite in the shared data folder, or the test's PostgreSQL database.
        DATA_DIR: dataDir,
        ...(database && { DATABASE_URL: database.url }),
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'rolling restart password',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const process_ = { child, exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
    running.push(process_);
    return process_;
  };
  /** The procedure the README gives: the replacement takes traffic once its /readyz answers 200. */
  const ready = async (port: number, { child }: Process) => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      if (child.exitCode !== null) throw new Error(`the server on ${port} exited with ${child.exitCode}`);
      if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server on ${port} did not become ready`);
  };

  it('answers every request while each process in turn is stopped and replaced', async () => {
    const ports = [await freePort(), await freePort()];
    const processes = ports.map(start);
    await Promise.all(ports.map((port, i) => ready(port, processes[i]!)));
    const proxy = await startProxy(ports);

    // A few clients, each one request after another, through the proxy until the restarts are done.
    const paths = ['/api/v1/health', '/healthz', '/api/v1/vehicles?limit=5', '/api/v1/site'];
    const failures: string[] = [];
    let answered = 0;
    let loading = true;
    const client = async (n: number) => {
      const keepAlive = new Agent({ keepAlive: true });
      for (let i = n; loading; i++) {
        const url = paths[i % paths.length]!;
        const timestamp = String(Date.now());
        const status = await new Promise<number | string>((resolve) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: proxy.port,
              path: url,
              agent: keepAlive,
              headers: { 'x-timestamp': timestamp, 'x-signature': sign(DEV_SIGNING_KEY, timestamp) },
            },
            (res) => {
              res.resume();
              res.once('end', () => resolve(res.statusCode!));
              res.once('error', (error) => resolve(error.message));
            },
          );
          req.once('error', (error) => resolve(error.message));
          req.end();
        });
        if (status === 200 || status === 404) answered++;
        else failures.push(`${url}: ${status}`);
        // A steady load, not a flood: the replacements start on these same two cores.
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
      keepAlive.destroy();
    };
    const load = Array.from({ length: CLIENTS }, (_, n) => client(n));

    await new Promise((r) => setTimeout(r, 1000));
    for (const [i, port] of ports.entries()) {
      const old = processes[i]!;
      old.child.kill('SIGTERM');
      // As `systemctl restart` does: the replacement starts on the same port once the old one has exited.
      expect(await old.exited).toBe(0);
      processes[i] = start(port);
      await ready(port, processes[i]!);
    }
    await new Promise((r) => setTimeout(r, 1000));
    loading = false;
    await Promise.all(load);
    proxy.server.close();

    console.log('rolling restart', { answered, failed: failures.length, retried: proxy.retried() });
    expect({ failed: failures.length, first: failures.slice(0, 5) }).toEqual({ failed: 0, first: [] });
    // The load went on through both restarts, and the proxy had to send some requests elsewhere.
    expect(answered).toBeGreaterThan(200);
    expect(proxy.retried()).toBeGreaterThan(0);
    for (const { child, exited } of processes) {
      child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
