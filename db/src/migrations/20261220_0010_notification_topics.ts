import type { Kysely } from 'kysely';

/*
 * What a member is told of, topic by topic (issue 33): price drops on the listings they liked or
 * saved and their saved searches' alerts, each in the inbox and by mail; new messages from buyers
 * or sellers by mail (a message is always in Messages). All on by default, as every notice was
 * before; the sending paths read them through api/src/domain/notifications/topics.ts.
 */
export const TOPIC_COLUMNS = ['price_drop_inbox', 'price_drop_email', 'saved_search_inbox', 'saved_search_email', 'message_email'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of TOPIC_COLUMNS) {
    await db.schema
      .alterTable('notification_preferences')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...TOPIC_COLUMNS].reverse()) {
    await db.schema.alterTable('notification_preferences').dropColumn(column).execute();
  }
}
