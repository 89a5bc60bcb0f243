import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** A listing with what the calendar rules ask of it: its owner, its kind (`types.code`), its title and its owner's language. */
export function findListing(db: Db, vehicleId: number) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('types as ty', 'ty.id', 'v.type_id')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .select(['v.id', 'v.owner_id', 'v.title', 'ty.code as type_code', 'l.code as owner_language'])
    .where('v.id', '=', vehicleId)
    .executeTakeFirst();
}

export function findTerms(db: Db, vehicleId: number) {
  return db
    .selectFrom('rental_terms')
    .select(['vehicle_id', 'time_zone', 'ical_token'])
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
}

/** The terms row with its defaults, unless one exists (a concurrent insert wins quietly). */
export async function setIcalToken(db: Db, vehicleId: number, icalToken: string, now: string): Promise<void> {
  await db.updateTable('rental_terms').set({ ical_token: icalToken, updated_at: now }).where('vehicle_id', '=', vehicleId).execute();
}

export function findTermsByToken(db: Db, icalToken: string) {
  return db.selectFrom('rental_terms').select(['vehicle_id', 'time_zone']).where('ical_token', '=', icalToken).executeTakeFirst();
}

/**
 * The bookings an export shows: those holding the car, the completed ones and those closed without
 * taking place (declined, expired, cancelled) whose dates end on or after `since`.
 */
export function exportedBookings(db: Db, vehicleId: number, since: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'state', 'start_on', 'end_on', 'sequence', 'updated_at'])
    .where('vehicle_id', '=', vehicleId)
    .where((eb) => eb.or([eb('state', 'in', ['requested', 'accepted', 'active']), eb('end_on', '>=', since)]))
    .orderBy('start_on')
    .orderBy('id')
    .execute();
}

export function ownerBlocks(db: Db, vehicleId: number) {
  return db
    .selectFrom('availability_blocks')
    .select(['id', 'kind', 'starts_on', 'ends_on', 'weekday', 'note', 'sequence', 'updated_at'])
    .where('vehicle_id', '=', vehicleId)
    .where('source', '=', 'owner')
    .orderBy('starts_on')
    .orderBy('id')
    .execute();
}

export function listImports(db: Db, vehicleId: number) {
  return db.selectFrom('calendar_imports').selectAll().where('vehicle_id', '=', vehicleId).orderBy('id').execute();
}

export function findImport(db: Db, id: number) {
  return db.selectFrom('calendar_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countImports(db: Db, vehicleId: number): Promise<number> {
  const row = await db
    .selectFrom('calendar_imports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertImport(db: Db, vehicleId: number, url: string, name: string): Promise<number> {
  const row = await db
    .insertInto('calendar_imports')
    .values({ vehicle_id: vehicleId, url, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes an import; its blocks go with it (the foreign key cascades, and SQLite is told so here too). */
export async function deleteImport(db: Db, id: number): Promise<void> {
  await db.deleteFrom('availability_blocks').where('import_id', '=', id).execute();
  await db.deleteFrom('calendar_imports').where('id', '=', id).execute();
}

export async function recordPoll(
  db: Db,
  id: number,
  values: {
    status: string;
    error: string | null;
    polled_at: string;
    etag?: string | null;
    last_modified?: string | null;
    changed_at?: string;
  },
): Promise<void> {
  await db.updateTable('calendar_imports').set(values).where('id', '=', id).execute();
}

export function allImportIds(db: Db) {
  return db.selectFrom('calendar_imports').select('id').orderBy('id').execute();
}

export function importBlocks(db: Db, importId: number) {
  return db
    .selectFrom('availability_blocks')
    .select(['id', 'uid', 'starts_on', 'ends_on', 'sequence', 'conflict_booking_id'])
    .where('import_id', '=', importId)
    .execute();
}

export async function insertImportBlock(
  db: Db,
  row: { vehicle_id: number; import_id: number; uid: string; starts_on: string; ends_on: string; sequence: number; note: string | null },
): Promise<number> {
  const inserted = await db
    .insertInto('availability_blocks')
    .values({ ...row, kind: 'once', source: 'import' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateImportBlock(
  db: Db,
  id: number,
  values: { starts_on: string; ends_on: string; sequence: number; note: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('availability_blocks').set(values).where('id', '=', id).execute();
}

export async function setBlockConflict(db: Db, id: number, bookingId: number | null): Promise<void> {
  await db.updateTable('availability_blocks').set({ conflict_booking_id: bookingId }).where('id', '=', id).execute();
}

export async function deleteBlocks(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('availability_blocks').where('id', 'in', ids).execute();
}

/** The bookings holding the car on a day of [from, to): their day ranges meet it. */
export function holdingBookingsOver(db: Db, vehicleId: number, from: string, to: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'start_on', 'end_on'])
    .where('vehicle_id', '=', vehicleId)
    .where('state', 'in', ['requested', 'accepted', 'active'])
    .where('start_on', '<', to)
    .where('end_on', '>', from)
    .orderBy('id')
    .execute();
}

/** Each import's blocks of a listing, with the booking each one is over (if any). */
export function importBlocksOfListing(db: Db, vehicleId: number) {
  return db
    .selectFrom('availability_blocks as b')
    .leftJoin('bookings as k', 'k.id', 'b.conflict_booking_id')
    .select(['b.import_id', 'b.conflict_booking_id', 'k.start_on', 'k.end_on'])
    .where('b.vehicle_id', '=', vehicleId)
    .where('b.source', '=', 'import')
    .execute();
}
