import { Checkout, Limits, Payment, PaymentRedirect, Plans, Subscription, VehicleStats } from '@autoroute/contract/billing';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

/** A member's plans, subscription and payments (@autoroute/contract/billing), named in the API document. */
// Named for the document only (no route answers it alone): plans and subscriptions refer to PlanLimits.
named(Limits, 'PlanLimits');
export const PlansSchema = named(Plans, 'Plans');
export const SubscriptionSchema = named(Subscription, 'Subscription');
export const CheckoutSchema = named(Checkout, 'Checkout');
export const PaymentSchema = named(Payment, 'Payment');
export const StatsSchema = named(VehicleStats, 'VehicleStats');

export const RedirectSchema = named(PaymentRedirect, 'PaymentRedirect');

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
