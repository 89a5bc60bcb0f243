import { BOOKING_ACTORS, BOOKING_STATES, Day } from '@autoroute/contract/rentals';
import { createRoute, z } from '@hono/zod-openapi';
import type { SortColumns } from '../../../domain/admin/list-page.data.ts';
import { bookingIdPage } from '../../../domain/rentals/admin-bookings.data.ts';
import {
  adminBookingDetail,
  adminBookingRecords,
  cancelAsAdmin,
  ownerCancellationRecord,
} from '../../../domain/rentals/admin-bookings.service.ts';
import type { Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { AdminBooking, AdminBookingDetail, AdminCancelBody, OwnerCancellations } from './bookings.schemas.ts';
import { crudRouter, guarded } from './crud-router.ts';
import { filterValue } from './list-query.ts';

const tags = ['Admin: bookings'];

const SORTS: Record<string, SortColumns> = {
  id: 'b.id',
  // Made in the same millisecond: the later one is the newer.
  createdAt: [
    ['b.created_at', 'asc'],
    ['b.id', 'asc'],
  ],
  start: 'b.start_on',
  total: 'b.total_minor',
  state: 'b.state',
};

export const cancelRoute = createRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags,
  summary: 'Cancel a booking (admin.booking.update): the renter refunded in full, both sides told, with the reason; in the audit log',
  middleware: requirePermission('admin.booking.update'),
  request: { params: IdParam, ...jsonBody(AdminCancelBody) },
  responses: {
    200: { description: 'The booking cancelled', ...jsonContent(z.object({ data: AdminBookingDetail })) },
    ...guarded,
    404: failure('BOOKING_NOT_FOUND'),
    409: failure('BOOKING_STATE: under way, over or already closed'),
    422: failure('VALIDATION_FAILED: no reason'),
  },
});

/** The bookings of rentals (docs/decisions/062): read under admin.booking.index, cancelled under admin.booking.update. */
export function adminBookingsRoutes(deps: Deps) {
  const { db } = deps;
  const cancel = createRouter().openapi(cancelRoute, async (c) => {
    const data = await cancelAsAdmin(deps, { userId: c.get('principal')!.userId }, c.req.valid('param').id, c.req.valid('json').reason);
    return c.json({ data }, 200);
  });
  const crud = crudRouter({
    resource: 'bookings',
    permission: 'admin.booking.index',
    tags,
    record: AdminBooking,
    summary: {
      list: 'Every booking (admin.booking.index): filter state, vehicleId, ownerId, renterId, from/to (days met), cancelledBy, q; sort createdAt (default, newest first), start, total',
      one: 'One booking with its price lines, payment and deposit, its transitions and who made each, its handover reports and the notices since (admin.booking.index)',
    },
    describe: {
      one: 'The booking',
      missing: 'BOOKING_NOT_FOUND',
      list: '`from` and `to` (YYYY-MM-DD, `to` exclusive) keep the bookings whose days meet that range; `cancelledSince` and `cancelledBy` read the booking’s transitions.',
    },
    notFoundCode: 'BOOKING_NOT_FOUND',
    sorts: SORTS,
    defaultSort: { field: 'createdAt', order: 'DESC' },
    filters: {
      id: filterValue.ids,
      state: filterValue.words(BOOKING_STATES),
      vehicleId: filterValue.ids,
      ownerId: filterValue.ids,
      renterId: filterValue.ids,
      cancelledBy: filterValue.words(BOOKING_ACTORS),
      cancelledSince: filterValue.instant,
      createdSince: filterValue.instant,
      acceptedSince: filterValue.instant,
      from: Day,
      to: Day,
      currency: z.string().regex(/^[A-Z]{3}$/),
      q: filterValue.text,
    },
    page: (f, sort, query) =>
      bookingIdPage(
        db,
        deps.dialect,
        {
          ids: f.id,
          states: f.state,
          vehicleIds: f.vehicleId,
          ownerIds: f.ownerId,
          renterIds: f.renterId,
          cancelledBy: f.cancelledBy,
          cancelledSince: f.cancelledSince,
          createdSince: f.createdSince,
          acceptedSince: f.acceptedSince,
          from: f.from,
          to: f.to,
          currency: f.currency,
          q: f.q,
        },
        sort,
        query,
      ),
    records: (ids) => adminBookingRecords(db, ids),
    one: (id) => adminBookingDetail(db, id),
  });
  return cancel.route('/', crud);
}

export const ownerCancellationsRoute = createRoute({
  method: 'get',
  path: '/{id}/cancellations',
  tags,
  summary: 'An owner’s cancellation record (admin.booking.index): the bookings they cancelled themselves, of how many accepted',
  middleware: requirePermission('admin.booking.index'),
  request: { params: IdParam },
  responses: {
    200: {
      description: 'The record (zero of zero for a member who never rented a car out)',
      ...jsonContent(z.object({ data: OwnerCancellations })),
    },
    ...guarded,
    404: failure('USER_NOT_FOUND'),
  },
});

export function adminOwnerCancellationsRoutes(deps: Deps) {
  return createRouter().openapi(ownerCancellationsRoute, async (c) =>
    c.json({ data: await ownerCancellationRecord(deps.db, c.req.valid('param').id) }, 200),
  );
}
