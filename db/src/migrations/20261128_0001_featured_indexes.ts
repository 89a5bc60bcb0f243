import { type Kysely, sql } from 'kysely';

/*
 * The home page's featured listings: the few live listings an administrator or a plan features,
 * newest first. Partial indexes hold only those rows, so the query never walks the catalogue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['featured', 'plan_featured']) {
    await db.schema
      .createIndex(`vehicles_${column}_live_idx`)
      .on('vehicles')
      .column('created_at')
      .where(sql<boolean>`${sql.ref(column)} = 1 and sold = 0`)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['featured', 'plan_featured']) await db.schema.dropIndex(`vehicles_${column}_live_idx`).execute();
}
