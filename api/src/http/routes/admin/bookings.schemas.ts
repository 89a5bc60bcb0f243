import { msg } from '@autoroute/contract/messages';
import { BOOKING_ACTORS, BOOKING_STATES, CANCELLATION_POLICIES } from '@autoroute/contract/rentals';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

/*
 * The console's bookings (docs/decisions/062-console-bookings.md). Amounts are in the currency's
 * major unit, as the console's other money (payments, the dashboard) is.
 */

const bookingFields = {
  id: z.number(),
  vehicleId: z.number(),
  title: z.string().openapi({ description: 'The listing’s title' }),
  state: z.enum(BOOKING_STATES),
  instant: z.boolean().openapi({ description: 'Booked instantly, without a request' }),
  start: z.string().openapi({ description: 'The pickup day, the listing’s local day' }),
  end: z.string().openapi({ description: 'The return day' }),
  days: z.number(),
  ownerId: z.number(),
  ownerName: z.string(),
  renterId: z.number().nullable(),
  renterName: z.string().nullable().openapi({ description: 'null once the renter’s account is deleted' }),
  currency: z.string(),
  total: z.number(),
  deposit: z.number(),
  paymentState: z.string().openapi({ description: 'none, pending, paid, refunded, partly_refunded, due_at_pickup' }),
  depositState: z.string().openapi({ description: 'none, due_at_pickup, held, released, captured' }),
  cancelledBy: z.enum(BOOKING_ACTORS).nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
};

export const AdminBooking = named(z.object(bookingFields), 'AdminBooking');

const Event = named(
  z.object({
    id: z.number(),
    fromState: z.string().nullable(),
    toState: z.string(),
    actor: z.enum(BOOKING_ACTORS),
    actorId: z.number().nullable(),
    actorName: z.string().nullable().openapi({ description: 'The member or administrator who made it; null for the system' }),
    detail: z.record(z.string(), z.unknown()).nullable().openapi({ description: 'What came with it: a reason, a refund, a payment' }),
    at: z.string(),
  }),
  'AdminBookingEvent',
);

const HandoverReport = named(
  z.object({
    id: z.number(),
    stage: z.enum(['pickup', 'return']),
    side: z.enum(['renter', 'owner']),
    authorName: z.string().nullable(),
    odometer: z.number(),
    fuel: z.number(),
    damage: z.string().nullable(),
    pictures: z.number().openapi({ description: 'How many pictures came with it' }),
    createdAt: z.string(),
  }),
  'AdminBookingHandover',
);

const Line = z.object({
  kind: z.enum(['rent', 'discount', 'total', 'deposit']),
  days: z.number().optional(),
  rate: z.number().optional(),
  percent: z.number().optional(),
  amount: z.number(),
});

export const AdminBookingDetail = named(
  z.object({
    ...bookingFields,
    ownerEmail: z.string(),
    renterEmail: z.string().nullable(),
    startAt: z.string(),
    endAt: z.string(),
    timeZone: z.string(),
    cancellation: z.enum(CANCELLATION_POLICIES),
    lines: z.array(Line),
    refund: z.number().nullable().openapi({ description: 'What was refunded on a cancellation' }),
    depositReleaseAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    message: z.string().nullable().openapi({ description: 'The renter’s message with the request' }),
    expiresAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    cancellable: z.boolean().openapi({ description: 'Whether an administrator may cancel it in its state' }),
    events: z.array(Event),
    handovers: z.array(HandoverReport),
    reports: z
      .array(
        z.object({
          id: z.number(),
          targetKind: z.string(),
          reason: z.string(),
          status: z.string(),
          caseId: z.number().nullable(),
          createdAt: z.string(),
        }),
      )
      .openapi({ description: 'Notices about the listing or its owner since the booking was made' }),
  }),
  'AdminBookingDetail',
);

export const AdminCancelBody = named(
  z
    .object({
      reason: z
        .string({ error: msg('admin.cancelReasonRequired') })
        .trim()
        .min(1, { error: msg('admin.cancelReasonRequired') })
        .max(1000),
    })
    .strict(),
  'AdminBookingCancelBody',
);

export const OwnerCancellations = named(
  z.object({
    ownerId: z.number(),
    cancelled: z.number().openapi({ description: 'Bookings the owner cancelled themselves' }),
    accepted: z.number().openapi({ description: 'Bookings of theirs that were accepted' }),
    latest: z.array(z.object({ id: z.number(), start: z.string(), end: z.string(), at: z.string(), reason: z.string().nullable() })),
  }),
  'AdminOwnerCancellations',
);
