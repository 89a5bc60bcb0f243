import type { SignalSeverity } from '@autoroute/contract/trust';
import { type Database, WITHHELD } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** What the signals are computed from: the listing, its seller's type and its currency. */
export function findSignalSubject(db: Db, vehicleId: number) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .innerJoin('currencies as c', 'c.id', 'v.currency_id')
    .select([
      'v.id',
      'v.owner_id',
      'v.vin',
      'v.brand',
      'v.model',
      'v.year',
      'v.mileage',
      'v.price_minor',
      'v.category_id',
      'v.fuel_type_id',
      'v.type_id',
      'u.seller_type',
      'c.code as currency',
      'c.minor_units',
      'c.rate',
    ])
    .where('v.id', '=', vehicleId)
    .executeTakeFirst();
}

/** The other listings for sale under this VIN (stored in capitals), with their sellers. */
export function liveListingsWithVin(db: Db, vin: string, exceptId: number) {
  return (
    db
      .selectFrom('vehicles')
      .select(['id', 'owner_id'])
      .where('vin', '=', vin)
      .where('id', '!=', exceptId)
      // Withheld by moderation but not sold (a pending or held copy) is still a copy (docs/decisions/057).
      .where((eb) => eb.or([eb('sold', '=', 0), eb.and([eb('sold', '=', WITHHELD), eb('sold_at', 'is', null)])]))
      .orderBy('id')
      .execute()
  );
}

/** How many listings the seller has for sale. */
export async function countLiveListings(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('sold', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replaces the listing's signals with these (none: the listing is clear). */
export async function replaceSignals(
  db: Db,
  vehicleId: number,
  signals: readonly { kind: string; severity: SignalSeverity; details: string }[],
): Promise<void> {
  await db.deleteFrom('listing_signals').where('vehicle_id', '=', vehicleId).execute();
  if (signals.length) {
    await db
      .insertInto('listing_signals')
      .values(signals.map((s) => ({ vehicle_id: vehicleId, ...s })))
      .execute();
  }
}

/** The listing's signals as stored, or undefined when there is no such listing. */
export async function findSignals(db: Db, vehicleId: number) {
  const listing = await db.selectFrom('vehicles').select('id').where('id', '=', vehicleId).executeTakeFirst();
  if (!listing) return undefined;
  return db
    .selectFrom('listing_signals')
    .select(['kind', 'severity', 'details', 'created_at'])
    .where('vehicle_id', '=', vehicleId)
    .orderBy('id')
    .execute();
}

/** The hashed pictures of a listing. */
export async function hashedPictures(db: Db, vehicleId: number) {
  const rows = await db
    .selectFrom('pictures')
    .select(['id', 'phash'])
    .where('vehicle_id', '=', vehicleId)
    .where('phash', 'is not', null)
    .orderBy('position')
    .execute();
  return rows as { id: number; phash: string }[];
}

const BAND_COLUMNS = ['phash_b0', 'phash_b1', 'phash_b2', 'phash_b3'] as const;

/**
 * The pictures of other listings for sale (not sold) sharing a band value with one of these
 * (docs/decisions/053: multi-index hashing): one indexed lookup per band, the candidates then
 * measured exactly by the caller. `bands[i]` are the values searched in band i.
 */
export async function pictureCandidates(db: Db, vehicleId: number, bands: readonly (readonly number[])[]) {
  const found = new Map<number, { id: number; phash: string; vehicle_id: number; owner_id: number }>();
  for (const [i, values] of bands.entries()) {
    if (!values.length) continue;
    const rows = await db
      .selectFrom('pictures as p')
      .innerJoin('vehicles as v', 'v.id', 'p.vehicle_id')
      .select(['p.id', 'p.phash', 'p.vehicle_id', 'v.owner_id'])
      .where(`p.${BAND_COLUMNS[i] as (typeof BAND_COLUMNS)[number]}`, 'in', [...values])
      .where('p.vehicle_id', '!=', vehicleId)
      .where((eb) => eb.or([eb('v.sold', '=', 0), eb.and([eb('v.sold', '=', WITHHELD), eb('v.sold_at', 'is', null)])]))
      .execute();
    for (const r of rows)
      if (r.phash !== null && r.vehicle_id !== null) found.set(r.id, { ...r, phash: r.phash, vehicle_id: r.vehicle_id });
  }
  return [...found.values()];
}
