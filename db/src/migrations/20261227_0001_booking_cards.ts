import type { Kysely } from 'kysely';

/*
 * Bookings paid by card through Stripe (docs/decisions/065-booking-payments.md): when the deposit's
 * hold on the renter's card was placed. A card authorization lapses after 7 days, so the booking
 * clock places a new hold before then while the deposit is still held.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('deposit_held_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('deposit_held_at').execute();
}
