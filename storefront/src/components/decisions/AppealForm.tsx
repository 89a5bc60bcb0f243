import { useId, useState } from 'react';
import { ApiError, apiCall } from '../../lib/client.ts';

export type AppealStrings = Record<'label' | 'hint' | 'submit' | 'sending' | 'sent' | 'counter' | 'failed', string>;

interface Props {
  caseId: number;
  max: number;
  s: AppealStrings;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** The one appeal a member may send against a decision about their content (DSA art. 20), within six months. */
export default function AppealForm({ caseId, max, s }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setState('sending');
    setError(undefined);
    try {
      await apiCall(`/api/v1/me/decisions/${caseId}/appeal`, { method: 'POST', json: { text } });
      setState('sent');
    } catch (err) {
      setState('idle');
      setError(err instanceof ApiError ? (err.field('text') ?? err.message) : s.failed);
      document.getElementById(`${id}-text`)?.focus();
    }
  };

  if (state === 'sent')
    return (
      <p className="notice success" role="status">
        {s.sent}
      </p>
    );
  return (
    <form className="appeal-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`}>{s.label}</label>
      <p id={`${id}-hint`} className="small muted">
        {s.hint}
      </p>
      <textarea
        id={`${id}-text`}
        name="text"
        rows={6}
        maxLength={max}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        dir="auto"
        required
      />
      <p id={`${id}-count`} className="small muted" aria-live="polite">
        {fill(s.counter, { count: text.length, max })}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={state === 'sending'}>
        {state === 'sending' ? s.sending : s.submit}
      </button>
    </form>
  );
}
