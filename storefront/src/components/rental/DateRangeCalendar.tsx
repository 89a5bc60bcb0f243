import { dateTimeFormat, isRtl, type Locale } from '@autoroute/locales/meta';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  addMonths,
  type Day,
  earliest,
  firstDayOfWeek,
  latest,
  monthGrid,
  monthOf,
  moveFocus,
  type Unavailable,
} from '../../lib/rental.ts';

export interface CalendarStrings {
  previous: string;
  next: string;
  pickup: string;
  return: string;
  reasons: Record<Unavailable, string>;
}

interface Props {
  locale: Locale;
  today: Day;
  /** The last day that can be shown (the booking horizon). */
  last: Day;
  unavailable: ReadonlyMap<Day, Unavailable>;
  start: Day | null;
  end: Day | null;
  onPick: (day: Day) => void;
  /** The first month shown changed (or the number shown): its availability is wanted. */
  onView: (first: Day, months: number) => void;
  s: CalendarStrings;
}

/** Two months side by side where there is room, one on a phone. */
const WIDE = '(min-width: 768px)';

const utc = (day: Day) => new Date(`${day}T00:00:00Z`);

/**
 * The days a rental can be picked on, as a WAI-ARIA date grid (APG "date picker dialog", without
 * the dialog): one tab stop (roving tabindex), arrows move by day and week as seen (so left is later
 * on a right-to-left page), Home and End to the week's ends, Page Up and Page Down by month (with
 * Shift by year), Enter and Space pick. A day the car is not free is aria-disabled, still reachable,
 * its reason in its name.
 */
export default function DateRangeCalendar({ locale, today, last, unavailable, start, end, onPick, onView, s }: Props) {
  const uid = useId();
  const rtl = isRtl(locale);
  const firstDay = firstDayOfWeek(locale.replace('_', '-'));
  const [months, setMonths] = useState(1);
  const [view, setView] = useState<Day>(monthOf(start ?? today));
  const [focus, setFocusState] = useState<Day>(start ?? today);
  // Where the focus is going: keys pressed faster than the page draws each go on from the last one.
  const heading = useRef<Day>(focus);
  const setFocus = (day: Day) => {
    heading.current = day;
    setFocusState(day);
  };
  const grid = useRef<HTMLDivElement>(null);
  // The focus follows the keyboard only: a click or a re-render leaves it where the visitor put it.
  const moved = useRef(false);

  useEffect(() => {
    const query = matchMedia(WIDE);
    const apply = () => setMonths(query.matches ? 2 : 1);
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);

  useEffect(() => {
    onView(view, months);
  }, [view, months, onView]);

  // Before the browser takes the next key: a month drawn anew takes the focused day away with it,
  // and a key pressed while nothing is focused would be lost.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focus}"]`)?.focus();
  });

  const firstMonth = monthOf(today);
  const lastMonth = monthOf(last);
  const clamp = (day: Day): Day => earliest(latest(day, today), last);

  const show = (day: Day) => {
    const month = monthOf(day);
    if (month < view) setView(month);
    else if (month >= addMonths(view, months)) setView(latest(addMonths(month, 1 - months), firstMonth));
  };

  const goTo = (day: Day) => {
    const target = clamp(day);
    moved.current = true;
    setFocus(target);
    show(target);
  };

  const turn = (by: number) => {
    const next = addMonths(view, by);
    if (next < firstMonth || next > lastMonth) return;
    setView(next);
    // The tab stop stays inside what is shown.
    setFocus(clamp(addMonths(focus, by)));
  };

  const reasonOf = (day: Day): Unavailable | undefined => (day < today ? 'past' : day > last ? 'horizon' : unavailable.get(day));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const day = heading.current;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!reasonOf(day)) onPick(day);
      return;
    }
    const target = moveFocus(day, event.key, { rtl, firstDay, shift: event.shiftKey });
    if (!target) return;
    event.preventDefault();
    goTo(target);
  };

  const fullDate = dateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const monthName = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const dayNumber = dateTimeFormat(locale, { day: 'numeric', timeZone: 'UTC' });
  const weekdayShort = dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const weekdayLong = dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const weekdayNarrow = dateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  // Where the short names are whole words (Arabic), the narrow ones fit a column.
  const weekdayHead = (w: Date) => {
    const short = weekdayShort.format(w);
    return short.length > 3 ? weekdayNarrow.format(w) : short;
  };
  // A week of days whose weekdays run from the locale's first one (4 January 1970 was a Sunday).
  const weekdays = Array.from({ length: 7 }, (_, i) => utc(`1970-01-${String(4 + ((firstDay + i) % 7)).padStart(2, '0')}`));
  const shown = Array.from({ length: months }, (_, i) => addMonths(view, i));
  const inRange = (day: Day) => start !== null && (day === start || (end !== null && day > start && day <= end));

  return (
    <div className="calendar" ref={grid}>
      <div className="calendar-nav">
        <button type="button" className="calendar-turn" onClick={() => turn(-1)} disabled={view <= firstMonth} aria-label={s.previous}>
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="calendar-turn"
          onClick={() => turn(1)}
          disabled={addMonths(view, months - 1) >= lastMonth}
          aria-label={s.next}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="calendar-months">
        {shown.map((month) => {
          const title = `${uid}-${month}`;
          return (
            <div className="calendar-month" key={month}>
              <h3 id={title} className="calendar-title">
                {monthName.format(utc(month))}
              </h3>
              {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG date grid is a table made a grid: its cells are days one moves between with the arrows */}
              <table role="grid" aria-labelledby={title}>
                <thead>
                  <tr>
                    {weekdays.map((w) => (
                      <th key={w.toISOString()} scope="col" abbr={weekdayLong.format(w)}>
                        {weekdayHead(w)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthGrid(month, firstDay).map((week) => (
                    <tr key={week.find(Boolean) ?? month}>
                      {week.map((day, i) => {
                        // biome-ignore lint/suspicious/noArrayIndexKey: a blank before the first day or after the last is only its place in the week
                        if (!day) return <td key={i} className="calendar-blank" />;
                        const reason = reasonOf(day);
                        const role = day === start ? s.pickup : day === end ? s.return : null;
                        const name = [fullDate.format(utc(day)), role, reason && s.reasons[reason]].filter(Boolean).join(', ');
                        return (
                          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a td of a grid is a gridcell, which aria-selected is for
                          <td
                            key={day}
                            data-day={day}
                            tabIndex={day === focus ? 0 : -1}
                            aria-label={name}
                            aria-selected={inRange(day)}
                            aria-disabled={reason ? true : undefined}
                            aria-current={day === today ? 'date' : undefined}
                            className={[
                              'calendar-day',
                              reason && 'is-unavailable',
                              inRange(day) && 'is-in-range',
                              day === start && 'is-start',
                              day === end && 'is-end',
                            ]
                              .filter(Boolean)
                              .join(' ')}
                            onClick={() => {
                              setFocus(day);
                              if (!reason) onPick(day);
                            }}
                            onKeyDown={onKeyDown}
                          >
                            <span aria-hidden="true">{dayNumber.format(utc(day))}</span>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
    </div>
  );
}
