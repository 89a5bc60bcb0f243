import type { Kysely } from 'kysely';

/*
 * Notifications whose mail goes out later (issue 17): a price drop reaches everyone who liked or
 * saved the listing, so the seller's request only writes their inbox rows, marked `mail_pending`;
 * the `send-notification-mail` job mails them within a minute and clears the mark. An existing
 * installation gets that job here; a new one gets it with the rest of its seeded jobs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('mail_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('notifications_mail_pending_id_idx').on('notifications').columns(['mail_pending', 'id']).execute();
  const seeded = await db.selectFrom('datacrons').select('id').limit(1).executeTakeFirst();
  if (seeded) {
    await db
      .insertInto('datacrons')
      .values({
        name: 'Send notification mail',
        handler: 'send-notification-mail',
        cron: '* * * * *',
        description: 'Mails the notifications that wait for it (price drops), within a minute.',
        active: 1,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('datacrons').where('handler', '=', 'send-notification-mail').execute();
  await db.schema.dropIndex('notifications_mail_pending_id_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('mail_pending').execute();
}
