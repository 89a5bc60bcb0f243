import ICAL from 'ical.js';

/*
 * The iCal (RFC 5545) side of calendars that sync (docs/decisions/060-calendars-that-sync.md), with
 * Mozilla's ical.js both ways: it writes CRLF lines folded at 75 characters and reads other
 * platforms' feeds, their time zones and their recurrences.
 */

const DAY_MS = 86_400_000;
const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** A day `n` days after `day` (YYYY-MM-DD). */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The local day and time of an instant in an IANA zone. */
function localParts(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The instant of a wall-clock time in an IANA zone (the later one when the clock goes back). */
function wallToInstant(t: { year: number; month: number; day: number; hour: number; minute: number; second: number }, timeZone: string) {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const p = localParts(guess, timeZone);
    const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - guess;
    guess = wall - offset;
  }
  return guess;
}

const isZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A DTSTART or DTEND as the listing's local day: a DATE as it is; a DATE-TIME converted into the
 * listing's zone (from UTC, from its TZID, or taken as the listing's own wall time when floating).
 * `roundUp` (an end) moves a time after midnight to the next day: the day it ends on is held.
 */
function toLocalDay(time: ICAL.Time, timeZone: string, roundUp: boolean): string {
  if (time.isDate) return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  // The feed's own VTIMEZONE is bound by the library; an IANA name is read with the platform's data.
  // A TZID the feed did not define is left floating by the library, its name kept in `timezone`.
  const named = (time as unknown as { timezone?: string }).timezone;
  const tzid = time.zone && time.zone.tzid !== 'floating' ? time.zone.tzid : (named ?? 'floating');
  let instant: number;
  if (time.zone === ICAL.Timezone.utcTimezone || tzid === 'UTC' || tzid === 'Z') instant = time.toJSDate().getTime();
  else if (tzid && tzid !== 'floating' && isZone(tzid)) instant = wallToInstant(wall, tzid);
  else if (time.zone && time.zone.tzid === tzid && tzid !== 'floating') instant = time.toUnixTime() * 1000;
  else instant = wallToInstant(wall, timeZone);
  const local = localParts(instant, timeZone);
  const day = `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
  return roundUp && (local.hour || local.minute || local.second) ? addDays(day, 1) : day;
}

/** One event of our export. */
export interface ExportEvent {
  uid: string;
  startsOn: string;
  /** Exclusive, as DTEND of an all-day event is. */
  endsOn: string;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  summary: string;
  description?: string | null;
  sequence: number;
  /** When the row last changed (ISO): the event's DTSTAMP. */
  stamp: string;
  /** A weekday every week (0 Sunday … 6 Saturday), until the day before `until` when set. */
  weekly?: { weekday: number; until: string | null };
}

const dateValue = (day: string) => ICAL.Time.fromDateString(day);

/** The calendar of a listing: all-day events, CRLF lines folded by the library, ending with CRLF. */
export function writeCalendar(name: string, events: ExportEvent[]): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Autoroute//Rental calendar//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('x-wr-calname', name);
  for (const e of events) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', e.uid);
    event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(e.stamp), true));
    event.addPropertyWithValue('dtstart', dateValue(e.startsOn));
    event.addPropertyWithValue('dtend', dateValue(e.endsOn));
    if (e.weekly) {
      const rule: Record<string, unknown> = { freq: 'WEEKLY', byday: [BYDAY[e.weekly.weekday]] };
      if (e.weekly.until) rule.until = dateValue(addDays(e.weekly.until, -1));
      event.addPropertyWithValue('rrule', ICAL.Recur.fromData(rule));
    }
    event.addPropertyWithValue('summary', e.summary);
    if (e.description) event.addPropertyWithValue('description', e.description);
    event.addPropertyWithValue('status', e.status);
    event.addPropertyWithValue('sequence', e.sequence);
    event.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(event);
  }
  return `${calendar.toString()}\r\n`;
}

/** An event of an imported calendar, as the listing's days it blocks. */
export interface ImportedEvent {
  uid: string;
  startsOn: string;
  endsOn: string;
  sequence: number;
  summary: string | null;
}

export class CalendarParseError extends Error {
  override name = 'CalendarParseError';
}

/** At most this many occurrences of one recurring event are read (a daily rule over a year is 365). */
const MAX_OCCURRENCES = 400;

/**
 * The events of a feed that block days of the listing in [today, today + horizon days): each
 * non-cancelled VEVENT, each occurrence of a recurring one (its UID and its start, so each is a row of
 * its own), with its days in the listing's zone. Cancelled events, and cancelled occurrences, are left
 * out: their days are free.
 */
export function readCalendar(text: string, timeZone: string, today: string, horizonDays: number): ImportedEvent[] {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : (parsed as unknown[]));
  } catch (error) {
    throw new CalendarParseError((error as Error).message);
  }
  if (root.name !== 'vcalendar') throw new CalendarParseError('not a VCALENDAR');
  const horizon = addDays(today, horizonDays);
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Component[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const uid = vevent.getFirstPropertyValue('uid');
    if (typeof uid !== 'string' || !uid || !vevent.hasProperty('dtstart')) continue;
    if (vevent.hasProperty('recurrence-id')) exceptions.push(vevent);
    else {
      const previous = masters.get(uid);
      const event = new ICAL.Event(vevent);
      if (!previous || event.sequence >= previous.sequence) masters.set(uid, event);
    }
  }
  for (const vevent of exceptions) masters.get(String(vevent.getFirstPropertyValue('uid')))?.relateException(vevent);

  const out = new Map<string, ImportedEvent>();
  const add = (uid: string, event: ICAL.Event, start: ICAL.Time, end: ICAL.Time | null, status: unknown) => {
    if (String(status ?? '').toUpperCase() === 'CANCELLED') return;
    const startsOn = toLocalDay(start, timeZone, false);
    let endsOn = end ? toLocalDay(end, timeZone, true) : addDays(startsOn, 1);
    if (endsOn <= startsOn) endsOn = addDays(startsOn, 1);
    if (endsOn <= today || startsOn >= horizon) return;
    const summary = event.summary ? String(event.summary).slice(0, 200) : null;
    out.set(uid, { uid, startsOn, endsOn, sequence: event.sequence || 0, summary });
  };
  for (const [uid, event] of masters) {
    const status = event.component.getFirstPropertyValue('status');
    if (!event.isRecurring()) {
      add(uid, event, event.startDate, event.endDate, status);
      continue;
    }
    if (String(status ?? '').toUpperCase() === 'CANCELLED') continue;
    const iterator = event.iterator();
    for (let i = 0, next = iterator.next(); next && i < MAX_OCCURRENCES * 4; i++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const startsOn = toLocalDay(details.startDate, timeZone, false);
      if (startsOn >= horizon) break;
      const occurrence = details.item;
      add(
        `${uid}/${details.recurrenceId.toString()}`,
        occurrence,
        details.startDate,
        details.endDate,
        occurrence.component.getFirstPropertyValue('status'),
      );
      if (out.size > MAX_OCCURRENCES * 5) break;
    }
  }
  return [...out.values()];
}
