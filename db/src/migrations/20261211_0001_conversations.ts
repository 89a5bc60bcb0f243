import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Conversations (issue 17 item 6). Contacting a seller opens a conversation about that listing, or
 * continues the buyer's existing one; both parties then write in it. A buyer is a member
 * (`buyer_id`) or a guest known by the contact fields they gave, who reads and answers through a
 * signed link mailed to them (`guest_key` signs it; clearing it revokes every link). Each side
 * keeps the last message it read, so an unread count is the other side's messages after it. Phone
 * and email stay hidden until their owner shares them. A listing deleted later leaves the
 * conversation without it. Inbox notifications of a new message name their conversation.
 * Contacts sent before this migration stay in the sellers' inboxes as they were.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'integer', id)
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null'))
    // The listing's title when the conversation began: it still names it once the listing is gone.
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('buyer_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // The contact fields the buyer gave (SPEC §3): shown to the seller once the buyer shares them.
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text')
    .addColumn('buyer_phone', 'text')
    .addColumn('buyer_shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seller_shared', 'integer', (c) => c.notNull().defaultTo(0))
    // 'buyer' or 'seller': who stopped it. Nobody writes in a blocked conversation.
    .addColumn('blocked_by', 'text')
    // A guest's links are signed with it; null for a member, or once revoked.
    .addColumn('guest_key', 'text')
    // The last message each side has read (0: none).
    .addColumn('buyer_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seller_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // One conversation per member and listing (guests, with no buyer_id, are matched by their address).
  await db.schema
    .createIndex('conversations_vehicle_id_buyer_id_idx')
    .on('conversations')
    .columns(['vehicle_id', 'buyer_id'])
    .unique()
    .execute();
  await db.schema.createIndex('conversations_seller_id_last_idx').on('conversations').columns(['seller_id', 'last_message_at']).execute();
  await db.schema.createIndex('conversations_buyer_id_last_idx').on('conversations').columns(['buyer_id', 'last_message_at']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', id)
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('messages_conversation_id_id_idx').on('messages').columns(['conversation_id', 'id']).execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('conversation_id', 'integer', (c) => c.references('conversations.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('notifications_conversation_id_idx').on('notifications').column('conversation_id').execute();
  await db.schema
    .alterTable('contacts')
    .addColumn('conversation_id', 'integer', (c) => c.references('conversations.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('contacts_conversation_id_idx').on('contacts').column('conversation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contacts_conversation_id_idx').execute();
  await db.schema.alterTable('contacts').dropColumn('conversation_id').execute();
  await db.schema.dropIndex('notifications_conversation_id_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('conversation_id').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
