import type { Kysely } from 'kysely';

/*
 * The scheduled instant a job last ran for (ISO-8601 UTC). Every server process schedules every
 * job; the one that moves this forward runs the tick, the others find it taken. The run lock alone
 * kept two runs from overlapping, not a fast job from running once per process.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('datacrons').addColumn('last_tick', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('datacrons').dropColumn('last_tick').execute();
}
