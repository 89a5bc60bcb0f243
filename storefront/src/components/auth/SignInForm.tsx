import type { SubmitEvent } from 'react';
import { apiCall, goOn } from '../../lib/client.ts';
import type { UserPayload } from '../../lib/types.ts';
import { rememberUser } from '../../stores/session.ts';
import { flash } from '../../stores/toasts.ts';
import { Field, FormError, Submit } from './Field.tsx';
import { rules, type Strings, useSubmit, value } from './forms.ts';

export default function SignInForm({ s, redirect }: { s: Strings; redirect: string }) {
  const { busy, errors, message, run } = useSubmit(s);
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const email = value(form, 'identifier');
    const password = value(form, 'password');
    run(
      () => ({ identifier: rules.required(email) ? undefined : s.required, password: rules.required(password) ? undefined : s.required }),
      async () => {
        const result = await apiCall<{ data?: UserPayload }>('/api/v1/auth/login', {
          json: { email, password, remember: new FormData(form).get('remember') === 'on' },
        });
        if (!result.data) throw new Error(s.noUserData);
        await rememberUser(result.data);
        flash(s.success ?? '');
        goOn(redirect);
      },
    );
  };
  return (
    <form className="auth-form" method="post" onSubmit={submit} noValidate>
      <FormError message={message} />
      <Field name="identifier" label={s.identifier ?? ''} autoComplete="username" required error={errors.identifier ?? errors.email} />
      <Field name="password" type="password" label={s.password ?? ''} autoComplete="current-password" required error={errors.password} />
      <div className="row">
        <label className="check">
          <input type="checkbox" name="remember" /> {s.remember}
        </label>
        <a href="/forgot-password">{s.forgot}</a>
      </div>
      <Submit busy={busy} label={s.submit} busyLabel={s.busy} />
    </form>
  );
}
