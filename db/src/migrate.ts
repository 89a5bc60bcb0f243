import { DEFAULT_MIGRATION_TABLE, type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';

export function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/**
 * The migrations this code knows that the database has not applied, oldest first: one small query
 * (the Migrator's own listing introspects every table, too much for a readiness probe). Throws when
 * the database does not answer or was never migrated (no migration table).
 */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const rows: { name: string }[] = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute();
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(migrations)
    .sort()
    .filter((name) => !applied.has(name));
}
