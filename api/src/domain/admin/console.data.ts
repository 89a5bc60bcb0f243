import { type Database, type DialectName, type PaymentStatus, type SubscriptionStatus, type SupportStatus, toFlag } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { inIdOrder } from '../../core/in-order.ts';
import { localName, toMajor } from '../../core/reference.ts';
import { inForce } from '../billing/billing.data.ts';
import { containsAny, idPage, type ListQuery, type SortColumns } from './list-page.data.ts';

type Db = Kysely<Database>;

/**
 * The filters of the lists behind the dashboard's figures (issue 13 item 9), checked: each applies
 * to the list and to the figure's count alike, so a figure and the total of its list agree.
 */
export interface SubscriptionFilter {
  ids?: number[];
  statuses?: SubscriptionStatus[];
  userIds?: number[];
  cartIds?: number[];
  /** In force at this time (inForce). */
  activeAt?: string;
}

export function filterSubscriptions<QB extends SelectQueryBuilder<Database & { s: Database['subscriptions'] }, 's', object>>(
  base: QB,
  f: SubscriptionFilter,
): QB {
  let q = base;
  if (f.ids) q = q.where('s.id', 'in', f.ids) as QB;
  if (f.statuses) q = q.where('s.status', 'in', f.statuses) as QB;
  if (f.userIds) q = q.where('s.user_id', 'in', f.userIds) as QB;
  if (f.cartIds) q = q.where('s.cart_id', 'in', f.cartIds) as QB;
  if (f.activeAt) q = q.where(inForce('s', f.activeAt)) as QB;
  return q;
}

export interface PaymentFilter {
  ids?: number[];
  statuses?: PaymentStatus[];
  userIds?: number[];
  /** Paid in this month (`2026-11`, UTC), as the revenue chart adds them up. */
  paidFrom?: string;
  paidBefore?: string;
  currency?: string;
}

function filterPayments<QB extends SelectQueryBuilder<Database & { p: Database['payments'] }, 'p', object>>(
  base: QB,
  f: PaymentFilter,
): QB {
  let q = base;
  if (f.ids) q = q.where('p.id', 'in', f.ids) as QB;
  if (f.statuses) q = q.where('p.status', 'in', f.statuses) as QB;
  if (f.userIds) q = q.where('p.user_id', 'in', f.userIds) as QB;
  if (f.paidFrom) q = q.where('p.paid_at', '>=', f.paidFrom) as QB;
  if (f.paidBefore) q = q.where('p.paid_at', '<', f.paidBefore) as QB;
  if (f.currency) {
    const code = f.currency;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('currencies as fc').select('fc.id').whereRef('fc.id', '=', 'p.currency_id').where('fc.code', '=', code)),
    ) as QB;
  }
  return q;
}

export interface ContactFilter {
  ids?: number[];
  sellerIds?: number[];
  vehicleIds?: number[];
  createdSince?: string;
}

/** Messages to sellers are the contact records: one per message sent, kept when the seller deletes the message. */
export function filterContacts<QB extends SelectQueryBuilder<Database & { n: Database['contacts'] }, 'n', object>>(
  base: QB,
  f: ContactFilter,
): QB {
  let q = base;
  if (f.ids) q = q.where('n.id', 'in', f.ids) as QB;
  if (f.sellerIds) q = q.where('n.seller_id', 'in', f.sellerIds) as QB;
  if (f.vehicleIds) q = q.where('n.vehicle_id', 'in', f.vehicleIds) as QB;
  if (f.createdSince) q = q.where('n.created_at', '>=', f.createdSince) as QB;
  return q;
}

/** One page of the ids of the subscriptions the filter keeps, sorted by `sort` (ties by id), and how many it keeps. */
export const subscriptionIdPage = (db: Db, filter: SubscriptionFilter, sort: SortColumns, query: ListQuery) =>
  idPage(filterSubscriptions(db.selectFrom('subscriptions as s'), filter), { id: 's.id', sort }, query);

/** One page of the ids of the payments the filter keeps, sorted by `sort` (ties by id), and how many it keeps. */
export const paymentIdPage = (db: Db, filter: PaymentFilter, sort: SortColumns, query: ListQuery) =>
  idPage(filterPayments(db.selectFrom('payments as p'), filter), { id: 'p.id', sort }, query);

/** One page of the ids of the contact records the filter keeps, sorted by `sort` (ties by id), and how many it keeps. */
export const contactIdPage = (db: Db, filter: ContactFilter, sort: SortColumns, query: ListQuery) =>
  idPage(filterContacts(db.selectFrom('contacts as n'), filter), { id: 'n.id', sort }, query);

export interface SupportFilter {
  ids?: number[];
  statuses?: SupportStatus[];
  priority?: boolean;
  /** Text in the subject, the message, the email or the name. */
  q?: string;
}

/** One page of the ids of the support requests the filter keeps, sorted by `sort` (ties by id), and how many it keeps. */
export function supportIdPage(db: Db, dialect: DialectName, f: SupportFilter, sort: SortColumns, query: ListQuery) {
  let base = db.selectFrom('support_requests as s');
  if (f.ids) base = base.where('s.id', 'in', f.ids);
  if (f.statuses) base = base.where('s.status', 'in', f.statuses);
  if (f.priority !== undefined) base = base.where('s.priority', '=', toFlag(f.priority));
  const text = f.q;
  if (text !== undefined) base = base.where((eb) => containsAny(eb, ['s.subject', 's.message', 's.email', 's.name'], text, dialect));
  return idPage(base, { id: 's.id', sort }, query);
}

async function paymentRows(db: Db, where: { ids?: number[]; userCarts?: { userId: number; cartId: number }[] }) {
  let q = db
    .selectFrom('payments as p')
    .innerJoin('currencies as c', 'c.id', 'p.currency_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('carts as k', 'k.id', 'p.cart_id')
    .select([
      'p.id',
      'p.user_id',
      'p.cart_id',
      'p.amount_minor',
      'p.provider',
      'p.status',
      'p.paid_at',
      'p.created_at',
      'c.code',
      'c.minor_units',
      'u.username',
      'k.name',
      'k.name_i18n',
    ]);
  if (where.ids) q = q.where('p.id', 'in', where.ids.length ? where.ids : [0]);
  if (where.userCarts) {
    // No pair, no payment (a subscription that does not exist): asked of no database, whose booleans differ.
    const pairs = where.userCarts;
    if (!pairs.length) return [];
    q = q.where((eb) => eb.or(pairs.map((p) => eb.and([eb('p.user_id', '=', p.userId), eb('p.cart_id', '=', p.cartId)]))));
  }
  return q.orderBy('p.created_at').orderBy('p.id').execute();
}

const payment = (locale: Locale) => (r: Awaited<ReturnType<typeof paymentRows>>[number]) => ({
  id: r.id,
  userId: r.user_id,
  username: r.username,
  cartId: r.cart_id,
  plan: localName(r.name, r.name_i18n, locale),
  amount: toMajor(r.amount_minor, r.minor_units),
  currency: r.code,
  provider: r.provider,
  status: r.status,
  paidAt: r.paid_at,
  createdAt: r.created_at,
});

export async function paymentRecords(db: Db, ids: number[], locale: Locale) {
  if (!ids.length) return [];
  return inIdOrder(ids, (await paymentRows(db, { ids })).map(payment(locale)));
}

/** Subscriptions with their member, plan and payments (the member's payments for that plan). */
export async function subscriptionRecords(db: Db, ids: number[], locale: Locale) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('carts as k', 'k.id', 's.cart_id')
    .select([
      's.id',
      's.user_id',
      's.cart_id',
      's.payment_id',
      's.status',
      's.started_at',
      's.expires_at',
      'u.username',
      'u.email',
      'k.name',
      'k.name_i18n',
    ])
    .where('s.id', 'in', ids)
    .execute();
  const payments = (await paymentRows(db, { userCarts: rows.map((r) => ({ userId: r.user_id, cartId: r.cart_id })) })).map(payment(locale));
  return inIdOrder(
    ids,
    rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      username: r.username,
      email: r.email,
      cartId: r.cart_id,
      plan: localName(r.name, r.name_i18n, locale),
      status: r.status,
      startedAt: r.started_at,
      expiresAt: r.expires_at,
      paymentId: r.payment_id,
      payments: payments.filter((p) => p.userId === r.user_id && p.cartId === r.cart_id),
    })),
  );
}

export async function contactRecords(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('contacts as n')
    .innerJoin('users as seller', 'seller.id', 'n.seller_id')
    .leftJoin('vehicles as v', 'v.id', 'n.vehicle_id')
    // The message itself while it is still in the seller's inbox.
    .leftJoin('notifications as m', 'm.id', 'n.notification_id')
    .select([
      'n.id',
      'n.seller_id as user_id',
      'n.sender_id',
      'n.vehicle_id',
      'm.from_name',
      'm.email',
      'm.phone',
      'm.message',
      'n.created_at',
      'm.read_at',
      'seller.username as seller',
      'v.title',
    ])
    .where('n.id', 'in', ids)
    .execute();
  return inIdOrder(
    ids,
    rows.map((r) => ({
      id: r.id,
      sellerId: r.user_id,
      seller: r.seller,
      senderId: r.sender_id,
      vehicleId: r.vehicle_id,
      vehicleTitle: r.title,
      fromName: r.from_name,
      email: r.email,
      phone: r.phone,
      message: r.message,
      read: r.message === null ? null : r.read_at !== null,
      createdAt: r.created_at,
    })),
  );
}
