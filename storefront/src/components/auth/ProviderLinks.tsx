import type { CodeAccepted, LinkCodeSent } from '@autoroute/contract/auth';
import { type SubmitEvent, useRef, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import type { UserPayload } from '../../lib/types.ts';
import { rememberUser } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { CodeEntry } from './CodeForm.tsx';
import { Field, FormError, Submit } from './Field.tsx';
import { rules, type Strings, useSubmit, value } from './forms.ts';

type Provider = UserPayload['providers'][number];

/** Channels whose code goes to a phone number (the profile's unless another is typed). */
const PHONE = new Set(['sms', 'whatsapp']);

interface Props {
  s: Strings;
  user: UserPayload;
  /** Each provider's name in the page's language, by id (the administrator's translations). */
  names: Record<number, string>;
}

/** A number or handle kept in its own direction inside a sentence (right-to-left pages). */
const isolated = (text: string) => `\u2068${text}\u2069`;

const fill = (text: string | undefined, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replaceAll(`{{${k}}}`, v), text ?? '');

/**
 * Settings → Notifications: the providers the administrator offers, linked or not (SPEC §4).
 * Linking sends a code over the provider, checks it, then links with the process id; unlinking
 * asks first; each linked provider has its own notifiable switch.
 */
export default function ProviderLinks({ s, user: initial, names }: Props) {
  const [user, setUser] = useState(initial);
  const [linking, setLinking] = useState<{ provider: Provider; sent: LinkCodeSent | null } | null>(null);
  const [leaving, setLeaving] = useState<Provider | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useSubmit(s);
  const ask = useSubmit(s);
  const nameOf = (p: Provider) => names[p.id] ?? p.name;

  const apply = async (updated: UserPayload) => {
    setUser(updated);
    await rememberUser(updated);
  };

  const sendCode = async (provider: Provider, address: string | undefined) => {
    const { data } = await apiCall<{ data: LinkCodeSent }>(`/api/v1/user/${user.id}/provider/code`, {
      json: { providerId: provider.id, ...(address ? { address } : {}) },
    });
    setLinking({ provider, sent: data });
  };

  const start = (provider: Provider) => {
    ask.setErrors({});
    setLinking({ provider, sent: null });
  };

  const request = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!linking) return;
    const { provider } = linking;
    const address = value(e.currentTarget, 'address').trim();
    const phone = PHONE.has(provider.code ?? '');
    ask.run(
      () => ({
        address:
          provider.code === 'email'
            ? undefined
            : phone
              ? rules.phone(address)
                ? undefined
                : s.invalidPhone
              : address
                ? undefined
                : s.handleNeeded,
      }),
      () => sendCode(provider, provider.code === 'email' ? undefined : address),
    );
  };

  const verify = async (otp: string) => {
    if (!linking?.sent) return;
    const { provider, sent } = linking;
    const checked = await apiCall<{ data: CodeAccepted }>('/api/v1/auth/verify-otp', {
      json: { email: sent.email, otp, sessionId: sent.sessionId },
    });
    const { data } = await apiCall<{ data: UserPayload }>(`/api/v1/user/${user.id}/provider`, {
      json: { providerId: provider.id },
      headers: { 'X-Process-Id': checked.data.processId },
    });
    await apply(data);
    setLinking(null);
    toast(fill(s.linkedDone, { name: nameOf(provider) }), { kind: 'success' });
  };

  const toggle = (provider: Provider, isNotifiable: boolean) =>
    list.run(
      () => ({}),
      async () => {
        const { data } = await apiCall<{ data: UserPayload }>(`/api/v1/user/${user.id}/is-notifiable`, {
          method: 'PUT',
          json: { providerId: provider.id, isNotifiable },
        });
        await apply(data);
        toast(fill(isNotifiable ? s.notifyOn : s.notifyOff, { name: nameOf(provider) }), { kind: 'success' });
      },
    );

  const unlink = () => {
    const provider = leaving;
    if (!provider) return;
    list.run(
      () => ({}),
      async () => {
        const { data } = await apiCall<{ data: UserPayload }>(`/api/v1/user/${user.id}/provider`, {
          method: 'DELETE',
          json: { providerId: provider.id },
        });
        await apply(data);
        toast(fill(s.unlinkedDone, { name: nameOf(provider) }), { kind: 'success' });
      },
    );
  };

  const panel = (provider: Provider) => {
    const sent = linking?.sent;
    const name = nameOf(provider);
    const cancel = (
      <button type="button" className="button secondary" onClick={() => setLinking(null)}>
        {s.cancel}
      </button>
    );
    if (sent) {
      return (
        <div className="provider-link">
          <CodeEntry
            s={s}
            sentTo={fill(s.codeSentTo, { name, address: isolated(sent.address) })}
            verify={verify}
            resend={() => sendCode(provider, provider.code === 'email' ? undefined : sent.address)}
          />
          {cancel}
        </div>
      );
    }
    const phone = PHONE.has(provider.code ?? '');
    return (
      <form className="auth-form provider-link" method="post" onSubmit={request} noValidate>
        <FormError message={ask.message} />
        {provider.code === 'email' ? (
          <p>{fill(s.emailTo, { email: user.email })}</p>
        ) : phone ? (
          <Field
            name="address"
            type="tel"
            dir="ltr"
            label={fill(s.phoneToLink, { name })}
            defaultValue={user.phone ?? ''}
            autoComplete="tel"
            error={ask.errors.address}
          />
        ) : (
          <Field
            name="address"
            dir="ltr"
            label={fill(s.handle, { name })}
            placeholder="@name"
            autoComplete="off"
            error={ask.errors.address}
          />
        )}
        <div className="row">
          <Submit busy={ask.busy} label={s.sendCode} busyLabel={s.busy} />
          {cancel}
        </div>
      </form>
    );
  };

  return (
    <section className="providers" aria-labelledby="providers-title">
      <h2 id="providers-title">{s.providersTitle}</h2>
      <p className="muted">{s.providersAbout}</p>
      <FormError message={list.message} />
      {user.providers.length === 0 ? (
        <p className="empty">{s.providersNone}</p>
      ) : (
        <ul className="provider-list">
          {user.providers.map((p) => {
            const name = nameOf(p);
            // The account's verified address is the email channel already (mail follows the choices above).
            const verified = p.code === 'email' && !p.linked && user.emailVerified;
            return (
              <li key={p.id} className="provider">
                <div className="provider-head">
                  <h3 id={`provider-${p.id}`}>{name}</h3>
                  <span className={p.linked || verified ? 'badge linked' : 'badge'}>
                    {verified ? s.verified : p.linked ? s.linked : p.available ? s.notLinked : s.notAvailable}
                  </span>
                </div>
                {p.linked && p.address && (
                  <p className="muted provider-address">
                    <bdi dir="ltr">{p.address}</bdi>
                  </p>
                )}
                {p.linked ? (
                  <div className="provider-actions">
                    {!p.available && <p className="muted">{fill(s.notAvailableAbout, { name })}</p>}
                    {p.available && (
                      <label className="check">
                        <input
                          type="checkbox"
                          role="switch"
                          aria-checked={p.notifiable}
                          checked={p.notifiable}
                          disabled={list.busy}
                          onChange={(e) => toggle(p, e.currentTarget.checked)}
                        />{' '}
                        {fill(s.notifyHere, { name })}
                      </label>
                    )}
                    <button
                      type="button"
                      className="button secondary"
                      disabled={list.busy}
                      onClick={() => {
                        setLeaving(p);
                        dialog.current?.showModal();
                      }}
                    >
                      {fill(s.unlink, { name })}
                    </button>
                  </div>
                ) : verified ? (
                  <p className="muted provider-address">
                    <bdi dir="ltr">{user.email}</bdi> — {s.verifiedAbout}
                  </p>
                ) : !p.available ? (
                  <p className="muted">{fill(s.notAvailableAbout, { name })}</p>
                ) : linking?.provider.id === p.id ? (
                  panel(p)
                ) : (
                  <button type="button" className="button" onClick={() => start(p)}>
                    {fill(s.link, { name })}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        dialogRef={dialog}
        id="unlink-title"
        title={fill(s.confirmUnlinkTitle, { name: leaving ? nameOf(leaving) : '' })}
        body={fill(s.confirmUnlinkBody, { name: leaving ? nameOf(leaving) : '' })}
        confirmLabel={fill(s.unlink, { name: leaving ? nameOf(leaving) : '' })}
        cancelLabel={s.cancel ?? ''}
        busy={list.busy}
        onConfirm={unlink}
      />
    </section>
  );
}
