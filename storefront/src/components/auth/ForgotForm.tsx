import type { CodeSent } from '@autoroute/contract/auth';
import type { SubmitEvent } from 'react';
import { apiCall } from '../../lib/client.ts';
import { saveFlow } from '../../stores/session.ts';
import { Field, FormError, Submit } from './Field.tsx';
import { rules, type Strings, useSubmit, value } from './forms.ts';

/** /forgot-password: asks for a code; the answer is the same whether or not the address is known. */
export default function ForgotForm({
  s,
  purpose = 'reset_password',
  email: fixed,
  redirect = '/',
}: {
  s: Strings;
  purpose?: 'reset_password' | 'verify_email';
  email?: string;
  /** Where the flow ends, once the code is accepted. */
  redirect?: string;
}) {
  const { busy, errors, message, run } = useSubmit(s);
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = fixed ?? value(e.currentTarget, 'email').trim();
    run(
      () => ({ email: rules.email(email) ? undefined : s.invalidEmail }),
      async () => {
        const { data } = await apiCall<{ data: CodeSent }>('/api/v1/auth/generate-otp', { json: { email, purpose } });
        saveFlow({ email: email.toLowerCase(), sessionId: data.sessionId, purpose, redirect });
        location.assign('/otp');
      },
    );
  };
  return (
    <form className="auth-form" method="post" onSubmit={submit} noValidate>
      <FormError message={message} />
      {!fixed && <Field name="email" type="email" label={s.email ?? ''} autoComplete="email" required error={errors.email} />}
      <Submit busy={busy} label={s.sendCode} busyLabel={s.busy} />
    </form>
  );
}
