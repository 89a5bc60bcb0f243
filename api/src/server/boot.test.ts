import { Writable } from 'node:stream';
import { createTestDatabase, type TestDatabase } from '@autoroute/db/testing';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../core/config.ts';
import { createDeps } from '../deps.ts';
import type { readyz } from '../http/routes/probes/probes.routes.ts';
import { type RouteJson, readJson } from '../testing.ts';
import { boot } from './boot.ts';

/** What a newer release wrote into the migration table: a migration this code does not list. */
const NEWER = '20991231_0001_from_a_newer_release';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db as unknown as Kysely<any>;
  await db.insertInto('kysely_migration').values({ name: NEWER, timestamp: new Date().toISOString() }).execute();
});
afterAll(() => database.destroy());

describe('a process starting on a database a newer release has migrated', () => {
  it('does not fail: it logs one line naming the unknown migrations, serves, and /readyz answers 503 saying why', async () => {
    const lines: { level: number; msg: string; unknownMigrations?: string[] }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = pino({ level: 'info' }, sink);
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dir, SEED_DEMO: 'false' }), databaseUrl: database.url };

    // Before: kysely's Migrator threw "corrupted migrations" here, at every restart.
    const { database: opened, report } = await boot(config, log);
    try {
      expect(report).toEqual({ reference: false, admin: null, vehicles: 0 });
      const warned = lines.filter((l) => l.level >= 40);
      expect(warned).toHaveLength(1);
      expect(warned[0]!.msg).toBe(
        `database is ahead of this release: migrations ${NEWER} unknown; serving without migrating, /readyz answers 503 until a release that knows them replaces this one`,
      );
      expect(warned[0]!.unknownMigrations).toEqual([NEWER]);

      const app = createApp(createDeps(config, opened, pino({ level: 'silent' })));
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(503);
      expect(await readJson<RouteJson<typeof readyz, 503>>(ready)).toEqual({
        status: 'unavailable',
        database: 'ok',
        migrations: 'ahead',
        draining: false,
        pendingMigrations: [],
        unknownMigrations: [NEWER],
        reason: `The database is ahead of this release: 1 migration(s) unknown to it (${NEWER}); a newer release has migrated it.`,
      });
      // It serves: the probes, and reads of the database (the schema only grew: expand-then-contract).
      expect((await app.request('/healthz')).status).toBe(200);
      expect((await app.request('/api/v1/health')).status).toBe(200);
    } finally {
      await opened.close();
    }
  });
});
