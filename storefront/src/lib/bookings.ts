/*
 * How the bookings screens read a booking (docs/decisions/064-bookings-screens.md): amounts in minor
 * units, a booking's days as the listing's local days, its instants in the listing's time zone, and
 * the time left to answer a request. Pages and islands use the same functions, each given the
 * page's locale (an island gets it from its page).
 */
import { dateTimeFormat, type Locale, numberFormat } from '@autoroute/locales/meta';

/** The digits after the point of a currency (2 for EUR, 0 for JPY, 3 for TND), as Intl knows them. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units, in its currency and the page's language. */
export function formatMinor(minor: number, currency: string, locale: Locale): string {
  const digits = minorDigits(currency);
  const value = minor / 10 ** digits;
  try {
    return numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: value % 1 === 0 ? 0 : digits }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

/**
 * A booking's day (YYYY-MM-DD, the listing's local day) as the page's language writes it. The day
 * is already local to the car: it is read at noon UTC and written in UTC, so no zone moves it.
 */
export function formatDay(day: string, locale: Locale, style: 'medium' | 'full' = 'medium'): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(date);
}

/** An instant in the listing's time zone, with the zone's short name (the car is there, whoever reads). */
export function formatInstant(iso: string, timeZone: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  try {
    return dateTimeFormat(locale, { ...parts, timeZone }).format(date);
  } catch {
    return dateTimeFormat(locale, { ...parts, timeZone: 'UTC' }).format(date);
  }
}

/** The time of an instant in the listing's time zone, with the zone's short name (1:00 PM GMT+9). */
export function formatTime(iso: string, timeZone: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  try {
    return dateTimeFormat(locale, { ...parts, timeZone }).format(date);
  } catch {
    return dateTimeFormat(locale, { ...parts, timeZone: 'UTC' }).format(date);
  }
}

/** The time left until `iso` as a duration in the page's language ("5 hours", "40 minutes"); null once past. */
export function timeLeft(iso: string, locale: Locale, now = Date.now()): string | null {
  const ms = new Date(iso).getTime() - now;
  if (!(ms > 0)) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return numberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(hours);
  return numberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(Math.floor(hours / 24));
}

/** The badge's tone for a state: waiting, good, over, or ended badly. */
export function stateTone(state: string): 'waiting' | 'good' | 'over' | 'bad' {
  if (state === 'requested') return 'waiting';
  if (state === 'accepted' || state === 'active') return 'good';
  if (state === 'completed') return 'over';
  return 'bad';
}

/** Reviews stay hidden until both sides wrote or this many days after the return (decision 059). */
const REVIEW_HIDDEN_DAYS = 14;

/** When hidden reviews show at the latest: 14 days after the booking completed (its return), else after its end. */
export function reviewsShownOn(events: readonly { toState: string; at: string }[], endAt: string): string {
  const completed = events.find((e) => e.toState === 'completed')?.at ?? endAt;
  return new Date(new Date(completed).getTime() + REVIEW_HIDDEN_DAYS * 86_400_000).toISOString();
}

/** Days of a month grid: the month's first day's weekday offset (weeks start on Monday) and its days. */
export function monthDays(year: number, month: number): { offset: number; days: string[] } {
  const first = new Date(Date.UTC(year, month, 1));
  const count = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const days: string[] = [];
  for (let d = 1; d <= count; d++) days.push(new Date(Date.UTC(year, month, d)).toISOString().slice(0, 10));
  return { offset: (first.getUTCDay() + 6) % 7, days };
}

/** A day plus `n` days (YYYY-MM-DD, calendar arithmetic in UTC). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The first day of a day's month. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
/** The first day of the month `n` months after the one starting on `first`. */
export const nextMonth = (first: string, n: number) => {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n, 1);
  return d.toISOString().slice(0, 10);
};

/** The same day of another month, or that month's last day when it is shorter (31 January, then 28 February). */
function sameDayIn(first: string, day: string): string {
  const last = addDays(nextMonth(first, 1), -1);
  const wanted = `${first.slice(0, 8)}${day.slice(8)}`;
  return wanted > last ? last : wanted;
}

/** Where a key moves the focus from `day` in the grid (the date picker's keys); null for other keys. */
export function keyTarget(key: string, day: string, rtl: boolean): string | null {
  const weekPos = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, rtl ? 1 : -1);
    case 'ArrowRight':
      return addDays(day, rtl ? -1 : 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekPos);
    case 'End':
      return addDays(day, 6 - weekPos);
    case 'PageUp':
      return sameDayIn(nextMonth(monthStart(day), -1), day);
    case 'PageDown':
      return sameDayIn(nextMonth(monthStart(day), 1), day);
    default:
      return null;
  }
}
