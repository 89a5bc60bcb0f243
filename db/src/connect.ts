import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
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

/** A read-only query run apart from the requests being served (Db.longRead). */
export type LongRead = <R>(query: CompiledQuery<R>) => Promise<R[]>;

/**
 * What the connection layer has seen, read by the metrics on each scrape. PostgreSQL: the pool now.
 * SQLite: totals since the start of write transactions, of the time their `begin immediate` waited
 * for the write lock (another process or connection holding it), of those that gave up (SQLITE_BUSY),
 * and of the time queries of this process queued for its one connection (behind an open transaction).
 */
export type DbStats =
  | { dialect: 'postgres'; total: number; idle: number; waiting: number }
  | { dialect: 'sqlite'; transactions: number; lockWaitSeconds: number; busy: number; connectionWaitSeconds: number };

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** The raw SQLite handle, for the online backup API and pragmas; null on PostgreSQL. */
  sqlite: SQLite.Database | null;
  /**
   * SQLite in a file: a statement prepared on a second, read-only connection to it and run
   * synchronously. It reads committed data only, never an open transaction of this process, and
   * queues behind none: for the tiny reads made on every request (the page versions, decision 024).
   * Its first row, or with `'all'` every row as an array of values in the order selected (the
   * search postings' build reads the catalogue so, decision 044).
   * Null on PostgreSQL and in memory (a second connection would be another database).
   */
  committed: ((sql: string, rows?: 'first' | 'all') => (parameters: readonly unknown[]) => unknown) | null;
  /**
   * A long read of committed data, run apart from the requests being served: on SQLite in a file, on
   * a worker thread's own read-only connection (better-sqlite3 holds its thread while it reads, and a
   * search's facet counts at a million listings take half a second); on PostgreSQL, from the pool; in
   * memory, on the one connection (after any open transaction: never call it inside one). Never for
   * a read that must see an open transaction's changes.
   */
  longRead: LongRead;
  stats(): DbStats;
}

type SqliteStats = Extract<DbStats, { dialect: 'sqlite' }>;

/**
 * Write transactions take the lock at BEGIN, so two writers queue on busy_timeout instead of failing
 * mid-way. Inside a transaction opened on the handle itself (the boot lock, lock.ts), a transaction
 * becomes a savepoint: its work commits or rolls back with the enclosing one.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #handle: SQLite.Database;
  readonly #stats: SqliteStats;
  /** For each open transaction: whether it is a savepoint inside the handle's own transaction. */
  readonly #nested: boolean[] = [];
  constructor(config: SqliteDialectConfig, handle: SQLite.Database, stats: SqliteStats) {
    super(config);
    this.#handle = handle;
    this.#stats = stats;
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const started = performance.now();
    const connection = await super.acquireConnection();
    this.#stats.connectionWaitSeconds += (performance.now() - started) / 1000;
    return connection;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const nested = this.#handle.inTransaction;
    this.#nested.push(nested);
    if (nested) return void (await connection.executeQuery(CompiledQuery.raw(`savepoint tx_${this.#nested.length}`)));
    // better-sqlite3 is synchronous: this measures only the wait inside SQLite's busy handler.
    const started = performance.now();
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      this.#nested.pop();
      if ((error as { code?: string }).code === 'SQLITE_BUSY') this.#stats.busy += 1;
      throw error;
    } finally {
      this.#stats.transactions += 1;
      this.#stats.lockWaitSeconds += (performance.now() - started) / 1000;
    }
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const name = `tx_${this.#nested.length}`;
    const nested = this.#nested.pop();
    await connection.executeQuery(CompiledQuery.raw(nested ? `release savepoint ${name}` : 'commit'));
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const name = `tx_${this.#nested.length}`;
    const nested = this.#nested.pop();
    if (!nested) return void (await connection.executeQuery(CompiledQuery.raw('rollback')));
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #handle: SQLite.Database;
  readonly #stats: SqliteStats;
  constructor(config: SqliteDialectConfig, handle: SQLite.Database, stats: SqliteStats) {
    super(config);
    this.#config = config;
    this.#handle = handle;
    this.#stats = stats;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config, this.#handle, this.#stats);
  }
}

// PostgreSQL sends bigint and numeric as strings; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const MMAP_BYTES = 8 * 1024 ** 3;

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const handle = new SQLite(file);
  handle.pragma('journal_mode = WAL');
  handle.pragma('synchronous = FULL');
  handle.pragma('busy_timeout = 5000');
  handle.pragma('foreign_keys = ON');
  // Reads map the file instead of copying each page through a read() call and SQLite's own 2 MB
  // page cache: at a million listings (a 2 GB file) a search that looks up tens of thousands of
  // rows by id is 30-40 % faster. Writes still go through the WAL; the size is a ceiling, the map
  // grows with the file (SQLite caps it at its compile-time maximum).
  handle.pragma(`mmap_size = ${MMAP_BYTES}`);
  return handle;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and compiling the statement is most of the cost
 * of a small indexed read. Statements are kept by their SQL text, least recently used dropped first.
 * Reuse is safe: the driver runs one query at a time on its single connection.
 */
function withStatementCache(handle: SQLite.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      handle.close();
    },
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else {
        statement = handle.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/** Opens the database named by a URL: `postgres://…` for PostgreSQL, otherwise a SQLite file path or `:memory:`. */
export function connect(
  target: string,
  options: {
    poolSize?: number;
    onIdleError?: (error: Error) => void;
    /**
     * PostgreSQL: the longest connecting and each statement may take (the server cancels a statement
     * at `statement_timeout`; a server that answers nothing at all is given up a second later).
     * Unset: no limit, for migrations and bulk work. SQLite waits at most its busy_timeout for a lock.
     */
    timeoutMs?: number;
  } = {},
): Db {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const timeoutMs = options.timeoutMs;
    const pool = new pg.Pool({
      connectionString: target,
      max: options.poolSize ?? 10,
      ...(timeoutMs && { connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs, query_timeout: timeoutMs + 1000 }),
    });
    // An idle connection the server ends (restart, failover, a dropped test database) emits 'error';
    // unheard, that would crash the process. The pool discards it and the next query reconnects.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const stats = (): DbStats => ({ dialect: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    const longRead = async <R>(query: CompiledQuery<R>) => (await db.executeQuery(query)).rows;
    return { db, dialect: 'postgres', sqlite: null, committed: null, longRead, close: () => db.destroy(), stats };
  }
  const file = target.replace(/^sqlite:(\/\/)?/, '');
  const handle = openSqlite(file);
  const totals: SqliteStats = { dialect: 'sqlite', transactions: 0, lockWaitSeconds: 0, busy: 0, connectionWaitSeconds: 0 };
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(handle) }, handle, totals) });
  let reader: SQLite.Database | null = null;
  const inMemory = file === ':memory:' || file === '';
  const worker = inMemory ? null : workerReads(file);
  const committed = inMemory
    ? null
    : (text: string, rows: 'first' | 'all' = 'first') => {
        if (!reader) {
          reader = new SQLite(file, { readonly: true });
          reader.pragma('busy_timeout = 5000');
        }
        const statement = reader.prepare(text);
        if (rows === 'all') {
          const raw = statement.raw(true);
          return (parameters: readonly unknown[]) => raw.all(...parameters);
        }
        return (parameters: readonly unknown[]) => statement.get(...parameters);
      };
  const longRead = worker?.read ?? (async <R>(query: CompiledQuery<R>) => (await db.executeQuery(query)).rows);
  const close = async () => {
    reader?.close();
    await worker?.close();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', sqlite: handle, committed, longRead, close, stats: () => ({ ...totals }) };
}

/**
 * Reads on a worker thread (long-reads.worker.mjs) with its own read-only connection to the file,
 * started at the first read. It holds the process open only while a read is under way.
 */
function workerReads(file: string) {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (rows: never[]) => void; reject: (error: Error) => void }>();
  /** A worker that failed or stopped: its reads fail, and the next read starts another. */
  const lost = (gone: Worker, error: Error) => {
    if (worker !== gone) return;
    worker = null;
    for (const read of waiting.values()) read.reject(error);
    waiting.clear();
  };
  const start = () => {
    const started = new Worker(new URL('./long-reads.worker.mjs', import.meta.url), { workerData: { file, mmapBytes: MMAP_BYTES } });
    started.on('message', ({ id, rows, error }: { id: number; rows?: never[]; error?: { message: string; code?: string } }) => {
      const read = waiting.get(id);
      waiting.delete(id);
      if (!waiting.size) started.unref();
      if (!read) return;
      if (error) read.reject(Object.assign(new Error(error.message), { code: error.code }));
      else read.resolve(rows ?? []);
    });
    started.on('error', (error) => lost(started, error));
    started.on('exit', () => lost(started, new Error('the long-read worker stopped')));
    return started;
  };
  return {
    read<R>(query: CompiledQuery<R>): Promise<R[]> {
      worker ??= start();
      worker.ref();
      const id = next++;
      const rows = new Promise<R[]>((resolve, reject) => waiting.set(id, { resolve: resolve as (rows: never[]) => void, reject }));
      worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
      return rows;
    },
    async close() {
      const stopping = worker;
      if (!stopping) return;
      lost(stopping, new Error('the database is closed'));
      // A worker stops once the read under way returns, and its handle no longer holds the process
      // open meanwhile: without this timer the process could end there, the caller's await pending.
      const open = setInterval(() => {}, 1000);
      try {
        await stopping.terminate();
      } finally {
        clearInterval(open);
      }
    },
  };
}
