import { createRoute, z } from '@hono/zod-openapi';
import { addBlock, availability, getTerms, ownerBlocks, putTerms, quote, removeBlock } from '../../../domain/rentals/rentals.service.ts';
import { viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import {
  Availability,
  AvailabilityBlock,
  BlockInput,
  BlockParams,
  Quote,
  QuoteQuery,
  RangeQuery,
  RentalTerms,
  RentalTermsInput,
  VehicleIdParam,
} from './rentals.schemas.ts';

const tags = ['Rentals'];
const signedOut = failure('UNAUTHORIZED: not signed in');
const notRental = failure('RENTAL_NOT_RENTAL: the listing is for sale, not for rent; VALIDATION_FAILED');
const missing = failure('VEHICLE_NOT_FOUND');
const notOwner = failure('FORBIDDEN: not the listing’s owner');

const termsRoute = createRoute({
  method: 'get',
  path: '/{vehicleId}/terms',
  tags,
  summary:
    'A rental listing’s terms: price basis, discounts, durations, notice, hours, deposit, mileage, driver, cancellation policy with its refund schedule, instant book',
  request: { params: VehicleIdParam },
  responses: { 200: { description: 'The terms', ...jsonContent(z.object({ data: RentalTerms })) }, 404: missing, 422: notRental },
});

const putTermsRoute = createRoute({
  method: 'put',
  path: '/{vehicleId}/terms',
  tags,
  middleware: requireUser(),
  summary: 'The owner writes the terms of their rental listing',
  request: { params: VehicleIdParam, ...jsonBody(RentalTermsInput) },
  responses: {
    200: { description: 'The terms as stored', ...jsonContent(z.object({ data: RentalTerms })) },
    401: signedOut,
    403: notOwner,
    404: missing,
    422: notRental,
  },
});

const availabilityRoute = createRoute({
  method: 'get',
  path: '/{vehicleId}/availability',
  tags,
  summary: 'The days of [from, to) on which the car cannot be picked up, and why (booked, blocked, notice, horizon); at most 400 days',
  request: { params: VehicleIdParam, query: RangeQuery },
  responses: {
    200: { description: 'The unavailable days', ...jsonContent(z.object({ data: Availability })) },
    404: missing,
    422: failure('AVAILABILITY_RANGE_INVALID, RENTAL_NOT_RENTAL, VALIDATION_FAILED'),
  },
});

const quoteRoute = createRoute({
  method: 'get',
  path: '/{vehicleId}/quote',
  tags,
  summary: 'The price of renting from `start` (pickup day) to `end` (return day), line by line, if those days can be booked',
  request: { params: VehicleIdParam, query: QuoteQuery },
  responses: {
    200: { description: 'The quote', ...jsonContent(z.object({ data: Quote })) },
    404: missing,
    409: failure('BOOKING_CONFLICT: a booking or a block holds part of the range'),
    422: failure('BOOKING_RANGE_INVALID, BOOKING_TOO_SHORT, BOOKING_TOO_LONG, BOOKING_TOO_SOON, BOOKING_TOO_FAR, RENTAL_NOT_RENTAL'),
  },
});

const blocksRoute = createRoute({
  method: 'get',
  path: '/{vehicleId}/blocks',
  tags,
  middleware: requireUser(),
  summary: 'The owner’s blocks on their rental’s calendar, and those of imported calendars',
  request: { params: VehicleIdParam },
  responses: {
    200: { description: 'The blocks', ...jsonContent(z.object({ data: z.array(AvailabilityBlock) })) },
    401: signedOut,
    403: notOwner,
    404: missing,
    422: notRental,
  },
});

const addBlockRoute = createRoute({
  method: 'post',
  path: '/{vehicleId}/blocks',
  tags,
  middleware: requireUser(),
  summary: 'The owner closes days: a range (once) or one weekday every week (weekly)',
  request: { params: VehicleIdParam, ...jsonBody(BlockInput) },
  responses: {
    201: { description: 'The block', ...jsonContent(z.object({ data: AvailabilityBlock })) },
    401: signedOut,
    403: notOwner,
    404: missing,
    422: notRental,
  },
});

const removeBlockRoute = createRoute({
  method: 'delete',
  path: '/{vehicleId}/blocks/{id}',
  tags,
  middleware: requireUser(),
  summary: 'The owner frees the days of one of their blocks',
  request: { params: BlockParams },
  responses: {
    204: { description: 'Freed' },
    401: signedOut,
    403: notOwner,
    404: failure('VEHICLE_NOT_FOUND, BLOCK_NOT_FOUND'),
    409: failure('BLOCK_IMPORTED: an imported calendar’s block goes with its import'),
    422: notRental,
  },
});

/** /rentals (docs/decisions/059): terms, calendar and price of a rental listing. */
export function rentalsRoutes(deps: Deps) {
  const fresh = { 'Cache-Control': 'no-store' };
  return createRouter()
    .openapi(termsRoute, async (c) => c.json({ data: await getTerms(deps.db, c.req.valid('param').vehicleId) }, 200, fresh))
    .openapi(putTermsRoute, async (c) =>
      c.json({ data: await putTerms(deps.db, viewerOf(c.get('principal')), c.req.valid('param').vehicleId, c.req.valid('json')) }, 200),
    )
    .openapi(availabilityRoute, async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json({ data: await availability(deps.db, c.req.valid('param').vehicleId, from, to) }, 200, fresh);
    })
    .openapi(quoteRoute, async (c) => {
      const { start, end } = c.req.valid('query');
      return c.json({ data: await quote(deps.db, c.req.valid('param').vehicleId, start, end) }, 200, fresh);
    })
    .openapi(blocksRoute, async (c) =>
      c.json({ data: await ownerBlocks(deps.db, viewerOf(c.get('principal')), c.req.valid('param').vehicleId) }, 200, fresh),
    )
    .openapi(addBlockRoute, async (c) =>
      c.json({ data: await addBlock(deps.db, viewerOf(c.get('principal')), c.req.valid('param').vehicleId, c.req.valid('json')) }, 201),
    )
    .openapi(removeBlockRoute, async (c) => {
      const { vehicleId, id } = c.req.valid('param');
      await removeBlock(deps.db, viewerOf(c.get('principal')), vehicleId, id);
      return c.body(null, 204);
    });
}
