import type { Kysely } from 'kysely';

/*
 * Reviews, the invitation (issue 35 item 6, docs/decisions/055-reviews.md): a buyer is mailed once,
 * a week after their conversation began, a link to review the seller. `review_invited_at` says the
 * invitation was dealt with (mailed, or skipped by the buyer's preferences), so it is never sent twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('review_invited_at', 'text').execute();
  // The job reads the conversations of a window of days that were not yet invited.
  await db.schema.createIndex('conversations_review_invite_idx').on('conversations').columns(['review_invited_at', 'created_at']).execute();

  // An existing installation gets the job here; a new one gets it with the rest of its seeded jobs.
  const seeded = await db.selectFrom('datacrons').select('id').limit(1).executeTakeFirst();
  if (seeded) {
    await db
      .insertInto('datacrons')
      .values({
        name: 'Review invitations',
        handler: 'review-invitations',
        cron: '20 * * * *',
        description: 'Mails buyers, once, a week after their conversation with a seller began, a link to review the seller.',
        active: 1,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('datacrons').where('handler', '=', 'review-invitations').execute();
  await db.schema.dropIndex('conversations_review_invite_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('review_invited_at').execute();
}
