import { type Database, nowIso } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

const detailColumns = [
  'd.name as detail_name',
  'd.name_i18n as detail_name_i18n',
  'd.vehicle_limit',
  'd.photo_limit',
  'd.contact_limit',
  'd.featured_listing',
  'd.detailed_stats',
  'd.priority_support',
] as const;

/** Carts with their group, currency and first detail row; only active ones unless `all`. */
export function plansQuery(db: Db) {
  return (
    db
      .selectFrom('carts as c')
      .innerJoin('cart_groups as g', 'g.id', 'c.group_id')
      .innerJoin('currencies as cur', 'cur.id', 'c.currency_id')
      // A cart's limits are its first detail row (SPEC §3 lets several exist; one is what a plan means).
      .leftJoin('cart_details as d', (j) =>
        j.onRef('d.cart_id', '=', 'c.id').on('d.id', '=', (eb) =>
          eb
            .selectFrom('cart_details as d2')
            .select((e) => e.fn.min<number>('d2.id').as('id'))
            .whereRef('d2.cart_id', '=', 'c.id'),
        ),
      )
      .select([
        'c.id',
        'c.name',
        'c.name_i18n',
        'c.description',
        'c.description_i18n',
        'c.price_minor',
        'c.months',
        'c.is_active',
        'c.group_id',
        'g.name as group_name',
        'g.name_i18n as group_name_i18n',
        'g.description as group_description',
        'g.description_i18n as group_description_i18n',
        'cur.id as currency_id',
        'cur.code as currency_code',
        'cur.symbol as currency_symbol',
        'cur.minor_units',
        ...detailColumns,
      ])
  );
}

export type PlanRow = Awaited<ReturnType<ReturnType<typeof plansQuery>['executeTakeFirstOrThrow']>>;

export const listActivePlans = (db: Db) =>
  plansQuery(db).where('c.is_active', '=', 1).orderBy('g.id').orderBy('c.price_minor').orderBy('c.id').execute();

export const findPlan = (db: Db, cartId: number) => plansQuery(db).where('c.id', '=', cartId).executeTakeFirst();

/**
 * The user's subscription in force: status active, started, not yet expired (the same rule the
 * expire-subscriptions job applies). The latest started wins should two overlap.
 */
export function findActiveSubscription(db: Db, userId: number, now = nowIso()) {
  return db
    .selectFrom('subscriptions as s')
    .select(['s.id', 's.cart_id', 's.started_at', 's.expires_at', 's.status'])
    .where('s.user_id', '=', userId)
    .where('s.status', '=', 'active')
    .where('s.started_at', '<=', now)
    .where('s.expires_at', '>', now)
    .orderBy('s.started_at', 'desc')
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}

/** The most recent subscription of any status, for an expired member's billing page. */
export function findLatestSubscription(db: Db, userId: number) {
  return db
    .selectFrom('subscriptions as s')
    .select(['s.id', 's.cart_id', 's.started_at', 's.expires_at', 's.status'])
    .where('s.user_id', '=', userId)
    .orderBy('s.started_at', 'desc')
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}

export async function countUnsoldVehicles(db: Db, ownerId: number, except?: number): Promise<number> {
  let q = db.selectFrom('vehicles').select(db.fn.countAll<number>().as('n')).where('owner_id', '=', ownerId).where('sold', '=', 0);
  if (except !== undefined) q = q.where('id', '!=', except);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The first instant of the current UTC month. */
export const monthStart = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();

export async function countContactsSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select(db.fn.countAll<number>().as('n'))
    .where('seller_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPayments(db: Db, userId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('carts as c', 'c.id', 'p.cart_id')
    .innerJoin('currencies as cur', 'cur.id', 'p.currency_id')
    .select([
      'p.id',
      'p.amount_minor',
      'p.status',
      'p.provider',
      'p.created_at',
      'p.paid_at',
      'c.name as plan',
      'c.name_i18n as plan_i18n',
      'cur.code as currency_code',
      'cur.symbol as currency_symbol',
      'cur.minor_units',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.id', 'desc')
    .limit(50)
    .execute();
}

export const findPayment = (db: Db, id: number) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

/** Marks every listing of the owner featured by plan, or not. */
export async function setPlanFeatured(db: Db, ownerId: number, featured: boolean): Promise<void> {
  const flag = featured ? 1 : 0;
  await db
    .updateTable('vehicles')
    .set({ plan_featured: flag })
    .where('owner_id', '=', ownerId)
    .where('plan_featured', '!=', flag)
    .execute();
}
