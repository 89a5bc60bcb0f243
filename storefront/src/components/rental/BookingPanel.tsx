import type { Availability, Booking, Quote, RentalTerms } from '@autoroute/contract/rentals';
import { dateTimeFormat, type Locale, numberFormat } from '@autoroute/locales/meta';
import { type SubmitEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, apiCall } from '../../lib/client.ts';
import { formatMinor } from '../../lib/money.ts';
import {
  addDays,
  addMonths,
  type Day,
  daysBetween,
  latest,
  percentText,
  rangeIsFree,
  todayIn,
  type Unavailable,
  unitText,
} from '../../lib/rental.ts';
import { signInRedirect } from '../../lib/session.ts';
import { $personal } from '../../stores/personal.ts';
import '../../styles/rental.css';
import { Field, FormError, TextAreaField } from '../auth/Field.tsx';
import { fill } from '../seller/vehicle-form.ts';
import DateRangeCalendar, { type CalendarStrings } from './DateRangeCalendar.tsx';

export interface BookingStrings {
  calendar: CalendarStrings;
  loading: string;
  loadFailed: string;
  retry: string;
  clear: string;
  choosePickup: string;
  chooseReturn: string;
  chosen: string;
  quoteTitle: string;
  computing: string;
  rent: string;
  discount: string;
  total: string;
  deposit: string;
  kmIncluded: string;
  kmUnlimited: string;
  driverAge: string;
  driverAgeHint: string;
  licenceYears: string;
  licenceYearsHint: string;
  message: string;
  request: string;
  instant: string;
  busy: string;
  requestNote: string;
  instantNote: string;
  signInNote: string;
  required: string;
  ageTooLow: string;
  licenceTooLow: string;
  conflict: string;
  failed: string;
  own: string;
}

interface Props {
  vehicleId: number;
  locale: Locale;
  terms: RentalTerms;
  s: BookingStrings;
}

type Errors = Partial<Record<'driverAge' | 'licenceYears' | 'message', string>>;

const isDay = (value: string | null): value is Day => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The renter's side of a rental listing (issue 36): the free days, the price of the chosen ones
 * line by line, and the request (or instant booking). The chosen days ride in the address
 * (`?start=&end=`), so signing in on the way comes back to them.
 */
export default function BookingPanel({ vehicleId, locale, terms, s }: Props) {
  const uid = useId();
  // Drawn once the browser knows today where the car is: the server's page is shared and cached.
  const [today, setToday] = useState<Day | null>(null);
  const [unavailable, setUnavailable] = useState<Map<Day, Unavailable>>(new Map());
  const [loadError, setLoadError] = useState(false);
  const [start, setStart] = useState<Day | null>(null);
  const [end, setEnd] = useState<Day | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [values, setValues] = useState({ driverAge: '', licenceYears: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [own, setOwn] = useState(false);
  const [signedIn, setSignedIn] = useState(true);
  const loaded = useRef(new Set<Day>());
  const shown = useRef<{ first: Day; months: number } | null>(null);
  const money = (minor: number) => formatMinor(minor, terms.currency, locale);
  const last = today ? addDays(today, terms.horizonDays) : null;

  useEffect(() => {
    setToday(todayIn(terms.timeZone));
    setSignedIn(Boolean(document.documentElement.dataset.signedIn));
    const params = new URLSearchParams(location.search);
    const [from, to] = [params.get('start'), params.get('end')];
    if (isDay(from)) setStart(from);
    if (isDay(from) && isDay(to) && to > from) setEnd(to);
    return $personal.subscribe((personal) => setOwn(Boolean(personal?.vehicle?.own)));
  }, [terms.timeZone]);

  /** The availability of the months shown, each month asked once (again after a conflict). */
  const load = useCallback(
    async (first: Day, months: number) => {
      shown.current = { first, months };
      if (!today) return;
      const wanted = Array.from({ length: months }, (_, i) => addMonths(first, i)).filter((m) => !loaded.current.has(m));
      if (!wanted.length) return;
      const from = latest(wanted[0]!, today);
      const to = addMonths(wanted[wanted.length - 1]!, 1);
      if (to <= from) return;
      try {
        const { data } = await apiCall<{ data: Availability }>(`/api/v1/rentals/${vehicleId}/availability?from=${from}&to=${to}`);
        for (const m of wanted) loaded.current.add(m);
        setLoadError(false);
        setUnavailable((known) => {
          const next = new Map(known);
          for (let day = from; day < to; day = addDays(day, 1)) next.delete(day);
          for (const u of data.unavailable) next.set(u.day, u.reason);
          return next;
        });
      } catch {
        setLoadError(true);
      }
    },
    [today, vehicleId],
  );

  const reload = () => {
    loaded.current.clear();
    if (shown.current) void load(shown.current.first, shown.current.months);
  };

  // The price of the chosen days, and what keeps them from being booked.
  useEffect(() => {
    setQuote(null);
    setQuoteError(null);
    const url = new URL(location.href);
    if (start) url.searchParams.set('start', start);
    else url.searchParams.delete('start');
    if (end) url.searchParams.set('end', end);
    else url.searchParams.delete('end');
    history.replaceState(history.state, '', url);
    if (!start || !end) return;
    const controller = new AbortController();
    apiCall<{ data: Quote }>(`/api/v1/rentals/${vehicleId}/quote?start=${start}&end=${end}`, { signal: controller.signal }).then(
      ({ data }) => setQuote(data),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setQuoteError(error instanceof ApiError ? error.message : s.failed);
      },
    );
    return () => controller.abort();
  }, [start, end, vehicleId, s.failed]);

  const pick = (day: Day) => {
    setFormError(null);
    if (!start || end || day <= start || !rangeIsFree(start, day, unavailable)) {
      setStart(day);
      setEnd(null);
    } else setEnd(day);
  };

  const clear = () => {
    setStart(null);
    setEnd(null);
  };

  const check = (): Errors => {
    const found: Errors = {};
    const age = Number(values.driverAge);
    const years = Number(values.licenceYears);
    if (!values.driverAge.trim() || !Number.isInteger(age)) found.driverAge = s.required;
    else if (age < terms.minDriverAge) found.driverAge = fill(s.ageTooLow, { age: terms.minDriverAge });
    if (!values.licenceYears.trim() || !Number.isInteger(years)) found.licenceYears = s.required;
    else if (years < terms.minLicenceYears)
      found.licenceYears = fill(s.licenceTooLow, { years: unitText(terms.minLicenceYears, 'year', locale) });
    return found;
  };

  const signIn = () => location.assign(signInRedirect(new URL(location.href)));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!start || !end) return;
    if (!document.documentElement.dataset.signedIn) return signIn();
    const found = check();
    setErrors(found);
    setFormError(null);
    const first = (['driverAge', 'licenceYears'] as const).find((f) => found[f]);
    if (first) return document.getElementById(`${uid}-${first}`)?.focus();
    setBusy(true);
    try {
      const { data } = await apiCall<{ data: Booking }>('/api/v1/bookings', {
        json: {
          vehicleId,
          start,
          end,
          driverAge: Number(values.driverAge),
          licenceYears: Number(values.licenceYears),
          message: values.message.trim() || null,
        },
      });
      // With card payments on, the renter confirms their card at the checkout first (decision 065).
      location.assign(data.checkoutUrl ?? `/my/bookings/${data.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) return setFormError(s.failed);
      if (error.status === 401) return signIn();
      if (error.code === 'BOOKING_CONFLICT') {
        // Someone was quicker: the calendar as it is now, and other days to pick.
        setFormError(s.conflict);
        clear();
        reload();
        return;
      }
      const fields: Errors = {};
      for (const d of error.details)
        if (d.path === 'driverAge' || d.path === 'licenceYears' || d.path === 'message') fields[d.path] = d.message;
      if (error.code === 'BOOKING_DRIVER_AGE') fields.driverAge = error.message;
      if (error.code === 'BOOKING_LICENCE_YEARS') fields.licenceYears = error.message;
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : error.message);
    } finally {
      setBusy(false);
    }
  };

  const dateShort = (day: Day) =>
    dateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const days = (n: number) => unitText(n, 'day', locale);
  const nights = start && end ? daysBetween(start, end) : 0;
  const status = !start
    ? s.choosePickup
    : !end
      ? fill(s.chooseReturn, { start: dateShort(start) })
      : fill(s.chosen, { start: dateShort(start), end: dateShort(end), days: days(nights) });

  if (!today || !last) return <p className="booking-loading">{s.loading}</p>;

  return (
    <div className="booking-panel">
      <div className="booking-calendar">
        <DateRangeCalendar
          locale={locale}
          today={today}
          last={last}
          unavailable={unavailable}
          start={start}
          end={end}
          onPick={pick}
          onView={load}
          s={s.calendar}
        />
        {loadError && (
          <p className="form-error" role="alert">
            {s.loadFailed}{' '}
            <button type="button" className="link-button" onClick={reload}>
              {s.retry}
            </button>
          </p>
        )}
      </div>
      <div className="booking-side">
        {/* Beside the calendar on a wide screen, under it on a phone: what is chosen, and what keeps it from being booked. */}
        <div className="booking-status">
          <p role="status" data-booking-status>
            {status}
          </p>
          {start && (
            <button type="button" className="link-button" onClick={clear}>
              {s.clear}
            </button>
          )}
        </div>
        {quoteError && (
          <p className="form-error" role="alert" data-quote-error>
            {quoteError}
          </p>
        )}
        {start && end && !quote && !quoteError && <p className="small">{s.computing}</p>}
        {quote && (
          <section className="booking-quote" aria-labelledby={`${uid}-quote`}>
            <h3 id={`${uid}-quote`}>{s.quoteTitle}</h3>
            <dl data-quote>
              {quote.lines.map((line) => (
                <div key={`${line.kind}-${line.percent ?? line.days ?? ''}`} className={`quote-line is-${line.kind}`}>
                  <dt>
                    {line.kind === 'rent'
                      ? fill(s.rent, { days: days(line.days ?? quote.days), rate: money(line.rateMinor ?? 0) })
                      : line.kind === 'discount'
                        ? fill(s.discount, { percent: percentText(line.percent ?? 0, locale) })
                        : line.kind === 'total'
                          ? s.total
                          : s.deposit}
                  </dt>
                  <dd>
                    <bdi>{money(line.amountMinor)}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <p className="small">
              {quote.kmIncluded === null ? s.kmUnlimited : fill(s.kmIncluded, { km: numberFormat(locale).format(quote.kmIncluded) })}
            </p>
          </section>
        )}
        {own ? (
          <p className="vehicle-note">{s.own}</p>
        ) : (
          quote && (
            <form className="booking-form" onSubmit={submit} noValidate aria-labelledby={`${uid}-submit`}>
              <FormError message={formError} />
              <div className="two">
                <Field
                  name={`${uid}-driverAge`}
                  label={s.driverAge}
                  hint={fill(s.driverAgeHint, { age: terms.minDriverAge })}
                  error={errors.driverAge}
                  inputMode="numeric"
                  type="number"
                  min={16}
                  max={120}
                  value={values.driverAge}
                  onChange={(e) => setValues((v) => ({ ...v, driverAge: e.target.value }))}
                  required
                  requiredMark
                />
                <Field
                  name={`${uid}-licenceYears`}
                  label={s.licenceYears}
                  hint={fill(s.licenceYearsHint, { years: terms.minLicenceYears })}
                  error={errors.licenceYears}
                  inputMode="numeric"
                  type="number"
                  min={0}
                  max={90}
                  value={values.licenceYears}
                  onChange={(e) => setValues((v) => ({ ...v, licenceYears: e.target.value }))}
                  required
                  requiredMark
                />
              </div>
              <TextAreaField
                name={`${uid}-message`}
                label={s.message}
                error={errors.message}
                rows={3}
                maxLength={2000}
                value={values.message}
                onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
              />
              <p className="small">{quote.instantBook ? s.instantNote : s.requestNote}</p>
              {!signedIn && <p className="small">{s.signInNote}</p>}
              <button id={`${uid}-submit`} className="button" type="submit" disabled={busy} aria-busy={busy} data-tray-clear>
                {busy ? s.busy : quote.instantBook ? s.instant : s.request}
              </button>
            </form>
          )
        )}
        {!quote && formError && <FormError message={formError} />}
      </div>
    </div>
  );
}
