import { z } from 'zod';
import { msg } from './messages.ts';

/*
 * Rentals with bookings (issue 36, docs/decisions/059-rentals-and-bookings.md): a rental listing's
 * terms, its availability, a quote for dates, and a booking with its states. Declared once for the
 * API, which names them in its document, and for the storefront's and the console's screens.
 */

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

/**
 * Each policy's fixed refund schedule, shown to the renter before they book: cancelled at least
 * `hoursBefore` hours before pickup, `refundPercent` of the price comes back. Read from the most
 * generous row down; later than every row: nothing. The deposit is always given back in full.
 */
export const REFUND_SCHEDULES: Record<CancellationPolicy, readonly { hoursBefore: number; refundPercent: number }[]> = {
  flexible: [{ hoursBefore: 24, refundPercent: 100 }],
  moderate: [
    { hoursBefore: 120, refundPercent: 100 },
    { hoursBefore: 24, refundPercent: 50 },
  ],
  strict: [
    { hoursBefore: 336, refundPercent: 100 },
    { hoursBefore: 168, refundPercent: 50 },
  ],
};

/** The share of the price refunded to a renter who cancels `hoursBefore` hours before pickup. */
export function refundPercent(policy: CancellationPolicy, hoursBefore: number): number {
  for (const row of REFUND_SCHEDULES[policy]) if (hoursBefore >= row.hoursBefore) return row.refundPercent;
  return 0;
}

export const BOOKING_STATES = ['requested', 'accepted', 'declined', 'expired', 'cancelled', 'active', 'completed'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
/** The states that hold the car: no other booking may overlap one of these. */
export const HOLDING_STATES = ['requested', 'accepted', 'active'] as const satisfies readonly BookingState[];

export const BOOKING_ACTORS = ['renter', 'owner', 'admin', 'system'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

/** A calendar day, the listing's local one: YYYY-MM-DD. */
export const Day = z
  .string({ error: msg('rentals.dayInvalid') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg('rentals.dayInvalid') })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: msg('rentals.dayInvalid'),
  });
/** A local time of day, HH:MM. */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg('rentals.timeInvalid') });

/** An IANA time zone the platform knows (Europe/Paris). */
export const IanaZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return tz.includes('/') || tz === 'UTC';
    } catch {
      return false;
    }
  },
  { error: msg('rentals.timeZoneInvalid') },
);

const percent = z.number().int().min(0).max(90);

/** A rental listing's terms as its owner writes them. */
export const RentalTermsInput = z
  .object({
    discount3: percent.default(0).meta({ description: 'Percent off the day price from 3 days' }),
    discount7: percent.default(0).meta({ description: 'Percent off from 7 days' }),
    discount30: percent.default(0).meta({ description: 'Percent off from 30 days' }),
    minDays: z.number().int().min(1).max(365).default(1),
    maxDays: z.number().int().min(1).max(730).default(90),
    noticeHours: z.number().int().min(0).max(720).default(24).meta({ description: 'How long before pickup a booking must be made' }),
    horizonDays: z.number().int().min(1).max(730).default(365).meta({ description: 'How far ahead the car can be booked' }),
    bufferHours: z.number().int().min(0).max(168).default(0).meta({ description: 'Kept free after each rental' }),
    pickupPlace: z.string().trim().max(300).nullable().default(null),
    returnPlace: z.string().trim().max(300).nullable().default(null),
    pickupFrom: TimeOfDay.default('09:00'),
    pickupUntil: TimeOfDay.default('18:00'),
    returnFrom: TimeOfDay.default('09:00'),
    returnUntil: TimeOfDay.default('18:00'),
    timeZone: IanaZone.meta({ description: 'IANA time zone of the car (Europe/Paris)' }),
    depositMinor: z.number().int().min(0).max(100_000_000).default(0),
    kmPerDay: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .nullable()
      .default(null)
      .meta({ description: 'Included kilometres per day; null: unlimited' }),
    extraKmMinor: z.number().int().min(0).max(100_000).default(0).meta({ description: 'Price of each kilometre beyond the allowance' }),
    minDriverAge: z.number().int().min(18).max(99).default(21),
    minLicenceYears: z.number().int().min(0).max(60).default(1),
    cancellation: z.enum(CANCELLATION_POLICIES).default('moderate'),
    instantBook: z.boolean().default(false),
  })
  .strict()
  .refine((t) => t.maxDays >= t.minDays, { error: msg('rentals.maxBelowMin'), path: ['maxDays'] })
  .refine((t) => t.pickupUntil > t.pickupFrom, { error: msg('rentals.hoursInvalid'), path: ['pickupUntil'] })
  .refine((t) => t.returnUntil > t.returnFrom, { error: msg('rentals.hoursInvalid'), path: ['returnUntil'] });
export type RentalTermsInput = z.infer<typeof RentalTermsInput>;

/** A rental listing's terms as everyone reads them: the input, the price basis and the refund schedule. */
export const RentalTerms = z.object({
  vehicleId: z.number().int(),
  unit: z.enum(['day', 'month']).meta({ description: 'What the listing’s price is for: rent_day or rent_month' }),
  priceMinor: z.number().int().meta({ description: 'The listing’s price per unit' }),
  currency: z.string(),
  discount3: z.number().int(),
  discount7: z.number().int(),
  discount30: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  noticeHours: z.number().int(),
  horizonDays: z.number().int(),
  bufferHours: z.number().int(),
  pickupPlace: z.string().nullable(),
  returnPlace: z.string().nullable(),
  pickupFrom: z.string(),
  pickupUntil: z.string(),
  returnFrom: z.string(),
  returnUntil: z.string(),
  timeZone: z.string(),
  depositMinor: z.number().int(),
  kmPerDay: z.number().int().nullable(),
  extraKmMinor: z.number().int(),
  minDriverAge: z.number().int(),
  minLicenceYears: z.number().int(),
  cancellation: z.enum(CANCELLATION_POLICIES),
  refundSchedule: z.array(z.object({ hoursBefore: z.number().int(), refundPercent: z.number().int() })),
  instantBook: z.boolean(),
});
export type RentalTerms = z.infer<typeof RentalTerms>;

/** A block the owner puts on the calendar: a range of days, or one weekday every week. */
export const BlockInput = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('once'),
      startsOn: Day,
      endsOn: Day.meta({ description: 'Exclusive' }),
      note: z.string().trim().max(200).nullable().default(null),
    })
    .strict()
    .refine((b) => b.endsOn > b.startsOn, { error: msg('rentals.rangeInvalid'), path: ['endsOn'] }),
  z
    .object({
      kind: z.literal('weekly'),
      weekday: z.number().int().min(0).max(6).meta({ description: '0 Sunday … 6 Saturday' }),
      startsOn: Day,
      endsOn: Day.nullable().default(null),
      note: z.string().trim().max(200).nullable().default(null),
    })
    .strict(),
]);
export type BlockInput = z.infer<typeof BlockInput>;

export const AvailabilityBlock = z.object({
  id: z.number().int(),
  kind: z.enum(['once', 'weekly']),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  weekday: z.number().int().nullable(),
  note: z.string().nullable(),
  source: z.enum(['owner', 'import']),
  importId: z.number().int().nullable(),
  conflictBookingId: z.number().int().nullable(),
});
export type AvailabilityBlock = z.infer<typeof AvailabilityBlock>;

/** Which days of a range can be picked up on, and why the others cannot. */
export const Availability = z.object({
  vehicleId: z.number().int(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string().meta({ description: 'Exclusive' }),
  /** Days in [from, to) on which the car is not free: booked, blocked, too soon or too far ahead. */
  unavailable: z.array(z.object({ day: z.string(), reason: z.enum(['booked', 'blocked', 'notice', 'horizon']) })),
});
export type Availability = z.infer<typeof Availability>;

/** One line of a rental's price: what it is and how much (minor units of the listing's currency). */
export const PriceLine = z.object({
  kind: z.enum(['rent', 'discount', 'total', 'deposit']),
  days: z.number().int().optional(),
  rateMinor: z.number().int().optional(),
  percent: z.number().int().optional(),
  amountMinor: z.number().int(),
});
export type PriceLine = z.infer<typeof PriceLine>;

export const QuoteQuery = z.object({ start: Day, end: Day });

/** The price of a range of days, each line of it, and whether it can be booked as asked. */
export const Quote = z.object({
  vehicleId: z.number().int(),
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  currency: z.string(),
  lines: z.array(PriceLine),
  totalMinor: z.number().int(),
  depositMinor: z.number().int(),
  kmIncluded: z.number().int().nullable().meta({ description: 'Kilometres included over the whole rental; null: unlimited' }),
  instantBook: z.boolean(),
  startAt: z.string().meta({ description: 'Pickup, the start of the pickup hours, UTC' }),
  endAt: z.string().meta({ description: 'Return, the end of the return hours, UTC' }),
});
export type Quote = z.infer<typeof Quote>;

export const BookingInput = z
  .object({
    vehicleId: z.number().int().positive(),
    start: Day,
    end: Day,
    message: z.string().trim().max(2000).nullable().default(null),
    driverAge: z.number().int().min(16).max(120).meta({ description: 'The driver’s age, checked against the terms' }),
    licenceYears: z.number().int().min(0).max(90).meta({ description: 'Years the driver has held a licence' }),
    timeZone: IanaZone.optional().meta({ description: 'The renter’s IANA time zone: their notices give times in it' }),
  })
  .strict();
export type BookingInput = z.infer<typeof BookingInput>;

export const HandoverInput = z
  .object({
    odometer: z.number().int().min(0).max(5_000_000),
    fuel: z.number().int().min(0).max(100).meta({ description: 'Percent of a full tank or charge' }),
    damage: z.string().trim().max(2000).nullable().default(null),
    pictures: z.array(z.number().int().positive()).max(12).default([]).meta({ description: 'Picture ids uploaded by the author' }),
  })
  .strict();
export type HandoverInput = z.infer<typeof HandoverInput>;

export const Handover = z.object({
  stage: z.enum(['pickup', 'return']),
  side: z.enum(['renter', 'owner']),
  odometer: z.number().int(),
  fuel: z.number().int(),
  damage: z.string().nullable(),
  pictures: z.array(z.object({ id: z.number().int(), url: z.string() })),
  createdAt: z.string(),
});
export type Handover = z.infer<typeof Handover>;

export const CancelInput = z.object({ reason: z.string().trim().max(1000).nullable().default(null) }).strict();

export const BookingReviewInput = z
  .object({
    rating: z.number().int().min(1).max(5),
    body: z
      .string()
      .trim()
      .min(20, { error: msg('rentals.reviewTooShort') })
      .max(2000),
  })
  .strict();
export type BookingReviewInput = z.infer<typeof BookingReviewInput>;

export const BookingReview = z.object({
  side: z.enum(['renter', 'owner']),
  authorName: z.string(),
  rating: z.number().int(),
  body: z.string().nullable().meta({ description: 'null while hidden: until both wrote or 14 days after the return' }),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type BookingReview = z.infer<typeof BookingReview>;

export const BookingEvent = z.object({
  fromState: z.string().nullable(),
  toState: z.string(),
  actor: z.enum(BOOKING_ACTORS),
  detail: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});

/** A booking as either side (and an administrator) reads it. */
export const Booking = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  title: z.string(),
  picture: z.string().nullable(),
  side: z.enum(['renter', 'owner', 'admin']).meta({ description: 'The caller’s side' }),
  ownerId: z.number().int(),
  ownerName: z.string(),
  renterId: z.number().int().nullable(),
  renterName: z.string(),
  state: z.enum(BOOKING_STATES),
  instant: z.boolean(),
  start: z.string(),
  end: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  timeZone: z.string(),
  days: z.number().int(),
  currency: z.string(),
  lines: z.array(PriceLine),
  totalMinor: z.number().int(),
  depositMinor: z.number().int(),
  cancellation: z.enum(CANCELLATION_POLICIES),
  terms: RentalTerms.partial(),
  message: z.string().nullable(),
  conversationId: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  paymentState: z.string(),
  refundMinor: z.number().int().nullable().meta({ description: 'What was refunded on a cancellation' }),
  cancelRefundMinor: z.number().int().nullable().meta({
    description: 'What the caller’s cancellation would refund now (the renter: the policy; the owner: all); null when they may not cancel',
  }),
  depositState: z.string(),
  cancelledBy: z.enum(BOOKING_ACTORS).nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  /** What the caller may do now. */
  actions: z.array(z.enum(['accept', 'decline', 'cancel', 'pickup', 'return', 'review', 'pay'])),
  checkoutUrl: z.string().optional().meta({
    description: 'Only in the answer of a booking just made with card payments on: where the renter confirms their card (Stripe Checkout)',
  }),
  events: z.array(BookingEvent),
  handovers: z.array(Handover),
  reviews: z.array(BookingReview),
});
export type Booking = z.infer<typeof Booking>;

/** A line of a list of bookings. */
export const BookingSummary = Booking.pick({
  id: true,
  vehicleId: true,
  title: true,
  picture: true,
  side: true,
  ownerName: true,
  renterName: true,
  state: true,
  start: true,
  end: true,
  days: true,
  currency: true,
  totalMinor: true,
  expiresAt: true,
  createdAt: true,
});
export type BookingSummary = z.infer<typeof BookingSummary>;

/** The main time zone of each country a listing may be in: a rental's default zone (its owner may choose another). */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  PT: 'Europe/Lisbon',
  BE: 'Europe/Brussels',
  NL: 'Europe/Amsterdam',
  LU: 'Europe/Luxembourg',
  AT: 'Europe/Vienna',
  IE: 'Europe/Dublin',
  GB: 'Europe/London',
  CH: 'Europe/Zurich',
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  DK: 'Europe/Copenhagen',
  PL: 'Europe/Warsaw',
  CZ: 'Europe/Prague',
  RO: 'Europe/Bucharest',
  TR: 'Europe/Istanbul',
  RU: 'Europe/Moscow',
  US: 'America/New_York',
  CA: 'America/Toronto',
  MX: 'America/Mexico_City',
  BR: 'America/Sao_Paulo',
  AR: 'America/Argentina/Buenos_Aires',
  MA: 'Africa/Casablanca',
  DZ: 'Africa/Algiers',
  TN: 'Africa/Tunis',
  EG: 'Africa/Cairo',
  SA: 'Asia/Riyadh',
  AE: 'Asia/Dubai',
  CN: 'Asia/Shanghai',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
};
export const DEFAULT_TIME_ZONE = 'Europe/Paris';
/*
 * Calendars that sync (docs/decisions/060-calendars-that-sync.md): a rental listing's iCal export at
 * a secret URL, and other platforms' calendars it imports.
 */

/** How many calendars one listing may import. */
export const MAX_CALENDAR_IMPORTS = 5;

/** Another platform's calendar to import: an http(s) URL and a name the owner knows it by. */
export const CalendarImportInput = z
  .object({
    url: z
      .string({ error: msg('calendar.urlInvalid') })
      .trim()
      .max(2000, { error: msg('calendar.urlInvalid') })
      .refine(
        (u) => {
          try {
            const { protocol } = new URL(u);
            return protocol === 'http:' || protocol === 'https:';
          } catch {
            return false;
          }
        },
        { error: msg('calendar.urlInvalid') },
      ),
    name: z
      .string({ error: msg('calendar.nameRequired') })
      .trim()
      .min(1, { error: msg('calendar.nameRequired') })
      .max(80),
  })
  .strict();
export type CalendarImportInput = z.infer<typeof CalendarImportInput>;

export const CALENDAR_IMPORT_STATUSES = ['ok', 'not_modified', 'error'] as const;

/** An imported calendar as its owner sees it: where it stands after its last poll. */
export const CalendarImport = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  url: z.string(),
  name: z.string().nullable(),
  status: z.enum(CALENDAR_IMPORT_STATUSES).nullable().meta({ description: 'null until its first poll' }),
  error: z.string().nullable().meta({ description: 'Why the last poll failed, in the owner’s language' }),
  polledAt: z.string().nullable(),
  changedAt: z.string().nullable().meta({ description: 'When its events last changed our calendar' }),
  blocks: z.number().int().meta({ description: 'Ranges of days its events block now' }),
  conflicts: z
    .array(z.object({ bookingId: z.number().int(), start: z.string(), end: z.string() }))
    .meta({ description: 'Its events over one of our bookings: kept, reported, never cancelling the booking' }),
});
export type CalendarImport = z.infer<typeof CalendarImport>;

/** A rental listing's calendars: the secret URL of its export, and what it imports. */
export const CalendarSettings = z.object({
  vehicleId: z.number().int(),
  exportUrl: z.string().meta({ description: 'The iCal feed (absolute); whoever has it reads the listing’s booked days' }),
  timeZone: z.string(),
  imports: z.array(CalendarImport),
});
export type CalendarSettings = z.infer<typeof CalendarSettings>;
