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
