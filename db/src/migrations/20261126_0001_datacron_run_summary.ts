import type { Kysely } from 'kysely';

/*
 * What a job run did, in a line ("deleted 12 expired codes, 3 sessions"), shown in the run
 * history beside its outcome. Outcomes are text: 'skipped' joins running, success and error for a
 * job that has nothing to do on this engine (a SQLite backup on PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('datacron_runs').addColumn('summary', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('datacron_runs').dropColumn('summary').execute();
}
