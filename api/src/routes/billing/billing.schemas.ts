import { z } from '@hono/zod-openapi';

export const LimitsSchema = z
  .object({
    vehicleLimit: z.number().nullable(),
    photoLimit: z.number().nullable(),
    contactLimit: z.number().nullable(),
    featuredListing: z.boolean(),
    detailedStats: z.boolean(),
    prioritySupport: z.boolean(),
  })
  .openapi('PlanLimits', { description: 'What a plan allows; null is unlimited' });

const Currency = z.object({ code: z.string(), symbol: z.string() });

export const PlansSchema = z
  .object({
    free: LimitsSchema,
    groups: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        description: z.string().nullable(),
        plans: z.array(
          z.object({
            id: z.number(),
            name: z.string().openapi({ description: "The cart's name, with its billing period: Professional (yearly)" }),
            planName: z.string().openapi({
              description: "The offer's name without its billing period (its cart detail's, else the cart's): Professional",
            }),
            description: z.string().nullable(),
            price: z.number(),
            currency: Currency,
            months: z.number(),
            limits: LimitsSchema,
          }),
        ),
      }),
    ),
  })
  .openapi('Plans');

const PaymentStatus = z.enum(['pending', 'paid', 'failed', 'cancelled']);

export const SubscriptionSchema = z
  .object({
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
    limits: LimitsSchema,
    usage: z.object({ vehicles: z.number(), contactsThisMonth: z.number() }),
    payments: z.array(
      z.object({
        id: z.number(),
        plan: z.string(),
        amount: z.number(),
        currency: Currency,
        status: PaymentStatus,
        provider: z.enum(['stripe', 'local']),
        createdAt: z.string(),
        paidAt: z.string().nullable(),
      }),
    ),
  })
  .openapi('Subscription');

export const CheckoutSchema = z
  .object({ url: z.string(), paymentId: z.number(), mode: z.enum(['stripe', 'local']) })
  .openapi('Checkout', { description: 'Where to send the browser to pay' });

export const PaymentSchema = z
  .object({
    id: z.number(),
    status: PaymentStatus,
    plan: z.object({ cartId: z.number(), name: z.string(), months: z.number(), price: z.number(), currency: Currency }),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .openapi('Payment');

export const RedirectSchema = z.object({ redirect: z.string() }).openapi('PaymentRedirect');

export const StatsSchema = z
  .object({
    days: z.array(z.object({ day: z.string(), views: z.number(), likes: z.number(), favorites: z.number(), contacts: z.number() })),
    totals: z.object({ views: z.number(), likes: z.number(), favorites: z.number(), contacts: z.number() }),
  })
  .openapi('VehicleStats');

export const StatsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

const positiveId = (name: string) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(2147483647)
    .openapi({ param: { name, in: 'path' }, example: 1 });

export const CheckoutParams = z.object({ id: positiveId('id'), cartId: positiveId('cartId') });
export const PaymentParams = z.object({ paymentId: positiveId('paymentId') });
