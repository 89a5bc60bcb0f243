import { createRoute, z } from '@hono/zod-openapi';
import type Stripe from 'stripe';
import { AppError } from '../../../core/errors.ts';
import { authorizeUserAction } from '../../../domain/admin/access.service.ts';
import * as billing from '../../../domain/billing/billing.service.ts';
import { vehicleStats } from '../../../domain/billing/stats.service.ts';
import { stripeFor } from '../../../domain/billing/stripe.ts';
import type { Deps } from '../../context.ts';
import { requireUser, requireVerifiedEmail } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import {
  CheckoutParams,
  CheckoutSchema,
  PaymentParams,
  PaymentSchema,
  PlansSchema,
  RedirectSchema,
  StatsQuery,
  StatsSchema,
  SubscriptionSchema,
} from './billing.schemas.ts';

const tags = ['Billing'];
const data = <T extends z.ZodType>(schema: T) => jsonContent(z.object({ data: schema }));
const userOf = (principal: { userId: number } | null) => {
  if (!principal) throw new AppError(401, 'UNAUTHORIZED');
  return principal.userId;
};

const plansRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The free plan and every active plan by group, named in the request language (public)',
  responses: { 200: { description: 'Plans', ...data(PlansSchema) } },
});

const subscriptionRoute = createRoute({
  method: 'get',
  path: '/{id}/subscription',
  tags,
  middleware: requireUser(),
  summary: 'The plan in force, its limits, usage and payments (the user themself, or admin.user.index)',
  request: { params: IdParam },
  responses: {
    200: { description: 'Subscription', ...data(SubscriptionSchema) },
    401: failure('Not signed in'),
    403: failure('FORBIDDEN: not this user'),
    404: failure('USER_NOT_FOUND'),
  },
});

export const checkoutRoute = createRoute({
  method: 'post',
  path: '/{id}/cart/{cartId}/stripe/payment',
  tags,
  middleware: requireVerifiedEmail(),
  summary: 'Start a checkout for a plan (SPEC §7): Stripe Checkout, or the local test-mode page without Stripe',
  request: { params: CheckoutParams },
  responses: {
    200: { description: 'Where to pay', ...data(CheckoutSchema) },
    401: failure('Not signed in'),
    402: failure('EMAIL_NOT_VERIFIED'),
    403: failure('FORBIDDEN: not this user'),
    404: failure('PLAN_NOT_FOUND'),
    409: failure('ALREADY_SUBSCRIBED'),
    502: failure('PAYMENT_PROVIDER_ERROR'),
  },
});

const paymentRoute = createRoute({
  method: 'get',
  path: '/{paymentId}',
  tags,
  middleware: requireUser(),
  summary: 'One of the caller’s payments, for the checkout and outcome pages',
  request: { params: PaymentParams },
  responses: { 200: { description: 'Payment', ...data(PaymentSchema) }, 401: failure('Not signed in'), 404: failure('PAYMENT_NOT_FOUND') },
});

export const localRoute = (action: 'complete' | 'cancel') =>
  createRoute({
    method: 'post',
    path: `/local/{paymentId}/${action}`,
    tags,
    middleware: requireUser(),
    summary: `Local test-mode checkout: ${action === 'complete' ? 'pay' : 'cancel'} (only without Stripe)`,
    request: { params: PaymentParams },
    responses: {
      200: { description: 'Where to go next', ...data(RedirectSchema) },
      401: failure('Not signed in'),
      404: failure('PAYMENT_NOT_FOUND'),
      409: failure('PAYMENT_CLOSED'),
    },
  });

export const webhookRoute = createRoute({
  method: 'post',
  path: '/stripe/webhook',
  tags,
  summary: 'Stripe events, verified by their Stripe-Signature on the raw body',
  security: [{ stripeSignature: [] }],
  responses: {
    200: { description: 'Acknowledged', ...jsonContent(z.object({ received: z.literal(true) })) },
    400: failure('BAD_STRIPE_SIGNATURE'),
    404: failure('ROUTE_NOT_FOUND: Stripe is not configured'),
  },
});

export const statsRoute = createRoute({
  method: 'get',
  path: '/vehicles/{id}/stats',
  tags,
  middleware: requireUser(),
  summary: 'Daily views, likes, favorites and messages of one of the caller’s listings (plans with detailed statistics)',
  request: { params: IdParam, query: StatsQuery },
  responses: {
    200: { description: 'Statistics', ...data(StatsSchema) },
    401: failure('Not signed in'),
    403: failure('FORBIDDEN or PLAN_FEATURE_STATS'),
    404: failure('VEHICLE_NOT_FOUND'),
  },
});

const stripeOf = (deps: Deps): Stripe | null => stripeFor(deps.config);

/** GET /plans. */
export function plansRoutes(deps: Deps) {
  return createRouter().openapi(plansRoute, async (c) => {
    c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
    return c.json({ data: await billing.listPlans(deps.db, c.get('locale')) }, 200);
  });
}

/** /user/{id}/subscription and /user/{id}/cart/{cartId}/stripe/payment. */
export function billingUserRoutes(deps: Deps) {
  return createRouter()
    .openapi(subscriptionRoute, async (c) => {
      const { id } = c.req.valid('param');
      await authorizeUserAction(deps.db, c.get('principal'), id, 'index');
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: await billing.subscriptionState(deps.db, id, c.get('locale')) }, 200);
    })
    .openapi(checkoutRoute, async (c) => {
      const { id, cartId } = c.req.valid('param');
      // Only for oneself: an administrator does not buy plans in someone else's name.
      if (userOf(c.get('principal')) !== id) throw new AppError(403, 'FORBIDDEN');
      return c.json({ data: await billing.startCheckout(deps, stripeOf(deps), id, cartId, c.get('locale')) }, 200);
    });
}

/** /payments: the webhook, the local checkout and a payment's view. */
export function paymentsRoutes(deps: Deps) {
  const localOnly = () => {
    if (stripeOf(deps)) throw new AppError(404, 'ROUTE_NOT_FOUND');
  };
  return createRouter()
    .openapi(webhookRoute, async (c) => {
      const stripe = stripeOf(deps);
      if (!stripe) throw new AppError(404, 'ROUTE_NOT_FOUND');
      return c.json(await billing.handleStripeEvent(deps, stripe, await c.req.text(), c.req.header('stripe-signature')), 200);
    })
    .openapi(localRoute('complete'), async (c) => {
      localOnly();
      return c.json({ data: await billing.completeLocal(deps.db, userOf(c.get('principal')), c.req.valid('param').paymentId) }, 200);
    })
    .openapi(localRoute('cancel'), async (c) => {
      localOnly();
      return c.json({ data: await billing.cancelLocal(deps.db, userOf(c.get('principal')), c.req.valid('param').paymentId) }, 200);
    })
    .openapi(paymentRoute, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      const { paymentId } = c.req.valid('param');
      return c.json({ data: await billing.paymentView(deps.db, userOf(c.get('principal')), paymentId, c.get('locale')) }, 200);
    });
}

/** /me/vehicles/{id}/stats. */
export function statsRoutes(deps: Deps) {
  return createRouter().openapi(statsRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { id } = c.req.valid('param');
    const { days } = c.req.valid('query');
    return c.json({ data: await vehicleStats(deps.db, userOf(c.get('principal')), id, days, c.get('locale')) }, 200);
  });
}
