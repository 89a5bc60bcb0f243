import type { Kysely } from 'kysely';

/*
 * A listing is featured either by an administrator (`featured`, moderation) or because its seller's
 * active plan includes featured listings (`plan_featured`, kept by the billing code on activation,
 * on publishing and by the expire-subscriptions job). Two columns so that a plan ending never
 * unfeatures what an administrator featured, and no search has to join subscriptions
 * (docs/decisions/011-plans-and-payments.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('vehicles')
    .addColumn('plan_featured', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vehicles').dropColumn('plan_featured').execute();
}
