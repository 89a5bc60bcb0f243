import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** A server process of a journey's own, started as an operator starts one (`scripts/start.mjs`). */
export interface StartedServer {
  port: number;
  process: ChildProcess;
  /** Sends SIGTERM and waits for the process to exit. */
  stop(): Promise<void>;
}

/** Starts `scripts/start.mjs` on `port` with this environment (over the suite's), without waiting for it. */
export function startServer(port: number, env: Record<string, string>): StartedServer {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    port,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until the server answers /readyz (migrated and seeded), failing if it exits first. */
export async function ready(server: StartedServer, seconds = 180): Promise<void> {
  for (const deadline = Date.now() + seconds * 1000; ; ) {
    if (server.process.exitCode !== null) throw new Error(`the server on ${server.port} exited with ${server.process.exitCode}`);
    const answer = await fetch(`http://127.0.0.1:${server.port}/readyz`).catch(() => null);
    if (answer?.ok) return;
    if (Date.now() > deadline) throw new Error(`the server on ${server.port} did not become ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
