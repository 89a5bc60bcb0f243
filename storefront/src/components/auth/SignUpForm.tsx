import type { SignupSent } from '@autoroute/contract/auth';
import type { SubmitEvent } from 'react';
import { apiCall } from '../../lib/client.ts';
import { saveFlow } from '../../stores/session.ts';
import { Field, FormError, Submit } from './Field.tsx';
import { rules, type Strings, useSubmit, value } from './forms.ts';

export default function SignUpForm({ s, redirect }: { s: Strings; redirect: string }) {
  const { busy, errors, message, run } = useSubmit(s);
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const v = Object.fromEntries(
      ['firstName', 'lastName', 'username', 'email', 'phone', 'password', 'confirm'].map((k) => [k, value(form, k)]),
    ) as Record<string, string>;
    run(
      () => ({
        firstName: rules.between(2, 30)(v.firstName!) ? undefined : s.firstNameLength,
        lastName: rules.between(2, 30)(v.lastName!) ? undefined : s.lastNameLength,
        username: rules.between(2, 30)(v.username!) ? undefined : s.usernameLength,
        email: rules.email(v.email!) ? undefined : s.invalidEmail,
        phone: rules.phone(v.phone!) ? undefined : s.invalidPhone,
        password: rules.password(v.password!) ? undefined : s.passwordLength,
        confirm: v.password === v.confirm ? undefined : s.passwordMismatch,
      }),
      async () => {
        const { confirm: _confirm, ...body } = v;
        const result = await apiCall<{ data: SignupSent }>('/api/v1/auth/signup', { json: body });
        saveFlow({ email: result.data.email, sessionId: result.data.sessionId, purpose: 'verify_email', redirect, signUp: true });
        location.assign('/otp');
      },
    );
  };
  return (
    <form className="auth-form" method="post" onSubmit={submit} noValidate>
      <FormError message={message} />
      <div className="two">
        <Field name="firstName" label={s.firstName ?? ''} autoComplete="given-name" required error={errors.firstName} />
        <Field name="lastName" label={s.lastName ?? ''} autoComplete="family-name" required error={errors.lastName} />
      </div>
      <Field name="username" label={s.username ?? ''} autoComplete="username" required error={errors.username} />
      <Field name="email" type="email" label={s.email ?? ''} autoComplete="email" required error={errors.email} />
      <Field name="phone" type="tel" label={s.phone ?? ''} autoComplete="tel" required error={errors.phone} />
      <Field
        name="password"
        type="password"
        label={s.password ?? ''}
        hint={s.passwordHint}
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <Field name="confirm" type="password" label={s.confirm ?? ''} autoComplete="new-password" required error={errors.confirm} />
      <Submit busy={busy} label={s.submit} busyLabel={s.busy} />
    </form>
  );
}
