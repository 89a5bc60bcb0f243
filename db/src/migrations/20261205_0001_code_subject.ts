import type { Kysely } from 'kysely';

/*
 * What a one-time code vouches for beyond the address it belongs to: linking SMS with a code sent
 * to +33 6 12 34 56 78 proves that number, not another one, nor another channel. The code carries
 * it, and so does the process id its check yields; null for the codes that prove the email alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_codes').addColumn('subject', 'text').execute();
  await db.schema.alterTable('process_ids').addColumn('subject', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('process_ids').dropColumn('subject').execute();
  await db.schema.alterTable('one_time_codes').dropColumn('subject').execute();
}
