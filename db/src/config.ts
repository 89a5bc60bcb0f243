import path from 'node:path';

/** Where the database lives: DATABASE_URL when set, else the SQLite file in DATA_DIR (DESIGN §2b). */
export function databaseTarget(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  return path.resolve(env.DATA_DIR ?? './data', 'autoroute.db');
}
