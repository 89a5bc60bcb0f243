import { type Database, nowIso } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { bandsOf } from '../../media/phash.ts';

export interface StoredRendition {
  width: number;
  height: number;
  format: string;
  key: string;
}

export interface NewPictureRow {
  ownerId: number;
  storageKey: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  renditions: StoredRendition[];
  /** The perceptual hash (media/phash.ts). */
  phash: string;
}

/** The hash and its four bands, as stored (docs/decisions/053). */
function hashColumns(phash: string) {
  const [phash_b0, phash_b1, phash_b2, phash_b3] = bandsOf(phash);
  return { phash, phash_b0, phash_b1, phash_b2, phash_b3 };
}

/** A picture not yet attached to a vehicle (the vehicle form attaches it by id). */
export async function insertPicture(db: Kysely<Database>, p: NewPictureRow): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('pictures')
    .values({
      owner_id: p.ownerId,
      vehicle_id: null,
      storage_key: p.storageKey,
      mime: p.mime,
      width: p.width,
      height: p.height,
      bytes: p.bytes,
      renditions: JSON.stringify(p.renditions),
      ...hashColumns(p.phash),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findPicture(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('pictures')
    .select(['id', 'owner_id', 'vehicle_id', 'storage_key', 'renditions'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The pictures of a listing, for removing their files once the listing is deleted. */
export function findVehiclePictures(db: Kysely<Database>, vehicleId: number) {
  return db.selectFrom('pictures').select(['id', 'storage_key', 'renditions']).where('vehicle_id', '=', vehicleId).execute();
}

export async function deletePicture(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('pictures').where('id', '=', id).execute();
}
