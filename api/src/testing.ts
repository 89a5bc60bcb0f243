import { readdirSync, readFileSync } from 'node:fs';
import { seedDemoCatalogue, seedReference } from '@autoroute/db/seed';
import { createTestDatabase, type TestDatabase } from '@autoroute/db/testing';
import pino from 'pino';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Deps } from './context.ts';
import { createDeps } from './deps.ts';
import { sign } from './middleware/signature.ts';

/** A response body as JSON, untyped: tests assert on its shape. */
export const json = (res: Response): Promise<any> => res.json();

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  deps: Deps;
  /** A signed request, as a browser of ours would send it. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  destroy(): Promise<void>;
}

/** The real app over a fresh migrated database, seeded with reference data and `vehicles` demo listings. */
export async function createTestApp(options: { vehicles?: number; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedReference(database.db);
  if (options.vehicles) await seedDemoCatalogue(database.db, { vehicles: options.vehicles, mediaDir: `${database.dir}/media` });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dir, LOG_LEVEL: 'silent', ...options.env });
  const deps = createDeps(config, database, pino({ level: 'silent' }));
  const app = createApp(deps);
  return {
    app,
    database,
    async request(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      const body = json === undefined ? (rest.body as string | undefined) : JSON.stringify(json);
      if (json !== undefined) headers.set('content-type', 'application/json');
      const timestamp = String(Date.now());
      headers.set('x-timestamp', timestamp);
      headers.set('x-signature', sign(config.signingKey, body || timestamp));
      return app.request(path, { ...rest, headers, ...(body === undefined ? {} : { body }) });
    },
    deps,
    async destroy() {
      await deps.limiters.close();
      await database.destroy();
    },
  };
}

/** The newest one-time code sent to `email`, read from the outbox files the app wrote. */
export function latestCode(dataDir: string, email: string): string {
  const folder = `${dataDir}/outbox`;
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const text = readFileSync(`${folder}/${file}`, 'utf8');
    if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text)) continue;
    const code = text.match(/^\s{4}(\d{6})\s*$/m)?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${email} in the outbox`);
}
