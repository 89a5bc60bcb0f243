import type { Logger } from 'pino';

/** The services a request may wait on (docs/decisions/037): each failure is counted under its name. */
export type Dependency = 'database' | 'redis' | 's3' | 'smtp';

/** What a 503 for a failed dependency tells clients and proxies: try again in a few seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** A dependency that failed or did not answer in time, named by the code that called it. */
export class DependencyError extends Error {
  constructor(
    readonly dependency: Dependency,
    override readonly cause: unknown,
  ) {
    super(`${dependency} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

// The connection and timeout errors of node-postgres and of Node's sockets under it.
const PG_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's SQLSTATE classes of an unusable server rather than a bad query: 08 connection,
 * 28 a connection refused its credentials, 3D000 no such database, 53 insufficient resources,
 * 57 operator intervention (57014: statement_timeout), 58 system error.
 */
const PG_CLASSES = /^(08|28|3D000|53|57|58)/;
// SQLite: the write lock not had within busy_timeout, a disk that fails or is full.
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL|NOMEM)/;

/**
 * The dependency an error came from, or null for a fault of our own. Redis, S3 and SMTP errors are
 * wrapped in DependencyError where they are called; an unwrapped connection or timeout error can
 * only be the database's, whose driver errors reach the routes through Kysely as they are.
 */
export function failedDependency(error: unknown): Dependency | null {
  if (error instanceof DependencyError) return error.dependency;
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLITE_CODES.test(code))) return 'database';
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && PG_CLASSES.test(code)) return 'database';
  if (PG_MESSAGES.test(error.message)) return 'database';
  return null;
}

/** Records one dependency failure: one JSON log line and autoroute_dependency_errors_total{dependency}. */
export function dependencyFailed(
  metrics: { dependencyError(dependency: Dependency): void },
  log: Logger,
  dependency: Dependency,
  error: unknown,
): void {
  metrics.dependencyError(dependency);
  const cause = error instanceof DependencyError ? error.cause : error;
  const { message, code } =
    cause instanceof Error
      ? { message: cause.message, code: (cause as { code?: unknown }).code }
      : { message: String(cause), code: undefined };
  // No stack: a known outage, not a bug, and a line per failure is what an operator greps.
  log.warn({ dependency, error: message, ...(code !== undefined && { code }) }, 'dependency failed');
}
