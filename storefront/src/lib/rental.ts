import { type Locale, numberFormat } from '@autoroute/locales/meta';

/*
 * The days of a rental as the listing page's calendar and the owner's terms form count them
 * (docs/decisions/059-rentals-and-bookings.md, 063-booking-on-the-listing.md): a day is the
 * listing's local YYYY-MM-DD, counted in UTC so that no visitor's own zone shifts it.
 */

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

const asDate = (day: Day): Date => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date): Day => date.toISOString().slice(0, 10);

export const addDays = (day: Day, n: number): Day => {
  const date = asDate(day);
  date.setUTCDate(date.getUTCDate() + n);
  return asDay(date);
};

/** The days from `a` to `b` (negative when b is earlier). */
export const daysBetween = (a: Day, b: Day): number => Math.round((asDate(b).getTime() - asDate(a).getTime()) / 86_400_000);

/** The later and the earlier of two days (their text sorts as they do). */
export const latest = (a: Day, b: Day): Day => (a > b ? a : b);
export const earliest = (a: Day, b: Day): Day => (a < b ? a : b);

/** 0 Sunday … 6 Saturday. */
const weekday = (day: Day): number => asDate(day).getUTCDay();

/** The first day of the day's month. */
export const monthOf = (day: Day): Day => `${day.slice(0, 7)}-01`;

/** The same day `n` months on, kept within the month (31 January + 1 month: 28 or 29 February). */
export function addMonths(day: Day, n: number): Day {
  const date = asDate(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return asDay(target);
}

/** Today in a time zone (the listing's): where the car is, a day may already have begun or not yet. */
export function todayIn(timeZone: string, now = new Date()): Day {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return asDay(now);
  }
}

/**
 * The weekday a locale's weeks start on, 0 Sunday … 6 Saturday, from Intl (`getWeekInfo`, or the
 * older `weekInfo` getter); Monday when the browser knows neither, Sunday for the United States.
 */
export function firstDayOfWeek(tag: string): number {
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info) return info.firstDay % 7;
  } catch {
    // An unknown tag: the default below.
  }
  return /-US\b/.test(tag) ? 0 : 1;
}

/** A month's grid: weeks of seven days starting on `firstDay`, null outside the month. */
export function monthGrid(month: Day, firstDay: number): (Day | null)[][] {
  const first = monthOf(month);
  const length = daysBetween(first, addMonths(first, 1));
  const lead = (weekday(first) - firstDay + 7) % 7;
  const cells: (Day | null)[] = [...Array.from({ length: lead }, () => null), ...Array.from({ length }, (_, i) => addDays(first, i))];
  while (cells.length % 7) cells.push(null);
  const weeks: (Day | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The keys of the date grid (WAI-ARIA APG, date picker dialog), left and right as seen: in a right-to-left page left is later. */
export function moveFocus(
  day: Day,
  key: string,
  { rtl, firstDay, shift = false }: { rtl: boolean; firstDay: number; shift?: boolean },
): Day | null {
  switch (key) {
    case 'ArrowRight':
      return addDays(day, rtl ? -1 : 1);
    case 'ArrowLeft':
      return addDays(day, rtl ? 1 : -1);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'Home':
      return addDays(day, -((weekday(day) - firstDay + 7) % 7));
    case 'End':
      return addDays(day, 6 - ((weekday(day) - firstDay + 7) % 7));
    case 'PageUp':
      return addMonths(day, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shift ? 12 : 1);
    default:
      return null;
  }
}

export type Unavailable = 'booked' | 'blocked' | 'notice' | 'horizon' | 'past';

/**
 * Whether a range from `start` to the return day `end` crosses a day the car is not free:
 * the car is out from the pickup day through the return day.
 */
export function rangeIsFree(start: Day, end: Day, unavailable: ReadonlyMap<Day, Unavailable>): boolean {
  for (let day = start; day <= end; day = addDays(day, 1)) if (unavailable.has(day)) return false;
  return true;
}

/** Every IANA zone the runtime knows, for the owner's choice; the given ones first when missing from it. */
export function timeZones(...wanted: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(known);
  for (const zone of wanted) if (zone && !all.has(zone)) all.add(zone);
  return [...all].sort();
}

/** A length in the language's own plural forms, from Intl ("5 days", "24 hours", "5 أيام"). */
export const unitText = (value: number, unit: 'day' | 'hour' | 'year' | 'kilometer', locale: Locale): string =>
  numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);

export const percentText = (value: number, locale: Locale): string => numberFormat(locale, { style: 'percent' }).format(value / 100);

/** A time before pickup: whole days from two days on, hours below ("5 days", "24 hours"). */
export const aheadText = (hours: number, locale: Locale): string =>
  hours >= 48 && hours % 24 === 0 ? unitText(hours / 24, 'day', locale) : unitText(hours, 'hour', locale);

/**
 * A cancellation policy's refund schedule in words, row by row, then what happens later ("Full
 * refund up to 5 days before pickup", "50 % refund up to 24 hours before pickup", "No refund after
 * that"): the listing page and the owner's form say it alike.
 */
export function refundRows(
  schedule: readonly { hoursBefore: number; refundPercent: number }[],
  locale: Locale,
  t: (key: string, options?: Record<string, string>) => string,
): string[] {
  return [
    ...schedule.map((row) =>
      row.refundPercent === 100
        ? t('rentalListing.refundFull', { time: aheadText(row.hoursBefore, locale) })
        : t('rentalListing.refundPart', { percent: percentText(row.refundPercent, locale), time: aheadText(row.hoursBefore, locale) }),
    ),
    t('rentalListing.refundNone'),
  ];
}
