/*
 * A rental's days are the listing's local days (docs/decisions/059-rentals-and-bookings.md): what
 * the owner blocks, the renter picks and the calendars export. These turn a local day and hour in
 * an IANA zone into the instant it names, and back, with the platform's Intl (no table of our own).
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD day. */
const dayIndex = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** The YYYY-MM-DD day `n` days after `day`. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string): number => dayIndex(b) - dayIndex(a);
/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function parts(instant: number, timeZone: string): Record<string, number> {
  let f = partsFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(instant))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** How far ahead of UTC the zone's wall clock is at `instant` (ms). */
function offset(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a local day and time (HH:MM) in a zone. A time that does not exist (skipped by a
 * change to summer time) is taken as the same wall time under the earlier offset, an hour later.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const wall = Date.parse(`${day}T00:00:00Z`) + (h * 60 + m) * 60_000;
  const first = wall - offset(wall, timeZone);
  const second = wall - offset(first, timeZone);
  return new Date(offset(second, timeZone) === offset(first, timeZone) ? second : first);
}

/** The local day (YYYY-MM-DD) of an instant in a zone. */
export function localDay(instant: Date | number, timeZone: string): string {
  const p = parts(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Minutes since the epoch of an instant: the unit of `bookings.span_from` / `span_to`. */
export const epochMinutes = (instant: Date): number => Math.floor(instant.getTime() / 60_000);
