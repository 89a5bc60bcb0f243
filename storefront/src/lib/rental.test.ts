import { REFUND_SCHEDULES } from '@autoroute/contract/rentals';
import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { formatMinor } from './money.ts';
import { addMonths, firstDayOfWeek, monthGrid, moveFocus, rangeIsFree, refundRows, todayIn, type Unavailable } from './rental.ts';

describe('the rental calendar’s days', () => {
  it('starts each week on the locale’s first day: Sunday in the United States, Monday in France, Saturday in Egypt', () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('fr-FR')).toBe(1);
    expect(firstDayOfWeek('ar-EG')).toBe(6);
    // December 2026 begins on a Tuesday: two blanks before it from Sunday, one from Monday.
    expect(monthGrid('2026-12-01', 0)[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(monthGrid('2026-12-01', 1)[0]?.slice(0, 2)).toEqual([null, '2026-12-01']);
    expect(monthGrid('2026-12-01', 1).flat().filter(Boolean)).toHaveLength(31);
  });

  it('moves the focus the way the arrows point: left is earlier left to right, later right to left', () => {
    const ltr = { rtl: false, firstDay: 1 };
    const rtl = { rtl: true, firstDay: 6 };
    expect(moveFocus('2026-12-15', 'ArrowRight', ltr)).toBe('2026-12-16');
    expect(moveFocus('2026-12-15', 'ArrowLeft', ltr)).toBe('2026-12-14');
    expect(moveFocus('2026-12-15', 'ArrowRight', rtl)).toBe('2026-12-14');
    expect(moveFocus('2026-12-15', 'ArrowLeft', rtl)).toBe('2026-12-16');
    expect(moveFocus('2026-12-15', 'ArrowDown', ltr)).toBe('2026-12-22');
    expect(moveFocus('2026-12-15', 'ArrowUp', ltr)).toBe('2026-12-08');
    // Tuesday 15 December: its week runs Monday 14 to Sunday 20, or Saturday 12 to Friday 18.
    expect(moveFocus('2026-12-15', 'Home', ltr)).toBe('2026-12-14');
    expect(moveFocus('2026-12-15', 'End', ltr)).toBe('2026-12-20');
    expect(moveFocus('2026-12-15', 'Home', rtl)).toBe('2026-12-12');
    expect(moveFocus('2026-12-15', 'End', rtl)).toBe('2026-12-18');
    expect(moveFocus('2027-01-31', 'PageDown', ltr)).toBe('2027-02-28');
    expect(moveFocus('2026-12-15', 'PageUp', { ...ltr, shift: true })).toBe('2025-12-15');
    expect(moveFocus('2026-12-15', 'a', ltr)).toBeNull();
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });

  it('refuses a range that crosses a day the car is taken, the return day included', () => {
    const taken = new Map<string, Unavailable>([['2026-12-20', 'booked']]);
    expect(rangeIsFree('2026-12-15', '2026-12-19', taken)).toBe(true);
    expect(rangeIsFree('2026-12-15', '2026-12-20', taken)).toBe(false);
    expect(rangeIsFree('2026-12-15', '2026-12-24', taken)).toBe(false);
  });

  it('counts today where the car is, not where the visitor is', () => {
    const now = new Date('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/Paris', now)).toBe('2027-01-01');
    expect(todayIn('America/New_York', now)).toBe('2026-12-31');
  });
});

describe('a rental’s terms in words', () => {
  it('tells each policy’s refund schedule, row by row, in the page’s language', () => {
    const t = translator('en_US') as unknown as (key: string, options?: Record<string, string>) => string;
    expect(refundRows(REFUND_SCHEDULES.moderate, 'en_US', t)).toEqual([
      'Full refund up to 5 days before pickup',
      '50% refund up to 24 hours before pickup',
      'No refund after that. The deposit always comes back in full.',
    ]);
    const fr = translator('fr_FR') as unknown as (key: string, options?: Record<string, string>) => string;
    expect(refundRows(REFUND_SCHEDULES.strict, 'fr_FR', fr)[0]).toBe(
      "Remboursement intégral jusqu'à 14\u00a0jours avant la prise en charge",
    );
  });

  it('writes amounts given in minor units in the listing’s currency', () => {
    expect(formatMinor(4500, 'EUR', 'en_US')).toBe('€45');
    expect(formatMinor(4550, 'EUR', 'en_US')).toBe('€45.50');
    expect(formatMinor(4500, 'JPY', 'en_US')).toBe('¥4,500');
  });
});
