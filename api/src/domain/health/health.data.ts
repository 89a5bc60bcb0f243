import type { Database } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Database>;

/** Resolves once the database answered a trivial query; rejects when it cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
