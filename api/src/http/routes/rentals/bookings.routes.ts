import { createRoute, z } from '@hono/zod-openapi';
import {
  acceptBooking,
  cancelBooking,
  createBooking,
  declineBooking,
  getBooking,
  myBookings,
  payBooking,
  reportHandover,
  reviewBooking,
} from '../../../domain/rentals/bookings.service.ts';
import { viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { Booking, BookingInput, BookingReviewInput, BookingSummary, CancelInput, HandoverInput, SideQuery } from './rentals.schemas.ts';

const tags = ['Bookings'];
const middleware = requireUser();
const signedOut = failure('UNAUTHORIZED: not signed in');
const missing = failure('BOOKING_NOT_FOUND: no such booking of the caller’s');
const state = failure('BOOKING_STATE: the booking’s state does not allow it (a concurrent change may have come first)');
const one = { description: 'The booking as the caller reads it', ...jsonContent(z.object({ data: Booking })) };

const createBookingRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  middleware,
  summary:
    'Ask for dates on a rental (state requested), or book them at once on an instant-book listing (state accepted); opens or continues the conversation with the owner',
  request: jsonBody(BookingInput),
  responses: {
    201: one,
    401: signedOut,
    403: failure('BOOKING_OWN: one’s own listing'),
    404: failure('VEHICLE_NOT_FOUND'),
    409: failure('BOOKING_CONFLICT: another booking or a block holds part of the dates'),
    422: failure(
      'BOOKING_RANGE_INVALID, BOOKING_TOO_SHORT, BOOKING_TOO_LONG, BOOKING_TOO_SOON, BOOKING_TOO_FAR, BOOKING_DRIVER_AGE, BOOKING_LICENCE_YEARS, RENTAL_NOT_RENTAL, VALIDATION_FAILED',
    ),
  },
});

const listBookingsRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  middleware,
  summary: 'The caller’s bookings as renter (their trips) or as owner (bookings of their cars)',
  request: { query: SideQuery },
  responses: { 200: { description: 'The list', ...jsonContent(z.object({ data: z.array(BookingSummary) })) }, 401: signedOut },
});

const getBookingRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  middleware,
  summary: 'A booking with its price lines, events, handover reports, reviews, and what the caller may do now',
  request: { params: IdParam },
  responses: { 200: one, 401: signedOut, 404: missing },
});

const responses = (extra: Record<number, ReturnType<typeof failure>> = {}) => ({
  200: one,
  401: signedOut,
  403: failure('FORBIDDEN: not this side’s to do'),
  404: missing,
  409: state,
  ...extra,
});
/** A move of the booking by one side, with a body of type `B`. */
const action = <B extends z.ZodType>(path: string, summary: string, body: B, extra: Record<number, ReturnType<typeof failure>> = {}) =>
  createRoute({
    method: 'post',
    path,
    tags,
    middleware,
    summary,
    request: { params: IdParam, ...jsonBody(body) },
    responses: responses(extra),
  });

const acceptRoute = createRoute({
  method: 'post',
  path: '/{id}/accept',
  tags,
  middleware,
  summary:
    'The owner accepts a request: the price authorized on the renter’s card is captured, or the price and deposit become due at pickup',
  request: { params: IdParam },
  responses: responses({
    409: failure('BOOKING_STATE; BOOKING_CARD_PENDING: the renter has not confirmed their card yet'),
    502: failure('PAYMENT_PROVIDER_ERROR: Stripe refused or could not be reached; nothing changed'),
  }),
});
const payRoute = createRoute({
  method: 'post',
  path: '/{id}/pay',
  tags,
  middleware,
  summary: 'The renter’s checkout (Stripe) for a booking waiting for their card: where to confirm it',
  request: { params: IdParam },
  responses: {
    200: { description: 'Where to go', ...jsonContent(z.object({ data: z.object({ url: z.string() }) })) },
    401: signedOut,
    403: failure('FORBIDDEN: only the renter pays'),
    404: missing,
    409: state,
    502: failure('PAYMENT_PROVIDER_ERROR'),
  },
});
const declineRoute = action('/{id}/decline', 'The owner declines a request', CancelInput, { 422: failure('VALIDATION_FAILED') });
const cancelRoute = action(
  '/{id}/cancel',
  'The renter cancels (refunded as the policy says) or the owner cancels an accepted booking (refunded in full, and recorded against the owner)',
  CancelInput,
  { 422: failure('VALIDATION_FAILED') },
);
const pickupRoute = action(
  '/{id}/pickup',
  'A pickup report (odometer, fuel, damage, photos) by either side; the first makes the booking active',
  HandoverInput,
  { 422: failure('HANDOVER_PICTURES: pictures not the author’s own uploads; VALIDATION_FAILED') },
);
const returnRoute = action('/{id}/return', 'A return report by either side; the first completes the booking', HandoverInput, {
  422: failure('HANDOVER_ODOMETER: below the pickup’s; HANDOVER_PICTURES; VALIDATION_FAILED'),
});
const reviewRoute = action(
  '/{id}/review',
  'After a completed rental, the renter reviews the car and its owner, the owner the renter: once each, hidden until both wrote or 14 days passed',
  BookingReviewInput,
  { 422: failure('VALIDATION_FAILED') },
);

/** /bookings (docs/decisions/059): the renter asks or books, each side moves the booking along. */
export function bookingsRoutes(deps: Deps) {
  const viewer = (c: { get(key: 'principal'): Parameters<typeof viewerOf>[0] }) => viewerOf(c.get('principal'));
  return createRouter()
    .openapi(createBookingRoute, async (c) => {
      const input = c.req.valid('json');
      return c.json({ data: await createBooking(deps, viewer(c), input, c.get('locale'), input.timeZone ?? null) }, 201);
    })
    .openapi(listBookingsRoute, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: await myBookings(deps, viewer(c), c.req.valid('query').side) }, 200);
    })
    .openapi(getBookingRoute, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: await getBooking(deps, viewer(c), c.req.valid('param').id) }, 200);
    })
    .openapi(acceptRoute, async (c) => c.json({ data: await acceptBooking(deps, viewer(c), c.req.valid('param').id) }, 200))
    .openapi(payRoute, async (c) => c.json({ data: await payBooking(deps, viewer(c), c.req.valid('param').id) }, 200))
    .openapi(declineRoute, async (c) =>
      c.json({ data: await declineBooking(deps, viewer(c), c.req.valid('param').id, c.req.valid('json').reason) }, 200),
    )
    .openapi(cancelRoute, async (c) =>
      c.json({ data: await cancelBooking(deps, viewer(c), c.req.valid('param').id, c.req.valid('json').reason) }, 200),
    )
    .openapi(pickupRoute, async (c) =>
      c.json({ data: await reportHandover(deps, viewer(c), c.req.valid('param').id, 'pickup', c.req.valid('json')) }, 200),
    )
    .openapi(returnRoute, async (c) =>
      c.json({ data: await reportHandover(deps, viewer(c), c.req.valid('param').id, 'return', c.req.valid('json')) }, 200),
    )
    .openapi(reviewRoute, async (c) =>
      c.json({ data: await reviewBooking(deps, viewer(c), c.req.valid('param').id, c.req.valid('json'), c.get('locale')) }, 200),
    );
}
