import { describe, expect, it } from 'vitest';
import { formatDay, formatInstant, formatMinor, keyTarget, minorDigits, monthDays, reviewsShownOn, timeLeft, todayIn } from './bookings.ts';

describe('how the bookings screens read a booking', () => {
  it('writes minor units in the currency’s own digits', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(formatMinor(12_550, 'EUR', 'en_US')).toBe('€125.50');
    expect(formatMinor(12_500, 'EUR', 'en_US')).toBe('€125');
    expect(formatMinor(9_000, 'JPY', 'en_US')).toBe('¥9,000');
  });

  it('writes a booking’s day as the listing’s day, whatever the zone of the reader', () => {
    expect(formatDay('2026-12-03', 'en_US')).toBe('Dec 3, 2026');
    // Arabic pages write Western digits and the Gregorian calendar (locales/meta.ts).
    expect(formatDay('2026-12-03', 'ar_SA')).toMatch(/3/);
    expect(formatDay('2026-12-03', 'ar_SA')).toMatch(/2026/);
  });

  it('writes an instant in the car’s time zone', () => {
    expect(formatInstant('2026-12-03T08:00:00.000Z', 'Europe/Paris', 'en_US')).toMatch(/9:00\s?AM/);
    expect(formatInstant('2026-12-03T08:00:00.000Z', 'Asia/Tokyo', 'en_US')).toMatch(/5:00\s?PM/);
  });

  it('says the time left to answer a request in hours, then minutes, and nothing once past', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    expect(timeLeft('2026-12-01T15:00:00Z', 'en_US', now)).toBe('5 hours');
    expect(timeLeft('2026-12-01T10:40:00Z', 'en_US', now)).toBe('40 minutes');
    expect(timeLeft('2026-12-05T10:00:00Z', 'en_US', now)).toBe('4 days');
    expect(timeLeft('2026-12-01T09:00:00Z', 'en_US', now)).toBeNull();
  });

  it('shows hidden reviews at the latest 14 days after the return', () => {
    expect(reviewsShownOn([{ toState: 'completed', at: '2026-12-10T17:00:00.000Z' }], '2026-12-11T18:00:00.000Z')).toBe(
      '2026-12-24T17:00:00.000Z',
    );
    expect(reviewsShownOn([], '2026-12-11T18:00:00.000Z')).toBe('2026-12-25T18:00:00.000Z');
  });

  it('lays a month out from Monday', () => {
    // December 2026 starts on a Tuesday.
    const { offset, days } = monthDays(2026, 11);
    expect(offset).toBe(1);
    expect(days).toHaveLength(31);
    expect(days[0]).toBe('2026-12-01');
  });

  it('moves through the grid as a date picker does, mirrored right to left', () => {
    expect(keyTarget('ArrowRight', '2026-12-03', false)).toBe('2026-12-04');
    expect(keyTarget('ArrowRight', '2026-12-03', true)).toBe('2026-12-02');
    expect(keyTarget('ArrowDown', '2026-12-31', false)).toBe('2027-01-07');
    expect(keyTarget('Home', '2026-12-03', false)).toBe('2026-11-30');
    expect(keyTarget('End', '2026-12-03', false)).toBe('2026-12-06');
    expect(keyTarget('PageUp', '2026-03-31', false)).toBe('2026-02-28');
    expect(keyTarget('PageDown', '2026-01-31', false)).toBe('2026-02-28');
    expect(keyTarget('a', '2026-12-03', false)).toBeNull();
  });

  it('knows today in the car’s time zone', () => {
    const now = new Date('2026-12-01T23:30:00Z');
    expect(todayIn('Europe/Paris', now)).toBe('2026-12-02');
    expect(todayIn('America/New_York', now)).toBe('2026-12-01');
  });
});
