import { type Database, nowIso, type PaymentStatus, toFlag } from '@autoroute/db';
import { type Kysely, type SqlBool, sql } from 'kysely';

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
function plansQuery(db: Db) {
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
 * The one rule for a subscription in force at `now`: active, started, not yet expired. Every query
 * that asks goes through here: the billing page, the premium flag, the console's list and
 * dashboard, and the jobs that end plans and count the figures. `table` is the query's name for
 * the subscriptions table.
 */
export const inForce = (table: 's' | 'subscriptions', now: string) =>
  sql<SqlBool>`(${sql.ref(`${table}.status`)} = 'active' and ${sql.ref(`${table}.started_at`)} <= ${now} and ${sql.ref(`${table}.expires_at`)} > ${now})`;

/** The user's subscription in force (inForce). The latest started wins should two overlap. */
export function findActiveSubscription(db: Db, userId: number, now = nowIso()) {
  return db
    .selectFrom('subscriptions as s')
    .select(['s.id', 's.cart_id', 's.started_at', 's.expires_at', 's.status'])
    .where('s.user_id', '=', userId)
    .where(inForce('s', now))
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
  const flag = toFlag(featured);
  await db
    .updateTable('vehicles')
    .set({ plan_featured: flag })
    .where('owner_id', '=', ownerId)
    .where('plan_featured', '!=', flag)
    .execute();
}

/** Whether the user was sent a plan-limit notice since `since`. */
export async function hasPlanLimitNoticeSince(db: Db, userId: number, since: string): Promise<boolean> {
  const told = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'plan_limit')
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Boolean(told);
}

/** The code of the language a user chose (null when none); undefined when there is no such user. */
export async function userLanguageCode(db: Db, userId: number): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .select('l.code as language')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.language;
}

/** Adds a plan-limit notice to a user's notifications. */
export async function insertPlanLimitNotice(
  db: Db,
  userId: number,
  notice: { fromName: string; message: string; now: string },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      kind: 'plan_limit',
      from_name: notice.fromName,
      message: notice.message,
      created_at: notice.now,
      updated_at: notice.now,
    })
    .execute();
}

/** Records a pending payment for a plan; answers its id. */
export async function insertPendingPayment(
  db: Db,
  p: { userId: number; cartId: number; amountMinor: number; currencyId: number; provider: 'stripe' | 'local'; now: string },
): Promise<number> {
  const row = await db
    .insertInto('payments')
    .values({
      user_id: p.userId,
      cart_id: p.cartId,
      amount_minor: p.amountMinor,
      currency_id: p.currencyId,
      provider: p.provider,
      status: 'pending',
      created_at: p.now,
      updated_at: p.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Notes the provider's reference of a payment (the Stripe Checkout session). */
export async function setPaymentProviderRef(db: Db, paymentId: number, providerRef: string): Promise<void> {
  await db.updateTable('payments').set({ provider_ref: providerRef, updated_at: nowIso() }).where('id', '=', paymentId).execute();
}

/** Marks a payment failed, whatever its status. */
export async function failPayment(db: Db, paymentId: number): Promise<void> {
  await db.updateTable('payments').set({ status: 'failed', updated_at: nowIso() }).where('id', '=', paymentId).execute();
}

/** Closes a payment still pending (cancelled or failed); a payment in any other status stays as it is. */
export async function closePendingPayment(
  db: Db,
  paymentId: number,
  status: Extract<PaymentStatus, 'cancelled' | 'failed'>,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status, updated_at: nowIso() })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Marks a payment paid at `paidAt` (keeping a provider reference it already has); answers false when
 * it was already paid, or does not exist.
 */
export async function markPaymentPaid(db: Db, paymentId: number, paidAt: string, providerRef?: string): Promise<boolean> {
  const paid = await db
    .updateTable('payments')
    .set({
      status: 'paid',
      paid_at: paidAt,
      updated_at: paidAt,
      ...(providerRef ? { provider_ref: sql<string>`coalesce(provider_ref, ${providerRef})` } : {}),
    })
    .where('id', '=', paymentId)
    .where('status', '!=', 'paid')
    .executeTakeFirst();
  return Number(paid.numUpdatedRows) === 1;
}

/** Cancels every active subscription of a user. */
export async function cancelActiveSubscriptions(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: 'cancelled', updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .execute();
}

/** Starts an active subscription to a plan, paid by `paymentId`. */
export async function insertSubscription(
  db: Db,
  s: { userId: number; cartId: number; paymentId: number; startedAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      user_id: s.userId,
      cart_id: s.cartId,
      payment_id: s.paymentId,
      status: 'active',
      started_at: s.startedAt,
      expires_at: s.expiresAt,
      created_at: s.startedAt,
      updated_at: s.startedAt,
    })
    .execute();
}

/** Records a Stripe event by its id; answers false when it was recorded already (a replay). */
export async function recordPaymentEvent(db: Db, id: string, type: string): Promise<boolean> {
  const recorded = await db
    .insertInto('payment_events')
    .values({ id, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(recorded.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** A currency's code, symbol and minor units (it must exist). */
export function findCurrencyById(db: Db, id: number) {
  return db.selectFrom('currencies').select(['code', 'symbol', 'minor_units']).where('id', '=', id).executeTakeFirstOrThrow();
}
