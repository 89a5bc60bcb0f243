import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_SIGNING_KEY } from '../core/config.ts';
import { sign } from '../http/middleware/signature.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'autoroute-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('the server process', () => {
  it('starts on an empty data folder, then on SIGTERM finishes the request in flight and exits 0', async () => {
    const port = await freePort();
    const spawned = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: 'server test password',
        NODE_ENV: 'test',
        SHUTDOWN_GRACE_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, child);
    expect(output).toContain(`Autoroute is running at http://localhost:${port}`);
    // A password the operator chose is never printed, nor kept anywhere else.
    expect(output).toContain('Administrator created: admin@autoroute.local\n');
    expect(output).not.toContain('server test password');
    expect(existsSync(path.join(dataDir, 'admin-password.txt'))).toBe(false);
    // The time is the process's, from its start: loading the code is part of starting.
    expect(Number(/ready in (\d+) ms/.exec(output)?.[1])).toBeGreaterThan(performance.now() - spawned - 3000);
    // The seeded jobs are on the schedule.
    expect(output).toMatch(/"jobs":10,"msg":"scheduler started"/);

    // The operators' probes, unsigned at the root; /metrics open to this loopback client.
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', migrations: 'ok', pendingMigrations: [] });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/^autoroute_http_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} [1-9]/m);
    expect(metrics).toMatch(/^autoroute_http_requests_total\{method="GET",route="\/readyz",status="200"\} 1$/m);
    expect(metrics).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    // Boot wrote under its own lock (its transactions were savepoints): the figure is there, from zero.
    expect(metrics).toMatch(/^autoroute_db_sqlite_write_transactions_total \d/m);

    // A request is under way when the signal arrives: it must still be answered.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`);
    await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
    expect(await exited).toBe(0);
    expect(output).toContain('stopped');
  }, 60_000);
});

describe('a generated administrator password', () => {
  it('is kept in a file only its user reads, and the banner says where, never what', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'autoroute-admin-'));
    const port = await freePort();
    const { ADMIN_PASSWORD: _, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), DATA_DIR: folder, SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, child);
      const file = path.join(folder, 'admin-password.txt');
      expect(output).toContain(`Administrator created: admin@autoroute.local; its password is in ${file}`);
      const [email, password] = readFileSync(file, 'utf8').trim().split('\n');
      expect(email).toBe('admin@autoroute.local');
      expect(password!.length).toBeGreaterThanOrEqual(16);
      expect(output).not.toContain(password);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a server whose log reader has gone', () => {
  const start = async (folder: string) => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: folder,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'test',
        SHUTDOWN_GRACE_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, child);
    return { child, exited, url: `http://127.0.0.1:${port}` };
  };
  /** Enough requests to log 400 KB: far more than a pipe (64 KB) and its reader's buffer hold. */
  const busy = async (url: string) => {
    for (let i = 0; i < 100; i++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/api/v1/health`).then((r) => r.status)));
      expect(answers.every((s) => s === 200)).toBe(true);
    }
  };
  const exitsWithin = (exited: Promise<number | null>, ms: number) =>
    Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))]);

  it('keeps serving and exits on SIGTERM after the pipe of its standard output was closed', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'autoroute-epipe-'));
    const { child, exited, url } = await start(folder);
    child.stdout!.destroy();
    await busy(url);
    child.kill('SIGTERM');
    const code = await exitsWithin(exited, 10_000);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(0);
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('keeps serving and exits on SIGTERM while nobody reads its full standard output', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'autoroute-stalled-'));
    const { child, exited, url } = await start(folder);
    // Never read: the pipe fills after 64 KB and every further write would wait.
    child.stdout!.pause();
    await busy(url);
    child.kill('SIGTERM');
    const code = await exitsWithin(exited, 10_000);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).not.toBe('still running');
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);
});

/** Whether a TCP connection to the port is accepted now. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('draining on SIGTERM', () => {
  it('answers /readyz 503 at once while serving everything else through the grace period, then closes the port and finishes what is under way', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'autoroute-drain-'));
    const port = await freePort();
    const GRACE_MS = 2500;
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: folder,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/readyz`, child);

    // A sign-in whose body is still arriving when the listener closes: it must get its answer.
    const body = JSON.stringify({ email: 'nobody@drain.test', password: 'not the password' });
    const timestamp = String(Date.now());
    const slow = request(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'x-timestamp': timestamp,
        'x-signature': sign(DEV_SIGNING_KEY, body),
      },
    });
    const answered = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      slow.once('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
      });
      slow.once('error', reject);
    });
    slow.write(body.slice(0, 10));
    slow.flushHeaders();
    await new Promise((r) => setTimeout(r, 200));

    const signalled = Date.now();
    child.kill('SIGTERM');
    // At once (once the signal is delivered): not ready.
    while ((await fetch(`${base}/readyz`)).status !== 503) expect(Date.now() - signalled).toBeLessThan(500);
    // Through the grace period: not ready, yet alive and serving.
    const during: number[][] = [];
    while (Date.now() - signalled < GRACE_MS - 700) {
      const [ready, health, api] = await Promise.all([
        fetch(`${base}/readyz`).then((r) => r.status),
        fetch(`${base}/healthz`).then((r) => r.status),
        fetch(`${base}/api/v1/health`).then((r) => r.status),
      ]);
      during.push([ready, health, api]);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(during.length).toBeGreaterThan(3);
    expect(during.every(([ready, health, api]) => ready === 503 && health === 200 && api === 200)).toBe(true);
    const draining = await fetch(`${base}/readyz`);
    expect(await draining.json()).toMatchObject({ status: 'unavailable', draining: true });

    // After it: the port takes no connection, while the request under way is still open.
    let closedAfter = 0;
    while (await accepts(port)) {
      expect(Date.now() - signalled).toBeLessThan(GRACE_MS + 3000);
      await new Promise((r) => setTimeout(r, 50));
    }
    closedAfter = Date.now() - signalled;
    expect(closedAfter).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(child.exitCode).toBeNull();
    slow.end(body.slice(10));
    const answer = await answered;
    expect(answer.status).toBe(401);
    expect(answer.connection).toBe('close');
    expect(await exited).toBe(0);
    expect(output).toContain('stopped');
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);
});
