import {
  type Booking,
  type BookingActor,
  type BookingInput,
  type BookingReviewInput,
  type BookingState,
  type BookingSummary,
  type HandoverInput,
  type PriceLine,
  refundPercent,
} from '@autoroute/contract/rentals';
import { type BookingSide, nowIso } from '@autoroute/db';
import { DEFAULT_LOCALE, formatTag, type Locale, matchLocale } from '@autoroute/locales';
import { AppError, notFound } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import type { MediaUrl } from '../../core/reference.ts';
import { inTransaction } from '../../core/transaction.ts';
import { stripeFor } from '../billing/stripe.ts';
import { findBuyersConversation, insertConversation, insertMessage } from '../conversations/conversations.data.ts';
import type { DomainDeps } from '../deps.ts';
import type { Viewer } from '../vehicles/vehicles.service.ts';
import { insertNotifications } from '../vehicles/vehicles.write.data.ts';
import {
  type Cards,
  capturePrice,
  closeCardCheckout,
  holdDeposit,
  paidByCard,
  refundPrice,
  releaseHold,
  startCardCheckout,
} from './booking-payments.ts';
import {
  type BookingRow,
  claimReminder,
  depositHoldsToRenew,
  depositsDue,
  dueBookings,
  findBooking,
  findMember,
  insertBooking,
  insertEvent,
  insertHandover,
  insertReview,
  listBookings,
  listEvents,
  listHandovers,
  listReviews,
  lockListing,
  moveBooking,
  picturesOf,
  releaseDeposit,
  updateBooking,
} from './rentals.data.ts';
import { checkRange, loadRental, termsView } from './rentals.service.ts';

/*
 * Bookings and their one state machine (issue 36 item 3, docs/decisions/059-rentals-and-bookings.md).
 * Every change of state goes through `move`: who may make it from which state (TRANSITIONS), the
 * row changed only if it is still in that state (a concurrent change made first wins), an event in
 * `booking_events` (the audit trail), and the notices of both sides, all in one transaction.
 */

type Db = DomainDeps['db'];
type Deps = Pick<DomainDeps, 'db' | 'mediaUrl' | 'dialect' | 'config'>;

/** Who may read any booking in the console's name: the console's read right (docs/decisions/062). */
const READ_ANY_BOOKING = 'admin.booking.index';
/** A request unanswered this long expires (or sooner: at the notice before pickup). */
const REQUEST_HOURS = 24;
/** After the return, the owner has this long to claim on the deposit before it is released. */
const DEPOSIT_CLAIM_DAYS = 3;
/** After the return, each side has this long to review; a review alone is shown when it ends. */
const REVIEW_DAYS = 14;
/** A booking still active this long after its end completes by itself. */
const AUTO_COMPLETE_HOURS = 24;
/** A booking waiting for the renter's card holds its days this long at most (then it expires). */
const CARD_WAIT_MS = 60 * 60_000;
/** A deposit's hold on a card lapses after 7 days: it is placed anew before then. */
const HOLD_RENEW_DAYS = 6;
/** How early before pickup the pickup report may be made. */
const PICKUP_EARLY_HOURS = 24;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Transition = 'accept' | 'decline' | 'expire' | 'cancel' | 'pickup' | 'return' | 'complete';

/** The state machine: from which states each transition may be made, to which, and by whom. */
const TRANSITIONS: Readonly<Record<Transition, { from: readonly BookingState[]; to: BookingState; by: readonly BookingActor[] }>> = {
  // The system accepts an instant booking once the renter's card is authorized (decision 065).
  accept: { from: ['requested'], to: 'accepted', by: ['owner', 'system'] },
  decline: { from: ['requested'], to: 'declined', by: ['owner'] },
  expire: { from: ['requested'], to: 'expired', by: ['system'] },
  cancel: { from: ['requested', 'accepted'], to: 'cancelled', by: ['renter', 'owner', 'admin'] },
  pickup: { from: ['accepted'], to: 'active', by: ['renter', 'owner'] },
  return: { from: ['active'], to: 'completed', by: ['renter', 'owner'] },
  complete: { from: ['accepted', 'active'], to: 'completed', by: ['system'] },
};

/** Which side of a booking the caller is: 404 for someone with none (a stranger learns nothing of it). */
function sideOf(b: BookingRow, viewer: Viewer): 'renter' | 'owner' | 'admin' {
  if (b.owner_id === viewer.id) return 'owner';
  if (b.renter_id === viewer.id) return 'renter';
  if (viewer.permissions.includes(READ_ANY_BOOKING)) return 'admin';
  throw notFound('BOOKING_NOT_FOUND');
}

async function loadBooking(db: Db, id: number): Promise<BookingRow> {
  const b = await findBooking(db, id);
  if (!b) throw notFound('BOOKING_NOT_FOUND');
  return b;
}

// ---------------------------------------------------------------- notices

type Notice =
  | 'requested'
  | 'requestSent'
  | 'instant'
  | 'accepted'
  | 'declined'
  | 'expired'
  | 'expiringSoon'
  | 'cancelled'
  | 'pickupTomorrow'
  | 'pickupSoon'
  | 'returnTomorrow'
  | 'returned'
  | 'depositReleased'
  | 'depositHeld'
  | 'depositDeclined'
  | 'reviewInvite';

/**
 * A notice to one side, in their language and time zone (the owner's is the car's; the renter's the
 * one their browser gave when they booked, else the car's): in their inbox, and mailed by the
 * notification mail job.
 */
async function tell(tx: Db, b: BookingRow, to: BookingSide, notice: Notice, extra: Record<string, string | number> = {}) {
  const userId = to === 'owner' ? b.owner_id : b.renter_id;
  if (userId === null) return;
  const member = await findMember(tx, userId);
  if (member?.status !== 'active') return;
  const locale: Locale = matchLocale(member.language) ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const timeZone = to === 'renter' ? (b.renter_time_zone ?? b.time_zone) : b.time_zone;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(formatTag(locale), {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(new Date(iso));
  const message = t(`booking.notice.${notice}`, {
    title: b.title,
    id: b.id,
    pickup: when(b.start_at),
    return: when(b.end_at),
    expires: b.expires_at ? when(b.expires_at) : '',
    ...extra,
  });
  await insertNotifications(tx, [
    { user_id: userId, vehicle_id: b.vehicle_id, kind: 'booking', from_name: t('common:appName'), message, mail_pending: 1 },
  ]);
}

// ---------------------------------------------------------------- views

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function coverUrl(renditions: string | null, mediaUrl: MediaUrl): string | null {
  if (!renditions) return null;
  const list = JSON.parse(renditions) as { width: number; key: string }[];
  const pick = [...list].sort((a, b) => Math.abs(a.width - 480) - Math.abs(b.width - 480))[0];
  return pick ? mediaUrl(pick.key) : null;
}

/** What cancelling now would refund the caller's side: the renter the policy's share, the owner or an administrator all. */
function cancelRefund(b: BookingRow, side: 'renter' | 'owner' | 'admin', now: number): number | null {
  if (!TRANSITIONS.cancel.from.includes(b.state)) return null;
  if (b.state === 'requested') return side === 'owner' ? null : 0;
  if (side !== 'renter') return b.total_minor;
  const hoursBefore = (Date.parse(b.start_at) - now) / HOUR;
  return Math.round((b.total_minor * refundPercent(b.cancellation, hoursBefore)) / 100);
}

function actionsOf(
  b: BookingRow,
  side: 'renter' | 'owner' | 'admin',
  handovers: { stage: string; side: string }[],
  reviewed: boolean,
  now: number,
): Booking['actions'] {
  if (side === 'admin') return TRANSITIONS.cancel.from.includes(b.state) ? ['cancel'] : [];
  const out: Booking['actions'] = [];
  const reported = (stage: string) => handovers.some((h) => h.stage === stage && h.side === side);
  // A request waiting for the renter's card: the owner may only decline it; the renter may pay.
  const cardPending = b.payment_state === 'card_pending';
  if (b.state === 'requested' && side === 'owner') out.push(...(cardPending ? (['decline'] as const) : (['accept', 'decline'] as const)));
  if (b.state === 'requested' && side === 'renter') out.push(...(cardPending ? (['pay', 'cancel'] as const) : (['cancel'] as const)));
  if (b.state === 'accepted') out.push('cancel');
  if (
    (b.state === 'accepted' && now >= Date.parse(b.start_at) - PICKUP_EARLY_HOURS * HOUR) ||
    (b.state === 'active' && !reported('pickup'))
  )
    out.push('pickup');
  if (b.state === 'active' || (b.state === 'completed' && !reported('return') && reported('pickup'))) out.push('return');
  if (b.state === 'completed' && !reviewed && b.completed_at && now < Date.parse(b.completed_at) + REVIEW_DAYS * DAY) out.push('review');
  return out;
}

async function view(deps: Deps, b: BookingRow, side: 'renter' | 'owner' | 'admin', now = Date.now()): Promise<Booking> {
  const [events, handovers, reviews] = await Promise.all([
    listEvents(deps.db, b.id),
    listHandovers(deps.db, b.id),
    listReviews(deps.db, b.id),
  ]);
  const pictureIds = handovers.flatMap((h) => JSON.parse(h.pictures) as number[]);
  const pictures = new Map(
    (await picturesOf(deps.db, pictureIds)).map((p) => [p.id, coverUrl(p.renditions, deps.mediaUrl) ?? deps.mediaUrl(p.storage_key)]),
  );
  // Each review is hidden until both sides wrote, or the review period after the return ended.
  const open = reviews.length >= 2 || (b.completed_at !== null && now >= Date.parse(b.completed_at) + REVIEW_DAYS * DAY);
  const terms = JSON.parse(b.terms) as Booking['terms'];
  return {
    id: b.id,
    vehicleId: b.vehicle_id,
    title: b.title,
    picture: coverUrl(b.cover, deps.mediaUrl),
    side,
    ownerId: b.owner_id,
    ownerName: fullName(b.owner_first_name, b.owner_last_name),
    renterId: b.renter_id,
    renterName: fullName(b.renter_first_name, b.renter_last_name),
    state: b.state,
    instant: b.instant === 1,
    start: b.start_on,
    end: b.end_on,
    startAt: b.start_at,
    endAt: b.end_at,
    timeZone: b.time_zone,
    days: b.days,
    currency: b.currency,
    lines: JSON.parse(b.lines) as PriceLine[],
    totalMinor: b.total_minor,
    depositMinor: b.deposit_minor,
    cancellation: b.cancellation,
    terms,
    message: b.message,
    conversationId: b.conversation_id,
    expiresAt: b.state === 'requested' ? b.expires_at : null,
    paymentState: b.payment_state,
    refundMinor: b.refund_minor,
    cancelRefundMinor: side === 'admin' ? cancelRefund(b, side, now) : cancelRefund(b, side, now),
    depositState: b.deposit_state,
    cancelledBy: (b.cancelled_by as BookingActor | null) ?? null,
    cancelReason: b.cancel_reason,
    createdAt: b.created_at,
    actions: actionsOf(
      b,
      side,
      handovers,
      reviews.some((r) => r.side === side),
      now,
    ),
    events: events.map((e) => ({
      fromState: e.from_state,
      toState: e.to_state,
      actor: e.actor,
      detail: e.detail ? (JSON.parse(e.detail) as Record<string, unknown>) : null,
      at: e.at,
    })),
    handovers: handovers.map((h) => ({
      stage: h.stage,
      side: h.side,
      odometer: h.odometer,
      fuel: h.fuel,
      damage: h.damage,
      pictures: (JSON.parse(h.pictures) as number[]).flatMap((id) => (pictures.has(id) ? [{ id, url: pictures.get(id)! }] : [])),
      createdAt: h.created_at,
    })),
    reviews: reviews.map((r) => {
      const hidden = !open && r.side !== side;
      return {
        side: r.side,
        authorName: r.author_name,
        rating: hidden ? 0 : r.rating,
        body: hidden ? null : r.body,
        hidden,
        createdAt: r.created_at,
      };
    }),
  };
}

export async function getBooking(deps: Deps, viewer: Viewer, id: number): Promise<Booking> {
  const b = await loadBooking(deps.db, id);
  return view(deps, b, sideOf(b, viewer));
}

/** The console reads any booking. */
async function getBookingAsAdmin(deps: Deps, id: number): Promise<Booking> {
  return view(deps, await loadBooking(deps.db, id), 'admin');
}

export async function myBookings(deps: Deps, viewer: Viewer, side: 'renter' | 'owner'): Promise<BookingSummary[]> {
  // A request still waiting for the renter's card has not been sent to the owner yet (decision 065).
  const rows = (await listBookings(deps.db, viewer.id, side, 200)).filter((b) => side === 'renter' || b.payment_state !== 'card_pending');
  return rows.map((b) => ({
    id: b.id,
    vehicleId: b.vehicle_id,
    title: b.title,
    picture: coverUrl(b.cover, deps.mediaUrl),
    side,
    ownerName: fullName(b.owner_first_name, b.owner_last_name),
    renterName: fullName(b.renter_first_name, b.renter_last_name),
    state: b.state,
    start: b.start_on,
    end: b.end_on,
    days: b.days,
    currency: b.currency,
    totalMinor: b.total_minor,
    expiresAt: b.state === 'requested' ? b.expires_at : null,
    createdAt: b.created_at,
  }));
}

// ---------------------------------------------------------------- creating

/** A PostgreSQL exclusion violation: the constraint `bookings_no_overlap` refused a second booking of the same time. */
const isOverlap = (error: unknown) => (error as { code?: string } | null)?.code === '23P01';

/**
 * A renter asks for dates (or books them at once on an instant-book listing). The range is checked
 * and the booking inserted in one write transaction: on SQLite it begins `immediate`, so no other
 * writer comes between the check and the insert; on PostgreSQL the exclusion constraint refuses the
 * second of two concurrent inserts, answered as the same 409 BOOKING_CONFLICT.
 */
export async function createBooking(
  deps: Deps,
  viewer: Viewer,
  input: BookingInput,
  locale: Locale,
  renterTimeZone: string | null,
  now = new Date(),
): Promise<Booking> {
  const rental = await loadRental(deps.db, input.vehicleId);
  if (rental.row.owner_id === viewer.id) throw new AppError(403, 'BOOKING_OWN');
  if (rental.row.sold !== 0 || rental.row.owner_status !== 'active') throw notFound('VEHICLE_NOT_FOUND');
  const t = rental.terms;
  if (input.driverAge < t.min_driver_age) throw new AppError(422, 'BOOKING_DRIVER_AGE', { age: t.min_driver_age });
  if (input.licenceYears < t.min_licence_years) throw new AppError(422, 'BOOKING_LICENCE_YEARS', { years: t.min_licence_years });
  const renter = await findMember(deps.db, viewer.id);
  if (!renter) throw new AppError(401, 'UNAUTHORIZED');
  const instant = t.instant_book === 1;
  const cards = stripeFor(deps.config);
  let id: number;
  let byCard = false;
  try {
    id = await deps.db.transaction().execute(async (tx) => {
      // PostgreSQL: one booking of this car at a time is checked and written (the listing's row
      // locked to the commit). Without it, two concurrent inserts of overlapping ranges may each wait
      // on the other's entry in the exclusion constraint's index, and end as a deadlock, not a 409.
      if (deps.dialect === 'postgres') await lockListing(tx, rental.row.id);
      const q = await checkRange(tx, rental, input.start, input.end, now);
      const at = now.toISOString();
      // With Stripe, the request (or the instant booking) waits for the renter's card, holding its days meanwhile.
      byCard = cards !== null && q.totalMinor > 0;
      const accepted = instant && !byCard;
      const expires = Math.min(
        now.getTime() + REQUEST_HOURS * HOUR,
        q.startAt.getTime() - t.notice_hours * HOUR,
        q.startAt.getTime(),
        byCard ? now.getTime() + CARD_WAIT_MS : Number.POSITIVE_INFINITY,
      );
      const bookingId = await insertBooking(tx, {
        vehicle_id: rental.row.id,
        owner_id: rental.row.owner_id,
        renter_id: viewer.id,
        state: accepted ? 'accepted' : 'requested',
        instant: instant ? 1 : 0,
        start_on: input.start,
        end_on: input.end,
        start_at: q.startAt.toISOString(),
        end_at: q.endAt.toISOString(),
        span_from: q.spanFrom,
        span_to: q.spanTo,
        time_zone: t.time_zone,
        renter_time_zone: renterTimeZone,
        days: q.days,
        currency_id: rental.row.currency_id,
        lines: JSON.stringify(q.lines),
        total_minor: q.totalMinor,
        deposit_minor: t.deposit_minor,
        terms: JSON.stringify(termsView(rental)),
        cancellation: t.cancellation,
        message: input.message,
        expires_at: accepted ? null : new Date(Math.max(expires, now.getTime())).toISOString(),
        ...(accepted ? paymentAtAcceptance({ payment_state: 'none', deposit_minor: t.deposit_minor }) : {}),
        ...(byCard && { payment_state: 'card_pending' }),
        accepted_at: accepted ? at : null,
        created_at: at,
        updated_at: at,
      });
      await insertEvent(tx, { bookingId, from: null, to: 'requested', actor: 'renter', actorId: viewer.id, detail: null, at });
      if (accepted)
        await insertEvent(tx, {
          bookingId,
          from: 'requested',
          to: 'accepted',
          actor: 'system',
          actorId: null,
          detail: { instant: true },
          at,
        });
      // The booking opens the conversation with the owner, or continues the renter's one about this car.
      const tr = translator(locale);
      const opening = [
        tr(instant ? 'booking.message.booked' : 'booking.message.requested', { start: input.start, end: input.end, days: q.days }),
        input.message,
      ]
        .filter(Boolean)
        .join('\n\n');
      const earlier = await findBuyersConversation(tx, rental.row.id, viewer.id);
      let conversationId: number;
      if (earlier && !earlier.blocked_by) {
        conversationId = earlier.id;
        await insertMessage(tx, conversationId, 'buyer', opening);
      } else {
        ({ id: conversationId } = await insertConversation(tx, {
          vehicleId: rental.row.id,
          title: rental.row.title,
          sellerId: rental.row.owner_id,
          buyerId: viewer.id,
          buyerName: fullName(renter.first_name, renter.last_name),
          buyerEmail: renter.email,
          buyerPhone: null,
          buyerShared: false,
          guestKey: null,
          buyerLanguage: null,
          body: opening,
        }));
      }
      await updateBooking(tx, bookingId, { conversation_id: conversationId });
      const b = await loadBooking(tx, bookingId);
      // Paid by card, both sides are told once the card is authorized (cardAuthorized).
      if (byCard) return bookingId;
      if (instant) {
        await tell(tx, b, 'owner', 'instant');
        await tell(tx, b, 'renter', 'accepted');
      } else {
        await tell(tx, b, 'owner', 'requested');
        await tell(tx, b, 'renter', 'requestSent');
      }
      return bookingId;
    });
  } catch (error) {
    if (isOverlap(error)) throw new AppError(409, 'BOOKING_CONFLICT');
    throw error;
  }
  if (!byCard || !cards) return getBooking(deps, viewer, id);
  // The renter goes on to Stripe's checkout. Should it fail to start, the booking keeps its days
  // until it expires and its page offers the checkout again (`pay`).
  const checkoutUrl = await startCheckout(deps, cards, await loadBooking(deps.db, id), now).catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });
  return { ...(await getBooking(deps, viewer, id)), ...(checkoutUrl && { checkoutUrl }) };
}

async function startCheckout(deps: Deps, cards: Cards, b: BookingRow, now: Date): Promise<string> {
  const renter = b.renter_id === null ? undefined : await findMember(deps.db, b.renter_id);
  if (!renter) throw notFound('BOOKING_NOT_FOUND');
  const session = await startCardCheckout(cards, deps.config.publicUrl, b, renter.email, new Date(b.expires_at ?? now), now);
  await updateBooking(deps.db, b.id, { payment_ref: session.id });
  return session.url;
}

/** POST /bookings/{id}/pay: the renter's checkout for a booking still waiting for their card. */
export async function payBooking(deps: Deps, viewer: Viewer, id: number, now = new Date()): Promise<{ url: string }> {
  const b = await loadBooking(deps.db, id);
  actorOf(b, viewer, ['renter']);
  const cards = stripeFor(deps.config);
  if (b.state !== 'requested' || b.payment_state !== 'card_pending' || !cards) throw new AppError(409, 'BOOKING_STATE', { state: b.state });
  return { url: await startCheckout(deps, cards, b, now) };
}

/**
 * Stripe's webhook: the renter's card is authorized for the price (a completed checkout of the
 * booking). A request now reaches the owner, with its 24 hours to answer from now; an instant
 * booking is accepted by the system and the price captured. A booking that ended while the renter
 * was at the checkout (expired, cancelled), or a second checkout paid, lets the authorization go.
 * Runs in the webhook's transaction, which records each event once.
 */
export async function cardAuthorized(db: Db, cards: Cards, bookingId: number, paymentIntent: string, now = new Date()): Promise<void> {
  const b = await findBooking(db, bookingId);
  if (!b || b.payment_ref === paymentIntent) return;
  const at = now.toISOString();
  if (b.state !== 'requested' || b.payment_state !== 'card_pending') {
    // An authorization the booking does not need: it ended first, or a second checkout was paid.
    await releaseHold(cards, paymentIntent, `booking-${b.id}-release-${paymentIntent}`);
    if (b.payment_state === 'none' || b.payment_state === 'card_pending')
      await updateBooking(db, b.id, { payment_state: 'released', payment_ref: paymentIntent, updated_at: at });
    return;
  }
  const held = { ...b, payment_state: 'authorized', payment_ref: paymentIntent };
  if (b.instant === 1) {
    await move(
      db,
      held,
      'accept',
      'system',
      null,
      { payment_ref: paymentIntent, accepted_at: at, expires_at: null, ...paymentAtAcceptance(held) },
      { instant: true, payment: 'captured' },
      async (tx, m) => {
        await capturePrice(cards, m);
        await tell(tx, m, 'owner', 'instant');
        await tell(tx, m, 'renter', 'accepted');
      },
      now,
    );
    return;
  }
  const start = Date.parse(b.start_at);
  const notice = (JSON.parse(b.terms) as { noticeHours?: number }).noticeHours ?? 0;
  const expires = Math.max(Math.min(now.getTime() + REQUEST_HOURS * HOUR, start - notice * HOUR, start), now.getTime());
  const set = { payment_state: 'authorized', payment_ref: paymentIntent, expires_at: new Date(expires).toISOString(), updated_at: at };
  if (!(await moveBooking(db, b.id, 'requested', set))) return;
  await insertEvent(db, {
    bookingId: b.id,
    from: 'requested',
    to: 'requested',
    actor: 'system',
    actorId: null,
    detail: { payment: 'authorized' },
    at,
  });
  const m = await loadBooking(db, b.id);
  await tell(db, m, 'owner', 'requested');
  await tell(db, m, 'renter', 'requestSent');
}

/**
 * What acceptance does to the money: a price authorized on the card is taken (captured by the
 * caller); without a card, the price and the deposit are recorded as due at pickup, where the owner
 * takes them and the pickup report records them. A deposit paid by card is held at pickup.
 */
function paymentAtAcceptance(b: Pick<BookingRow, 'payment_state' | 'deposit_minor'>) {
  return {
    payment_state: b.payment_state === 'authorized' ? 'paid' : 'due_at_pickup',
    deposit_state: b.deposit_minor > 0 ? 'due_at_pickup' : 'none',
  };
}

function needCards(deps: Pick<Deps, 'config'>): Cards {
  const cards = stripeFor(deps.config);
  if (!cards) throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
  return cards;
}

/**
 * A booking that ends before its pickup gives back what the card gave: an authorization is let go,
 * a checkout still open is closed, a captured price is refunded by `refund`.
 */
async function settleCard(cards: Cards | null, b: BookingRow, refund: number): Promise<void> {
  if (!cards || !paidByCard(b)) return;
  if (b.payment_state === 'card_pending') await closeCardCheckout(cards, b.payment_ref!);
  else if (b.payment_state === 'authorized') await releaseHold(cards, b.payment_ref!, `booking-${b.id}-release`);
  else if (b.payment_state === 'paid' && refund > 0) await refundPrice(cards, b, refund);
  if (b.deposit_state === 'held' && b.deposit_ref) await releaseHold(cards, b.deposit_ref, `booking-${b.id}-deposit-release`);
}

/** What a closed request's payment becomes: an authorization let go is `released`; nothing taken is `none`. */
const closedPayment = (b: BookingRow) =>
  b.payment_state === 'authorized' ? 'released' : b.payment_state === 'card_pending' ? 'none' : b.payment_state;

// ---------------------------------------------------------------- moving

/**
 * The one way a booking changes state: checks the transition from its state by this actor, moves
 * the row only if it is still in that state (409 BOOKING_STATE otherwise, a concurrent change won),
 * writes the event and lets `after` add to the same transaction (notices, handover reports).
 */
async function move(
  db: Db,
  b: BookingRow,
  transition: Transition,
  actor: BookingActor,
  actorId: number | null,
  set: Record<string, unknown>,
  detail: object | null,
  after: (tx: Db, moved: BookingRow) => Promise<void>,
  now = new Date(),
): Promise<void> {
  const rule = TRANSITIONS[transition];
  if (!rule.by.includes(actor)) throw new AppError(403, 'FORBIDDEN');
  if (!rule.from.includes(b.state)) throw new AppError(409, 'BOOKING_STATE', { state: b.state });
  const at = now.toISOString();
  // Joins the caller's transaction when there is one: the console's audited cancellation (decision 020).
  await inTransaction(db, async (tx) => {
    const moved = await moveBooking(tx, b.id, b.state, { ...set, state: rule.to, updated_at: at, sequence: b.sequence + 1 });
    if (!moved) throw new AppError(409, 'BOOKING_STATE', { state: b.state });
    await insertEvent(tx, { bookingId: b.id, from: b.state, to: rule.to, actor, actorId, detail, at });
    await after(tx, await loadBooking(tx, b.id));
  });
}

/** The caller's side, which must be one of `sides`: others 404 (not theirs) or 403 (theirs, not theirs to do). */
function actorOf(b: BookingRow, viewer: Viewer, sides: readonly ('renter' | 'owner')[]): 'renter' | 'owner' {
  const side = sideOf(b, viewer);
  if (side === 'admin' || !sides.includes(side)) throw new AppError(403, 'FORBIDDEN');
  return side;
}

export async function acceptBooking(deps: Deps, viewer: Viewer, id: number): Promise<Booking> {
  const b = await loadBooking(deps.db, id);
  actorOf(b, viewer, ['owner']);
  if (b.state === 'requested' && b.payment_state === 'card_pending') throw new AppError(409, 'BOOKING_CARD_PENDING');
  const cards = b.payment_state === 'authorized' ? needCards(deps) : null;
  const at = nowIso();
  await move(
    deps.db,
    b,
    'accept',
    'owner',
    viewer.id,
    { accepted_at: at, expires_at: null, ...paymentAtAcceptance(b) },
    cards ? { payment: 'captured' } : null,
    async (tx, m) => {
      if (cards) await capturePrice(cards, m);
      await tell(tx, m, 'renter', 'accepted');
    },
  );
  return getBooking(deps, viewer, id);
}

export async function declineBooking(deps: Deps, viewer: Viewer, id: number, reason: string | null): Promise<Booking> {
  const b = await loadBooking(deps.db, id);
  actorOf(b, viewer, ['owner']);
  await move(
    deps.db,
    b,
    'decline',
    'owner',
    viewer.id,
    { cancel_reason: reason, closed_at: nowIso(), payment_state: closedPayment(b) },
    reason ? { reason } : null,
    async (tx, m) => {
      await settleCard(stripeFor(deps.config), b, 0);
      await tell(tx, m, 'renter', 'declined');
    },
  );
  return getBooking(deps, viewer, id);
}

/** The money of a cancellation: what is refunded, and what becomes of the payment and the deposit. */
function cancellation(b: BookingRow, refund: number) {
  const paid = b.payment_state === 'paid';
  return {
    refund_minor: refund,
    payment_state: paid
      ? refund >= b.total_minor
        ? 'refunded'
        : refund > 0
          ? 'partly_refunded'
          : 'paid'
      : b.payment_state === 'authorized'
        ? 'released'
        : 'none',
    deposit_state: b.deposit_state === 'held' ? 'released' : 'none',
  };
}

/**
 * A cancellation: by the renter (the policy's refund), by the owner (a full refund, and a mark on
 * their record: the event names them), or by an administrator (a full refund). A request the owner
 * does not want is declined, not cancelled.
 */
export async function cancelBooking(deps: Deps, viewer: Viewer, id: number, reason: string | null, now = new Date()): Promise<Booking> {
  const b = await loadBooking(deps.db, id);
  const side = actorOf(b, viewer, ['renter', 'owner']);
  if (side === 'owner' && b.state === 'requested') throw new AppError(409, 'BOOKING_STATE', { state: b.state });
  const refund = cancelRefund(b, side, now.getTime()) ?? 0;
  await move(
    deps.db,
    b,
    'cancel',
    side,
    viewer.id,
    { cancelled_by: side, cancel_reason: reason, closed_at: now.toISOString(), ...cancellation(b, refund) },
    { refundMinor: refund, ...(reason && { reason }) },
    async (tx, m) => {
      await settleCard(stripeFor(deps.config), b, refund);
      await tell(tx, m, side === 'renter' ? 'owner' : 'renter', 'cancelled', { by: side });
    },
    now,
  );
  return getBooking(deps, viewer, id);
}

/** The console cancels a booking: a full refund, both sides told. */
export async function adminCancelBooking(deps: Deps, bookingId: number, adminId: number, reason: string | null): Promise<Booking> {
  const b = await loadBooking(deps.db, bookingId);
  const now = new Date();
  await move(
    deps.db,
    b,
    'cancel',
    'admin',
    adminId,
    {
      cancelled_by: 'admin',
      cancel_reason: reason,
      closed_at: now.toISOString(),
      ...cancellation(b, b.state === 'requested' ? 0 : b.total_minor),
    },
    { refundMinor: b.state === 'requested' ? 0 : b.total_minor, ...(reason && { reason }) },
    async (tx, m) => {
      await settleCard(stripeFor(deps.config), b, b.state === 'requested' ? 0 : b.total_minor);
      await tell(tx, m, 'owner', 'cancelled', { by: 'admin' });
      await tell(tx, m, 'renter', 'cancelled', { by: 'admin' });
    },
    now,
  );
  return getBookingAsAdmin(deps, bookingId);
}

/** A handover report's pictures: the author's own uploads, not a listing's. */
async function checkPictures(db: Db, authorId: number, ids: number[]) {
  const found = await picturesOf(db, ids);
  if (found.length !== new Set(ids).size || found.some((p) => p.owner_id !== authorId || p.vehicle_id !== null))
    throw new AppError(422, 'HANDOVER_PICTURES');
}

/**
 * A pickup or return report by one side. The first pickup report makes the booking active (the
 * price and deposit due at pickup are then recorded as taken); the first return report completes
 * it (the deposit's claim window starts). The other side adds theirs to the same stage later.
 */
export async function reportHandover(
  deps: Deps,
  viewer: Viewer,
  id: number,
  stage: 'pickup' | 'return',
  report: HandoverInput,
  now = new Date(),
): Promise<Booking> {
  const b = await loadBooking(deps.db, id);
  const side = actorOf(b, viewer, ['renter', 'owner']);
  await checkPictures(deps.db, viewer.id, report.pictures);
  const handovers = await listHandovers(deps.db, id);
  if (handovers.some((h) => h.stage === stage && h.side === side)) throw new AppError(409, 'HANDOVER_EXISTS');
  const first = stage === 'pickup' ? b.state === 'accepted' : b.state === 'active';
  const later = stage === 'pickup' ? b.state === 'active' : b.state === 'completed' && handovers.some((h) => h.stage === 'pickup');
  if (!first && !later) throw new AppError(409, 'BOOKING_STATE', { state: b.state });
  if (stage === 'return' && !later && handovers.every((h) => h.stage !== 'pickup'))
    throw new AppError(409, 'BOOKING_STATE', { state: b.state });
  if (stage === 'pickup' && first && now.getTime() < Date.parse(b.start_at) - PICKUP_EARLY_HOURS * HOUR)
    throw new AppError(409, 'HANDOVER_TOO_EARLY');
  if (stage === 'return') {
    const pickup = handovers.find((h) => h.stage === 'pickup');
    if (pickup && report.odometer < pickup.odometer) throw new AppError(422, 'HANDOVER_ODOMETER', { min: pickup.odometer });
  }
  if (later) {
    await deps.db.transaction().execute(async (tx) => {
      await insertHandover(tx, { bookingId: id, stage, side, authorId: viewer.id, ...report });
      await insertEvent(tx, {
        bookingId: id,
        from: b.state,
        to: b.state,
        actor: side,
        actorId: viewer.id,
        detail: { report: stage },
        at: now.toISOString(),
      });
    });
    return getBooking(deps, viewer, id);
  }
  const at = now.toISOString();
  const byCardDeposit = paidByCard(b) && b.payment_state === 'paid' && b.deposit_state === 'due_at_pickup';
  if (stage === 'pickup')
    await move(
      deps.db,
      b,
      'pickup',
      side,
      viewer.id,
      {
        started_at: at,
        payment_state: b.payment_state === 'due_at_pickup' ? 'paid' : b.payment_state,
        // Paid by card, the deposit is held on the card (below); else the owner took it in person.
        deposit_state: b.deposit_state === 'due_at_pickup' && !byCardDeposit ? 'held' : b.deposit_state,
      },
      { report: 'pickup' },
      async (tx, m) => {
        await insertHandover(tx, { bookingId: id, stage, side, authorId: viewer.id, ...report });
        if (byCardDeposit) await holdCardDeposit(tx, needCards(deps), m, 'pickup', at);
      },
      now,
    );
  else
    await move(
      deps.db,
      b,
      'return',
      side,
      viewer.id,
      completion(b, now),
      { report: 'return' },
      async (tx, m) => {
        await insertHandover(tx, { bookingId: id, stage, side, authorId: viewer.id, ...report });
        await tell(tx, m, 'owner', 'returned');
        await tell(tx, m, 'renter', 'returned');
      },
      now,
    );
  return getBooking(deps, viewer, id);
}

/**
 * The deposit held on the renter's card (at pickup, and again before a hold lapses): `held` with the
 * hold's id, or `declined` when the card refuses it, the owner told to take it in person.
 */
async function holdCardDeposit(tx: Db, cards: Cards, b: BookingRow, step: string, at: string): Promise<boolean> {
  const hold = await holdDeposit(cards, b, step);
  if (hold) await updateBooking(tx, b.id, { deposit_state: 'held', deposit_ref: hold, deposit_held_at: at, updated_at: at });
  else if (b.deposit_state !== 'held') await updateBooking(tx, b.id, { deposit_state: 'declined', updated_at: at });
  await insertEvent(tx, {
    bookingId: b.id,
    from: b.state,
    to: b.state,
    actor: 'system',
    actorId: null,
    detail: { deposit: hold ? 'held' : 'declined' },
    at,
  });
  // A renewal: the renter already knows; an old hold kept is let lapse only when a new one replaced it.
  if (b.deposit_state === 'held') return hold !== null;
  await tell(tx, b, 'renter', hold ? 'depositHeld' : 'depositDeclined');
  if (!hold) await tell(tx, b, 'owner', 'depositDeclined');
  return hold !== null;
}

/** What completing a booking sets: when, and when its held deposit is released. */
function completion(b: BookingRow, now: Date) {
  return {
    completed_at: now.toISOString(),
    closed_at: now.toISOString(),
    deposit_release_at: b.deposit_state === 'held' ? new Date(now.getTime() + DEPOSIT_CLAIM_DAYS * DAY).toISOString() : null,
  };
}

/** A review after a completed rental: the renter of the car and its owner, the owner of the renter; once each, within REVIEW_DAYS. */
export async function reviewBooking(
  deps: Deps,
  viewer: Viewer,
  id: number,
  body: BookingReviewInput,
  locale: Locale,
  now = new Date(),
): Promise<Booking> {
  const b = await loadBooking(deps.db, id);
  const side = actorOf(b, viewer, ['renter', 'owner']);
  if (b.state !== 'completed' || !b.completed_at) throw new AppError(409, 'BOOKING_STATE', { state: b.state });
  if (now.getTime() >= Date.parse(b.completed_at) + REVIEW_DAYS * DAY) throw new AppError(409, 'BOOKING_REVIEW_CLOSED');
  const author = await findMember(deps.db, viewer.id);
  const existing = await listReviews(deps.db, id);
  if (existing.some((r) => r.side === side)) throw new AppError(409, 'BOOKING_REVIEW_EXISTS');
  try {
    await insertReview(deps.db, {
      bookingId: id,
      side,
      authorId: viewer.id,
      subjectId: side === 'renter' ? b.owner_id : b.renter_id,
      authorName: `${author?.first_name ?? ''} ${author?.last_name ? `${[...author.last_name][0]!.toUpperCase()}.` : ''}`.trim(),
      rating: body.rating,
      body: body.body,
      language: locale,
      at: now.toISOString(),
    });
  } catch (error) {
    // Two reviews of one side at once: the unique index keeps the first.
    if ((await listReviews(deps.db, id)).some((r) => r.side === side)) throw new AppError(409, 'BOOKING_REVIEW_EXISTS');
    throw error;
  }
  return getBooking(deps, viewer, id);
}

// ---------------------------------------------------------------- the clock

/**
 * What time does to bookings, run by the `booking-clock` job every minute (and by tests with a
 * moved `now`): requests expire; owners are reminded of a request about to expire; both sides of
 * the pickup the day before and two hours before, and the renter of the return the day before;
 * bookings past their end complete; held deposits are released after the claim window; both sides
 * are invited to review. Each reminder is claimed once (booking_reminders), so two processes
 * running the job never send it twice.
 */
export async function runBookingClock(db: Db, now = new Date(), cards: Cards | null = null): Promise<Record<string, number>> {
  const at = now.toISOString();
  const soon = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
  const counts: Record<string, number> = {};
  const count = (k: string) => {
    counts[k] = (counts[k] ?? 0) + 1;
  };

  for (const id of await dueBookings(db, ['requested'], 'expires_at', null, at)) {
    const b = await loadBooking(db, id);
    try {
      await move(
        db,
        b,
        'expire',
        'system',
        null,
        { closed_at: at, payment_state: closedPayment(b) },
        null,
        async (tx, m) => {
          await settleCard(cards, b, 0);
          // A request still waiting for the card never reached the owner.
          if (b.payment_state !== 'card_pending') await tell(tx, m, 'owner', 'expired');
          await tell(tx, m, 'renter', 'expired');
        },
        now,
      );
      count('expired');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  const remind = async (kind: string, rows: number[], sides: BookingSide[], notice: Notice) => {
    for (const id of rows) {
      await db.transaction().execute(async (tx) => {
        if (!(await claimReminder(tx, id, kind, at))) return;
        const b = await loadBooking(tx, id);
        for (const side of sides) await tell(tx, b, side, notice);
        count(kind);
      });
    }
  };
  await remind('expiring_soon', await dueBookings(db, ['requested'], 'expires_at', null, soon(2)), ['owner'], 'expiringSoon');
  await remind('pickup_soon', await dueBookings(db, ['accepted'], 'start_at', at, soon(2)), ['owner', 'renter'], 'pickupSoon');
  await remind(
    'pickup_tomorrow',
    await dueBookings(db, ['accepted'], 'start_at', soon(2), soon(24)),
    ['owner', 'renter'],
    'pickupTomorrow',
  );
  await remind('return_tomorrow', await dueBookings(db, ['active'], 'end_at', at, soon(24)), ['renter'], 'returnTomorrow');
  const overdue = new Date(now.getTime() - AUTO_COMPLETE_HOURS * HOUR).toISOString();
  for (const id of await dueBookings(db, ['accepted', 'active'], 'end_at', null, overdue)) {
    const b = await loadBooking(db, id);
    try {
      await move(
        db,
        b,
        'complete',
        'system',
        null,
        completion(b, now),
        { automatic: true },
        async (tx, m) => {
          await tell(tx, m, 'owner', 'returned');
          await tell(tx, m, 'renter', 'returned');
        },
        now,
      );
      count('completed');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  await remind(
    'review',
    await dueBookings(db, ['completed'], 'completed_at', new Date(now.getTime() - REVIEW_DAYS * DAY).toISOString(), null),
    ['owner', 'renter'],
    'reviewInvite',
  );
  for (const id of await depositHoldsToRenew(db, new Date(now.getTime() - HOLD_RENEW_DAYS * DAY).toISOString())) {
    if (!cards) break;
    try {
      await db.transaction().execute(async (tx) => {
        const b = await loadBooking(tx, id);
        const old = b.deposit_ref;
        if (b.deposit_state !== 'held' || !old || !(await holdCardDeposit(tx, cards, b, `renew-${b.deposit_held_at}`, at))) return;
        await releaseHold(cards, old, `booking-${id}-deposit-release-${old}`);
        count('depositRenewed');
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  for (const id of await depositsDue(db, at)) {
    // A hold on the card is let go in the same transaction: Stripe out of reach, the next run tries again.
    try {
      await db.transaction().execute(async (tx) => {
        const before = await loadBooking(tx, id);
        if (!(await releaseDeposit(tx, id, at))) return;
        if (before.deposit_ref && cards) await releaseHold(cards, before.deposit_ref, `booking-${id}-deposit-release`);
        const b = await loadBooking(tx, id);
        await insertEvent(tx, {
          bookingId: id,
          from: b.state,
          to: b.state,
          actor: 'system',
          actorId: null,
          detail: { deposit: 'released' },
          at,
        });
        await tell(tx, b, 'renter', 'depositReleased');
        count('depositReleased');
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return counts;
}
