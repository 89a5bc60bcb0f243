import { createHash } from 'node:crypto';
import { type CalendarImport, type CalendarImportInput, type CalendarSettings, MAX_CALENDAR_IMPORTS } from '@autoroute/contract/rentals';
import { absoluteUrl } from '@autoroute/contract/runtime-config';
import type { Database } from '@autoroute/db';
import { DEFAULT_LOCALE, matchLocale } from '@autoroute/locales';
import type { TFunction } from 'i18next';
import type { Kysely } from 'kysely';
import { AppError, notFound } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import type { Viewer } from '../vehicles/vehicles.service.ts';
import { insertNotifications } from '../vehicles/vehicles.write.data.ts';
import { ownedVehicle } from '../vehicles/vehicles.write.service.ts';
import {
  allImportIds,
  countImports,
  deleteBlocks,
  deleteImport,
  exportedBookings,
  findImport,
  findListing,
  findTerms,
  findTermsByToken,
  holdingBookingsOver,
  importBlocks,
  importBlocksOfListing,
  insertImport,
  insertImportBlock,
  listImports,
  ownerBlocks,
  recordPoll,
  setBlockConflict,
  setIcalToken,
  updateImportBlock,
} from './calendars.data.ts';
import { CalendarFetchError, fetchCalendar } from './calendars.fetch.ts';
import { addDays, CalendarParseError, type ExportEvent, readCalendar, writeCalendar } from './calendars.ical.ts';
import { ensureTermsRow, newCalendarToken } from './rentals.service.ts';

/*
 * Calendars that sync (docs/decisions/060-calendars-that-sync.md): a rental listing's bookings and
 * owner blocks as an iCal feed at a secret URL, and other platforms' calendars whose events block
 * its days. An imported event over one of our bookings is kept and reported, never cancelling it.
 */

type Db = Kysely<Database>;

const RENTAL_TYPES = new Set(['rent_day', 'rent_month']);
/** Completed bookings, and those closed without taking place, stay in the feed this long after their dates. */
const EXPORT_PAST_DAYS = 90;
/** How far ahead an imported recurring event is expanded. */
const IMPORT_HORIZON_DAYS = 365;

/** A new secret for a listing's feed: 32 random bytes, base64url. */

const todayUtc = () => new Date().toISOString().slice(0, 10);
const localToday = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * The rental terms row of a listing, created with its defaults (and a feed secret) when the owner
 * has not written any yet. For rental listings only: the caller checks the kind.
 */
export async function ensureRentalTerms(db: Db, vehicleId: number) {
  const found = await findTerms(db, vehicleId);
  if (found) return found;
  await ensureTermsRow(db, vehicleId);
  return (await findTerms(db, vehicleId))!;
}

/** The owner's rental listing and its terms: 404 unknown, 403 another's, 422 RENTAL_NOT_RENTAL for a sale. */
async function ownRental(db: Db, viewer: Viewer, vehicleId: number) {
  await ownedVehicle(db, vehicleId, viewer);
  const listing = (await findListing(db, vehicleId))!;
  if (!RENTAL_TYPES.has(listing.type_code ?? '')) throw new AppError(422, 'RENTAL_NOT_RENTAL');
  return { listing, terms: await ensureRentalTerms(db, vehicleId) };
}

const exportUrl = (publicUrl: string, token: string) => absoluteUrl(publicUrl, `/api/v1/calendars/${token}.ics`);

/** A stored poll failure ("code" or "code:detail") in the owner's words. */
const pollError = (t: TFunction, stored: string | null) => {
  if (!stored) return null;
  const [code, ...rest] = stored.split(':');
  return t(`calendar.pollError.${code}`, { detail: rest.join(':') });
};

async function describeImports(db: Db, vehicleId: number, t: TFunction): Promise<CalendarImport[]> {
  const rows = await listImports(db, vehicleId);
  const blocks = await importBlocksOfListing(db, vehicleId);
  return rows.map((r) => {
    const own = blocks.filter((b) => b.import_id === r.id);
    const conflicts = new Map<number, { bookingId: number; start: string; end: string }>();
    for (const b of own)
      if (b.conflict_booking_id && b.start_on && b.end_on)
        conflicts.set(b.conflict_booking_id, { bookingId: b.conflict_booking_id, start: b.start_on, end: b.end_on });
    return {
      id: r.id,
      vehicleId: r.vehicle_id,
      url: r.url,
      name: r.name,
      status: (r.status as CalendarImport['status']) ?? null,
      error: pollError(t, r.error),
      polledAt: r.polled_at,
      changedAt: r.changed_at,
      blocks: own.length,
      conflicts: [...conflicts.values()].sort((a, b) => a.bookingId - b.bookingId),
    };
  });
}

export interface CalendarDeps {
  db: Db;
  config: { publicUrl: string; calendarAllowPrivate: boolean };
}

/** The owner's calendar settings of a rental listing: the feed's URL and the imports with their state. */
export async function calendarSettings(deps: CalendarDeps, viewer: Viewer, vehicleId: number, t: TFunction): Promise<CalendarSettings> {
  const { terms } = await ownRental(deps.db, viewer, vehicleId);
  return {
    vehicleId,
    exportUrl: exportUrl(deps.config.publicUrl, terms.ical_token),
    timeZone: terms.time_zone,
    imports: await describeImports(deps.db, vehicleId, t),
  };
}

/** A new secret for the feed: the old URL stops working at once. */
export async function rotateCalendarToken(deps: CalendarDeps, viewer: Viewer, vehicleId: number, t: TFunction): Promise<CalendarSettings> {
  await ownRental(deps.db, viewer, vehicleId);
  await setIcalToken(deps.db, vehicleId, newCalendarToken(), new Date().toISOString());
  return calendarSettings(deps, viewer, vehicleId, t);
}

/** Adds another platform's calendar (at most MAX_CALENDAR_IMPORTS a listing) and polls it once at once. */
export async function addCalendarImport(
  deps: CalendarDeps,
  viewer: Viewer,
  vehicleId: number,
  input: CalendarImportInput,
  t: TFunction,
): Promise<CalendarImport> {
  await ownRental(deps.db, viewer, vehicleId);
  if ((await countImports(deps.db, vehicleId)) >= MAX_CALENDAR_IMPORTS)
    throw new AppError(409, 'CALENDAR_IMPORTS_LIMIT', { max: MAX_CALENDAR_IMPORTS });
  const rows = await listImports(deps.db, vehicleId);
  if (rows.some((r) => r.url === input.url)) throw new AppError(409, 'CALENDAR_IMPORT_EXISTS');
  const id = await insertImport(deps.db, vehicleId, input.url, input.name);
  await pollCalendarImport(deps.db, id, { allowPrivate: deps.config.calendarAllowPrivate });
  return (await describeImports(deps.db, vehicleId, t)).find((i) => i.id === id)!;
}

/** The owner's import: 404 CALENDAR_IMPORT_NOT_FOUND, 403 another's. */
async function ownImport(db: Db, viewer: Viewer, id: number) {
  const found = await findImport(db, id);
  if (!found) throw notFound('CALENDAR_IMPORT_NOT_FOUND');
  const listing = await findListing(db, found.vehicle_id);
  if (listing?.owner_id !== viewer.id) throw new AppError(403, 'FORBIDDEN');
  return found;
}

/** Removes an import: its events' days are free again. */
export async function removeCalendarImport(deps: CalendarDeps, viewer: Viewer, id: number): Promise<void> {
  await ownImport(deps.db, viewer, id);
  await deps.db.transaction().execute((tx) => deleteImport(tx, id));
}

/** Polls an import now, for its owner. */
export async function pollCalendarImportNow(deps: CalendarDeps, viewer: Viewer, id: number, t: TFunction): Promise<CalendarImport> {
  const found = await ownImport(deps.db, viewer, id);
  await pollCalendarImport(deps.db, id, { allowPrivate: deps.config.calendarAllowPrivate });
  return (await describeImports(deps.db, found.vehicle_id, t)).find((i) => i.id === id)!;
}

export type PollOutcome = 'ok' | 'not_modified' | 'error';

/**
 * Fetches an import with its validators and brings its blocks in line with the feed: new events
 * block their days, moved ones follow, cancelled and vanished ones free theirs. A block over one of
 * our bookings holding the car is kept with the booking's id, and the owner is told once. A failure
 * is stored (status error, the reason) and answered, never thrown.
 */
async function pollCalendarImport(db: Db, id: number, options: { allowPrivate: boolean }): Promise<PollOutcome> {
  const found = await findImport(db, id);
  if (!found) return 'error';
  const now = new Date().toISOString();
  let result: Awaited<ReturnType<typeof fetchCalendar>>;
  try {
    result = await fetchCalendar(
      found.url,
      { etag: found.etag, lastModified: found.last_modified },
      { allowPrivate: options.allowPrivate },
    );
  } catch (error) {
    const reason = error instanceof CalendarFetchError ? (error.detail ? `${error.code}:${error.detail}` : error.code) : 'unreachable';
    await recordPoll(db, id, { status: 'error', error: reason, polled_at: now });
    return 'error';
  }
  if (result.notModified) {
    await recordPoll(db, id, { status: 'not_modified', error: null, polled_at: now });
    return 'not_modified';
  }
  const terms = await ensureRentalTerms(db, found.vehicle_id);
  let events: ReturnType<typeof readCalendar>;
  try {
    events = readCalendar(result.text, terms.time_zone, localToday(terms.time_zone), IMPORT_HORIZON_DAYS);
  } catch (error) {
    if (!(error instanceof CalendarParseError)) throw error;
    await recordPoll(db, id, { status: 'error', error: 'not_calendar', polled_at: now });
    return 'error';
  }
  const apply = () =>
    db.transaction().execute(async (tx) => {
      const listing = await findListing(tx, found.vehicle_id);
      const existing = new Map((await importBlocks(tx, id)).map((b) => [b.uid ?? '', b]));
      let changed = false;
      const kept: { id: number; startsOn: string; endsOn: string; conflict: number | null }[] = [];
      for (const e of events) {
        const before = existing.get(e.uid);
        existing.delete(e.uid);
        if (!before) {
          const blockId = await insertImportBlock(tx, {
            vehicle_id: found.vehicle_id,
            import_id: id,
            uid: e.uid,
            starts_on: e.startsOn,
            ends_on: e.endsOn,
            sequence: e.sequence,
            note: found.name,
          });
          kept.push({ id: blockId, startsOn: e.startsOn, endsOn: e.endsOn, conflict: null });
          changed = true;
          continue;
        }
        if (before.starts_on !== e.startsOn || before.ends_on !== e.endsOn || before.sequence !== e.sequence) {
          await updateImportBlock(tx, before.id, {
            starts_on: e.startsOn,
            ends_on: e.endsOn,
            sequence: e.sequence,
            note: found.name,
            updated_at: now,
          });
          changed = true;
        }
        kept.push({ id: before.id, startsOn: e.startsOn, endsOn: e.endsOn, conflict: before.conflict_booking_id });
      }
      if (existing.size) {
        await deleteBlocks(
          tx,
          [...existing.values()].map((b) => b.id),
        );
        changed = true;
      }
      // Over our bookings: kept, marked, and told to the owner once per block and booking.
      const told: { bookingId: number; start: string; end: string }[] = [];
      for (const block of kept) {
        const over = await holdingBookingsOver(tx, found.vehicle_id, block.startsOn, block.endsOn);
        const bookingId = over[0]?.id ?? null;
        if (bookingId === block.conflict) continue;
        await setBlockConflict(tx, block.id, bookingId);
        if (over[0]) told.push({ bookingId: over[0].id, start: over[0].start_on, end: over[0].end_on });
      }
      if (told.length && listing) {
        const t = translator(matchLocale(listing.owner_language) ?? DEFAULT_LOCALE);
        await insertNotifications(
          tx,
          told.map((c) => ({
            user_id: listing.owner_id,
            vehicle_id: listing.id,
            kind: 'calendar_conflict',
            from_name: t('common:appName'),
            message: t('calendar.conflict', { calendar: found.name ?? found.url, title: listing.title, start: c.start, end: c.end }),
            mail_pending: 0,
          })),
        );
      }
      await recordPoll(tx, id, {
        status: 'ok',
        error: null,
        polled_at: now,
        etag: result.etag,
        last_modified: result.lastModified,
        ...(changed && { changed_at: now }),
      });
    });
  try {
    await apply();
  } catch {
    // Two polls of one import at once (the job and the owner's "read now"): on PostgreSQL the later
    // one's insert meets the rows the first committed (the unique uid). Read them and apply again.
    await apply();
  }
  return 'ok';
}

/** Every import, one after the other (the scheduled job): how many were read, unchanged, or failed. */
export async function pollAllCalendarImports(db: Db, options: { allowPrivate: boolean }) {
  const counts: Record<PollOutcome, number> = { ok: 0, not_modified: 0, error: 0 };
  for (const { id } of await allImportIds(db)) counts[await pollCalendarImport(db, id, options)]++;
  return counts;
}

/** The feed of a listing by its secret: its text and a validator of it; null for an unknown secret. */
export async function calendarFeed(db: Db, publicUrl: string, token: string): Promise<{ text: string; etag: string } | null> {
  const terms = await findTermsByToken(db, token);
  if (!terms) return null;
  const listing = (await findListing(db, terms.vehicle_id))!;
  const t = translator(matchLocale(listing.owner_language) ?? DEFAULT_LOCALE);
  const host = new URL(publicUrl).hostname;
  const events: ExportEvent[] = [];
  for (const b of await exportedBookings(db, terms.vehicle_id, addDays(todayUtc(), -EXPORT_PAST_DAYS))) {
    const status =
      b.state === 'requested' ? 'TENTATIVE' : ['accepted', 'active', 'completed'].includes(b.state) ? 'CONFIRMED' : 'CANCELLED';
    events.push({
      uid: `booking-${b.id}@${host}`,
      startsOn: b.start_on,
      endsOn: b.end_on,
      status,
      summary: t(status === 'TENTATIVE' ? 'calendar.summary.request' : 'calendar.summary.booked'),
      sequence: b.sequence,
      stamp: b.updated_at,
    });
  }
  for (const b of await ownerBlocks(db, terms.vehicle_id)) {
    const common = {
      uid: `block-${b.id}@${host}`,
      status: 'CONFIRMED' as const,
      summary: t('calendar.summary.blocked'),
      description: b.note,
      sequence: b.sequence,
      stamp: b.updated_at,
    };
    if (b.kind === 'once' && b.ends_on) events.push({ ...common, startsOn: b.starts_on, endsOn: b.ends_on });
    else if (b.kind === 'weekly' && b.weekday !== null) {
      // The first such weekday on or after the block's start.
      const shift = (b.weekday - new Date(`${b.starts_on}T00:00:00Z`).getUTCDay() + 7) % 7;
      const first = addDays(b.starts_on, shift);
      if (b.ends_on && first >= b.ends_on) continue;
      events.push({ ...common, startsOn: first, endsOn: addDays(first, 1), weekly: { weekday: b.weekday, until: b.ends_on } });
    }
  }
  const text = writeCalendar(`${t('common:appName')} — ${listing.title}`, events);
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"` };
}
