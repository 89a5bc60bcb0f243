import { type MyReview, REVIEW_REPLY } from '@autoroute/contract/reviews';
import { type SubmitEvent, useState } from 'react';
import { ApiError, apiCall, toastFailure } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';

export type ReplyFormStrings = Record<'label' | 'hint' | 'submit' | 'sending' | 'replyLength' | 'done' | 'failed' | 'yourReply', string>;

/** The seller's one answer to a published review; once sent it shows in place of the form. */
export function ReplyForm({ reviewId, s }: { reviewId: number; s: ReplyFormStrings }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<string | null>(null);
  const id = `reply-${reviewId}`;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const length = [...body.trim()].length;
    if (length < REVIEW_REPLY.min || length > REVIEW_REPLY.max) {
      setError(s.replyLength);
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data } = await apiCall<{ data: MyReview }>(`/api/v1/reviews/${reviewId}/reply`, { method: 'POST', json: { body } });
      setReply(data.reply);
      toast(s.done, { kind: 'success' });
    } catch (caught) {
      const message = caught instanceof ApiError ? (caught.field('body') ?? caught.message) : s.failed;
      setError(message);
      if (!(caught instanceof ApiError)) toastFailure(caught, s.failed);
      setBusy(false);
      document.getElementById(id)?.focus();
    }
  };

  if (reply !== null)
    return (
      <div className="reply" role="status">
        <p>
          <strong>{s.yourReply}</strong>
        </p>
        <p dir="auto">{reply}</p>
      </div>
    );
  return (
    <form className="review-reply" onSubmit={submit} noValidate>
      <label htmlFor={id}>{s.label}</label>
      <p id={`${id}-hint`} className="muted">
        {s.hint}
      </p>
      <textarea
        id={id}
        dir="auto"
        value={body}
        maxLength={REVIEW_REPLY.max}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => setBody(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <p>
        <button className="button" type="submit" disabled={busy}>
          {busy ? s.sending : s.submit}
        </button>
      </p>
    </form>
  );
}
