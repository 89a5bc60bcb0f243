import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { messageColumns } from '../notifications/topics.ts';

export type Db = Kysely<Database>;

/** Likes and favorites share one shape: a (user, vehicle) pair with the time it was made. */
export type Mark = 'likes' | 'favorites';

/** The owner and state of a listing, as the interaction rules need them; undefined when it does not exist. */
export function findListing(db: Db, id: number) {
  return db.selectFrom('vehicles').select(['id', 'owner_id', 'title', 'sold']).where('id', '=', id).executeTakeFirst();
}

/** Marks a vehicle for a user; answers whether the mark is new (false when it was already there). */
export async function addMark(db: Db, mark: Mark, userId: number, vehicleId: number): Promise<boolean> {
  const result = await db
    .insertInto(mark)
    .values({ user_id: userId, vehicle_id: vehicleId })
    .onConflict((oc) => oc.columns(['user_id', 'vehicle_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeMark(db: Db, mark: Mark, userId: number, vehicleId: number): Promise<void> {
  await db.deleteFrom(mark).where('user_id', '=', userId).where('vehicle_id', '=', vehicleId).execute();
}

export async function countLikes(db: Db, vehicleId: number): Promise<number> {
  const row = await db
    .selectFrom('likes')
    .select(db.fn.countAll<number>().as('n'))
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the vehicles a user marked, most recently marked first, and how many there are. */
export async function markedVehicleIds(db: Db, mark: Mark, userId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom(mark)
      .select('vehicle_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('vehicle_id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db.selectFrom(mark).select(db.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.vehicle_id), total: Number(total.n) };
}

/** Records one view; a visitor already counted that day is not counted again. Answers whether it counted. */
export async function recordView(db: Db, vehicleId: number, visitorHash: string, day: string): Promise<boolean> {
  const result = await db
    .insertInto('vehicle_views')
    .values({ vehicle_id: vehicleId, visitor_hash: visitorHash, day })
    .onConflict((oc) => oc.columns(['vehicle_id', 'visitor_hash', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A user's standing on one vehicle (liked, saved, theirs); undefined when the vehicle does not exist. */
export async function viewerMarks(db: Db, userId: number, vehicleId: number) {
  const row = await db
    .selectFrom('vehicles as v')
    .select((eb) => [
      'v.id',
      eb.case().when('v.owner_id', '=', userId).then(1).else(0).end().as('own'),
      eb
        .exists(eb.selectFrom('likes as l').select('l.user_id').whereRef('l.vehicle_id', '=', 'v.id').where('l.user_id', '=', userId))
        .as('liked'),
      eb
        .exists(eb.selectFrom('favorites as f').select('f.user_id').whereRef('f.vehicle_id', '=', 'v.id').where('f.user_id', '=', userId))
        .as('favorite'),
    ])
    .where('v.id', '=', vehicleId)
    .executeTakeFirst();
  return row && { id: row.id, own: Boolean(Number(row.own)), liked: Boolean(Number(row.liked)), favorite: Boolean(Number(row.favorite)) };
}

/** Where a seller is reached: address, chosen language, and whether they want mail about messages. */
export function findSellerContact(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.phone', 'u.status', 'l.code as language_code', ...messageColumns])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** The phone channels (SMS, WhatsApp) a user linked with a code and left notifiable, with the number each proved. */
export async function listNotifiablePhoneChannels(db: Db, userId: number): Promise<{ channel: string; address: string | null }[]> {
  const rows = await db
    .selectFrom('user_providers as up')
    .innerJoin('providers as p', 'p.id', 'up.provider_id')
    .select(['p.code', 'up.address'])
    .where('up.user_id', '=', userId)
    .where('up.is_notifiable', '=', 1)
    .where('up.linked_at', 'is not', null)
    .where('p.code', 'in', ['sms', 'whatsapp'])
    .orderBy('p.code')
    .execute();
  return rows.flatMap((r) => (r.code ? [{ channel: r.code, address: r.address }] : []));
}

/** The message in the seller's inbox, and the record statistics and plan limits count (deleting the message leaves it); in the caller's transaction. */
export async function insertContactNotification(
  db: Db,
  n: {
    userId: number;
    senderId: number | null;
    vehicleId: number;
    conversationId: number;
    /** A new conversation: a contact the seller's plan counts. A buyer writing again is not one. */
    newContact: boolean;
    fromName: string;
    email: string | null;
    phone: string | null;
    message: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      sender_id: n.senderId,
      vehicle_id: n.vehicleId,
      kind: 'contact',
      conversation_id: n.conversationId,
      from_name: n.fromName,
      email: n.email,
      phone: n.phone,
      message: n.message,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!n.newContact) return row.id;
  await db
    .insertInto('contacts')
    .values({
      seller_id: n.userId,
      vehicle_id: n.vehicleId,
      sender_id: n.senderId,
      notification_id: row.id,
      conversation_id: n.conversationId,
    })
    .execute();
  return row.id;
}
