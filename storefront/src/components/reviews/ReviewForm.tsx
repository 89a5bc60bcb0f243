import { REVIEW_BODY, type ReviewCreated } from '@autoroute/contract/reviews';
import { type SubmitEvent, useRef, useState } from 'react';
import { ApiError, apiCall, toastFailure } from '../../lib/client.ts';
import { Stars } from './Stars.tsx';

export type ReviewFormStrings = Record<
  | 'overall'
  | 'communication'
  | 'accuracy'
  | 'starOf'
  | 'recommend'
  | 'yes'
  | 'no'
  | 'body'
  | 'bodyHint'
  | 'counter'
  | 'submit'
  | 'sending'
  | 'starsRequired'
  | 'recommendRequired'
  | 'bodyLength'
  | 'failed'
  | 'publishedTitle'
  | 'rejectedTitle'
  | 'seeSeller'
  | 'myReviews',
  string
>;

type Field = 'rating' | 'communication' | 'accuracy' | 'recommend' | 'body';

/** The review of the seller of one conversation (docs/decisions/055): three star ratings, a yes or no, a text with its counter. */
export function ReviewForm({ conversationId, s }: { conversationId: number; s: ReviewFormStrings }) {
  const [stars, setStars] = useState({ rating: 0, communication: 0, accuracy: 0 });
  const [recommend, setRecommend] = useState<boolean | null>(null);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ReviewCreated | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const length = [...body.trim()].length;

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    for (const key of ['rating', 'communication', 'accuracy'] as const) if (stars[key] === 0) found[key] = s.starsRequired;
    if (recommend === null) found.recommend = s.recommendRequired;
    if (length < REVIEW_BODY.min || length > REVIEW_BODY.max) found.body = s.bodyLength;
    return found;
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.querySelector<HTMLElement>(first === 'body' ? '#review-body' : `[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { data } = await apiCall<{ data: ReviewCreated }>('/api/v1/reviews', {
        method: 'POST',
        json: { conversationId, ...stars, recommend, body },
      });
      setDone(data);
      requestAnimationFrame(() => doneHeading.current?.focus());
    } catch (caught) {
      if (caught instanceof ApiError && caught.details.length) {
        setErrors(Object.fromEntries(caught.details.map((d) => [d.path, d.message])));
      } else toastFailure(caught, s.failed);
      setBusy(false);
    }
  };

  if (done)
    return (
      <div className="review-done" role="status">
        <h2 ref={doneHeading} tabIndex={-1}>
          {done.status === 'published' ? s.publishedTitle : s.rejectedTitle}
        </h2>
        <p className={done.status === 'published' ? undefined : 'notice'}>{done.message}</p>
        <p className="row">
          {done.status === 'published' && (
            <a className="button" href={`/sellers/${done.sellerId}`}>
              {s.seeSeller}
            </a>
          )}
          <a className="button secondary" href="/my/reviews">
            {s.myReviews}
          </a>
        </p>
      </div>
    );

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <Stars
        name="rating"
        legend={s.overall}
        value={stars.rating}
        starOf={s.starOf}
        error={errors.rating}
        onChange={(rating) => setStars({ ...stars, rating })}
      />
      <Stars
        name="communication"
        legend={s.communication}
        value={stars.communication}
        starOf={s.starOf}
        error={errors.communication}
        onChange={(communication) => setStars({ ...stars, communication })}
      />
      <Stars
        name="accuracy"
        legend={s.accuracy}
        value={stars.accuracy}
        starOf={s.starOf}
        error={errors.accuracy}
        onChange={(accuracy) => setStars({ ...stars, accuracy })}
      />
      <fieldset className="stars recommend" aria-describedby={errors.recommend ? 'recommend-error' : undefined}>
        <legend>{s.recommend}</legend>
        <div className="choice-row">
          {([true, false] as const).map((yes) => (
            <label key={String(yes)} className="check">
              <input
                type="radio"
                name="recommend"
                value={yes ? 'yes' : 'no'}
                checked={recommend === yes}
                aria-invalid={errors.recommend ? true : undefined}
                onChange={() => setRecommend(yes)}
              />{' '}
              {yes ? s.yes : s.no}
            </label>
          ))}
        </div>
        {errors.recommend && (
          <p id="recommend-error" className="field-error" role="alert">
            {errors.recommend}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="review-body">{s.body}</label>
        <p id="review-body-hint" className="muted">
          {s.bodyHint}
        </p>
        <textarea
          id="review-body"
          dir="auto"
          value={body}
          maxLength={REVIEW_BODY.max}
          required
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`review-body-hint review-body-counter${errors.body ? ' review-body-error' : ''}`}
          onChange={(e) => setBody(e.target.value)}
        />
        <p id="review-body-counter" className="counter" aria-live="polite">
          {s.counter.replace('{{count}}', String(length)).replace('{{max}}', String(REVIEW_BODY.max))}
        </p>
        {errors.body && (
          <p id="review-body-error" className="field-error" role="alert">
            {errors.body}
          </p>
        )}
      </div>
      <p>
        <button className="button" type="submit" disabled={busy}>
          {busy ? s.sending : s.submit}
        </button>
      </p>
    </form>
  );
}
