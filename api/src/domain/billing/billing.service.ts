import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { nowIso } from '@autoroute/db';
import { DEFAULT_LOCALE, formatTag, type Locale, matchLocale } from '@autoroute/locales';
import type Stripe from 'stripe';
import { AppError, notFound } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import { localName, localText, toMajor } from '../../core/reference.ts';
import type { DomainDeps } from '../deps.ts';
import { cardAuthorized } from '../rentals/bookings.service.ts';
import { findUserEmail } from '../user/user.data.ts';
import { assertUserExists } from '../user/user.service.ts';
import {
  cancelActiveSubscriptions,
  closePendingPayment,
  countContactsSince,
  countUnsoldVehicles,
  failPayment,
  findActiveSubscription,
  findCurrencyById,
  findLatestSubscription,
  findPayment,
  findPlan,
  hasPlanLimitNoticeSince,
  insertPendingPayment,
  insertPlanLimitNotice,
  insertSubscription,
  listActivePlans,
  listPayments,
  markPaymentPaid,
  monthStart,
  type PlanRow,
  recordPaymentEvent,
  setPaymentProviderRef,
  setPlanFeatured,
  userLanguageCode,
} from './billing.data.ts';
import { addMonths, allows, FREE_LIMITS, type Limits, limitsOf } from './plans.ts';

type Db = DomainDeps['db'];

const currencyOf = (p: { currency_code: string; currency_symbol: string }) => ({ code: p.currency_code, symbol: p.currency_symbol });
/** A cart's own name in the locale: the offer and its billing period ("Professionnel (annuel)"). */
const cartName = (p: { name: string; name_i18n: string | null }, locale: Locale) => localName(p.name, p.name_i18n, locale);
/** The offer's name in the locale, without a billing period: its detail's name, else the cart's. */
const planName = (p: PlanRow, locale: Locale) =>
  p.detail_name === null ? cartName(p, locale) : localName(p.detail_name, p.detail_name_i18n, locale);

/** GET /plans: the free plan's limits and every active cart by group, cheapest first, in the locale. */
export async function listPlans(db: Db, locale: Locale) {
  const rows = await listActivePlans(db);
  type Plan = {
    id: number;
    name: string;
    planName: string;
    description: string | null;
    price: number;
    currency: { code: string; symbol: string };
    months: number;
    limits: Limits;
  };
  const groups = new Map<number, { id: number; name: string; description: string | null; plans: Plan[] }>();
  for (const r of rows) {
    let group = groups.get(r.group_id);
    if (!group) {
      group = {
        id: r.group_id,
        name: localName(r.group_name, r.group_name_i18n, locale),
        description: localText(r.group_description, r.group_description_i18n, locale),
        plans: [],
      };
      groups.set(r.group_id, group);
    }
    group.plans.push({
      id: r.id,
      name: cartName(r, locale),
      planName: planName(r, locale),
      description: localText(r.description, r.description_i18n, locale),
      price: toMajor(Number(r.price_minor), r.minor_units),
      currency: currencyOf(r),
      months: r.months,
      limits: limitsOf(r),
    });
  }
  return { free: { ...FREE_LIMITS }, groups: [...groups.values()] };
}

/** The user's plan in force (null on the free plan) and what it allows. */
export async function currentPlan(db: Db, userId: number): Promise<{ plan: PlanRow | null; limits: Limits }> {
  const active = await findActiveSubscription(db, userId);
  const plan = active ? ((await findPlan(db, active.cart_id)) ?? null) : null;
  return { plan, limits: limitsOf(plan) };
}

/** Which limit or feature a refusal is about. */
type Need =
  | { kind: 'vehicleLimit' | 'photoLimit' | 'contactLimit'; count: number }
  | { kind: 'featuredListing' | 'detailedStats' | 'prioritySupport' };

/** The cheapest active plan (by monthly price) that allows what is needed, if any. */
async function cheapestPlanFor(db: Db, need: Need): Promise<PlanRow | null> {
  const plans = (await listActivePlans(db)).filter((p) => p.detail_name !== null);
  const fits = plans.filter((p) => {
    const l = limitsOf(p);
    return need.kind === 'vehicleLimit' || need.kind === 'photoLimit' || need.kind === 'contactLimit'
      ? allows(l[need.kind], need.count)
      : l[need.kind];
  });
  fits.sort((a, b) => Number(a.price_minor) / a.months - Number(b.price_minor) / b.months);
  return fits[0] ?? null;
}

/**
 * 403 with the limit and the cheapest plan that lifts it (docs/decisions/011-plans-and-payments.md),
 * the plan named in the request's language like the message around it.
 */
async function limitError(db: Db, locale: Locale, code: string, kind: 'vehicleLimit' | 'photoLimit', limit: number, count: number) {
  const next = await cheapestPlanFor(db, { kind, count });
  if (!next) return new AppError(403, code, { limit });
  const nextLimit = limitsOf(next)[kind];
  return new AppError(403, code, {
    limit,
    plan: planName(next, locale),
    next: nextLimit === null ? translator(locale)('billing.unlimited') : nextLimit,
    context: 'upgrade',
  });
}

/**
 * Publishing (or putting back on sale) one more listing: the seller's unsold listings, this one
 * included, must fit the plan. Sold listings do not count: they are history, not stock.
 */
export async function assertCanList(db: Db, ownerId: number, locale: Locale, except?: number): Promise<Limits> {
  const { limits } = await currentPlan(db, ownerId);
  const count = (await countUnsoldVehicles(db, ownerId, except)) + 1;
  if (!allows(limits.vehicleLimit, count)) {
    throw await limitError(db, locale, 'PLAN_LIMIT_VEHICLES', 'vehicleLimit', limits.vehicleLimit!, count);
  }
  return limits;
}

/** A listing's pictures must fit the owner's plan. */
export async function assertPhotos(db: Db, ownerId: number, pictures: number, locale: Locale): Promise<void> {
  const { limits } = await currentPlan(db, ownerId);
  if (!allows(limits.photoLimit, pictures)) {
    throw await limitError(db, locale, 'PLAN_LIMIT_PHOTOS', 'photoLimit', limits.photoLimit!, pictures);
  }
}

/**
 * A visitor's message to a seller must fit the seller's monthly allowance. The refusal tells the
 * visitor only that the seller cannot receive more this month, nothing of the seller's plan.
 */
export async function assertSellerCanReceive(db: Db, sellerId: number): Promise<void> {
  const { limits } = await currentPlan(db, sellerId);
  if (limits.contactLimit !== null) {
    const received = await countContactsSince(db, sellerId, monthStart());
    if (received >= limits.contactLimit) {
      await tellSellerOfLimit(db, sellerId, limits.contactLimit);
      throw new AppError(403, 'PLAN_LIMIT_CONTACTS');
    }
  }
}

/**
 * The seller learns, once a month and in their own language, that buyers' messages are being
 * refused: the visitor is told nothing of the plan, so this is the seller's only way to know.
 */
async function tellSellerOfLimit(db: Db, sellerId: number, limit: number): Promise<void> {
  const since = monthStart();
  if (await hasPlanLimitNoticeSince(db, sellerId, since)) return;
  const language = await userLanguageCode(db, sellerId);
  const t = translator(matchLocale(language) ?? DEFAULT_LOCALE);
  const now = nowIso();
  await insertPlanLimitNotice(db, sellerId, { fromName: t('common:appName'), message: t('billing.contactLimitReached', { limit }), now });
}

/** Detailed statistics need a plan that includes them. */
export async function assertStats(db: Db, userId: number, locale: Locale): Promise<void> {
  const { limits } = await currentPlan(db, userId);
  if (limits.detailedStats) return;
  const next = await cheapestPlanFor(db, { kind: 'detailedStats' });
  throw new AppError(403, 'PLAN_FEATURE_STATS', next ? { plan: planName(next, locale), context: 'upgrade' } : {});
}

/** GET /user/{id}/subscription, plans named in the locale. */
export async function subscriptionState(db: Db, userId: number, locale: Locale) {
  await assertUserExists(db, userId);
  const [active, { limits, plan: activePlan }, vehicles, contacts, payments] = await Promise.all([
    findActiveSubscription(db, userId),
    currentPlan(db, userId),
    countUnsoldVehicles(db, userId),
    countContactsSince(db, userId, monthStart()),
    listPayments(db, userId),
  ]);
  const shown = active ?? (await findLatestSubscription(db, userId));
  const plan = active ? activePlan : shown ? ((await findPlan(db, shown.cart_id)) ?? null) : null;
  return {
    status: active ? ('active' as const) : shown ? ('expired' as const) : ('none' as const),
    plan:
      shown && plan
        ? {
            cartId: plan.id,
            name: cartName(plan, locale),
            months: plan.months,
            price: toMajor(Number(plan.price_minor), plan.minor_units),
            currency: currencyOf(plan),
            startedAt: shown.started_at,
            expiresAt: shown.expires_at,
          }
        : null,
    isPremium: Boolean(active),
    limits,
    usage: { vehicles, contactsThisMonth: contacts },
    payments: payments.map((p) => ({
      id: p.id,
      plan: localName(p.plan, p.plan_i18n, locale),
      amount: toMajor(Number(p.amount_minor), p.minor_units),
      currency: { code: p.currency_code, symbol: p.currency_symbol },
      status: p.status,
      provider: p.provider as 'stripe' | 'local',
      createdAt: p.created_at,
      paidAt: p.paid_at,
    })),
  };
}

/**
 * Starts a checkout: a pending payment, then Stripe Checkout when Stripe is configured, else the
 * storefront's local test-mode page. Buying the plan already in force is refused; buying another
 * one is an upgrade or a change: it starts when paid and the previous one ends then.
 */
export async function startCheckout(
  deps: Pick<DomainDeps, 'config' | 'db' | 'log'>,
  stripe: Stripe | null,
  userId: number,
  cartId: number,
  locale: Locale,
) {
  const plan = await findPlan(deps.db, cartId);
  if (plan?.is_active !== 1) throw notFound('PLAN_NOT_FOUND');
  const active = await findActiveSubscription(deps.db, userId);
  if (active && active.cart_id === cartId) {
    const date = new Intl.DateTimeFormat(formatTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(active.expires_at));
    throw new AppError(409, 'ALREADY_SUBSCRIBED', { plan: cartName(plan, locale), date });
  }
  const now = nowIso();
  const paymentId = await insertPendingPayment(deps.db, {
    userId,
    cartId,
    amountMinor: Number(plan.price_minor),
    currencyId: plan.currency_id,
    provider: stripe ? 'stripe' : 'local',
    now,
  });
  if (!stripe) return { url: `/billing/checkout?payment=${paymentId}`, paymentId, mode: 'local' as const };

  try {
    const email = await findUserEmail(deps.db, userId);
    if (email === undefined) throw new Error(`no user ${userId}`);
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: email,
      client_reference_id: String(paymentId),
      metadata: { paymentId: String(paymentId) },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: plan.currency_code.toLowerCase(),
            unit_amount: Number(plan.price_minor),
            // Named as the member just chose it, in their language (Stripe's page follows the browser's).
            product_data: { name: cartName(plan, locale) },
          },
        },
      ],
      success_url: absoluteUrl(deps.config.publicUrl, `/billing/success?payment=${paymentId}`),
      cancel_url: absoluteUrl(deps.config.publicUrl, `/billing/cancel?payment=${paymentId}`),
    });
    await setPaymentProviderRef(deps.db, paymentId, session.id);
    if (!session.url) throw new Error('Stripe answered a session without a URL');
    return { url: session.url, paymentId, mode: 'stripe' as const };
  } catch (err) {
    deps.log.error({ err, paymentId }, 'stripe checkout not started');
    await failPayment(deps.db, paymentId);
    throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
  }
}

/**
 * The one fulfilment, for Stripe's webhook and the local checkout alike: the payment becomes paid
 * and its plan active from now for its months; any other active plan of the member is cancelled.
 * Runs once per payment: a second call finds it paid and changes nothing.
 */
async function fulfilPayment(db: Db, paymentId: number, providerRef?: string): Promise<boolean> {
  const now = new Date();
  const nowText = now.toISOString();
  if (!(await markPaymentPaid(db, paymentId, nowText, providerRef))) return false;
  const payment = await findPayment(db, paymentId);
  if (!payment) throw new Error(`payment ${paymentId} vanished`);
  const plan = await findPlan(db, payment.cart_id);
  if (!plan) return false;
  await cancelActiveSubscriptions(db, payment.user_id, nowText);
  await insertSubscription(db, {
    userId: payment.user_id,
    cartId: payment.cart_id,
    paymentId,
    startedAt: nowText,
    expiresAt: addMonths(now, plan.months).toISOString(),
  });
  await setPlanFeatured(db, payment.user_id, limitsOf(plan).featuredListing);
  return true;
}

/**
 * Stripe's webhook: the signature is checked on the raw body; `checkout.session.completed` (paid)
 * and `checkout.session.async_payment_succeeded` fulfil the payment, `…async_payment_failed` fails
 * it, `checkout.session.expired` cancels it, each event id is recorded in the same
 * transaction so a replay changes nothing; other event types are acknowledged and ignored.
 */
export async function handleStripeEvent(
  deps: Pick<DomainDeps, 'config' | 'db'>,
  stripe: Stripe,
  raw: string,
  signature: string | undefined,
) {
  const secret = deps.config.stripe.webhookSecret;
  let event: Stripe.Event;
  try {
    if (!secret || !signature) throw new Error('no signature or no secret');
    event = stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    throw new AppError(400, 'BAD_STRIPE_SIGNATURE');
  }
  const handled = [
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ] as const;
  if (!(handled as readonly string[]).includes(event.type)) return { received: true as const };
  const session = event.data.object as Stripe.Checkout.Session;
  // A booking's checkout (docs/decisions/065): its card is authorized, the price captured later.
  const bookingId = Number(session.metadata?.bookingId);
  if (Number.isInteger(bookingId) && bookingId > 0) {
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    await deps.db.transaction().execute(async (tx) => {
      if (!(await recordPaymentEvent(tx, event.id, event.type))) return;
      if (event.type === 'checkout.session.completed' && paymentIntent) await cardAuthorized(tx, stripe, bookingId, paymentIntent);
    });
    return { received: true as const };
  }
  const paymentId = Number(session.metadata?.paymentId ?? session.client_reference_id);
  if (!Number.isInteger(paymentId) || paymentId < 1) return { received: true as const };
  await deps.db.transaction().execute(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.id, event.type))) return;
    const close = (status: 'cancelled' | 'failed') => closePendingPayment(tx, paymentId, status);
    if (event.type === 'checkout.session.expired') await close('cancelled');
    else if (event.type === 'checkout.session.async_payment_failed') await close('failed');
    // A delayed method (a bank debit) completes the session unpaid; its success comes as its own event.
    else if (session.payment_status !== 'unpaid') await fulfilPayment(tx, paymentId, session.id);
  });
  return { received: true as const };
}

/** A payment of the caller's, else 404 (another member's payment is not even confirmed to exist). */
async function ownPayment(db: Db, userId: number, paymentId: number) {
  const payment = await findPayment(db, paymentId);
  if (!payment || payment.user_id !== userId) throw notFound('PAYMENT_NOT_FOUND');
  return payment;
}

/** The local test-mode checkout's "Pay": the same fulfilment as Stripe's webhook. */
export async function completeLocal(db: Db, userId: number, paymentId: number) {
  const payment = await ownPayment(db, userId, paymentId);
  if (payment.provider !== 'local') throw notFound('PAYMENT_NOT_FOUND');
  if (payment.status === 'cancelled' || payment.status === 'failed') throw new AppError(409, 'PAYMENT_CLOSED');
  await db.transaction().execute((tx) => fulfilPayment(tx, paymentId));
  return { redirect: `/billing/success?payment=${paymentId}` };
}

/** The local test-mode checkout's "Cancel": a pending payment becomes cancelled; nothing else changes. */
export async function cancelLocal(db: Db, userId: number, paymentId: number) {
  const payment = await ownPayment(db, userId, paymentId);
  if (payment.provider !== 'local') throw notFound('PAYMENT_NOT_FOUND');
  if (payment.status === 'paid') throw new AppError(409, 'PAYMENT_CLOSED');
  await closePendingPayment(db, paymentId, 'cancelled');
  return { redirect: `/billing/cancel?payment=${paymentId}` };
}

/** GET /payments/{id}: what the checkout, success and cancel pages show, the plan named in the locale. */
export async function paymentView(db: Db, userId: number, paymentId: number, locale: Locale) {
  const payment = await ownPayment(db, userId, paymentId);
  const plan = await findPlan(db, payment.cart_id);
  if (!plan) throw notFound('PAYMENT_NOT_FOUND');
  const currency = await findCurrencyById(db, payment.currency_id);
  return {
    id: payment.id,
    status: payment.status,
    plan: {
      cartId: plan.id,
      name: cartName(plan, locale),
      months: plan.months,
      price: toMajor(Number(payment.amount_minor), currency.minor_units),
      currency: { code: currency.code, symbol: currency.symbol },
    },
    createdAt: payment.created_at,
    paidAt: payment.paid_at,
  };
}
