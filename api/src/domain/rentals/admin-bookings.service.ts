import type { BookingActor, BookingState, CancellationPolicy, PriceLine } from '@autoroute/contract/rentals';
import { notFound } from '../../core/errors.ts';
import { inIdOrder } from '../../core/in-order.ts';
import { toMajor } from '../../core/reference.ts';
import type { Db } from '../admin/audit.data.ts';
import { audited } from '../admin/audit.service.ts';
import type { DomainDeps } from '../deps.ts';
import { bookingEvents, bookingFigures, bookingHandovers, bookingRows, ownerCancellations, reportsAround } from './admin-bookings.data.ts';
import { adminCancelBooking } from './bookings.service.ts';
import { findMember } from './rentals.data.ts';

/*
 * The console's bookings (docs/decisions/062-console-bookings.md): rows as the back office reads
 * them, amounts in the currency's major unit as the console's other money is.
 */

/** The states in which an administrator may cancel a booking: those that still hold the car and have not begun. */
const ADMIN_CANCELLABLE: readonly BookingState[] = ['requested', 'accepted'];

type Row = Awaited<ReturnType<typeof bookingRows>>[number];

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

function summary(r: Row) {
  const major = (minor: number) => toMajor(minor, r.minor_units);
  return {
    id: r.id,
    vehicleId: r.vehicle_id,
    title: r.title,
    state: r.state,
    instant: Boolean(r.instant),
    start: r.start_on,
    end: r.end_on,
    days: r.days,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    renterId: r.renter_id,
    renterName: r.renter_name,
    currency: r.currency,
    total: major(r.total_minor),
    deposit: major(r.deposit_minor),
    paymentState: r.payment_state,
    depositState: r.deposit_state,
    cancelledBy: r.cancelled_by as BookingActor | null,
    createdAt: r.created_at,
    acceptedAt: r.accepted_at,
  };
}

/** The list's rows, in the order of `ids`. */
export async function adminBookingRecords(db: Db, ids: number[]) {
  return inIdOrder(ids, await bookingRows(db, ids), summary);
}

/** One booking with its price lines, its transitions and who made them, its handover reports and the notices since. */
export async function adminBookingDetail(db: Db, id: number) {
  const [row] = await bookingRows(db, [id]);
  if (!row) return undefined;
  const [events, handovers, reports] = await Promise.all([bookingEvents(db, id), bookingHandovers(db, id), reportsAround(db, row)]);
  const major = (minor: number) => toMajor(minor, row.minor_units);
  const lines = parseJson<PriceLine[]>(row.lines, []).map((l) => ({
    kind: l.kind,
    ...(l.days === undefined ? {} : { days: l.days }),
    ...(l.rateMinor === undefined ? {} : { rate: major(l.rateMinor) }),
    ...(l.percent === undefined ? {} : { percent: l.percent }),
    amount: major(l.amountMinor),
  }));
  return {
    ...summary(row),
    ownerEmail: row.owner_email,
    renterEmail: row.renter_email,
    startAt: row.start_at,
    endAt: row.end_at,
    timeZone: row.time_zone,
    cancellation: row.cancellation as CancellationPolicy,
    lines,
    refund: row.refund_minor === null ? null : major(row.refund_minor),
    depositReleaseAt: row.deposit_release_at,
    cancelReason: row.cancel_reason,
    message: row.message,
    expiresAt: row.expires_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    closedAt: row.closed_at,
    cancellable: ADMIN_CANCELLABLE.includes(row.state),
    events: events.map((e) => ({
      id: e.id,
      fromState: e.from_state,
      toState: e.to_state,
      actor: e.actor,
      actorId: e.actor_id,
      actorName: e.actor_name,
      detail: parseJson<Record<string, unknown> | null>(e.detail, null),
      at: e.at,
    })),
    handovers: handovers.map((h) => ({
      id: h.id,
      stage: h.stage,
      side: h.side,
      authorName: h.author_name,
      odometer: h.odometer,
      fuel: h.fuel,
      damage: h.damage,
      pictures: parseJson<unknown[]>(h.pictures, []).length,
      createdAt: h.created_at,
    })),
    reports: reports.map((r) => ({
      id: r.id,
      targetKind: r.target_kind,
      reason: r.reason,
      status: r.status,
      caseId: r.case_id,
      createdAt: r.created_at,
    })),
  };
}

/**
 * An administrator cancels a booking with a reason: the bookings service's transition (a full refund,
 * both sides told, an event naming the administrator), in the audit log as an update of `bookings`
 * with the booking before and after, in one transaction. A state that no longer allows it is the
 * service's 409 and logs nothing.
 */
export async function cancelAsAdmin(
  deps: Pick<DomainDeps, 'db' | 'mediaUrl' | 'dialect' | 'config'>,
  actor: { userId: number },
  id: number,
  reason: string,
) {
  return audited(deps.db, actor, { resource: 'bookings', action: 'update' }, async (tx) => {
    const before = await adminBookingDetail(tx, id);
    if (!before) throw notFound('BOOKING_NOT_FOUND');
    await adminCancelBooking({ ...deps, db: tx }, id, actor.userId, reason);
    const after = (await adminBookingDetail(tx, id))!;
    return { recordId: id, before, after, result: after };
  });
}

/** How many of an owner's accepted bookings they cancelled themselves, and the latest five. */
export async function ownerCancellationRecord(db: Db, ownerId: number) {
  if (!(await findMember(db, ownerId))) throw notFound('USER_NOT_FOUND');
  const record = await ownerCancellations(db, ownerId, 5);
  return {
    ownerId,
    cancelled: record.cancelled,
    accepted: record.accepted,
    latest: record.latest.map((r) => ({ id: r.id, start: r.start_on, end: r.end_on, at: r.at, reason: r.cancel_reason })),
  };
}

/**
 * The dashboard's booking figures, each with the list it counts: requests waiting, accepted bookings
 * to come, rentals under way, cancellations by owners in the last 30 days, and the month's rental
 * revenue by currency.
 */
export async function dashboardBookingFigures(db: Db, month: string, since30: string) {
  const f = await bookingFigures(db, month, since30);
  return {
    bookingsRequested: f.requested,
    bookingsAccepted: f.accepted,
    bookingsActive: f.active,
    ownerCancellations: f.ownerCancelled,
    bookingLinks: {
      bookingsRequested: { resource: 'bookings', filter: { state: 'requested' } },
      bookingsAccepted: { resource: 'bookings', filter: { state: 'accepted' } },
      bookingsActive: { resource: 'bookings', filter: { state: 'active' } },
      ownerCancellations: { resource: 'bookings', filter: { cancelledBy: 'owner', cancelledSince: since30 } },
    },
    rentalRevenue: f.revenue.map((r) => ({
      currency: r.currency,
      amount: toMajor(r.amountMinor, r.minorUnits),
      bookings: r.count,
      link: { resource: 'bookings', filter: { acceptedSince: month, currency: r.currency } },
    })),
  };
}
