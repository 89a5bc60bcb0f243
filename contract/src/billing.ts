import { z } from 'zod';

/**
 * Subscriptions and payments as the back office lists them (SPEC §3 cart and payment), declared once
 * for the API, which stores, filters, documents and answers them, and the back office, which shows
 * them.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** GET /api/v1/admin/payments: one payment, with its member and plan. */
export const AdminPayment = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  cartId: z.number(),
  plan: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

/** GET /api/v1/admin/subscriptions: one member's plan, with its payments. */
export const AdminSubscription = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  cartId: z.number(),
  plan: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  startedAt: z.string(),
  expiresAt: z.string(),
  paymentId: z.number().nullable(),
  payments: z.array(AdminPayment).describe("The member's payments for this plan, oldest first"),
});
export type AdminSubscription = z.infer<typeof AdminSubscription>;

/** What a plan allows (SPEC §3 cart detail); null is unlimited. The API names it `PlanLimits`. */
export const Limits = z
  .object({
    vehicleLimit: z.number().nullable(),
    photoLimit: z.number().nullable(),
    contactLimit: z.number().nullable(),
    featuredListing: z.boolean(),
    detailedStats: z.boolean(),
    prioritySupport: z.boolean(),
  })
  .meta({ description: 'What a plan allows; null is unlimited' });
export type Limits = z.infer<typeof Limits>;

const Currency = z.object({ code: z.string(), symbol: z.string() });

/** GET /billing/plans: the free plan's limits and the paid plans, by group. */
export const Plans = z.object({
  free: Limits,
  groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      description: z.string().nullable(),
      plans: z.array(
        z.object({
          id: z.number(),
          name: z.string().meta({ description: "The cart's name, with its billing period: Professional (yearly)" }),
          planName: z.string().meta({
            description: "The offer's name without its billing period (its cart detail's, else the cart's): Professional",
          }),
          description: z.string().nullable(),
          price: z.number(),
          currency: Currency,
          months: z.number(),
          limits: Limits,
        }),
      ),
    }),
  ),
});
export type Plans = z.infer<typeof Plans>;

/** GET /user/subscription: the member's plan in force, what it allows, their use of it and their payments. */
export const Subscription = z.object({
  status: z.enum(['active', 'none', 'expired']),
  plan: z
    .object({
      cartId: z.number(),
      name: z.string(),
      months: z.number(),
      price: z.number(),
      currency: Currency,
      startedAt: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
  isPremium: z.boolean(),
  limits: Limits,
  usage: z.object({ vehicles: z.number(), contactsThisMonth: z.number() }),
  payments: z.array(
    z.object({
      id: z.number(),
      plan: z.string(),
      amount: z.number(),
      currency: Currency,
      status: z.enum(PAYMENT_STATUSES),
      provider: z.enum(['stripe', 'local']),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type Subscription = z.infer<typeof Subscription>;

/** Where to send the browser to pay. */
export const Checkout = z
  .object({ url: z.string(), paymentId: z.number(), mode: z.enum(['stripe', 'local']) })
  .meta({ description: 'Where to send the browser to pay' });
export type Checkout = z.infer<typeof Checkout>;

/** Where a local payment's confirmation or cancellation sends the browser next. */
export const PaymentRedirect = z.object({ redirect: z.string() });
export type PaymentRedirect = z.infer<typeof PaymentRedirect>;

/** One payment of the member's, as checkout's return page reads it. */
export const Payment = z.object({
  id: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  plan: z.object({ cartId: z.number(), name: z.string(), months: z.number(), price: z.number(), currency: Currency }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payment = z.infer<typeof Payment>;

/** A listing's statistics per day and in all (SPEC §2 detailed statistics). */
export const VehicleStats = z.object({
  days: z.array(z.object({ day: z.string(), views: z.number(), likes: z.number(), favorites: z.number(), contacts: z.number() })),
  totals: z.object({ views: z.number(), likes: z.number(), favorites: z.number(), contacts: z.number() }),
  similar: z
    .object({
      scope: z
        .enum(['model', 'segment'])
        .meta({ description: 'Listings of the same make and model, or (too few of those) of its segment' }),
      listings: z.number().meta({ description: 'How many listings were compared' }),
      medians: z.object({ views: z.number(), likes: z.number(), favorites: z.number(), contacts: z.number() }),
    })
    .nullable()
    .meta({
      description:
        'The median figures of similar listings over the same days (those its price rating compares it with: same type, live or sold in the last 180 days); null when none is similar',
    }),
});
export type VehicleStats = z.infer<typeof VehicleStats>;
