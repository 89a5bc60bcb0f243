import { TRADER_FIELDS } from '@autoroute/contract/sellers';
import { type SubmitEvent, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import type { MyTrader } from '../../lib/types.ts';
import { toast } from '../../stores/toasts.ts';
import { Field, FormError, Submit } from './Field.tsx';
import { rules, type Strings, useSubmit, value } from './forms.ts';

interface Props {
  s: Strings;
  /** My details as they stand, or null when never entered. */
  trader: MyTrader | null;
}

const FIELDS = ['legalName', 'address', 'registrationNumber', 'email', 'phone'] as const;

/**
 * Settings → Business (a professional seller): the trader's identity buyers are shown once an
 * administrator checked it (DSA art. 30-31, decision 054). Saving changed details makes them wait
 * for a check again; the status and a refusal's reason show above the form.
 */
export default function TraderForm({ s, trader: initial }: Props) {
  const [trader, setTrader] = useState(initial);
  const form = useSubmit(s);
  const checks: Record<(typeof FIELDS)[number], (v: string) => boolean> = {
    legalName: rules.between(2, TRADER_FIELDS.legalName),
    address: rules.between(5, TRADER_FIELDS.address),
    registrationNumber: rules.between(2, TRADER_FIELDS.registrationNumber),
    email: rules.email,
    phone: rules.phone,
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const body = Object.fromEntries(FIELDS.map((name) => [name, value(element, name).trim()]));
    void form.run(
      () => Object.fromEntries(FIELDS.map((name) => [name, checks[name](body[name] ?? '') ? undefined : s[`${name}Invalid`]])),
      async () => {
        const { data } = await apiCall<{ data: MyTrader }>('/api/v1/me/trader', { method: 'PUT', json: body });
        setTrader(data);
        toast(data.status === 'verified' ? s.unchanged! : s.saved!, { kind: 'success' });
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-trader-form>
      {trader && (
        <p className={`trader-status ${trader.status}`} role="status" data-trader-status={trader.status}>
          {s[`status.${trader.status}`]}
          {trader.status === 'refused' && trader.refusalReason ? ` ${s.reasonLabel} ${trader.refusalReason}` : ''}
        </p>
      )}
      <FormError message={form.message} />
      {FIELDS.map((name) => (
        <Field
          key={name}
          name={name}
          label={s[name]!}
          error={form.errors[name]}
          defaultValue={trader?.[name] ?? ''}
          type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
          autoComplete={
            name === 'email'
              ? 'email'
              : name === 'phone'
                ? 'tel'
                : name === 'legalName'
                  ? 'organization'
                  : name === 'address'
                    ? 'street-address'
                    : 'off'
          }
          dir={name === 'email' || name === 'phone' ? 'ltr' : undefined}
          required
        />
      ))}
      <Submit busy={form.busy} label={s.save} busyLabel={s.saving} />
    </form>
  );
}
