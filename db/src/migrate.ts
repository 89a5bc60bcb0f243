import { DEFAULT_MIGRATION_TABLE, type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';
import { analyzeTables } from './statistics.ts';

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
  // A migration may add an index or rewrite a column of every row: the planner learns of it now
  // (docs/decisions/041-search-at-a-million.md). Nothing applied, nothing changed, nothing read.
  if (results?.length) await analyzeTables(db);
  return (results ?? []).map((r) => r.migrationName);
}

export interface MigrationStatus {
  /** Migrations of this code the database has not applied, oldest first. */
  pending: string[];
  /**
   * Migrations the database has applied that this code does not know, oldest first: a newer
   * release migrated it. kysely's Migrator refuses to run then ("corrupted migrations"); this
   * release serves on (migrations are expand-then-contract, docs/decisions/002) and is not ready.
   */
  unknown: string[];
}

/**
 * How the database's applied migrations compare with this code's list: one small query (the
 * Migrator's own listing introspects every table, too much for a readiness probe). Throws when the
 * database does not answer or was never migrated (no migration table).
 */
export async function migrationStatus(db: Kysely<any>): Promise<MigrationStatus> {
  const rows: { name: string }[] = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute();
  const applied = new Set(rows.map((r) => r.name));
  const known = Object.keys(migrations).sort();
  return {
    pending: known.filter((name) => !applied.has(name)),
    unknown: [...applied].filter((name) => !(name in migrations)).sort(),
  };
}

/** The line a process logs when a newer release has migrated its database. */
export const aheadMessage = (unknown: string[]) =>
  `database is ahead of this release: migrations ${unknown.join(', ')} unknown; serving without migrating, /readyz answers 503 until a release that knows them replaces this one`;
