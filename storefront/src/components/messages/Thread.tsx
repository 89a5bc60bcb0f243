import { type SubmitEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiCall, toastFailure } from '../../lib/client.ts';
import type { Conversation } from '../../lib/types.ts';
import { toast } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import ReportButton from '../report/ReportButton.tsx';
import type { ReportStrings } from '../report/report.ts';

export type ThreadStrings = Record<
  | 'listing'
  | 'listingGone'
  | 'buying'
  | 'selling'
  | 'with'
  | 'phone'
  | 'email'
  | 'detailsHidden'
  | 'share'
  | 'sharedNote'
  | 'sharedDone'
  | 'block'
  | 'unblock'
  | 'confirmBlockTitle'
  | 'confirmBlockBody'
  | 'confirmBlock'
  | 'cancel'
  | 'blockedByMe'
  | 'blockedByOther'
  | 'blockedDone'
  | 'unblockedDone'
  | 'stop'
  | 'confirmStopTitle'
  | 'confirmStopBody'
  | 'stopped'
  | 'messagesLabel'
  | 'you'
  | 'write'
  | 'send'
  | 'sending'
  | 'messageRequired'
  | 'actionFailed'
  | 'newMessage'
  | 'warningPayment'
  | 'warningPaymentTitle'
  | 'warningContact'
  | 'warningContactTitle'
  | 'safetyLink'
  | 'reviewSeller',
  string
>;

/** Where the warning on a message asking to pay off the platform sends the reader: the help centre's safety page. */
const SAFETY_PAGE = '/help-center/buying-safely';

/** How often an open conversation looks for the other side's new messages while the tab is in view. */
const POLL_MS = 15_000;

/**
 * The date and time of a message. The server renders them in UTC, the browser the same at first
 * (so the page hydrates as rendered), then in the visitor's own time zone.
 */
export function useWhen(lang: string) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', ...(local ? {} : { timeZone: 'UTC' }) });
  return (iso: string) => format.format(new Date(iso));
}

interface Props {
  conversation: Conversation;
  s: ThreadStrings;
  lang: string;
  /** `/api/v1/conversations/{id}` for a member, `/api/v1/guest-conversations/{token}` for a guest. */
  base: string;
  guest?: boolean;
  /** The report dialog's texts: each message of the other side can be reported. */
  report: ReportStrings;
  /** The conversation changed (a message, a block, a read): the list beside it follows. */
  onChange?: (conversation: Conversation) => void;
}

/** One conversation: its listing and the other side, the messages, and the box to answer (issue 17). */
export function Thread({ conversation: initial, s, lang, base, guest = false, report, onChange }: Props) {
  const [c, setC] = useState(initial);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = useRef<HTMLDialogElement>(null);
  const [arrived, setArrived] = useState('');
  const end = useRef<HTMLLIElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const when = useWhen(lang);
  const name = c.other.name;

  const update = useCallback(
    (next: Conversation) => {
      setC(next);
      onChange?.(next);
    },
    [onChange],
  );

  useEffect(() => setC(initial), [initial]);

  // A buyer whom the seller answered may review them (docs/decisions/055): the API's list says so, one rule for both.
  const [reviewable, setReviewable] = useState(false);
  const answers = c.messages.filter((m) => !m.mine).length;
  useEffect(() => {
    if (guest || c.role !== 'buyer' || answers === 0) return;
    let live = true;
    apiCall<{ data: { conversationId: number }[] }>('/api/v1/me/reviews/reviewable').then(
      ({ data }) => live && setReviewable(data.some((r) => r.conversationId === c.id)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [guest, c.role, c.id, answers]);

  // Reading is marking read: for a member, once the conversation is on screen with something new.
  useEffect(() => {
    if (guest || c.unread === 0 || document.visibilityState !== 'visible') return;
    apiCall<{ data: Conversation }>(`${base}/read`, { method: 'POST' }).then(
      ({ data }) => update(data),
      () => {},
    );
  }, [base, c.unread, guest, update]);

  const last = c.messages.at(-1)?.id;
  useEffect(() => {
    if (last !== undefined) end.current?.scrollIntoView({ block: 'nearest' });
  }, [last]);

  // The other side's new messages, while the tab is in view.
  useEffect(() => {
    const poll = () => {
      if (document.visibilityState !== 'visible') return;
      apiCall<{ data: Conversation }>(base).then(
        ({ data }) => {
          setC((before) => {
            const fresh = data.messages.filter((m) => !m.mine && !before.messages.some((b) => b.id === m.id));
            if (fresh.length) setArrived(s.newMessage.replace('{{name}}', data.other.name));
            return data;
          });
          onChange?.(data);
        },
        () => {},
      );
    };
    const timer = setInterval(poll, POLL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [base, onChange, s.newMessage]);

  const send = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(s.messageRequired);
      box.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data } = await apiCall<{ data: Conversation }>(`${base}/messages`, { json: { body } });
      setBody('');
      update(data);
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.field('body') : null;
      setError(field ?? (caught instanceof ApiError ? caught.message : s.actionFailed));
      if (!field) toastFailure(caught, s.actionFailed);
      box.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const act = async (path: string, method: 'POST' | 'DELETE', done: string) => {
    try {
      const { data } = await apiCall<{ data: Conversation }>(`${base}/${path}`, { method });
      update(data);
      toast(done, { kind: 'success' });
    } catch (caught) {
      toastFailure(caught, s.actionFailed);
    }
  };

  return (
    <article className="thread" aria-labelledby={`thread-${c.id}-title`}>
      <header className="thread-head">
        <h2 id={`thread-${c.id}-title`} dir="auto" tabIndex={-1}>
          {c.title}
        </h2>
        <p className="muted">
          <span className="badge">{c.role === 'buyer' ? s.buying : s.selling}</span> {s.with} <bdi>{name}</bdi>
          {' · '}
          {c.vehicleId === null ? s.listingGone : <a href={`/vehicles/${c.vehicleId}`}>{s.listing}</a>}
        </p>
        {c.other.phone || c.other.email ? (
          <dl className="thread-details">
            {c.other.phone && (
              <div>
                <dt>{s.phone}</dt>
                <dd>
                  <a href={`tel:${c.other.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                    {c.other.phone}
                  </a>
                </dd>
              </div>
            )}
            {c.other.email && (
              <div>
                <dt>{s.email}</dt>
                <dd>
                  <a href={`mailto:${c.other.email}`}>{c.other.email}</a>
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">{s.detailsHidden.replace('{{name}}', name)}</p>
        )}
        <div className="row">
          {reviewable && (
            <a className="button" href={`/reviews/new?conversation=${c.id}`}>
              {s.reviewSeller.replace('{{name}}', name)}
            </a>
          )}
          {!guest &&
            (c.shared ? (
              <p className="muted">{s.sharedNote.replace('{{name}}', name)}</p>
            ) : (
              <button className="button secondary" type="button" onClick={() => void act('share', 'POST', s.sharedDone)}>
                {s.share}
              </button>
            ))}
          {c.blockedBy === 'me' && !guest ? (
            <button className="button ghost" type="button" onClick={() => void act('block', 'DELETE', s.unblockedDone)}>
              {s.unblock}
            </button>
          ) : (
            !c.blocked && (
              <button className="button ghost" type="button" onClick={() => confirm.current?.showModal()}>
                {guest ? s.stop : s.block}
              </button>
            )
          )}
        </div>
      </header>
      <ol className="message-list" aria-label={s.messagesLabel}>
        {c.messages.map((m, i) => (
          <li key={m.id} className={m.mine ? 'message mine' : 'message theirs'} ref={i === c.messages.length - 1 ? end : undefined}>
            <span className="visually-hidden">{m.mine ? s.you : name}: </span>
            <p dir="auto">{m.body}</p>
            <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
            {!m.mine && m.warning && <MessageWarning kind={m.warning} s={s} />}
            {!m.mine && <ReportButton kind="message" targetId={m.id} s={report} variant="link" />}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {arrived}
      </p>
      {c.blocked ? (
        <p className="notice" role="status">
          {guest && c.blockedBy === 'me' ? s.stopped : c.blockedBy === 'me' ? s.blockedByMe : s.blockedByOther.replace('{{name}}', name)}
        </p>
      ) : (
        <form className="composer" onSubmit={send} noValidate>
          <label htmlFor={`reply-${c.id}`}>{s.write}</label>
          <textarea
            id={`reply-${c.id}`}
            ref={box}
            rows={3}
            maxLength={2000}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`reply-${c.id}-error`}
            dir="auto"
          />
          <p id={`reply-${c.id}-error`} className="field-error">
            {error}
          </p>
          <button className="button" type="submit" disabled={busy}>
            {busy ? s.sending : s.send}
          </button>
        </form>
      )}
      <ConfirmDialog
        dialogRef={confirm}
        id={`thread-${c.id}-confirm`}
        title={guest ? s.confirmStopTitle : s.confirmBlockTitle}
        body={guest ? s.confirmStopBody : s.confirmBlockBody}
        confirmLabel={guest ? s.stop : s.confirmBlock}
        cancelLabel={s.cancel}
        onConfirm={() => void act('block', 'POST', s.blockedDone)}
      />
    </article>
  );
}

/**
 * The notice under a message of the other side that asks for a payment or an advance off the
 * platform, or to talk elsewhere (docs/decisions/052, 056): in words, with an icon, for its reader
 * only. A payment is the classic fraud, so it says so and links to the safety page; contact
 * details are often honest, so that note is milder.
 */
function MessageWarning({ kind, s }: { kind: NonNullable<Conversation['messages'][number]['warning']>; s: ThreadStrings }) {
  const payment = kind === 'off_platform_payment';
  return (
    <div className={`message-warning ${payment ? 'payment' : 'contact'}`} role="note">
      <span className="message-warning-icon" aria-hidden="true">
        {payment ? '\u26A0' : '\u2139'}
      </span>
      <p>
        <strong>{payment ? s.warningPaymentTitle : s.warningContactTitle}</strong> {payment ? s.warningPayment : s.warningContact}
        {payment && (
          <>
            {' '}
            <a href={SAFETY_PAGE}>{s.safetyLink}</a>
          </>
        )}
      </p>
    </div>
  );
}
