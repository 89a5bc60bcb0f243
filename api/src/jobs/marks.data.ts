import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** Reads a job's mark (its JSON text) by name; undefined when none was written. */
export async function readJobMark(db: Db, name: string): Promise<string | undefined> {
  const mark = await db.selectFrom('job_marks').select('value').where('name', '=', name).executeTakeFirst();
  return mark?.value;
}

/** Writes a job's mark (JSON text), inserted or replaced. */
export async function writeJobMark(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('job_marks')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}
