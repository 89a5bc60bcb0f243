import type { BookingActor } from '@autoroute/contract/rentals';
import type { BookingState, Database, DialectName } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';
import { containsAny, idPage, type ListQuery, type SortColumns } from '../admin/list-page.data.ts';

/*
 * The console's reads of bookings (docs/decisions/062-console-bookings.md): a page of them, one with
 * everything that happened to it, an owner's cancellation record and the dashboard's figures. The
 * transitions themselves are the bookings service's (bookings.service.ts); nothing here writes.
 */

type Db = Kysely<Database>;

export interface BookingFilter {
  ids?: number[] | undefined;
  states?: BookingState[] | undefined;
  vehicleIds?: number[] | undefined;
  ownerIds?: number[] | undefined;
  renterIds?: number[] | undefined;
  cancelledBy?: BookingActor[] | undefined;
  /** Bookings whose days meet [from, to): local days, YYYY-MM-DD, `to` exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Instants, inclusive. */
  createdSince?: string | undefined;
  acceptedSince?: string | undefined;
  /** Cancelled (by `cancelledBy`, when given) at or after this instant. */
  cancelledSince?: string | undefined;
  /** The currency's code (EUR). */
  currency?: string | undefined;
  /** The listing's title, the owner's or the renter's username or email contains it. */
  q?: string | undefined;
}

/** A page of bookings' ids as the console's list asks for it. */
export function bookingIdPage(db: Db, dialect: DialectName, f: BookingFilter, sort: SortColumns, query: ListQuery) {
  let base = db.selectFrom('bookings as b');
  if (f.ids) base = base.where('b.id', 'in', f.ids);
  if (f.states) base = base.where('b.state', 'in', f.states);
  if (f.vehicleIds) base = base.where('b.vehicle_id', 'in', f.vehicleIds);
  if (f.ownerIds) base = base.where('b.owner_id', 'in', f.ownerIds);
  if (f.renterIds) base = base.where('b.renter_id', 'in', f.renterIds);
  // Who cancelled and when is read from the booking's transitions, as the owner's record is.
  const { cancelledBy, cancelledSince } = f;
  if (cancelledBy || cancelledSince) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('booking_events as e')
          .select('e.id')
          .whereRef('e.booking_id', '=', 'b.id')
          .where('e.to_state', '=', 'cancelled')
          .$if(cancelledBy !== undefined, (q) => q.where('e.actor', 'in', cancelledBy as BookingActor[]))
          .$if(cancelledSince !== undefined, (q) => q.where('e.at', '>=', cancelledSince as string)),
      ),
    );
  }
  if (f.from) base = base.where('b.end_on', '>', f.from);
  if (f.to) base = base.where('b.start_on', '<', f.to);
  if (f.currency) base = base.where('b.currency_id', 'in', db.selectFrom('currencies').select('id').where('code', '=', f.currency));
  if (f.createdSince) base = base.where('b.created_at', '>=', f.createdSince);
  if (f.acceptedSince) base = base.where('b.accepted_at', '>=', f.acceptedSince);
  const text = f.q;
  if (text !== undefined) {
    base = base
      .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id')
      .innerJoin('users as o', 'o.id', 'b.owner_id')
      .leftJoin('users as r', 'r.id', 'b.renter_id')
      .where((eb) => containsAny(eb, ['v.title', 'o.username', 'o.email', 'r.username', 'r.email'], text, dialect));
  }
  return idPage(base, { id: 'b.id', sort }, query);
}

/** Bookings with their listing, their two sides and their currency (any order). */
export function bookingRows(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('bookings as b')
    .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .leftJoin('users as r', 'r.id', 'b.renter_id')
    .innerJoin('currencies as c', 'c.id', 'b.currency_id')
    .selectAll('b')
    .select([
      'v.title',
      'o.username as owner_name',
      'o.email as owner_email',
      'r.username as renter_name',
      'r.email as renter_email',
      'c.code as currency',
      'c.minor_units',
    ])
    .where('b.id', 'in', ids)
    .execute();
}

/** A booking's transitions, oldest first, with who made each (the member's or administrator's name). */
export function bookingEvents(db: Db, bookingId: number) {
  return db
    .selectFrom('booking_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.from_state', 'e.to_state', 'e.actor', 'e.actor_id', 'u.username as actor_name', 'e.detail', 'e.at'])
    .where('e.booking_id', '=', bookingId)
    .orderBy('e.id')
    .execute();
}

/** A booking's pickup and return reports, in the order they were written. */
export function bookingHandovers(db: Db, bookingId: number) {
  return db
    .selectFrom('booking_handovers as h')
    .leftJoin('users as u', 'u.id', 'h.author_id')
    .select(['h.id', 'h.stage', 'h.side', 'u.username as author_name', 'h.odometer', 'h.fuel', 'h.damage', 'h.pictures', 'h.created_at'])
    .where('h.booking_id', '=', bookingId)
    .orderBy('h.id')
    .execute();
}

/** Notices about the booked listing or its owner made since the booking was (the moderation queue's reports). */
export function reportsAround(db: Db, b: { vehicle_id: number; owner_id: number; created_at: string }) {
  return db
    .selectFrom('reports')
    .select(['id', 'target_kind', 'target_id', 'reason', 'status', 'case_id', 'created_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('target_kind', '=', 'listing'), eb('target_id', '=', b.vehicle_id)]),
        eb.and([eb('target_kind', '=', 'seller'), eb('target_id', '=', b.owner_id)]),
      ]),
    )
    .where('created_at', '>=', b.created_at)
    .orderBy('id')
    .execute();
}

/**
 * An owner's cancellation record: how many of their bookings they cancelled themselves (a
 * transition to cancelled made by the owner), of how many were accepted, and the latest few.
 */
export async function ownerCancellations(db: Db, ownerId: number, latest: number) {
  const cancelledByOwner = db
    .selectFrom('booking_events as e')
    .innerJoin('bookings as b', 'b.id', 'e.booking_id')
    .where('b.owner_id', '=', ownerId)
    .where('e.actor', '=', 'owner')
    .where('e.to_state', '=', 'cancelled');
  const [cancelled, accepted, rows] = await Promise.all([
    cancelledByOwner.select((eb) => eb.fn.count<number | string>('e.booking_id').distinct().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('accepted_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    cancelledByOwner
      .select(['b.id', 'b.start_on', 'b.end_on', 'e.at', 'b.cancel_reason'])
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(latest)
      .execute(),
  ]);
  return { cancelled: Number(cancelled.n), accepted: Number(accepted.n), latest: rows };
}

/**
 * The dashboard's booking figures: requests waiting, accepted bookings to come, rentals under way,
 * cancellations by owners since `since30`, and the month's rental revenue by currency (the price of
 * the bookings accepted since `month`, less what was refunded on them).
 */
export async function bookingFigures(db: Db, month: string, since30: string) {
  const [states, ownerCancelled, revenue] = await Promise.all([
    db
      .selectFrom('bookings')
      .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('state', 'in', ['requested', 'accepted', 'active'])
      .groupBy('state')
      .execute(),
    db
      .selectFrom('booking_events')
      .select((eb) => eb.fn.count<number | string>('booking_id').distinct().as('n'))
      .where('to_state', '=', 'cancelled')
      .where('actor', '=', 'owner')
      .where('at', '>=', since30)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings as b')
      .innerJoin('currencies as c', 'c.id', 'b.currency_id')
      .select([
        'c.code as currency',
        'c.minor_units',
        sql<number | string>`sum(b.total_minor - coalesce(b.refund_minor, 0))`.as('amount'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .where('b.accepted_at', '>=', month)
      .groupBy(['c.code', 'c.minor_units'])
      .orderBy('c.code')
      .execute(),
  ]);
  const inState = (state: BookingState) => Number(states.find((s) => s.state === state)?.n ?? 0);
  return {
    requested: inState('requested'),
    accepted: inState('accepted'),
    active: inState('active'),
    ownerCancelled: Number(ownerCancelled.n),
    revenue: revenue.map((r) => ({ currency: r.currency, minorUnits: r.minor_units, amountMinor: Number(r.amount), count: Number(r.n) })),
  };
}
