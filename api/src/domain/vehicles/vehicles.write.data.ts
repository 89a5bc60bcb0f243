import type { Database, NewVehicle } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { topicColumns } from '../notifications/topics.ts';
import { withReferences } from './detail.data.ts';

export type Db = Kysely<Database>;

/** Reference tables a vehicle points to by id. */
export type ReferenceTable =
  | 'currencies'
  | 'countries'
  | 'cities'
  | 'categories'
  | 'colors'
  | 'fuel_types'
  | 'types'
  | 'transmissions'
  | 'options';

/** Which of these ids exist in the table. */
export async function existingIds(db: Db, table: ReferenceTable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export const findCurrency = (db: Db, id: number) =>
  db.selectFrom('currencies').select(['id', 'code', 'minor_units']).where('id', '=', id).executeTakeFirst();

export const findCity = (db: Db, id: number) =>
  db.selectFrom('cities').select(['id', 'country_id']).where('id', '=', id).executeTakeFirst();

export const findFuelType = (db: Db, id: number) =>
  db.selectFrom('fuel_types').select(['id', 'code']).where('id', '=', id).executeTakeFirst();

/** Every make with the names of its models, to check a brand and model against the catalogue. */
export async function listMakesWithModels(db: Db): Promise<{ name: string; models: string[] }[]> {
  const makes = await db.selectFrom('makes').select(['id', 'name']).execute();
  const models = await db.selectFrom('models').select(['make_id', 'name']).execute();
  return makes.map((m) => ({ name: m.name, models: models.filter((x) => x.make_id === m.id).map((x) => x.name) }));
}

export const findPictures = async (db: Db, ids: number[]) =>
  ids.length === 0 ? [] : db.selectFrom('pictures').select(['id', 'owner_id', 'vehicle_id']).where('id', 'in', ids).execute();

/** The stored row with its option and picture ids (pictures in display order), or undefined. */
export async function findVehicleRow(db: Db, id: number) {
  const row = await db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const options = await db.selectFrom('vehicle_options').select('option_id').where('vehicle_id', '=', id).orderBy('option_id').execute();
  const pictures = await db.selectFrom('pictures').select('id').where('vehicle_id', '=', id).orderBy('position').orderBy('id').execute();
  const currency = await db.selectFrom('currencies').select('minor_units').where('id', '=', row.currency_id).executeTakeFirstOrThrow();
  return {
    row,
    minorUnits: currency.minor_units,
    optionIds: options.map((o) => o.option_id),
    pictureIds: pictures.map((p) => p.id),
  };
}

/** The columns a vehicle form sets: everything but the owner, the creation time and the featured flag. */
export type VehicleColumns = Omit<
  NewVehicle,
  'id' | 'owner_id' | 'created_at' | 'updated_at' | 'featured' | 'plan_featured' | 'sold' | 'sold_at' | 'sold_price_minor'
>;

export async function insertVehicle(db: Db, values: NewVehicle): Promise<number> {
  const row = await db.insertInto('vehicles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVehicle(
  db: Db,
  id: number,
  values: Partial<VehicleColumns> & { updated_at: string; sold?: number; sold_at?: string | null; sold_price_minor?: number | null },
): Promise<void> {
  await db.updateTable('vehicles').set(values).where('id', '=', id).execute();
}

/**
 * Records a change of price or currency (issue 17): the listing's first price too, dated from its
 * creation, when this is its first change. Answers whether anything changed.
 */
export async function recordPriceChange(
  db: Db,
  before: { id: number; price_minor: number; currency_id: number; created_at: string },
  after: { price_minor: number; currency_id: number },
  at: string,
): Promise<boolean> {
  if (Number(before.price_minor) === after.price_minor && before.currency_id === after.currency_id) return false;
  const known = await db.selectFrom('vehicle_prices').select('id').where('vehicle_id', '=', before.id).limit(1).executeTakeFirst();
  const first = known
    ? []
    : [{ vehicle_id: before.id, price_minor: Number(before.price_minor), currency_id: before.currency_id, created_at: before.created_at }];
  await db
    .insertInto('vehicle_prices')
    .values([...first, { vehicle_id: before.id, price_minor: after.price_minor, currency_id: after.currency_id, created_at: at }])
    .execute();
  return true;
}

/**
 * The members told of a price drop (issue 17): whoever liked or saved the listing, but its owner,
 * with the language to write to them in and whether they take notifications and mail at all.
 */
export async function findPriceWatchers(db: Db, vehicleId: number, ownerId: number) {
  const watchers = db
    .selectFrom('likes')
    .select('user_id')
    .where('vehicle_id', '=', vehicleId)
    .union(db.selectFrom('favorites').select('user_id').where('vehicle_id', '=', vehicleId));
  return db
    .selectFrom(watchers.as('w'))
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select(['u.id', 'l.code as language', ...topicColumns('priceDrop')])
    .where('u.id', '!=', ownerId)
    .where('u.status', '=', 'active')
    .orderBy('u.id')
    .execute();
}

/** Inbox rows, each marked for the mail job when its member takes mail. */
export async function insertNotifications(
  db: Db,
  rows: { user_id: number; vehicle_id: number | null; kind: string; from_name: string; message: string; mail_pending: 0 | 1 }[],
): Promise<void> {
  if (rows.length) await db.insertInto('notifications').values(rows).execute();
}

export async function replaceOptions(db: Db, vehicleId: number, optionIds: number[]): Promise<void> {
  await db.deleteFrom('vehicle_options').where('vehicle_id', '=', vehicleId).execute();
  if (optionIds.length) {
    await db
      .insertInto('vehicle_options')
      .values(optionIds.map((option_id) => ({ vehicle_id: vehicleId, option_id })))
      .execute();
  }
}

/**
 * Attaches the owner's pictures to the vehicle in this order (position 0 is the cover) and detaches
 * the ones it had that are no longer listed: they stay with their owner, who may attach them again.
 * A picture is only taken when it is still free (or already this vehicle's), so two listings racing
 * for the same picture cannot both get it. Answers the ids that could not be attached.
 */
export async function attachPictures(db: Db, vehicleId: number, ownerId: number, pictureIds: number[], now: string): Promise<number[]> {
  let detach = db.updateTable('pictures').set({ vehicle_id: null, position: 0, updated_at: now }).where('vehicle_id', '=', vehicleId);
  if (pictureIds.length) detach = detach.where('id', 'not in', pictureIds);
  await detach.execute();
  const refused: number[] = [];
  for (const [position, id] of pictureIds.entries()) {
    const result = await db
      .updateTable('pictures')
      .set({ vehicle_id: vehicleId, position, updated_at: now })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where((eb) => eb.or([eb('vehicle_id', 'is', null), eb('vehicle_id', '=', vehicleId)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) refused.push(id);
  }
  return refused;
}

export async function deleteVehicleRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('vehicles').where('id', '=', id).execute();
}

/** One owner's listings, sold ones included, newest first. */
export async function listOwnVehicles(db: Db, ownerId: number, page: number, perPage: number) {
  const [total, rows] = await Promise.all([
    db.selectFrom('vehicles').select(db.fn.countAll<number>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow(),
    withReferences(db)
      .select(['v.sold_price_minor', 'v.sold_at', 'v.moderation'])
      .where('v.owner_id', '=', ownerId)
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return { rows, total: Number(total.n) };
}
