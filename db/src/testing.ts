import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type Db } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

export interface TestDatabase extends Db {
  /** A scratch folder for media and other files of this database's suite. */
  dir: string;
  /** What connect() takes to open this database again (a second server process in a test). */
  url: string;
  /** Closes and deletes the database and its folder. */
  destroy(): Promise<void>;
}

/** Which engine the database tests run on: PostgreSQL when TEST_DIALECT=postgres (with TEST_DATABASE_URL). */
export const testDialect = (): 'sqlite' | 'postgres' => (process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite');

/**
 * A fresh, migrated database for one test suite: a SQLite file in a temporary folder, or a new
 * PostgreSQL database created on the server named by TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-test-'));
  if (testDialect() === 'sqlite') {
    const file = path.join(dir, 'test.db');
    const db = connect(file);
    if (migrate) await migrateToLatest(db.db);
    return {
      ...db,
      dir,
      url: file,
      destroy: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const scratch = await scratchPostgres(admin);
  const db = connect(scratch.url, { poolSize: 4 });
  if (migrate) await migrateToLatest(db.db);
  return {
    ...db,
    dir,
    url: scratch.url,
    destroy: async () => {
      await db.close();
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new, empty PostgreSQL database on the server of `admin` (a connection URL), and how to drop it. */
export async function scratchPostgres(admin: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `autoroute_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
