import { nowIso } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale, matchLocale } from '@autoroute/locales';
import { ALERTS_POLL_MS } from '../core/config.ts';
import { givingTurns } from '../core/turns.ts';
import {
  claimListingEvents,
  findInstantSearches,
  findListingsForAlerts,
  finishListingEvents,
  hasClaimableEvent,
} from '../domain/vehicles/listing-events.data.ts';
import { VehicleListQuery } from '../domain/vehicles/query.ts';
import { vehiclesMatching } from '../domain/vehicles/search.data.ts';
import { searchCriteria } from '../domain/vehicles/vehicles.service.ts';
import { recordMatches, tellSearch } from './saved-search-alerts.ts';
import { mailPending } from './send-notification-mail.ts';
import type { JobContext } from './types.ts';

/** A claimed event is held this long: a crashed process's events are taken again after it. */
const LEASE_MS = 60_000;
/** Events claimed at once: their listings are tested together against each search. */
const EVENTS_A_PASS = 50;
/** An event that failed this many times is given up (logged), not retried forever. */
const MAX_ATTEMPTS = 5;
/** Mails sent in one pass at most; the next pass sends the rest. */
const MAILS_A_PASS = 50;
/** In-memory tests of searches between two turns of the event loop (microseconds each). */
const TESTS_A_TURN = 500;
/** Searches whose matches are written in one transaction. */
const SEARCHES_A_COMMIT = 50;
/** Exact queries between two turns (about a millisecond each on SQLite, as in the per-minute job). */
const QUERIES_A_TURN = 20;

type Listing = Awaited<ReturnType<typeof findListingsForAlerts>>[number];

/** What one pass did: for the log, the tests and the benchmark. */
interface AlertPass {
  events: number;
  matches: number;
  alerts: number;
  mailed: number;
}

export interface AlertWorker {
  /** Polls every `pollMs` from now on (no-op when the poll is 0: the per-minute jobs do the work). */
  start(): void;
  /** A listing changed (committed): a pass now, or right after the one under way. */
  wake(): void;
  /** No new pass; waits for the one under way. */
  stop(): Promise<void>;
  /** One pass now, whether started or not (tests, the benchmark): claims what waits, tells, mails. */
  pass(): Promise<AlertPass>;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether a listing may match a saved search, from its stored facts alone: false only when a
 * filter the listing certainly fails (another brand, a later year, a price out of range…). Words,
 * ratings and distance are left to the exact query, which every listing that passes here goes
 * through: this only spares 10,000 queries for the searches that cannot match.
 */
export function mayMatch(q: VehicleListQuery, v: Listing): boolean {
  if (!q.includeSold && v.sold) return false;
  if (q.brand !== undefined && !same(q.brand, v.brand)) return false;
  if (q.model !== undefined && !same(q.model, v.model)) return false;
  const ids = [
    [q.categoryId, v.category_id],
    [q.typeId, v.type_id],
    [q.fuelTypeId, v.fuel_type_id],
    [q.transmissionId, v.transmission_id],
    [q.colorId, v.color_id],
    [q.countryId, v.country_id],
    [q.cityId, v.city_id],
    [q.doors, v.number_of_doors],
  ] as const;
  if (ids.some(([wanted, has]) => wanted !== undefined && wanted !== has)) return false;
  if (q.minYear !== undefined && v.year < q.minYear) return false;
  if (q.maxYear !== undefined && v.year > q.maxYear) return false;
  if (q.maxMileage !== undefined && v.mileage > q.maxMileage) return false;
  // A price in the asked currency is compared in minor units with a unit's margin (the exact query
  // rounds as the search does); one in another currency is left to the exact query, which converts
  // it at the rates of the moment (db/src/prices.ts).
  if (q.currencyId !== v.currency_id) return true;
  const scale = 10 ** v.minor_units;
  const price = Number(v.price_minor);
  if (q.minPrice !== undefined && price < q.minPrice * scale - 1) return false;
  if (q.maxPrice !== undefined && price > q.maxPrice * scale + 1) return false;
  return true;
}

/**
 * The instant alerts' worker (issue 32, docs/decisions/042). A listing published or repriced queues
 * a `listing_events` row in its own transaction and wakes this process's worker once it commits;
 * every process also polls every `pollMs` (a wake-up lost, another process's write, SQLite alone).
 * A pass claims waiting events (one process gets each), reads the instant saved searches once,
 * tests each changed listing against all of them in memory, confirms the few that may match with
 * the search's own query, records and tells the matches through the per-minute job's functions
 * (so whichever comes first tells, once), and then mails what waits for mail — the instant alerts
 * and the price drops written by the seller's request — within seconds instead of a minute.
 */
export function createAlertWorker({
  context,
  holder,
  pollMs = ALERTS_POLL_MS,
  leaseMs = LEASE_MS,
}: {
  context: JobContext;
  /** Who claims, in `listing_events.claimed_by` (the job runner's id). */
  holder: string;
  pollMs?: number;
  leaseMs?: number;
}): AlertWorker {
  const { db, dialect, log, mail } = context;
  /** The saved searches' parsed queries, kept while their text stays the same (parsing 10,000 each pass would cost more than testing them). */
  let parsed = new Map<number, { query: string; q: VehicleListQuery | null }>();
  let started = false;
  let matchingUnderway = false;

  function parse(id: number, query: string): VehicleListQuery | null {
    const kept = parsed.get(id);
    if (kept?.query === query) return kept.q;
    let q: VehicleListQuery | null = null;
    try {
      const result = VehicleListQuery.safeParse(JSON.parse(query));
      q = result.success ? result.data : null;
    } catch {}
    parsed.set(id, { query, q });
    return q;
  }

  /** Matches the claimed listings against the instant searches and tells their members. */
  async function match(listings: Listing[], now: string): Promise<{ matches: number; alerts: number }> {
    const live = listings.filter((v) => !v.sold);
    if (!live.length) return { matches: 0, alerts: 0 };
    const searches = await findInstantSearches(db);
    const seen = new Map<number, { query: string; q: VehicleListQuery | null }>();
    const testTurn = givingTurns(TESTS_A_TURN);
    const queryTurn = givingTurns(QUERIES_A_TURN);
    // First the reads: which searches find which listings (a query only for those that may).
    const found: { s: (typeof searches)[number]; locale: Locale; matched: number[] }[] = [];
    for (const s of searches) {
      await testTurn();
      const q = parse(s.id, s.query);
      seen.set(s.id, parsed.get(s.id)!);
      if (!q) continue;
      const candidates = live.filter((v) => v.owner_id !== s.user_id && mayMatch(q, v)).map((v) => v.id);
      if (!candidates.length) continue;
      await queryTurn();
      const locale: Locale = matchLocale(s.language) ?? DEFAULT_LOCALE;
      const criteria = await searchCriteria(db, q, locale).catch(() => null);
      const matched = criteria ? await vehiclesMatching(db, dialect, criteria, candidates) : [];
      if (matched.length) found.push({ s, locale, matched });
    }
    parsed = seen;
    // Then the writes, a few searches a transaction: one commit (one wait for the disk) for many
    // alerts, and the write lock held a few milliseconds at a time, the requests' writes in between.
    let matches = 0;
    let alerts = 0;
    for (let i = 0; i < found.length; i += SEARCHES_A_COMMIT) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await db.transaction().execute(async (tx) => {
        for (const { s, locale, matched } of found.slice(i, i + SEARCHES_A_COMMIT)) {
          const fresh = await recordMatches(tx, s.id, matched, now);
          matches += fresh;
          // Only the pass that recorded a match tells of it: the per-minute job, if it came first, told already.
          if (fresh && (await tellSearch(tx, { ...s, locale }, now))) alerts += 1;
        }
      });
    }
    return { matches, alerts };
  }

  /** Claims what waits, matches and tells: the inbox part, never held behind the mail. */
  async function matchPass(): Promise<Omit<AlertPass, 'mailed'>> {
    matchingUnderway = true;
    try {
      return await matchEvents();
    } finally {
      matchingUnderway = false;
    }
  }

  async function matchEvents(): Promise<Omit<AlertPass, 'mailed'>> {
    const result = { events: 0, matches: 0, alerts: 0 };
    const began = performance.now();
    const now = nowIso();
    if (!(await hasClaimableEvent(db, now))) return result;
    const until = new Date(Date.parse(now) + leaseMs).toISOString();
    const events = await claimListingEvents(db, dialect, holder, now, until, EVENTS_A_PASS);
    result.events = events.length;
    const tried = events.filter((e) => e.attempts <= MAX_ATTEMPTS);
    for (const e of events) if (e.attempts > MAX_ATTEMPTS) log.error({ event: e }, 'listing event given up after repeated failures');
    if (tried.length) {
      const listings = await findListingsForAlerts(db, [...new Set(tried.map((e) => e.vehicle_id))]);
      Object.assign(result, await match(listings, now));
    }
    // Only now: a pass that failed half-way leaves its events to be taken again once the lease ends.
    await finishListingEvents(
      db,
      events.map((e) => e.id),
      holder,
    );
    if (result.events) log.info({ ...result, ms: Math.round(performance.now() - began) }, 'instant alerts told');
    return result;
  }

  async function mailPass(): Promise<number> {
    // The inbox first: rendering mail is CPU work that would slow a matching pass under way (which
    // kicks this loop when it ends).
    if (!mail || matchingUnderway) return 0;
    const began = performance.now();
    const { sent, due } = await mailPending({ db, log, mail }, MAILS_A_PASS);
    if (sent) log.info({ mailed: sent, ms: Math.round(performance.now() - began) }, 'instant alerts mailed');
    // A full batch: more wait, the next batch at once (a few a claim: a crash loses few unsent).
    if (due === MAILS_A_PASS) mailing.kick();
    return sent;
  }

  /**
   * One loop: a pass at a time, another at once when woken during one, else after the poll interval.
   * The matching and the mail run in two loops: a burst of mail never delays the next listing's inbox alerts.
   */
  function loop(work: () => Promise<unknown>, after?: () => void) {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    let again = false;
    const kick = () => {
      if (!started) return;
      if (running) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = null;
      again = false;
      running = work()
        .catch((err) => log.error({ err }, 'instant alerts pass failed'))
        .finally(() => {
          running = null;
          after?.();
          if (!started) return;
          if (again) setImmediate(kick);
          else {
            timer = setTimeout(kick, pollMs);
            timer.unref();
          }
        });
    };
    return {
      kick,
      async stop() {
        if (timer) clearTimeout(timer);
        timer = null;
        await running;
      },
    };
  }
  const mailing = loop(mailPass);
  // What a matching pass told (and a reprice's price-drop rows) is mailed right after it.
  const matching = loop(matchPass, () => mailing.kick());

  return {
    start() {
      if (started || pollMs <= 0) return;
      started = true;
      matching.kick();
      mailing.kick();
    },
    wake: () => matching.kick(),
    async stop() {
      started = false;
      await Promise.all([matching.stop(), mailing.stop()]);
    },
    async pass() {
      const told = await matchPass();
      return { ...told, mailed: await mailPass() };
    },
  };
}
