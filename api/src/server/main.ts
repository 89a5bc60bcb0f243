import pino from 'pino';
import { createApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { boot } from './boot.ts';
import { createHttpServer } from './http.ts';

/** `npm start`: migrate, seed an empty database, serve everything on one port, stop gracefully. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const { database, report } = await boot(config, log);
  const deps = createDeps(config, database, log);
  const app = createApp(deps);
  const server = await createHttpServer({
    app,
    media: deps.media,
    mediaPublicUrl: config.media.publicUrl,
    log,
    signingKey: config.signingKey,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  await deps.jobs.start();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Autoroute is running at http://localhost:${port}  (back office: http://localhost:${port}/admin/)`,
    `  Database: ${database.dialect}${database.dialect === 'sqlite' ? ` (${config.databaseUrl})` : ''}; ready in ${Math.round(performance.now() - started)} ms`,
  ];
  if (report.admin) {
    lines.push(
      `  Administrator created: ${report.admin.email} / ${report.admin.password}`,
      '  (shown once: keep it, or set ADMIN_PASSWORD)',
    );
  }
  console.log(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests and job runs');
    const force = setTimeout(() => process.exit(1), 10000);
    force.unref();
    // No new scheduled run from now on; the runs under way finish before the database closes.
    const jobsStopped = deps.jobs.stop();
    server.close(async () => {
      await jobsStopped;
      await deps.limiters.close();
      await database.close();
      log.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
