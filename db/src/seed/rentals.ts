import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { BookingState, CancellationPolicy, Database } from '../schema.ts';
import { insertMany } from './insert.ts';
import { Random } from './random.ts';

/*
 * The demo's rentals (issue 36, docs/decisions/059 and 061): every rental listing gets its terms,
 * believable for its kind of car, in its country's time zone; the demo's rental company (Azur
 * Location) gets a few owner blocks and bookings in each state, with their events.
 */

type Db = Kysely<Database>;

/** The time zone of a listing's country (its main one: a car is picked up where its city is, and these countries' demo cities are in it). */
const COUNTRY_TIME_ZONES: Record<string, string> = {
  AE: 'Asia/Dubai',
  AR: 'America/Argentina/Buenos_Aires',
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CH: 'Europe/Zurich',
  CN: 'Asia/Shanghai',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  DZ: 'Africa/Algiers',
  EG: 'Africa/Cairo',
  ES: 'Europe/Madrid',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
  LU: 'Europe/Luxembourg',
  MA: 'Africa/Casablanca',
  MX: 'America/Mexico_City',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  RU: 'Europe/Moscow',
  SA: 'Asia/Riyadh',
  SE: 'Europe/Stockholm',
  TN: 'Africa/Tunis',
  TR: 'Europe/Istanbul',
  US: 'America/New_York',
};

/** Kilometres a day included, by segment (null: unlimited), and the deposit as so many days of rent. */
const SEGMENT_TERMS: Record<string, { km: (number | null)[]; depositDays: number; minAge: number }> = {
  economy: { km: [200, 250, 300, null], depositDays: 12, minAge: 19 },
  family: { km: [200, 250, 300], depositDays: 12, minAge: 21 },
  premium: { km: [150, 200, 250], depositDays: 15, minAge: 23 },
  luxury: { km: [150, 200], depositDays: 20, minAge: 25 },
  sports: { km: [100, 150], depositDays: 20, minAge: 25 },
  supercar: { km: [80, 100], depositDays: 25, minAge: 28 },
  utility: { km: [150, 200, 250], depositDays: 10, minAge: 21 },
};
const POLICIES: CancellationPolicy[] = ['flexible', 'moderate', 'moderate', 'strict'];

/** A secret for a listing's iCal export, as the API writes one (rentals.service.ts): 32 random bytes, URL-safe. */
const icalToken = () => randomBytes(32).toString('base64url');

/** Rounds to a multiple of `step` minor units (a deposit of 750.00, not 743.27). */
const round = (minor: number, step: number) => Math.max(step, Math.round(minor / step) * step);

/**
 * Terms for every rental listing that has none (rent_day or rent_month), one statement per batch:
 * a day rental of an economy car asks little deposit and gives discounts from three days; a sports
 * car asks an older driver, a large deposit and fewer kilometres; a monthly rental is for a month
 * or more. The random source is the seed's: the same catalogue gets the same terms, but each
 * listing's iCal secret is fresh.
 */
export async function seedRentalTerms(db: Db, seed: number): Promise<number> {
  const rentals = await db
    .selectFrom('vehicles as v')
    .innerJoin('types as t', 't.id', 'v.type_id')
    .innerJoin('countries as c', 'c.id', 'v.country_id')
    .innerJoin('currencies as cu', 'cu.id', 'v.currency_id')
    .leftJoin('makes as k', 'k.name', 'v.brand')
    .leftJoin('models as m', (j) => j.onRef('m.make_id', '=', 'k.id').onRef('m.name', '=', 'v.model'))
    .select(['v.id', 't.code as type', 'c.code as country', 'v.price_minor', 'cu.minor_units', 'm.segment'])
    .where('t.code', 'in', ['rent_day', 'rent_month'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('rental_terms as rt').select('rt.vehicle_id').whereRef('rt.vehicle_id', '=', 'v.id'))),
    )
    .orderBy('v.id')
    .execute();
  const r = new Random(seed + 36);
  const rows: Insertable<Database['rental_terms']>[] = rentals.map((v) => {
    const segment = SEGMENT_TERMS[v.segment ?? 'family'] ?? SEGMENT_TERMS.family!;
    const monthly = v.type === 'rent_month';
    const dayMinor = monthly ? Number(v.price_minor) / 30 : Number(v.price_minor);
    const unit = 10 ** v.minor_units;
    const sporty = segment.minAge >= 25;
    return {
      vehicle_id: v.id,
      discount_3: monthly ? 0 : r.pick([0, 5, 5, 10]),
      discount_7: monthly ? 0 : r.pick([10, 15, 15, 20]),
      discount_30: monthly ? r.pick([0, 5, 10]) : r.pick([25, 30, 35, 40]),
      min_days: monthly ? 30 : sporty ? r.pick([1, 2, 3]) : r.pick([1, 1, 2]),
      max_days: monthly ? r.pick([180, 365]) : r.pick([30, 60, 90]),
      notice_hours: r.pick([2, 12, 24, 24, 48]),
      horizon_days: r.pick([180, 365, 365]),
      buffer_hours: r.pick([0, 2, 4, 12]),
      pickup_from: r.pick(['08:00', '09:00', '10:00']),
      pickup_until: r.pick(['18:00', '19:00', '20:00']),
      return_from: r.pick(['08:00', '09:00']),
      return_until: r.pick(['18:00', '19:00', '20:00']),
      time_zone: COUNTRY_TIME_ZONES[v.country] ?? 'UTC',
      deposit_minor: round(dayMinor * segment.depositDays, 50 * unit),
      km_per_day: monthly ? r.pick([100, 150, null]) : r.pick(segment.km),
      extra_km_minor: Math.round(unit * (sporty ? r.pick([0.5, 0.8, 1.2]) : r.pick([0.2, 0.25, 0.3]))),
      min_driver_age: segment.minAge,
      min_licence_years: sporty ? 3 : r.pick([1, 2, 2]),
      cancellation: r.pick(POLICIES),
      instant_book: r.chance(sporty ? 0.1 : 0.35) ? 1 : 0,
      ical_token: icalToken(),
    };
  });
  await insertMany(db, 'rental_terms', rows);
  return rows.length;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How far a zone is ahead of UTC at an instant (ms). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return local - (ms - (ms % 60_000));
}

/** The instant of a local day and time ('HH:MM') in a zone (the later one when a clock change repeats it). */
function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  let at = wall - offsetAt(wall, timeZone);
  const again = wall - offsetAt(at, timeZone);
  if (again !== at) at = again;
  return new Date(at);
}

/** The demo's rental company, whose listings get the demo's bookings. */
const RENTAL_COMPANY = 'location.azur@demo.autoroute.local';
/** The demo renters (private demo accounts). */
const RENTERS = ['claire.martin@demo.autoroute.local', 'lukas.becker@demo.autoroute.local', 'lucia.garcia@demo.autoroute.local'];

interface Planned {
  listing: number;
  /** Days from today. */
  start: number;
  days: number;
  state: BookingState;
  renter: number;
}

/**
 * A few bookings and blocks on the rental company's listings, around today: a rental completed
 * last month, one under way, upcoming ones accepted (one booked instantly), one requested and
 * waiting for the owner, one declined and one cancelled; a one-off block and a weekly one. Each
 * booking's instants are its pickup and return hours in its listing's zone (decision 059), and its
 * events say how it got to its state. Nothing when the company has no rental listing or already has bookings.
 */
export async function seedDemoBookings(db: Db, now = new Date()): Promise<number> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', [RENTAL_COMPANY, ...RENTERS])
    .execute();
  const owner = users.find((u) => u.email === RENTAL_COMPANY)?.id;
  const renters = RENTERS.flatMap((e) => users.filter((u) => u.email === e).map((u) => u.id));
  if (owner === undefined || !renters.length) return 0;
  const listings = await db
    .selectFrom('vehicles as v')
    .innerJoin('rental_terms as rt', 'rt.vehicle_id', 'v.id')
    .innerJoin('types as t', 't.id', 'v.type_id')
    .selectAll('rt')
    .select(['v.price_minor', 'v.currency_id', 't.code as type'])
    .where('v.owner_id', '=', owner)
    .where('v.sold', '=', 0)
    .where('t.code', '=', 'rent_day')
    .orderBy('v.id')
    .limit(4)
    .execute();
  if (!listings.length) return 0;
  const already = await db.selectFrom('bookings').select('id').where('owner_id', '=', owner).limit(1).executeTakeFirst();
  if (already) return 0;
  const renter = (i: number) => renters[i % renters.length]!;
  const at = (i: number) => listings[i % listings.length]!.vehicle_id;
  const plan: Planned[] = [
    { listing: at(0), start: -30, days: 4, state: 'completed', renter: renter(0) },
    { listing: at(0), start: 6, days: 3, state: 'accepted', renter: renter(1) },
    { listing: at(0), start: 14, days: 2, state: 'requested', renter: renter(2) },
    { listing: at(1), start: -2, days: 5, state: 'active', renter: renter(1) },
    { listing: at(1), start: 10, days: 7, state: 'accepted', renter: renter(0) },
    { listing: at(2), start: -12, days: 3, state: 'completed', renter: renter(2) },
    { listing: at(2), start: 4, days: 2, state: 'declined', renter: renter(0) },
    { listing: at(3), start: 20, days: 5, state: 'cancelled', renter: renter(1) },
  ];
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const byId = new Map(listings.map((l) => [l.vehicle_id, l]));
  let made = 0;
  // The spans that hold each car: with fewer listings than the plan names, a booking that would
  // overlap one of them is moved a week later until it does not (never two on one car at one time).
  const holding = new Map<number, [number, number][]>();
  for (const p of plan) {
    const terms = byId.get(p.listing)!;
    const taken = holding.get(p.listing) ?? [];
    holding.set(p.listing, taken);
    const holds = p.state === 'requested' || p.state === 'accepted' || p.state === 'active';
    let start = p.start;
    let startAt: Date;
    let endAt: Date;
    let spanFrom: number;
    let spanTo: number;
    for (;;) {
      startAt = zonedInstant(dayOf(today + start * DAY_MS), terms.pickup_from, terms.time_zone);
      endAt = zonedInstant(dayOf(today + (start + p.days) * DAY_MS), terms.return_until, terms.time_zone);
      spanFrom = Math.floor(startAt.getTime() / 60_000);
      spanTo = Math.floor(endAt.getTime() / 60_000) + terms.buffer_hours * 60;
      const from = spanFrom;
      const to = spanTo;
      if (!holds || !taken.some(([a, b]) => a < to && from < b)) break;
      start += 7;
    }
    if (holds) taken.push([spanFrom, spanTo]);
    const startOn = dayOf(today + start * DAY_MS);
    const endOn = dayOf(today + (start + p.days) * DAY_MS);
    const rate = Number(terms.price_minor);
    const discount = p.days >= 30 ? terms.discount_30 : p.days >= 7 ? terms.discount_7 : p.days >= 3 ? terms.discount_3 : 0;
    const gross = rate * p.days;
    const off = Math.round((gross * discount) / 100);
    const lines = [
      { kind: 'rent', days: p.days, rateMinor: rate, amountMinor: gross },
      ...(off ? [{ kind: 'discount', percent: discount, amountMinor: -off }] : []),
      { kind: 'total', amountMinor: gross - off },
      { kind: 'deposit', amountMinor: terms.deposit_minor },
    ];
    const created = new Date(Math.min(now.getTime() - DAY_MS, startAt.getTime() - 3 * DAY_MS));
    const accepted = new Date(created.getTime() + 3 * 3_600_000);
    const instant = p.state === 'accepted' && terms.instant_book === 1;
    const held = p.state === 'accepted' || p.state === 'active' || p.state === 'completed';
    const { id } = await db
      .insertInto('bookings')
      .values({
        vehicle_id: p.listing,
        owner_id: owner,
        renter_id: p.renter,
        state: p.state,
        instant: instant ? 1 : 0,
        start_on: startOn,
        end_on: endOn,
        start_at: startAt.toISOString(),
        end_at: endAt.toISOString(),
        span_from: spanFrom,
        span_to: spanTo,
        time_zone: terms.time_zone,
        days: p.days,
        currency_id: terms.currency_id,
        lines: JSON.stringify(lines),
        total_minor: gross - off,
        deposit_minor: terms.deposit_minor,
        terms: JSON.stringify({
          cancellation: terms.cancellation,
          kmPerDay: terms.km_per_day,
          extraKmMinor: terms.extra_km_minor,
          pickupPlace: terms.pickup_place,
          returnPlace: terms.return_place,
          timeZone: terms.time_zone,
        }),
        cancellation: terms.cancellation,
        message: p.state === 'requested' ? 'Hello, is the car free on these days? We are two drivers.' : null,
        expires_at: p.state === 'requested' ? new Date(now.getTime() + 20 * 3_600_000).toISOString() : null,
        payment_state: held ? 'paid' : p.state === 'cancelled' ? 'refunded' : 'none',
        refund_minor: p.state === 'cancelled' ? gross - off : null,
        deposit_state: p.state === 'completed' ? 'released' : p.state === 'active' ? 'held' : 'none',
        cancelled_by: p.state === 'cancelled' ? 'renter' : null,
        created_at: created.toISOString(),
        updated_at: now.toISOString(),
        accepted_at: held || p.state === 'cancelled' ? accepted.toISOString() : null,
        started_at: p.state === 'active' || p.state === 'completed' ? startAt.toISOString() : null,
        completed_at: p.state === 'completed' ? endAt.toISOString() : null,
        closed_at: p.state === 'declined' || p.state === 'cancelled' ? accepted.toISOString() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // How it got here: each transition, by whom.
    const steps: [BookingState | null, BookingState, 'renter' | 'owner' | 'system', Date][] = [
      [null, instant ? 'accepted' : 'requested', 'renter', created],
    ];
    if (!instant && p.state !== 'requested') {
      steps.push(['requested', p.state === 'declined' ? 'declined' : 'accepted', 'owner', accepted]);
    }
    if (p.state === 'cancelled') steps.push(['accepted', 'cancelled', 'renter', new Date(accepted.getTime() + DAY_MS)]);
    if (p.state === 'active' || p.state === 'completed') steps.push(['accepted', 'active', 'owner', startAt]);
    if (p.state === 'completed') steps.push(['active', 'completed', 'renter', endAt]);
    await insertMany(
      db,
      'booking_events',
      steps.map(([from, to, actor, when]) => ({
        booking_id: id,
        from_state: from,
        to_state: to,
        actor,
        actor_id: actor === 'owner' ? owner : actor === 'renter' ? p.renter : null,
        detail: null,
        at: when.toISOString(),
      })),
    );
    made++;
  }
  // The owner closes the first listing on Sundays after its bookings, and the last one for a week of maintenance.
  await insertMany(db, 'availability_blocks', [
    { vehicle_id: at(0), kind: 'weekly', starts_on: dayOf(today + 17 * DAY_MS), ends_on: null, weekday: 0, note: 'Closed on Sundays' },
    {
      vehicle_id: at(3),
      kind: 'once',
      starts_on: dayOf(today + 8 * DAY_MS),
      ends_on: dayOf(today + 15 * DAY_MS),
      weekday: null,
      note: 'Maintenance',
    },
  ]);
  return made;
}
