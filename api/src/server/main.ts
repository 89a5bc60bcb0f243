import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { BootLockTimeout } from '@autoroute/db';
import { createApp } from '../app.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
import { runtimeConfig } from '../core/runtime-config.ts';
import { createDeps } from '../deps.ts';
import { boot } from './boot.ts';
import { createHttpServer } from './http.ts';
import { createProcessLog } from './log.ts';

/**
 * Where a generated administrator's password is kept: a file only this system user reads, never the
 * log or the terminal (logs are shared, collected, pasted into tickets).
 */
function keepAdminPassword(dataDir: string, email: string, password: string): string {
  const file = path.join(dataDir, 'admin-password.txt');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${email}\n${password}\n`, { mode: 0o600 });
  // The mode above applies only to a new file: one left by an earlier database is narrowed too.
  chmodSync(file, 0o600);
  return file;
}
/** After the grace period, how long the requests and job runs under way have to finish before the process exits anyway. */
const FINISH_MS = 10_000;

/** `npm start`: migrate, seed an empty database, serve everything on one port, stop gracefully. */
async function main() {
  const config = loadConfig();
  const output = createProcessLog(config.logLevel);
  const { log } = output;
  const { database, report } = await boot(config, log);
  const deps = createDeps(config, database, log);
  const app = createApp(deps);
  const server = await createHttpServer({
    app,
    media: deps.media,
    mediaPublicUrl: config.media.publicUrl,
    log,
    runtime: runtimeConfig(config),
    metrics: deps.metrics,
    // Three quarters of the budget (the API's public reads have the rest, deps.ts).
    pageCache: {
      versions: deps.versions,
      listings: deps.listingVersions,
      maxBytes: (config.pageCacheBytes * 3) / 4,
      staleMs: config.pageStaleMs,
    },
    transport: { publicUrl: config.publicUrl, trustProxy: config.trustProxy },
    publicReads: deps.publicReads ? { cache: deps.publicReads, signingKey: config.signingKey } : undefined,
  });

  // From the end of the grace period on, each answer closes its connection: a keep-alive client
  // (a proxy's upstream pool) then opens its next one elsewhere instead of finding this one gone.
  let closing = false;
  const open = new Set<ServerResponse>();
  const closeConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) return closeConnection(res);
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      // An answer whose headers went out before the grace ended leaves an idle connection: close it.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  await deps.jobs.start();
  // The search's postings are built in the background: until then the database answers searches.
  void deps.postings.warm();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The address people use: PUBLIC_URL when it is set, else this machine's.
  const url = config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl;
  // performance.now() counts from the process's start: loading the code is part of starting.
  const lines = [
    '',
    `  Autoroute is running at ${url}  (back office: ${url}/admin/; listening on ${config.host}:${port})`,
    `  Database: ${database.dialect}${database.dialect === 'sqlite' ? ` (${config.databaseUrl})` : ''}; ready in ${Math.round(performance.now())} ms`,
  ];
  if (report.admin) {
    // A password the operator chose (ADMIN_PASSWORD) is theirs already: nothing is said about it.
    if (config.admin.password) lines.push(`  Administrator created: ${report.admin.email}`);
    else
      lines.push(
        `  Administrator created: ${report.admin.email}; its password is in ${keepAdminPassword(config.dataDir, report.admin.email, report.admin.password)}`,
        '  (readable by this user only: keep it elsewhere and delete the file, or set ADMIN_PASSWORD)',
      );
  }
  output.print(`${lines.join('\n')}\n`);

  let stopping = false;
  /**
   * SIGTERM drains in two steps (docs/decisions/037): for SHUTDOWN_GRACE_MS /readyz answers 503 while
   * every other request is still served, so a load balancer's probe takes this process out before it
   * stops listening; then the listener closes, idle keep-alive connections close, answers under way
   * carry `Connection: close`, and the process exits once they are sent. SIGINT (Ctrl-C) skips the grace.
   */
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.lifecycle.draining = true;
    const grace = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
    log.info({ signal, graceMs: grace }, 'shutting down: /readyz answers 503, serving on through the grace period');
    // Whatever still runs FINISH_MS after the grace is cut short; the logs never hold the exit (log.ts).
    const force = setTimeout(() => void output.close(100).then(() => process.exit(1)), grace + FINISH_MS);
    force.unref();
    // No new scheduled run from now on; the runs under way finish before the database closes.
    const jobsStopped = deps.jobs.stop();
    setTimeout(() => {
      log.info('grace period over: no new connections, finishing the requests under way');
      closing = true;
      for (const res of open) closeConnection(res);
      server.close(async () => {
        await jobsStopped;
        await deps.limiters.close();
        await database.close();
        log.info('stopped');
        await output.close();
        process.exit(0);
      });
      server.closeIdleConnections();
    }, grace);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  // Messages that say what to do: no stack trace needed.
  if (err instanceof ConfigError || err instanceof BootLockTimeout) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
