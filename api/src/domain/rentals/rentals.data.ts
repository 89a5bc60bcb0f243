import type { BookingActor, BookingState } from '@autoroute/contract/rentals';
import type { BookingTable, Database, RentalTermsTable } from '@autoroute/db';
import type { Insertable, Kysely, Updateable } from 'kysely';

type Db = Kysely<Database>;

/** The states that hold the car (HOLDING_STATES in @autoroute/contract/rentals), as the queries take them. */
const HOLDING: BookingState[] = ['requested', 'accepted', 'active'];

/** A listing as the rental rules read it: who owns it, what it costs per unit, where it is, and its terms if written. */
export function findRental(db: Db, vehicleId: number) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('types as ty', 'ty.id', 'v.type_id')
    .innerJoin('currencies as cu', 'cu.id', 'v.currency_id')
    .innerJoin('countries as co', 'co.id', 'v.country_id')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .leftJoin('rental_terms as rt', 'rt.vehicle_id', 'v.id')
    .selectAll('rt')
    .select([
      'v.id as id',
      'v.owner_id',
      'v.title',
      'v.price_minor',
      'v.currency_id',
      'v.sold',
      'ty.code as type_code',
      'cu.code as currency',
      'co.code as country_code',
      'u.status as owner_status',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      'rt.vehicle_id as terms_vehicle_id',
    ])
    .where('v.id', '=', vehicleId)
    .executeTakeFirst();
}
export type RentalRow = NonNullable<Awaited<ReturnType<typeof findRental>>>;

export async function upsertTerms(db: Db, values: Insertable<RentalTermsTable>, exists: boolean): Promise<void> {
  if (exists) {
    const { vehicle_id, ical_token: _keep, ...rest } = values;
    await db.updateTable('rental_terms').set(rest).where('vehicle_id', '=', vehicle_id).execute();
  } else await db.insertInto('rental_terms').values(values).execute();
}

/** A terms row unless one was written meanwhile (by the owner, or by a concurrent first read of the calendar). */
export async function insertTermsIfMissing(db: Db, values: Insertable<RentalTermsTable>): Promise<void> {
  await db
    .insertInto('rental_terms')
    .values(values)
    .onConflict((oc) => oc.column('vehicle_id').doNothing())
    .execute();
}

export function listBlocks(db: Db, vehicleId: number) {
  return db.selectFrom('availability_blocks').selectAll().where('vehicle_id', '=', vehicleId).orderBy('starts_on').orderBy('id').execute();
}

/** The blocks that may close a day in [from, to] (inclusive): one-off ranges meeting it, weekly ones begun by its end. */
export function blocksMeeting(db: Db, vehicleId: number, from: string, to: string) {
  return db
    .selectFrom('availability_blocks')
    .selectAll()
    .where('vehicle_id', '=', vehicleId)
    .where('starts_on', '<=', to)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>', from)]))
    .execute();
}

export async function insertBlock(
  db: Db,
  b: { vehicleId: number; kind: 'once' | 'weekly'; startsOn: string; endsOn: string | null; weekday: number | null; note: string | null },
): Promise<number> {
  const row = await db
    .insertInto('availability_blocks')
    .values({
      vehicle_id: b.vehicleId,
      kind: b.kind,
      starts_on: b.startsOn,
      ends_on: b.endsOn,
      weekday: b.weekday,
      note: b.note,
      source: 'owner',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findBlock(db: Db, id: number) {
  return db.selectFrom('availability_blocks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteBlock(db: Db, id: number): Promise<void> {
  await db.deleteFrom('availability_blocks').where('id', '=', id).execute();
}

/** The bookings holding the car at some minute of [from, to). */
export function holdingBookings(db: Db, vehicleId: number, from: number, to: number) {
  return db
    .selectFrom('bookings')
    .select(['id', 'state', 'start_on', 'end_on', 'span_from', 'span_to'])
    .where('vehicle_id', '=', vehicleId)
    .where('state', 'in', HOLDING)
    .where('span_from', '<', to)
    .where('span_to', '>', from)
    .orderBy('span_from')
    .execute();
}

export async function insertBooking(db: Db, values: Insertable<BookingTable>): Promise<number> {
  const row = await db.insertInto('bookings').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Bookings with what either side reads of them: the listing's title, the currency, both names, the cover picture. */
function bookingsRead(db: Db) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .innerJoin('currencies as cu', 'cu.id', 'b.currency_id')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .leftJoin('users as r', 'r.id', 'b.renter_id')
    .selectAll('b')
    .select((eb) => [
      'v.title',
      'cu.code as currency',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'r.first_name as renter_first_name',
      'r.last_name as renter_last_name',
      eb
        .selectFrom('pictures as p')
        .select('p.renditions')
        .whereRef('p.vehicle_id', '=', 'b.vehicle_id')
        .orderBy('p.position')
        .limit(1)
        .as('cover'),
    ]);
}

export function findBooking(db: Db, id: number) {
  return bookingsRead(db).where('b.id', '=', id).executeTakeFirst();
}
export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

/** A member's bookings on one side, the latest pickups first. */
export function listBookings(db: Db, userId: number, side: 'renter' | 'owner', limit: number) {
  return bookingsRead(db)
    .where(side === 'renter' ? 'b.renter_id' : 'b.owner_id', '=', userId)
    .orderBy('b.start_on', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Moves a booking from one state to another only if it is still in `from` (a concurrent transition
 * made first wins, the other answers 409): answers whether it moved.
 */
export async function moveBooking(db: Db, id: number, from: BookingState, set: Updateable<BookingTable>): Promise<boolean> {
  const result = await db.updateTable('bookings').set(set).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateBooking(db: Db, id: number, set: Updateable<BookingTable>): Promise<void> {
  await db.updateTable('bookings').set(set).where('id', '=', id).execute();
}

export async function insertEvent(
  db: Db,
  e: {
    bookingId: number;
    from: BookingState | null;
    to: string;
    actor: BookingActor;
    actorId: number | null;
    detail: object | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('booking_events')
    .values({
      booking_id: e.bookingId,
      from_state: e.from,
      to_state: e.to,
      actor: e.actor,
      actor_id: e.actorId,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      at: e.at,
    })
    .execute();
}

export const listEvents = (db: Db, bookingId: number) =>
  db.selectFrom('booking_events').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();

export const listHandovers = (db: Db, bookingId: number) =>
  db.selectFrom('booking_handovers').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();

export const listReviews = (db: Db, bookingId: number) =>
  db.selectFrom('booking_reviews').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();

/** The pictures a member uploaded among these ids, with their renditions. */
export function picturesOf(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('pictures').select(['id', 'owner_id', 'vehicle_id', 'storage_key', 'renditions']).where('id', 'in', ids).execute();
}

/** The member's name and language: who a notice is written to. */
export function findMember(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.status', 'l.code as language'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** PostgreSQL: locks the listing's row to the commit, so one booking of the car at a time is checked and written. */
export async function lockListing(db: Db, vehicleId: number): Promise<void> {
  await db.selectFrom('vehicles').select('id').where('id', '=', vehicleId).forUpdate().execute();
}

export async function insertHandover(
  db: Db,
  h: {
    bookingId: number;
    stage: 'pickup' | 'return';
    side: 'renter' | 'owner';
    authorId: number;
    odometer: number;
    fuel: number;
    damage: string | null;
    pictures: number[];
  },
): Promise<void> {
  await db
    .insertInto('booking_handovers')
    .values({
      booking_id: h.bookingId,
      stage: h.stage,
      side: h.side,
      author_id: h.authorId,
      odometer: h.odometer,
      fuel: h.fuel,
      damage: h.damage,
      pictures: JSON.stringify(h.pictures),
    })
    .execute();
}

export async function insertReview(
  db: Db,
  r: {
    bookingId: number;
    side: 'renter' | 'owner';
    authorId: number;
    subjectId: number | null;
    authorName: string;
    rating: number;
    body: string;
    language: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('booking_reviews')
    .values({
      booking_id: r.bookingId,
      side: r.side,
      author_id: r.authorId,
      subject_id: r.subjectId,
      author_name: r.authorName,
      rating: r.rating,
      body: r.body,
      language: r.language,
      created_at: r.at,
    })
    .execute();
}

/** Claims a reminder of a booking: answers whether this call is the one that sends it. */
export async function claimReminder(db: Db, bookingId: number, kind: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('booking_reminders')
    .values({ booking_id: bookingId, kind, sent_at: at })
    .onConflict((oc) => oc.columns(['booking_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The ids of the bookings in one of `states` whose `column` lies in (after, until]: what the clock acts on. */
export async function dueBookings(
  db: Db,
  states: BookingState[],
  column: 'expires_at' | 'start_at' | 'end_at' | 'completed_at',
  after: string | null,
  until: string | null,
): Promise<number[]> {
  let q = db.selectFrom('bookings').select('id').where('state', 'in', states);
  if (after !== null) q = q.where(column, '>', after);
  if (until !== null) q = q.where(column, '<=', until);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}

/** The bookings whose held deposit is due back. */
export async function depositsDue(db: Db, at: string): Promise<number[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('deposit_state', '=', 'held')
    .where('deposit_release_at', '<=', at)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Releases a held deposit, if it still is: answers whether this call did. */
export async function releaseDeposit(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ deposit_state: 'released', updated_at: at })
    .where('id', '=', id)
    .where('deposit_state', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Bookings whose deposit is held on a card by a hold placed before `before`: it lapses soon, and is placed anew. */
export async function depositHoldsToRenew(db: Db, before: string): Promise<number[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('deposit_state', '=', 'held')
    .where('deposit_ref', 'is not', null)
    .where('deposit_held_at', '<=', before)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
