import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** Channels whose code proves a phone number (auth.service's link codes). */
const PHONE_CHANNELS = ['sms', 'whatsapp'];

/** An active seller's public fields and badges' facts; undefined for no account or a suspended one. */
export async function findSeller(db: Db, id: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('traders as t', 't.user_id', 'u.id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.name',
      'u.seller_type',
      'u.created_at',
      'u.email_verified_at',
      't.status as trader_status',
      't.legal_name',
      't.address',
      't.registration_number',
      't.email as trader_email',
      't.phone as trader_phone',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('user_providers as up')
            .innerJoin('providers as p', 'p.id', 'up.provider_id')
            .select('up.user_id')
            .whereRef('up.user_id', '=', 'u.id')
            .whereRef('up.address', '=', 'u.phone')
            .where('p.code', 'in', PHONE_CHANNELS),
        )
        .as('phone_verified'),
    )
    .where('u.id', '=', id)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
}

/** How many live and sold listings the seller has. */
export async function listingCounts(db: Db, sellerId: number) {
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('sold', '=', 0).as('active'),
      eb.fn.countAll<number>().filterWhere('sold', '=', 1).as('sold'),
    ])
    .where('owner_id', '=', sellerId)
    .executeTakeFirstOrThrow();
  return { active: Number(row.active), sold: Number(row.sold) };
}

/** The city of the seller's newest live listing. */
export async function sellerCity(db: Db, sellerId: number) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('cities as c', 'c.id', 'v.city_id')
    .select(['c.id', 'c.name', 'c.name_i18n'])
    .where('v.owner_id', '=', sellerId)
    .where('v.sold', '=', 0)
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A page of the seller's live listings' ids, newest first. */
export async function activeListingIds(db: Db, sellerId: number, limit: number, offset: number): Promise<number[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select('id')
    .where('owner_id', '=', sellerId)
    .where('sold', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

/** The seller's most recently sold listings' ids. */
export async function soldListingIds(db: Db, sellerId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select('id')
    .where('owner_id', '=', sellerId)
    .where('sold', '=', 1)
    .orderBy('sold_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The conversations buyers began with the seller since `since`, each with the time of the buyer's
 * first message and of the seller's first answer after it (null: never answered).
 */
export async function firstAnswers(db: Db, sellerId: number, since: string) {
  return db
    .selectFrom('conversations as c')
    .select((eb) => {
      const first = (sender: 'buyer' | 'seller') =>
        eb
          .selectFrom('messages as m')
          .select((m) => m.fn.min('m.created_at').as('at'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.sender', '=', sender);
      return [first('buyer').as('asked_at'), first('seller').as('answered_at')];
    })
    .where('c.seller_id', '=', sellerId)
    .where('c.created_at', '>=', since)
    .execute();
}

/** The published reviews' figures: count, mean stars and sub-ratings, share who would recommend. */
export async function reviewSummary(db: Db, sellerId: number) {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.avg<number | null>('rating').as('rating'),
      eb.fn.avg<number | null>('communication').as('communication'),
      eb.fn.avg<number | null>('accuracy').as('accuracy'),
      eb.fn.avg<number | null>('recommend').as('recommend'),
    ])
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  return row;
}

/** A page of the seller's published reviews, newest first. */
export async function publishedReviews(db: Db, sellerId: number, limit: number, offset: number) {
  return db
    .selectFrom('reviews')
    .select([
      'id',
      'author_name',
      'rating',
      'communication',
      'accuracy',
      'recommend',
      'body',
      'language',
      'vehicle_title',
      'published_at',
      'created_at',
      'reply',
      'replied_at',
    ])
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Sellers a sitemap lists: active accounts with a live listing, by id, at most `limit`. */
export async function sitemapSellers(db: Db, limit: number) {
  return db
    .selectFrom('users as u')
    .select('u.id')
    .select((eb) =>
      eb
        .selectFrom('vehicles as v')
        .select((v) => v.fn.max('v.updated_at').as('at'))
        .whereRef('v.owner_id', '=', 'u.id')
        .where('v.sold', '=', 0)
        .as('updated_at'),
    )
    .where('u.status', '=', 'active')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('vehicles as l').select('l.id').whereRef('l.owner_id', '=', 'u.id').where('l.sold', '=', 0)),
    )
    .orderBy('u.id')
    .limit(limit)
    .execute();
}
