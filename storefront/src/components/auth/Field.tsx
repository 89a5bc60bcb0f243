import type { InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input whose error is announced and tied to it (WCAG 3.3.1, 4.1.2). */
export function Field({ name, label, error, hint, ...input }: Props) {
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {hint && (
        <p id={`${name}-hint`} className="hint">
          {hint}
        </p>
      )}
      <input id={name} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={`${name}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level error, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
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
