import type { Availability, AvailabilityBlock, BookingSummary } from '@autoroute/contract/rentals';
import { dateTimeFormat, type Locale } from '@autoroute/locales/meta';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { addDays, formatDay, keyTarget, monthDays, monthStart, nextMonth } from '../../lib/bookings.ts';
import { ApiError, apiCall } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

export type CalendarStrings = Record<
  | 'prev'
  | 'next'
  | 'free'
  | 'booked'
  | 'blocked'
  | 'notice'
  | 'horizon'
  | 'selected'
  | 'dayLabel'
  | 'gridHint'
  | 'bookingsThisMonth'
  | 'noBookingsThisMonth'
  | 'bookingLine'
  | 'blockRange'
  | 'firstDay'
  | 'lastDay'
  | 'note'
  | 'block'
  | 'endBeforeStart'
  | 'dayRequired'
  | 'blockWeekly'
  | 'weekday'
  | 'weeklyFrom'
  | 'weeklyUntil'
  | 'blockWeeklyButton'
  | 'blocks'
  | 'noBlocks'
  | 'blockOnce'
  | 'blockWeeklyLine'
  | 'blockWeeklyUntilLine'
  | 'imported'
  | 'conflict'
  | 'freeBlock'
  | 'freeTitle'
  | 'freeBody'
  | 'keep'
  | 'blockedDone'
  | 'freedDone'
  | 'loadFailed'
  | 'retry'
  | 'failed'
  | 'sending',
  string
>;

interface Props {
  vehicleId: number;
  /** The page's locale. */
  locale: Locale;
  rtl: boolean;
  /** Today in the listing's time zone. */
  today: string;
  blocks: AvailabilityBlock[];
  bookings: Pick<BookingSummary, 'id' | 'start' | 'end' | 'state' | 'renterName'>[];
  availability: Availability | null;
  s: CalendarStrings;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
type Status = 'free' | 'booked' | 'blocked' | 'notice' | 'horizon';

/**
 * The owner's availability calendar (issue 36 item 2): a month of days, each free, booked or
 * blocked; a range picked on the grid (or typed) is blocked with a note; a weekday blocked every
 * week; a block freed after a confirmation. The grid is one tab stop: the arrows move by a day and a
 * week (mirrored right to left), Home and End to the week's ends, Page Up and Page Down by a month;
 * Enter or Space picks the day as the first, then the last day of the range to block.
 */
export default function AvailabilityCalendar({ vehicleId, locale, rtl, today, blocks: initialBlocks, bookings, availability, s }: Props) {
  const [month, setMonth] = useState(monthStart(today));
  const [focus, setFocus] = useState(today);
  const [unavailable, setUnavailable] = useState<Map<string, Status>>(() => toMap(availability));
  const loaded = useRef<string | null>(availability ? monthStart(availability.from) : null);
  const [blocks, setBlocks] = useState(initialBlocks);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [note, setNote] = useState('');
  const [weekday, setWeekday] = useState(1);
  const [weeklyFrom, setWeeklyFrom] = useState(today);
  const [weeklyUntil, setWeeklyUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [target, setTarget] = useState<AvailabilityBlock | null>(null);
  const confirmFree = useRef<HTMLDialogElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  function toMap(a: Availability | null): Map<string, Status> {
    return new Map((a?.unavailable ?? []).map((u) => [u.day, u.reason]));
  }

  const load = async (from: string) => {
    setLoadError(false);
    try {
      const { data } = await apiCall<{ data: Availability }>(
        `/api/v1/rentals/${vehicleId}/availability?from=${from}&to=${nextMonth(from, 1)}`,
      );
      setUnavailable(toMap(data));
      loaded.current = from;
    } catch {
      setLoadError(true);
    }
  };

  // Another month shown: its days are read from the API (the first one came with the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads only the month and the listing, both listed
  useEffect(() => {
    if (loaded.current !== month) void load(month);
  }, [month, vehicleId]);

  // The focus follows the keys, once the day's button exists (after a month change too).
  useEffect(() => {
    if (moved.current) grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focus}"]`)?.focus();
    moved.current = false;
  });

  const { offset, days } = monthDays(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1);
  const weeks: (string | null)[][] = [];
  const cells: (string | null)[] = [...Array(offset).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));

  const weekdayName = (n: number, style: 'long' | 'short' | 'narrow') =>
    dateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(1970, 0, 4 + n)));
  const monthName = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}T12:00:00Z`));
  const bookingOn = (day: string) => bookings.find((b) => b.start <= day && day < b.end);
  const statusOf = (day: string): Status => (bookingOn(day) ? 'booked' : (unavailable.get(day) ?? 'free'));
  const inRange = (day: string) => first !== '' && (day === first || (last !== '' && first <= day && day <= last));
  const monthBookings = bookings.filter((b) => b.start < nextMonth(month, 1) && b.end > month);

  const go = (day: string) => {
    moved.current = true;
    setFocus(day);
    if (monthStart(day) !== month) setMonth(monthStart(day));
  };

  const pick = (day: string) => {
    if (!first || last || day < first) {
      setFirst(day);
      setLast('');
    } else setLast(day);
    setErrors({});
  };

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const target = keyTarget(event.key, day, rtl);
    if (!target) return;
    event.preventDefault();
    go(target);
  };

  const refresh = async () => {
    const [{ data }] = await Promise.all([apiCall<{ data: AvailabilityBlock[] }>(`/api/v1/rentals/${vehicleId}/blocks`), load(month)]);
    setBlocks(data);
  };

  const post = async (input: unknown, fields: Record<string, string>) => {
    setBusy(true);
    try {
      await apiCall(`/api/v1/rentals/${vehicleId}/blocks`, { method: 'POST', json: input });
      toast(s.blockedDone, { kind: 'success' });
      await refresh();
      return true;
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : null;
      const found: Record<string, string | undefined> = {};
      for (const [path, field] of Object.entries(fields)) found[field] = failure?.field(path);
      if (!Object.values(found).some(Boolean)) found[Object.values(fields)[0]!] = failure?.message ?? s.failed;
      setErrors(found);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const blockRange = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!first) return setErrors({ first: s.dayRequired });
    const end = last || first;
    if (end < first) return setErrors({ last: s.endBeforeStart });
    const ok = await post(
      { kind: 'once', startsOn: first, endsOn: addDays(end, 1), note: note.trim() || null },
      { startsOn: 'first', endsOn: 'last', note: 'note' },
    );
    if (ok) {
      setFirst('');
      setLast('');
      setNote('');
    }
  };

  const blockWeekly = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!weeklyFrom) return setErrors({ weeklyFrom: s.dayRequired });
    if (weeklyUntil && weeklyUntil < weeklyFrom) return setErrors({ weeklyUntil: s.endBeforeStart });
    await post(
      { kind: 'weekly', weekday, startsOn: weeklyFrom, endsOn: weeklyUntil ? addDays(weeklyUntil, 1) : null, note: null },
      { startsOn: 'weeklyFrom', endsOn: 'weeklyUntil', weekday: 'weekday' },
    );
  };

  const free = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await apiCall(`/api/v1/rentals/${vehicleId}/blocks/${target.id}`, { method: 'DELETE' });
      toast(s.freedDone, { kind: 'success' });
      await refresh();
    } catch (caught) {
      toast(caught instanceof ApiError ? caught.message : s.failed, { kind: 'error' });
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  const describe = (b: AvailabilityBlock) =>
    b.kind === 'once'
      ? fill(s.blockOnce, { start: formatDay(b.startsOn, locale), end: formatDay(addDays(b.endsOn ?? b.startsOn, -1), locale) })
      : fill(b.endsOn ? s.blockWeeklyUntilLine : s.blockWeeklyLine, {
          weekday: weekdayName(b.weekday ?? 0, 'long'),
          start: formatDay(b.startsOn, locale),
          end: b.endsOn ? formatDay(addDays(b.endsOn, -1), locale) : '',
        });

  const err = (name: string) =>
    errors[name] ? (
      <p id={`cal-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `cal-${name}-error` } : {});
  const focusable = days.includes(focus) ? focus : days[0];

  return (
    <div className="availability">
      <div className="calendar">
        <div className="calendar-head">
          <button type="button" className="button ghost" onClick={() => setMonth(nextMonth(month, -1))} aria-label={s.prev}>
            <span aria-hidden="true">{rtl ? '→' : '←'}</span>
          </button>
          <h2 id="calendar-month" aria-live="polite">
            {monthName}
          </h2>
          <button type="button" className="button ghost" onClick={() => setMonth(nextMonth(month, 1))} aria-label={s.next}>
            <span aria-hidden="true">{rtl ? '←' : '→'}</span>
          </button>
        </div>
        <p id="calendar-hint" className="small muted">
          {s.gridHint}
        </p>
        {loadError && (
          <p className="field-error" role="alert">
            {s.loadFailed}{' '}
            <button type="button" className="button ghost" onClick={() => load(month)}>
              {s.retry}
            </button>
          </p>
        )}
        <table className="calendar-grid" ref={grid} aria-labelledby="calendar-month" aria-describedby="calendar-hint">
          <thead>
            <tr>
              {[1, 2, 3, 4, 5, 6, 0].map((n) => (
                <th key={n} scope="col" abbr={weekdayName(n, 'long')}>
                  <span className="wide-only">{weekdayName(n, 'short')}</span>
                  <span className="narrow-day">{weekdayName(n, 'narrow')}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean)}>
                {week.map((day, i) =>
                  day ? (
                    <td key={day}>
                      <button
                        type="button"
                        data-day={day}
                        className={`day status-${statusOf(day)}${inRange(day) ? ' selected' : ''}${day === today ? ' today' : ''}`}
                        tabIndex={day === focusable ? 0 : -1}
                        aria-pressed={inRange(day)}
                        aria-label={fill(s.dayLabel, { date: formatDay(day, locale, 'full'), status: s[statusOf(day)] })}
                        onClick={() => {
                          setFocus(day);
                          pick(day);
                        }}
                        onKeyDown={(e) => onKey(e, day)}
                      >
                        {Number(day.slice(8))}
                      </button>
                    </td>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before and after the month have no other identity
                    <td key={`empty-${i}`} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="calendar-legend">
          {(['free', 'booked', 'blocked', 'notice'] as const).map((k) => (
            <li key={k}>
              <span className={`swatch status-${k}`} aria-hidden="true" /> {s[k]}
            </li>
          ))}
          <li>
            <span className="swatch selected" aria-hidden="true" /> {s.selected}
          </li>
        </ul>
        <h3>{s.bookingsThisMonth}</h3>
        {monthBookings.length === 0 ? (
          <p className="muted">{s.noBookingsThisMonth}</p>
        ) : (
          <ul>
            {monthBookings.map((b) => (
              <li key={b.id}>
                <a href={`/my/bookings/${b.id}`}>
                  {fill(s.bookingLine, { id: b.id, start: formatDay(b.start, locale), end: formatDay(b.end, locale), name: b.renterName })}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="calendar-forms">
        <form className="booking-card" onSubmit={blockRange} noValidate aria-labelledby="block-range-title">
          <h2 id="block-range-title">{s.blockRange}</h2>
          <div className="handover-numbers">
            <div className="field">
              <label htmlFor="cal-first">{s.firstDay}</label>
              <input id="cal-first" type="date" value={first} onChange={(e) => setFirst(e.target.value)} {...invalid('first')} />
              {err('first')}
            </div>
            <div className="field">
              <label htmlFor="cal-last">{s.lastDay}</label>
              <input
                id="cal-last"
                type="date"
                value={last}
                min={first || undefined}
                onChange={(e) => setLast(e.target.value)}
                {...invalid('last')}
              />
              {err('last')}
            </div>
          </div>
          <div className="field">
            <label htmlFor="cal-note">{s.note}</label>
            <input
              id="cal-note"
              type="text"
              dir="auto"
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              {...invalid('note')}
            />
            {err('note')}
          </div>
          <p>
            <button type="submit" className="button" disabled={busy}>
              {busy ? s.sending : s.block}
            </button>
          </p>
        </form>

        <form className="booking-card" onSubmit={blockWeekly} noValidate aria-labelledby="block-weekly-title">
          <h2 id="block-weekly-title">{s.blockWeekly}</h2>
          <div className="field">
            <label htmlFor="cal-weekday">{s.weekday}</label>
            <select id="cal-weekday" value={weekday} onChange={(e) => setWeekday(Number(e.target.value))} {...invalid('weekday')}>
              {[1, 2, 3, 4, 5, 6, 0].map((n) => (
                <option key={n} value={n}>
                  {weekdayName(n, 'long')}
                </option>
              ))}
            </select>
            {err('weekday')}
          </div>
          <div className="handover-numbers">
            <div className="field">
              <label htmlFor="cal-weeklyFrom">{s.weeklyFrom}</label>
              <input
                id="cal-weeklyFrom"
                type="date"
                value={weeklyFrom}
                onChange={(e) => setWeeklyFrom(e.target.value)}
                {...invalid('weeklyFrom')}
              />
              {err('weeklyFrom')}
            </div>
            <div className="field">
              <label htmlFor="cal-weeklyUntil">{s.weeklyUntil}</label>
              <input
                id="cal-weeklyUntil"
                type="date"
                value={weeklyUntil}
                onChange={(e) => setWeeklyUntil(e.target.value)}
                {...invalid('weeklyUntil')}
              />
              {err('weeklyUntil')}
            </div>
          </div>
          <p>
            <button type="submit" className="button" disabled={busy}>
              {busy ? s.sending : s.blockWeeklyButton}
            </button>
          </p>
        </form>

        <section className="booking-card" aria-labelledby="blocks-title">
          <h2 id="blocks-title">{s.blocks}</h2>
          {blocks.length === 0 ? (
            <p className="muted">{s.noBlocks}</p>
          ) : (
            <ul className="block-list">
              {blocks.map((b) => (
                <li key={b.id}>
                  <span>
                    {describe(b)}
                    {b.note && (
                      <>
                        {' · '}
                        <bdi dir="auto">{b.note}</bdi>
                      </>
                    )}
                    {b.source === 'import' && <span className="muted"> · {s.imported}</span>}
                    {b.conflictBookingId !== null && (
                      <>
                        {' · '}
                        <a href={`/my/bookings/${b.conflictBookingId}`}>{fill(s.conflict, { id: b.conflictBookingId })}</a>
                      </>
                    )}
                  </span>
                  {b.source === 'owner' && (
                    <button
                      type="button"
                      className="button ghost"
                      disabled={busy}
                      aria-label={`${s.freeBlock}: ${describe(b)}`}
                      onClick={() => {
                        setTarget(b);
                        confirmFree.current?.showModal();
                      }}
                    >
                      {s.freeBlock}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        dialogRef={confirmFree}
        id="free-block"
        title={s.freeTitle}
        body={target ? fill(s.freeBody, { label: describe(target) }) : ''}
        confirmLabel={s.freeBlock}
        cancelLabel={s.keep}
        busy={busy}
        onConfirm={() => void free()}
      />
    </div>
  );
}
