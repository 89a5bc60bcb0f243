import type { Kysely } from 'kysely';

/*
 * The booking clock's schedule, and the renter's time zone, as their browser gave it when they booked (issue 36 item 6): their
 * notices and mails give the pickup and return times in it. Null: the car's zone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('renter_time_zone', 'text').execute();
  // The booking clock job, on a database whose jobs were seeded before it existed.
  const seeded = await db.selectFrom('datacrons').select('id').limit(1).executeTakeFirst();
  if (seeded) {
    await db
      .insertInto('datacrons')
      .values({
        name: 'Booking clock',
        handler: 'booking-clock',
        cron: '* * * * *',
        description: 'Expires unanswered booking requests, sends pickup and return reminders, completes past rentals, releases deposits.',
        active: 1,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('datacrons').where('handler', '=', 'booking-clock').execute();
  await db.schema.alterTable('bookings').dropColumn('renter_time_zone').execute();
}
