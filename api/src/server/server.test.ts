import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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
    expect(output).toMatch(/"jobs":7,"msg":"scheduler started"/);

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
      env: { ...process.env, PORT: String(port), DATA_DIR: folder, SEED_DEMO: 'false', LOG_LEVEL: 'debug', NODE_ENV: 'test' },
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
