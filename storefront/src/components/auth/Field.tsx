import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface Labelled {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Marks the label of a required field (a visual asterisk; the control itself says "required"). */
  requiredMark?: boolean;
}

/** The label, hint and error around a control, tied to it by id (WCAG 3.3.1, 4.1.2). */
function Frame({ name, label, error, hint, requiredMark, children }: Labelled & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={name}>
        {label}
        {requiredMark && (
          <span className="required-mark" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {hint && (
        <p id={`${name}-hint`} className="hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${name}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes that tie a control to its hint and error. */
const described = ({ name, error, hint }: Labelled) => ({
  id: name,
  name,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined,
});

type Props = Labelled & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input whose error is announced and tied to it (WCAG 3.3.1, 4.1.2). */
export function Field({ name, label, error, hint, requiredMark, ...input }: Props) {
  return (
    <Frame name={name} label={label} error={error} hint={hint} requiredMark={requiredMark}>
      <input {...described({ name, label, error, hint })} {...input} />
    </Frame>
  );
}

/** A labelled select, wired like Field. */
export function SelectField({
  name,
  label,
  error,
  hint,
  requiredMark,
  children,
  ...select
}: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Frame name={name} label={label} error={error} hint={hint} requiredMark={requiredMark}>
      <select {...described({ name, label, error, hint })} {...select}>
        {children}
      </select>
    </Frame>
  );
}

/** A labelled textarea, wired like Field. */
export function TextAreaField({ name, label, error, hint, requiredMark, ...area }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Frame name={name} label={label} error={error} hint={hint} requiredMark={requiredMark}>
      <textarea {...described({ name, label, error, hint })} {...area} />
    </Frame>
  );
}

/** The form-level error, announced when it appears. */
export function FormError({ message, link }: { message: string | null; link?: { href: string; label: string } | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
      {link && (
        <>
          {' '}
          <a href={link.href}>{link.label}</a>
        </>
      )}
    </p>
  ) : null;
}

/** The submit button, disabled and saying so while the request runs. */
export function Submit({ busy, label, busyLabel }: { busy: boolean; label: string | undefined; busyLabel: string | undefined }) {
  return (
    <button className="button" type="submit" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
