import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportTargetKind } from '@autoroute/contract/reports';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, apiCall } from '../../lib/client.ts';
import '../../styles/report.css';
import { CodeEntry } from '../auth/CodeForm.tsx';
import { Field, FormError, Submit, TextAreaField } from '../auth/Field.tsx';
import {
  checkReport,
  emptyReport,
  fieldOfPath,
  isReason,
  type ReportErrors,
  type ReportField,
  type ReportStrings,
  type ReportValues,
  refusalField,
  reportBody,
} from './report.ts';

interface Props {
  kind: ReportTargetKind;
  targetId: number;
  s: ReportStrings;
  /** The opener's look: a quiet link-like button beside a message, a secondary button on a listing. */
  variant?: 'button' | 'link';
}

/** POST /reports's answers (@autoroute/contract/reports): stored, or a guest's waiting for the code. */
type Created = { id: number };
type Pending = { sessionId: string; expiresIn: number };

type Step = { at: 'form' } | { at: 'code'; sessionId: string } | { at: 'done'; id: number };

const FIELD_ORDER: ReportField[] = ['reason', 'details', 'name', 'email', 'goodFaith'];

/**
 * "Report" on a listing, a seller or a message (DSA art. 16, docs/decisions/056-report-dialog.md): a
 * modal <dialog> (the page behind inert, Escape closes, the focus back on the opener) with the
 * reason, the details, a guest's name and address, and the good-faith statement; a guest then
 * confirms with the mailed code. Drawn only while open, so a conversation of many messages holds
 * one form at most.
 */
export default function ReportButton({ kind, targetId, s, variant = 'button' }: Props) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={variant === 'link' ? 'report-link' : 'button secondary report-button'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {s.open[kind]}
      </button>
      {open && (
        <ReportDialog
          uid={uid}
          kind={kind}
          targetId={targetId}
          s={s}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}

/** The code form's texts (CodeEntry), from the dialog's. */
const codeStrings = (s: ReportStrings) => ({
  code: s.code,
  codeFormat: s.codeFormat,
  verify: s.verify,
  busy: s.busy,
  resend: s.resend,
  resendIn: s.resendIn,
  resent: s.resent,
  generic: s.failed,
});

function ReportDialog({
  uid,
  kind,
  targetId,
  s,
  onClose,
}: {
  uid: string;
  kind: ReportTargetKind;
  targetId: number;
  s: ReportStrings;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A member's name and address come from their account: read once the browser knows (decision 024).
  const [guest] = useState(() => !document.documentElement.dataset.signedIn);
  const [values, setValues] = useState<ReportValues>(emptyReport);
  const [errors, setErrors] = useState<ReportErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ at: 'form' });
  const id = (field: string) => `${uid}-${field}`;
  const target = { kind, id: targetId };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog opens once, when drawn
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    document.getElementById(id('reason-0'))?.focus();
    // Escape and the close button both end here, whatever step the dialog was at.
    element.addEventListener('close', onClose);
    return () => element.removeEventListener('close', onClose);
  }, []);

  // Each new step takes the focus to its heading, so a screen reader says where the reporter is.
  useEffect(() => {
    if (step.at !== 'form') heading.current?.focus();
  }, [step.at]);

  const set = <K extends keyof ReportValues>(field: K, value: ReportValues[K]) => setValues((v) => ({ ...v, [field]: value }));

  const focusFirst = (found: ReportErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) document.getElementById(first === 'reason' ? id('reason-0') : id(first))?.focus();
  };

  const show = (found: ReportErrors, formMessage: string | null) => {
    setErrors(found);
    setMessage(formMessage);
    focusFirst(found);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkReport(values, guest, s);
    if (Object.keys(found).length) return show(found, s.invalid);
    setBusy(true);
    show({}, null);
    try {
      const answer = await apiCall<{ data: Created | Pending }>('/api/v1/reports', {
        json: reportBody(target, values, guest),
      });
      setStep('sessionId' in answer.data ? { at: 'code', sessionId: answer.data.sessionId } : { at: 'done', id: answer.data.id });
    } catch (caught) {
      if (!(caught instanceof ApiError)) return show({}, s.failed);
      const fields: ReportErrors = {};
      for (const d of caught.details) {
        const field = fieldOfPath(d.path);
        if (field) fields[field] ??= d.message;
      }
      const about = refusalField(caught.code);
      if (about) fields[about] = caught.message;
      show(fields, caught.details.length ? s.invalid : about ? null : caught.message);
    } finally {
      setBusy(false);
    }
  };

  // The same report again: a new code, under a new session.
  const resend = async () => {
    const answer = await apiCall<{ data: Pending }>('/api/v1/reports', { json: reportBody(target, values, true) });
    setStep({ at: 'code', sessionId: answer.data.sessionId });
  };

  const verify = async (code: string) => {
    if (step.at !== 'code') return;
    const answer = await apiCall<{ data: Created }>('/api/v1/reports', {
      json: reportBody(target, values, true, { sessionId: step.sessionId, code }),
    });
    setStep({ at: 'done', id: answer.data.id });
  };

  const close = () => dialog.current?.close();
  const hint = (field: ReportField) => (errors[field] ? `${id(field)}-error` : undefined);
  const details = values.details.trim().length;

  return (
    <dialog ref={dialog} className="confirm report-dialog" aria-labelledby={id('title')}>
      {step.at === 'done' ? (
        <div className="report-done">
          <h2 id={id('title')} ref={heading} tabIndex={-1}>
            {s.doneTitle.replace('{{id}}', String(step.id))}
          </h2>
          <p>{s.doneBody}</p>
          <div className="confirm-actions">
            <button className="button" type="button" onClick={close}>
              {s.close}
            </button>
          </div>
        </div>
      ) : step.at === 'code' ? (
        <div className="report-code">
          <h2 id={id('title')} ref={heading} tabIndex={-1}>
            {s.codeTitle}
          </h2>
          <CodeEntry s={codeStrings(s)} sentTo={s.sentTo.replace('{{email}}', values.email.trim())} verify={verify} resend={resend} />
          <div className="confirm-actions">
            <button className="button secondary" type="button" onClick={close}>
              {s.cancel}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <h2 id={id('title')}>{s.title[kind]}</h2>
          <p className="small">{s.intro}</p>
          <FormError message={message} />
          <fieldset className="report-reasons" aria-describedby={hint('reason')}>
            <legend>
              {s.reason}
              <span className="required-mark" aria-hidden="true">
                {' *'}
              </span>
            </legend>
            {/* Under the legend, not after thirteen reasons: seen with the first one, which takes the focus. */}
            {errors.reason && (
              <p id={`${id('reason')}-error`} className="field-error" role="alert">
                {errors.reason}
              </p>
            )}
            {REPORT_REASONS.map((reason, i) => (
              <div className="report-reason" key={reason}>
                <input
                  type="radio"
                  id={id(`reason-${i}`)}
                  name={id('reason')}
                  value={reason}
                  checked={values.reason === reason}
                  onChange={(e) => isReason(e.target.value) && set('reason', e.target.value)}
                  aria-describedby={id(`reason-${i}-hint`)}
                  required
                />
                <label htmlFor={id(`reason-${i}`)}>{s.reasons[reason].label}</label>
                <span className="hint" id={id(`reason-${i}-hint`)}>
                  {s.reasons[reason].hint}
                </span>
              </div>
            ))}
          </fieldset>
          <TextAreaField
            name={id('details')}
            label={s.details}
            hint={`${values.reason === 'other' ? s.detailsHintOther : s.detailsHint} ${s.counter
              .replace('{{count}}', String(details))
              .replace('{{max}}', String(REPORT_DETAILS_MAX))}`}
            requiredMark={values.reason === 'other'}
            required={values.reason === 'other'}
            rows={4}
            maxLength={REPORT_DETAILS_MAX}
            dir="auto"
            value={values.details}
            onChange={(e) => set('details', e.target.value)}
            error={errors.details}
          />
          {guest && (
            <>
              <p className="small">{s.guestNote}</p>
              <Field
                name={id('name')}
                label={s.name}
                autoComplete="name"
                maxLength={30}
                required
                requiredMark
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
                error={errors.name}
              />
              <Field
                name={id('email')}
                label={s.email}
                type="email"
                autoComplete="email"
                dir="ltr"
                required
                requiredMark
                value={values.email}
                onChange={(e) => set('email', e.target.value)}
                error={errors.email}
              />
            </>
          )}
          <div className="field report-good-faith">
            <input
              type="checkbox"
              id={id('goodFaith')}
              checked={values.goodFaith}
              onChange={(e) => set('goodFaith', e.target.checked)}
              required
              aria-invalid={errors.goodFaith ? true : undefined}
              aria-describedby={hint('goodFaith')}
            />
            <label htmlFor={id('goodFaith')}>{s.goodFaith}</label>
            {errors.goodFaith && (
              <p id={`${id('goodFaith')}-error`} className="field-error" role="alert">
                {errors.goodFaith}
              </p>
            )}
          </div>
          <div className="confirm-actions">
            <button className="button secondary" type="button" onClick={close}>
              {s.cancel}
            </button>
            <Submit busy={busy} label={s.send} busyLabel={s.sending} />
          </div>
        </form>
      )}
    </dialog>
  );
}
