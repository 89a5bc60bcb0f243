import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** The raw SQLite handle, for the online backup API and pragmas; null on PostgreSQL. */
  sqlite: SQLite.Database | null;
}

/** Write transactions take the lock at BEGIN, so two writers queue on busy_timeout instead of failing mid-way. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

// PostgreSQL sends bigint and numeric as strings; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const handle = new SQLite(file);
  handle.pragma('journal_mode = WAL');
  handle.pragma('synchronous = FULL');
  handle.pragma('busy_timeout = 5000');
  handle.pragma('foreign_keys = ON');
  return handle;
}

/** Opens the database named by a URL: `postgres://…` for PostgreSQL, otherwise a SQLite file path or `:memory:`. */
export function connect(target: string, options: { poolSize?: number; onIdleError?: (error: Error) => void } = {}): Db {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const pool = new pg.Pool({ connectionString: target, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) emits 'error';
    // unheard, that would crash the process. The pool discards it and the next query reconnects.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', sqlite: null, close: () => db.destroy() };
  }
  const handle = openSqlite(target.replace(/^sqlite:(\/\/)?/, ''));
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: handle }) });
  return { db, dialect: 'sqlite', sqlite: handle, close: () => db.destroy() };
}
