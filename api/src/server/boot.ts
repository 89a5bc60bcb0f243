import { aheadMessage, connect, type Db, migrateToLatest, migrationStatus, withBootLock } from '@autoroute/db';
import { type SeedReport, seed } from '@autoroute/db/seed';
import type { Logger } from 'pino';
import type { Config } from '../core/config.ts';
import { createMediaStore } from '../media/store.ts';

/**
 * Opens the database, applies pending migrations and fills an empty database (DESIGN §1). A
 * database a newer release has migrated is left as it is: this process serves on it, not ready
 * (/readyz), instead of failing at every restart (docs/decisions/038).
 */
export async function boot(config: Config, log: Logger): Promise<{ database: Db; report: SeedReport }> {
  const onIdleError = (err: Error) => log.warn({ err }, 'database connection lost; the pool reconnects');
  // Migrating and seeding may take longer than a request's statement may: their own connection has no limit.
  const booting = connect(config.databaseUrl, { onIdleError });
  // One process at a time migrates and seeds; the others then find the work done.
  const { applied, report } = await withBootLock(
    booting,
    async () => {
      // No migration table yet (a new database): nothing is ahead, everything is to apply.
      const unknown = (await migrationStatus(booting.db).catch(() => null))?.unknown ?? [];
      if (unknown.length) {
        log.warn({ unknownMigrations: unknown }, aheadMessage(unknown));
        return { applied: [], report: { reference: false, admin: null, vehicles: 0 } };
      }
      return {
        applied: await migrateToLatest(booting.db),
        report: await seed(booting.db, {
          demo: config.seed.demo,
          vehicles: config.seed.vehicles,
          // The demo pictures go where the server will look for them: the folder or the bucket.
          media: createMediaStore(config.media, config.mediaDir),
          admin: config.admin,
        }),
      };
    },
    { waitMs: config.bootLockWaitMs },
  );
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (report.reference) log.info({ vehicles: report.vehicles }, 'empty database seeded');
  if (booting.dialect === 'sqlite') return { database: booting, report };
  // PostgreSQL: requests and jobs then run on a pool whose connections and statements are bounded (DATABASE_TIMEOUT_MS).
  await booting.close();
  return { database: connect(config.databaseUrl, { onIdleError, timeoutMs: config.timeouts.databaseMs }), report };
}
