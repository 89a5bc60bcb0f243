import { randomBytes } from 'node:crypto';
import {
  type Availability,
  type AvailabilityBlock,
  type BlockInput,
  COUNTRY_TIME_ZONES,
  DEFAULT_TIME_ZONE,
  type PriceLine,
  type Quote,
  REFUND_SCHEDULES,
  type RentalTerms,
  RentalTermsInput,
} from '@autoroute/contract/rentals';
import { nowIso } from '@autoroute/db';
import { AppError, notFound } from '../../core/errors.ts';
import type { DomainDeps } from '../deps.ts';
import type { Viewer } from '../vehicles/vehicles.service.ts';
import {
  blocksMeeting,
  deleteBlock,
  findBlock,
  findRental,
  holdingBookings,
  insertBlock,
  insertTermsIfMissing,
  listBlocks,
  type RentalRow,
  upsertTerms,
} from './rentals.data.ts';
import { addDays, daysBetween, epochMinutes, localDay, weekdayOf, zonedInstant } from './time.ts';

/*
 * A rental listing's terms, its calendar and the price of a range of days (issue 36 items 1 and 2,
 * docs/decisions/059-rentals-and-bookings.md). Bookings (bookings.service.ts) build on these: the
 * same quote is what the renter sees and what the booking stores.
 */

type Db = DomainDeps['db'];

/** The listing types that are rentals, and the unit of their price. */
const RENTAL_UNITS: Readonly<Record<string, 'day' | 'month'>> = { rent_day: 'day', rent_month: 'month' };
/** A month's price covers this many days: a monthly rental's day costs its thirtieth. */
const MONTH_DAYS = 30;
/** The longest range one availability read answers. */
const AVAILABILITY_MAX_DAYS = 400;

/** The terms of a rental listing, as stored or, before its owner wrote any, the defaults in its country's zone. */
export interface Terms {
  discount_3: number;
  discount_7: number;
  discount_30: number;
  min_days: number;
  max_days: number;
  notice_hours: number;
  horizon_days: number;
  buffer_hours: number;
  pickup_place: string | null;
  return_place: string | null;
  pickup_from: string;
  pickup_until: string;
  return_from: string;
  return_until: string;
  time_zone: string;
  deposit_minor: number;
  km_per_day: number | null;
  extra_km_minor: number;
  min_driver_age: number;
  min_licence_years: number;
  cancellation: RentalTerms['cancellation'];
  instant_book: number;
}

export interface Rental {
  row: RentalRow;
  unit: 'day' | 'month';
  terms: Terms;
  /** Whether the owner wrote terms (else `terms` are the defaults). */
  written: boolean;
}

/** The defaults of RentalTermsInput as columns, in a zone. */
function defaultTerms(timeZone: string, unit: 'day' | 'month'): Terms {
  const d = RentalTermsInput.parse({ timeZone, ...(unit === 'month' ? { minDays: MONTH_DAYS, maxDays: 365 } : {}) });
  return toColumns(d);
}

function toColumns(d: RentalTermsInput): Terms {
  return {
    discount_3: d.discount3,
    discount_7: d.discount7,
    discount_30: d.discount30,
    min_days: d.minDays,
    max_days: d.maxDays,
    notice_hours: d.noticeHours,
    horizon_days: d.horizonDays,
    buffer_hours: d.bufferHours,
    pickup_place: d.pickupPlace,
    return_place: d.returnPlace,
    pickup_from: d.pickupFrom,
    pickup_until: d.pickupUntil,
    return_from: d.returnFrom,
    return_until: d.returnUntil,
    time_zone: d.timeZone,
    deposit_minor: d.depositMinor,
    km_per_day: d.kmPerDay,
    extra_km_minor: d.extraKmMinor,
    min_driver_age: d.minDriverAge,
    min_licence_years: d.minLicenceYears,
    cancellation: d.cancellation,
    instant_book: d.instantBook ? 1 : 0,
  };
}

/**
 * A listing that is a rental, with its terms: 404 VEHICLE_NOT_FOUND for none (or one out of public
 * view, unless `owner` is its owner), 422 RENTAL_NOT_RENTAL for a listing for sale.
 */
export async function loadRental(db: Db, vehicleId: number, ownerId?: number): Promise<Rental> {
  const row = await findRental(db, vehicleId);
  if (!row || (row.sold > 1 && row.owner_id !== ownerId)) throw notFound('VEHICLE_NOT_FOUND');
  const unit = RENTAL_UNITS[row.type_code ?? ''];
  if (!unit) throw new AppError(422, 'RENTAL_NOT_RENTAL');
  const written = row.terms_vehicle_id !== null;
  const terms = written ? (row as unknown as Terms) : defaultTerms(COUNTRY_TIME_ZONES[row.country_code] ?? DEFAULT_TIME_ZONE, unit);
  return { row, unit, terms, written };
}

/** The caller's own rental listing: 403 FORBIDDEN for another's (the one rule of who changes a listing, as vehicles.write.service). */
async function ownRental(db: Db, viewer: Viewer, vehicleId: number): Promise<Rental> {
  const rental = await loadRental(db, vehicleId, viewer.id);
  if (rental.row.owner_id !== viewer.id) throw new AppError(403, 'FORBIDDEN');
  return rental;
}

export function termsView(r: Rental): RentalTerms {
  const t = r.terms;
  return {
    vehicleId: r.row.id,
    unit: r.unit,
    priceMinor: r.row.price_minor,
    currency: r.row.currency,
    discount3: t.discount_3,
    discount7: t.discount_7,
    discount30: t.discount_30,
    minDays: t.min_days,
    maxDays: t.max_days,
    noticeHours: t.notice_hours,
    horizonDays: t.horizon_days,
    bufferHours: t.buffer_hours,
    pickupPlace: t.pickup_place,
    returnPlace: t.return_place,
    pickupFrom: t.pickup_from,
    pickupUntil: t.pickup_until,
    returnFrom: t.return_from,
    returnUntil: t.return_until,
    timeZone: t.time_zone,
    depositMinor: t.deposit_minor,
    kmPerDay: t.km_per_day,
    extraKmMinor: t.extra_km_minor,
    minDriverAge: t.min_driver_age,
    minLicenceYears: t.min_licence_years,
    cancellation: t.cancellation,
    refundSchedule: REFUND_SCHEDULES[t.cancellation].map((s) => ({ ...s })),
    instantBook: t.instant_book === 1,
  };
}

export async function getTerms(db: Db, vehicleId: number): Promise<RentalTerms> {
  return termsView(await loadRental(db, vehicleId));
}

/** A new secret for a listing's iCal export URL. */
export const newCalendarToken = (): string => randomBytes(32).toString('base64url');

/**
 * A rental's terms row, written with the defaults of its country's zone when its owner has not
 * written any yet: the calendar export's secret lives in it (calendars.service.ts).
 */
export async function ensureTermsRow(db: Db, vehicleId: number): Promise<void> {
  const row = await findRental(db, vehicleId);
  const unit = RENTAL_UNITS[row?.type_code ?? ''];
  if (!row || !unit || row.terms_vehicle_id !== null) return;
  const zone = COUNTRY_TIME_ZONES[row.country_code] ?? DEFAULT_TIME_ZONE;
  await insertTermsIfMissing(db, { vehicle_id: vehicleId, ...defaultTerms(zone, unit), ical_token: newCalendarToken() });
}

/** The owner writes the terms of their rental listing. */
export async function putTerms(db: Db, viewer: Viewer, vehicleId: number, input: RentalTermsInput): Promise<RentalTerms> {
  const rental = await ownRental(db, viewer, vehicleId);
  const now = nowIso();
  await upsertTerms(db, { vehicle_id: vehicleId, ...toColumns(input), ical_token: newCalendarToken(), updated_at: now }, rental.written);
  return termsView(await loadRental(db, vehicleId, viewer.id));
}

/** A range's instants: pickup at the start of the pickup hours, return by the end of the return hours, in the listing's zone. */
function rangeInstants(terms: Terms, start: string, end: string) {
  const startAt = zonedInstant(start, terms.pickup_from, terms.time_zone);
  const endAt = zonedInstant(end, terms.return_until, terms.time_zone);
  return { startAt, endAt, spanFrom: epochMinutes(startAt), spanTo: epochMinutes(endAt) + terms.buffer_hours * 60 };
}

type Block = Awaited<ReturnType<typeof listBlocks>>[number];

/** Whether a block closes a day. */
function blockCloses(b: Pick<Block, 'kind' | 'starts_on' | 'ends_on' | 'weekday'>, day: string): boolean {
  if (day < b.starts_on || (b.ends_on !== null && day >= b.ends_on)) return false;
  return b.kind === 'once' || weekdayOf(day) === b.weekday;
}

/** The price of `days` days on these terms, line by line (the deposit apart from the total). */
function priceLines(r: Rental, days: number): { lines: PriceLine[]; totalMinor: number } {
  const t = r.terms;
  const lines: PriceLine[] = [];
  let total: number;
  if (r.unit === 'month') {
    total = Math.round((r.row.price_minor * days) / MONTH_DAYS);
    // The line reads as days × a day's rate, the month's thirtieth (the total is rounded once).
    lines.push({ kind: 'rent', days, rateMinor: Math.round(r.row.price_minor / MONTH_DAYS), amountMinor: total });
  } else {
    const rent = r.row.price_minor * days;
    lines.push({ kind: 'rent', days, rateMinor: r.row.price_minor, amountMinor: rent });
    const percent = days >= 30 ? t.discount_30 : days >= 7 ? t.discount_7 : days >= 3 ? t.discount_3 : 0;
    const discount = Math.round((rent * percent) / 100);
    if (discount > 0) lines.push({ kind: 'discount', percent, amountMinor: -discount });
    total = rent - discount;
  }
  lines.push({ kind: 'total', amountMinor: total });
  if (t.deposit_minor > 0) lines.push({ kind: 'deposit', amountMinor: t.deposit_minor });
  return { lines, totalMinor: total };
}

/**
 * Checks a range of days against the terms and the calendar, and prices it: 422 for a range the
 * terms refuse (BOOKING_RANGE_INVALID, BOOKING_TOO_SHORT, BOOKING_TOO_LONG, BOOKING_TOO_SOON,
 * BOOKING_TOO_FAR), 409 BOOKING_CONFLICT when a booking or a block holds part of it. `db` may be
 * the booking's write transaction: then the check and the insert that follows are one.
 */
export async function checkRange(db: Db, r: Rental, start: string, end: string, now = new Date()) {
  const t = r.terms;
  const days = daysBetween(start, end);
  if (days < 1) throw new AppError(422, 'BOOKING_RANGE_INVALID');
  if (days < t.min_days) throw new AppError(422, 'BOOKING_TOO_SHORT', { min: t.min_days });
  if (days > t.max_days) throw new AppError(422, 'BOOKING_TOO_LONG', { max: t.max_days });
  const span = rangeInstants(t, start, end);
  if (span.startAt.getTime() < now.getTime() + t.notice_hours * 3_600_000)
    throw new AppError(422, 'BOOKING_TOO_SOON', { hours: t.notice_hours });
  if (daysBetween(localDay(now, t.time_zone), start) > t.horizon_days) throw new AppError(422, 'BOOKING_TOO_FAR', { days: t.horizon_days });
  const [held, blocks] = await Promise.all([
    holdingBookings(db, r.row.id, span.spanFrom, span.spanTo),
    blocksMeeting(db, r.row.id, start, end),
  ]);
  if (held.length) throw new AppError(409, 'BOOKING_CONFLICT');
  // The return day counts: the car is out until the return.
  for (let day = start; day <= end; day = addDays(day, 1))
    if (blocks.some((b) => blockCloses(b, day))) throw new AppError(409, 'BOOKING_CONFLICT');
  return { days, ...span, ...priceLines(r, days) };
}

export async function quote(db: Db, vehicleId: number, start: string, end: string, now = new Date()): Promise<Quote> {
  const r = await loadRental(db, vehicleId);
  const q = await checkRange(db, r, start, end, now);
  return {
    vehicleId,
    start,
    end,
    days: q.days,
    currency: r.row.currency,
    lines: q.lines,
    totalMinor: q.totalMinor,
    depositMinor: r.terms.deposit_minor,
    kmIncluded: r.terms.km_per_day === null ? null : r.terms.km_per_day * q.days,
    instantBook: r.terms.instant_book === 1,
    startAt: q.startAt.toISOString(),
    endAt: q.endAt.toISOString(),
  };
}

/**
 * Which days of [from, to) a renter cannot pick up on, and why: a booking holds the car then (its
 * return day and buffer included), a block closes it, it is within the notice or past the horizon.
 */
export async function availability(db: Db, vehicleId: number, from: string, to: string, now = new Date()): Promise<Availability> {
  const span = daysBetween(from, to);
  if (span < 1 || span > AVAILABILITY_MAX_DAYS) throw new AppError(422, 'AVAILABILITY_RANGE_INVALID', { max: AVAILABILITY_MAX_DAYS });
  const r = await loadRental(db, vehicleId);
  const t = r.terms;
  const first = zonedInstant(from, '00:00', t.time_zone);
  const last = zonedInstant(to, '00:00', t.time_zone);
  const [held, blocks] = await Promise.all([
    holdingBookings(db, vehicleId, epochMinutes(first), epochMinutes(last) + 1),
    blocksMeeting(db, vehicleId, from, to),
  ]);
  const heldDays = held.map((b) => ({
    from: localDay(b.span_from * 60_000, t.time_zone),
    to: localDay((b.span_to - 1) * 60_000, t.time_zone),
  }));
  const today = localDay(now, t.time_zone);
  const soonest = now.getTime() + t.notice_hours * 3_600_000;
  const unavailable: Availability['unavailable'] = [];
  for (let day = from; day < to; day = addDays(day, 1)) {
    if (heldDays.some((h) => day >= h.from && day <= h.to)) unavailable.push({ day, reason: 'booked' });
    else if (blocks.some((b) => blockCloses(b, day))) unavailable.push({ day, reason: 'blocked' });
    else if (zonedInstant(day, t.pickup_until, t.time_zone).getTime() < soonest) unavailable.push({ day, reason: 'notice' });
    else if (daysBetween(today, day) > t.horizon_days) unavailable.push({ day, reason: 'horizon' });
  }
  return { vehicleId, timeZone: t.time_zone, from, to, unavailable };
}

const blockView = (b: Block): AvailabilityBlock => ({
  id: b.id,
  kind: b.kind,
  startsOn: b.starts_on,
  endsOn: b.ends_on,
  weekday: b.weekday,
  note: b.note,
  source: b.source,
  importId: b.import_id,
  conflictBookingId: b.conflict_booking_id,
});

export async function ownerBlocks(db: Db, viewer: Viewer, vehicleId: number): Promise<AvailabilityBlock[]> {
  await ownRental(db, viewer, vehicleId);
  return (await listBlocks(db, vehicleId)).map(blockView);
}

/** The owner closes days: a range, or a weekday every week. Bookings already made keep their days. */
export async function addBlock(db: Db, viewer: Viewer, vehicleId: number, input: BlockInput): Promise<AvailabilityBlock> {
  await ownRental(db, viewer, vehicleId);
  const id = await insertBlock(db, {
    vehicleId,
    kind: input.kind,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    weekday: input.kind === 'weekly' ? input.weekday : null,
    note: input.note,
  });
  const row = await findBlock(db, id);
  return blockView(row!);
}

/** The owner frees days they closed (an imported calendar's blocks go with its import). */
export async function removeBlock(db: Db, viewer: Viewer, vehicleId: number, blockId: number): Promise<void> {
  await ownRental(db, viewer, vehicleId);
  const block = await findBlock(db, blockId);
  if (!block || block.vehicle_id !== vehicleId) throw notFound('BLOCK_NOT_FOUND');
  if (block.source !== 'owner') throw new AppError(409, 'BLOCK_IMPORTED');
  await deleteBlock(db, blockId);
}
