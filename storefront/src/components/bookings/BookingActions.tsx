import type { Booking } from '@autoroute/contract/rentals';
import { type SubmitEvent, useId, useRef, useState } from 'react';
import { ApiError, apiCall } from '../../lib/client.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { Stars } from '../reviews/Stars.tsx';
import { HandoverForm, type HandoverStrings } from './HandoverForm.tsx';

export type BookingActionsStrings = HandoverStrings &
  Record<
    | 'accept'
    | 'accepting'
    | 'pay'
    | 'paying'
    | 'decline'
    | 'declineTitle'
    | 'declineReason'
    | 'cancel'
    | 'cancelTitle'
    | 'cancelReason'
    | 'cancelBody'
    | 'keep'
    | 'refundNow'
    | 'pickupTitle'
    | 'returnTitle'
    | 'reviewTitle'
    | 'reviewAbout'
    | 'rating'
    | 'starOf'
    | 'body'
    | 'bodyHint'
    | 'counter'
    | 'starsRequired'
    | 'bodyLength'
    | 'submitReview'
    | 'sending'
    | 'stateChanged'
    | 'reload'
    | 'failed',
    string
  >;

type Action = Booking['actions'][number];

interface Props {
  id: number;
  actions: Action[];
  s: BookingActionsStrings;
}

const REVIEW_MIN = 20;
const REVIEW_MAX = 2000;

/**
 * What the reader may do with a booking now, as the API lists it (Booking.actions): the owner accepts
 * or declines a request, either side cancels (the refund said before, then confirmed), writes the
 * pickup and return reports, and reviews after the return. Each success reloads the page with a word
 * of what was done; a booking that changed meanwhile (409 BOOKING_STATE) is said with a reload.
 */
export default function BookingActions({ id, actions, s }: Props) {
  const base = useId();
  const [busy, setBusy] = useState<Action | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [error, setError] = useState<{ action: Action; message: string } | null>(null);
  const [declineReason, setDeclineReason] = useState('');
  const [cancelReason, setCancelReason] = useState('');
  const confirmCancel = useRef<HTMLDialogElement>(null);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [reviewErrors, setReviewErrors] = useState<{ rating?: string; body?: string }>({});
  const staleRef = useRef<HTMLDivElement>(null);

  /** Sends one action; true when done (the page then reloads), else the error is shown where it belongs. */
  const send = async (action: Action, json?: unknown): Promise<ApiError | null> => {
    setBusy(action);
    setError(null);
    try {
      await apiCall(`/api/v1/bookings/${id}/${action}`, { method: 'POST', json: json ?? {} });
      const next = new URL(location.href);
      next.searchParams.set('done', action);
      location.assign(next.toString());
      return null;
    } catch (caught) {
      setBusy(null);
      const failure = caught instanceof ApiError ? caught : new ApiError(0, 'NETWORK', s.failed);
      if (failure.code === 'BOOKING_STATE') {
        setStale(failure.message);
        requestAnimationFrame(() => staleRef.current?.focus());
      } else if (!failure.details.length) setError({ action, message: failure.message || s.failed });
      return failure;
    }
  };

  /** The renter's checkout for a booking waiting for their card: Stripe's page, then back here. */
  const pay = async () => {
    setBusy('pay');
    setError(null);
    try {
      const { data } = await apiCall<{ data: { url: string } }>(`/api/v1/bookings/${id}/pay`, { method: 'POST', json: {} });
      location.assign(data.url);
    } catch (caught) {
      setBusy(null);
      setError({ action: 'pay', message: caught instanceof ApiError && caught.message ? caught.message : s.failed });
    }
  };

  const errorFor = (action: Action) =>
    error?.action === action ? (
      <p className="field-error" role="alert">
        {error.message}
      </p>
    ) : null;

  const submitReview = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const length = [...body.trim()].length;
    const found: { rating?: string; body?: string } = {};
    if (rating === 0) found.rating = s.starsRequired;
    if (length < REVIEW_MIN || length > REVIEW_MAX) found.body = s.bodyLength;
    setReviewErrors(found);
    if (found.rating) return document.querySelector<HTMLElement>(`[name="${base}-rating"]`)?.focus();
    if (found.body) return document.getElementById(`${base}-body`)?.focus();
    const failure = await send('review', { rating, body });
    if (failure?.details.length) setReviewErrors({ rating: failure.field('rating'), body: failure.field('body') });
  };

  if (stale)
    return (
      <div className="notice booking-stale" role="alert" tabIndex={-1} ref={staleRef}>
        <p>{s.stateChanged.replace('{{message}}', stale)}</p>
        <button type="button" className="button" onClick={() => location.reload()}>
          {s.reload}
        </button>
      </div>
    );

  return (
    <div className="booking-action-list">
      {actions.includes('pay') && (
        <div className="booking-action">
          <button type="button" className="button" disabled={busy !== null} onClick={() => void pay()}>
            {busy === 'pay' ? s.paying : s.pay}
          </button>
          {errorFor('pay')}
        </div>
      )}
      {actions.includes('accept') && (
        <div className="booking-action">
          <button type="button" className="button" disabled={busy !== null} onClick={() => send('accept')}>
            {busy === 'accept' ? s.accepting : s.accept}
          </button>
          {errorFor('accept')}
        </div>
      )}
      {actions.includes('decline') && (
        <form
          className="booking-action"
          aria-labelledby={`${base}-decline-title`}
          onSubmit={(e) => {
            e.preventDefault();
            void send('decline', { reason: declineReason.trim() || null });
          }}
        >
          <h3 id={`${base}-decline-title`}>{s.declineTitle}</h3>
          <div className="field">
            <label htmlFor={`${base}-decline`}>{s.declineReason}</label>
            <textarea
              id={`${base}-decline`}
              dir="auto"
              maxLength={1000}
              value={declineReason}
              onChange={(e) => setDeclineReason(e.target.value)}
            />
          </div>
          <p>
            <button type="submit" className="button secondary" disabled={busy !== null}>
              {busy === 'decline' ? s.sending : s.decline}
            </button>
          </p>
          {errorFor('decline')}
        </form>
      )}
      {(['pickup', 'return'] as const)
        .filter((stage) => actions.includes(stage))
        .map((stage) => (
          <HandoverForm
            key={stage}
            stage={stage}
            title={stage === 'pickup' ? s.pickupTitle : s.returnTitle}
            busy={busy !== null}
            s={s}
            onSend={(input) => send(stage, input)}
          />
        ))}
      {actions.includes('review') && (
        <form className="booking-action review-form" aria-labelledby={`${base}-review-title`} onSubmit={submitReview} noValidate>
          <h3 id={`${base}-review-title`}>{s.reviewTitle}</h3>
          <p className="muted">{s.reviewAbout}</p>
          <Stars
            name={`${base}-rating`}
            legend={s.rating}
            value={rating}
            starOf={s.starOf}
            error={reviewErrors.rating}
            onChange={setRating}
          />
          <div className="field">
            <label htmlFor={`${base}-body`}>{s.body}</label>
            <p id={`${base}-body-hint`} className="muted">
              {s.bodyHint}
            </p>
            <textarea
              id={`${base}-body`}
              dir="auto"
              value={body}
              maxLength={REVIEW_MAX}
              required
              aria-invalid={reviewErrors.body ? true : undefined}
              aria-describedby={`${base}-body-hint ${base}-body-counter${reviewErrors.body ? ` ${base}-body-error` : ''}`}
              onChange={(e) => setBody(e.target.value)}
            />
            <p id={`${base}-body-counter`} className="counter" aria-live="polite">
              {s.counter.replace('{{count}}', String([...body.trim()].length)).replace('{{max}}', String(REVIEW_MAX))}
            </p>
            {reviewErrors.body && (
              <p id={`${base}-body-error`} className="field-error" role="alert">
                {reviewErrors.body}
              </p>
            )}
          </div>
          <p>
            <button type="submit" className="button" disabled={busy !== null}>
              {busy === 'review' ? s.sending : s.submitReview}
            </button>
          </p>
          {errorFor('review')}
        </form>
      )}
      {actions.includes('cancel') && (
        <form
          className="booking-action"
          aria-labelledby={`${base}-cancel-title`}
          onSubmit={(e) => {
            e.preventDefault();
            confirmCancel.current?.showModal();
          }}
        >
          <h3 id={`${base}-cancel-title`}>{s.cancelTitle}</h3>
          {s.refundNow && <p>{s.refundNow}</p>}
          <div className="field">
            <label htmlFor={`${base}-cancel`}>{s.cancelReason}</label>
            <textarea
              id={`${base}-cancel`}
              dir="auto"
              maxLength={1000}
              value={cancelReason}
              onChange={(e) => setCancelReason(e.target.value)}
            />
          </div>
          <p>
            <button type="submit" className="button danger" disabled={busy !== null}>
              {busy === 'cancel' ? s.sending : s.cancel}
            </button>
          </p>
          {errorFor('cancel')}
          <ConfirmDialog
            dialogRef={confirmCancel}
            id={`${base}-confirm`}
            title={s.cancelTitle}
            body={s.cancelBody || s.cancelTitle}
            confirmLabel={s.cancel}
            cancelLabel={s.keep}
            busy={busy !== null}
            onConfirm={() => void send('cancel', { reason: cancelReason.trim() || null })}
          />
        </form>
      )}
    </div>
  );
}
