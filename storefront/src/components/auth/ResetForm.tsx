import { type SubmitEvent, useEffect, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import { type CodeFlow, endFlow, readFlow } from '../../stores/session.ts';
import { flash } from '../../stores/toasts.ts';
import { Field, FormError, Submit } from './Field.tsx';
import { rules, type Strings, useSubmit, value } from './forms.ts';

/** /reset-password: the new password, authorized by the process id from the code step. */
export default function ResetForm({ s }: { s: Strings }) {
  const [flow, setFlow] = useState<CodeFlow | null | undefined>(undefined);
  const { busy, errors, message, run } = useSubmit(s);
  useEffect(() => setFlow(readFlow()), []);
  if (flow === undefined) return null;
  if (!flow?.processId) {
    return (
      <p className="form-error" role="alert">
        {s.missing} <a href="/forgot-password">{s.start}</a>
      </p>
    );
  }
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = value(e.currentTarget, 'password');
    const confirm = value(e.currentTarget, 'confirm');
    run(
      () => ({
        password: rules.password(password) ? undefined : s.passwordLength,
        confirm: password === confirm ? undefined : s.passwordMismatch,
      }),
      async () => {
        await apiCall('/api/v1/auth/reset-password', {
          json: { email: flow.email, password },
          headers: { 'X-Process-Id': flow.processId! },
        });
        endFlow();
        flash(s.resetDone ?? '');
        location.assign('/sign-in');
      },
    );
  };
  return (
    <form className="auth-form" method="post" onSubmit={submit} noValidate>
      <FormError message={message} />
      <Field
        name="password"
        type="password"
        label={s.newPassword ?? ''}
        hint={s.passwordHint}
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <Field name="confirm" type="password" label={s.confirm ?? ''} autoComplete="new-password" required error={errors.confirm} />
      <Submit busy={busy} label={s.resetSubmit} busyLabel={s.busy} />
    </form>
  );
}
