import type { Kysely } from 'kysely';

/*
 * The language a guest wrote in (issue 33 item 5): the page's language when they sent the contact
 * form. Every mail the guest gets about the conversation (the seller's answers) is in it. Null for
 * a member, who is answered in Messages and mailed in their account's language, and for the
 * conversations begun before it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    // A locale code (`fr_FR`), as the pages and the API name languages.
    .addColumn('buyer_language', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('buyer_language').execute();
}
