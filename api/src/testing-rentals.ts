import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';

/*
 * What the rentals' API tests share (bookings.test.ts, booking-payments.test.ts): a listing made a
 * day rental in Paris, and a booking's times moved back while the test's clock runs on.
 */

type Db = Kysely<Database>;

/** Makes a listing the owner's day rental in Paris, priced in euros (minor units a day). */
export async function makeDayRental(db: Db, vehicleId: number, ownerId: number, priceMinor: number): Promise<void> {
  const type = await db.selectFrom('types').select('id').where('code', '=', 'rent_day').executeTakeFirstOrThrow();
  const france = await db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow();
  const city = await db.selectFrom('cities').select('id').where('country_id', '=', france.id).executeTakeFirstOrThrow();
  const euro = await db.selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow();
  await db
    .updateTable('vehicles')
    .set({
      owner_id: ownerId,
      type_id: type.id,
      price_minor: priceMinor,
      currency_id: euro.id,
      country_id: france.id,
      city_id: city.id,
      sold: 0,
    })
    .where('id', '=', vehicleId)
    .execute();
}

/** Moves a booking's times `by` hours earlier (rounded up to whole hours): its pickup comes closer. */
export async function shiftBooking(db: Db, id: number, by: number): Promise<void> {
  const hours = Math.ceil(by);
  const b = await db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const back = (iso: string) => new Date(Date.parse(iso) - hours * 3_600_000).toISOString();
  await db
    .updateTable('bookings')
    .set({ start_at: back(b.start_at), end_at: back(b.end_at), span_from: b.span_from - hours * 60, span_to: b.span_to - hours * 60 })
    .where('id', '=', id)
    .execute();
}
