import {
  NOTIFICATION_TOPICS,
  type NotificationSettings,
  type NotificationTopic,
  SIDEBAR_ITEMS,
  TOPIC_CHANNELS,
} from '@autoroute/contract/user';
import { type SubmitEvent, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import { applyTheme } from '../../lib/theme.ts';
import type { UserPayload } from '../../lib/types.ts';
import { rememberUser } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Field, FormError, Submit } from './Field.tsx';
import { rules, type Strings, useSubmit } from './forms.ts';

export type Tab = 'profile' | 'account' | 'appearance' | 'notifications' | 'display';

/** Whether a topic's channel is on (a message has no inbox switch: it is always in Messages). */
const channelOn = (n: NotificationSettings, topic: NotificationTopic, channel: 'inbox' | 'email') =>
  (n.topics[topic] as Partial<Record<'inbox' | 'email', boolean>>)[channel] ?? true;

/** The links typed in the profile's one field, separated by spaces. */
const links = (value: string) => value.split(/\s+/).filter(Boolean);

const SWITCHES = ['email', 'mobile', 'communication', 'marketing', 'social', 'security'] as const;

interface Props {
  tab: Tab;
  /** The page's locale (the language select's default when the account has none). */
  locale: string;
  s: Strings;
  user: UserPayload;
  languages: { code: string; name: string }[];
  notifications?: NotificationSettings;
}

/** One settings tab (SPEC §3 Profile, Account, Appearance, Notification preference, Display; §5 rules). */
export default function SettingsForm({ tab, locale, s, user: initial, languages, notifications }: Props) {
  const [user, setUser] = useState(initial);
  // The API names a refused link by its place in the list (`urls.2`): shown under the one field.
  const { busy, errors, message, run } = useSubmit(s, { fieldOf: (path) => (path.startsWith('urls.') ? 'urls' : path) });

  const save = (body: Record<string, unknown>, path = `/api/v1/user/${user.id}`, method = 'PATCH') =>
    apiCall<{ data: UserPayload | NotificationSettings }>(path, { method, json: body });

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (k: string) => String(data.get(k) ?? '').trim();
    const checks: Record<Tab, () => Record<string, string | undefined>> = {
      profile: () => ({
        firstName: rules.between(2, 30)(text('firstName')) ? undefined : s.firstNameLength,
        lastName: rules.between(2, 30)(text('lastName')) ? undefined : s.lastNameLength,
        username: rules.between(2, 30)(text('username')) ? undefined : s.usernameLength,
        email: rules.email(text('email')) ? undefined : s.invalidEmail,
        phone: rules.phone(text('phone')) ? undefined : s.invalidPhone,
        bio: !text('bio') || rules.between(4, 160)(text('bio')) ? undefined : s.bioLength,
        urls: links(text('urls')).every(rules.profileUrl) ? undefined : s.urlScheme,
        currentPassword: text('email').toLowerCase() !== user.email && !text('currentPassword') ? s.currentPasswordNeeded : undefined,
      }),
      account: () => ({
        name: rules.between(2, 30)(text('name')) ? undefined : s.nameLength,
        dateOfBirth: text('dateOfBirth') ? undefined : s.required,
        newPassword: !text('newPassword') || rules.password(String(data.get('newPassword'))) ? undefined : s.passwordLength,
        currentPassword: text('newPassword') && !text('currentPassword') ? s.currentPasswordNeeded : undefined,
      }),
      appearance: () => ({}),
      notifications: () => ({}),
      display: () => ({ sidebarItems: data.getAll('sidebarItems').length ? undefined : s.sidebarOne }),
    };
    run(checks[tab], async () => {
      if (tab === 'notifications') {
        const on = (k: string) => data.get(k) === 'on';
        const topics = Object.fromEntries(
          NOTIFICATION_TOPICS.map((topic) => [topic, Object.fromEntries(TOPIC_CHANNELS[topic].map((c) => [c, on(`${topic}.${c}`)]))]),
        );
        const body = Object.fromEntries([['type', text('type')], ...SWITCHES.map((k) => [k, on(k)]), ['topics', topics]]);
        await save(body, `/api/v1/user/${user.id}/notification-settings`, 'PUT');
        toast(s.saved ?? '', { kind: 'success' });
        return;
      }
      const bodies: Record<Exclude<Tab, 'notifications'>, Record<string, unknown>> = {
        profile: {
          firstName: text('firstName'),
          lastName: text('lastName'),
          username: text('username'),
          email: text('email'),
          phone: text('phone'),
          bio: text('bio') || null,
          urls: links(text('urls')),
          ...(text('currentPassword') ? { currentPassword: String(data.get('currentPassword')) } : {}),
        },
        account: {
          name: text('name'),
          dateOfBirth: text('dateOfBirth'),
          language: text('language'),
          ...(text('newPassword')
            ? {
                newPassword: String(data.get('newPassword')),
                currentPassword: String(data.get('currentPassword')),
              }
            : {}),
        },
        appearance: { theme: text('theme'), font: text('font') },
        display: { sidebarItems: data.getAll('sidebarItems').map(String) },
      };
      const { data: updated } = (await save(bodies[tab])) as { data: UserPayload };
      setUser(updated);
      await rememberUser(updated);
      if (tab === 'appearance') {
        const root = document.documentElement;
        root.dataset.accountTheme = updated.theme?.code ?? '';
        applyTheme(updated.theme?.code ?? 'light');
        root.dataset.font = updated.font;
      }
      if (tab === 'account' && updated.language?.code && updated.language.code !== locale) {
        location.assign(`${location.pathname}?lng=${updated.language.code}`);
        return;
      }
      toast(s.saved ?? '', { kind: 'success' });
    });
  };

  const radio = (name: string, options: readonly string[], current: string | undefined, labels: Strings) => (
    <fieldset className="choices">
      <legend>{s[name]}</legend>
      {options.map((o) => (
        <label key={o} className="check">
          <input type="radio" name={name} value={o} defaultChecked={current === o} /> {labels[o] ?? o}
        </label>
      ))}
    </fieldset>
  );

  return (
    <form className="auth-form settings-form" method="post" onSubmit={submit} noValidate>
      <FormError message={message} />
      {tab === 'profile' && (
        <>
          <div className="two">
            <Field
              name="firstName"
              label={s.firstName ?? ''}
              defaultValue={user.firstName}
              autoComplete="given-name"
              error={errors.firstName}
            />
            <Field
              name="lastName"
              label={s.lastName ?? ''}
              defaultValue={user.lastName}
              autoComplete="family-name"
              error={errors.lastName}
            />
          </div>
          <Field name="username" label={s.username ?? ''} defaultValue={user.username} autoComplete="username" error={errors.username} />
          <Field
            name="email"
            type="email"
            label={s.email ?? ''}
            defaultValue={user.email}
            autoComplete="email"
            error={errors.email}
            hint={s.emailHint}
          />
          <Field
            name="currentPassword"
            type="password"
            label={s.currentPassword ?? ''}
            autoComplete="current-password"
            error={errors.currentPassword}
          />
          <Field name="phone" type="tel" label={s.phone ?? ''} defaultValue={user.phone ?? ''} autoComplete="tel" error={errors.phone} />
          <div className="field">
            <label htmlFor="bio">{s.bio}</label>
            <textarea
              id="bio"
              name="bio"
              rows={3}
              maxLength={160}
              defaultValue={user.bio ?? ''}
              aria-invalid={errors.bio ? true : undefined}
              aria-describedby={errors.bio ? 'bio-error' : undefined}
            />
            {errors.bio && (
              <p id="bio-error" className="field-error" role="alert">
                {errors.bio}
              </p>
            )}
          </div>
          <Field name="urls" label={s.urls ?? ''} hint={s.urlsHint} defaultValue={user.urls.join(' ')} error={errors.urls} />
        </>
      )}
      {tab === 'account' && (
        <>
          <Field name="name" label={s.name ?? ''} defaultValue={user.name} autoComplete="name" error={errors.name} />
          <Field
            name="dateOfBirth"
            type="date"
            label={s.dateOfBirth ?? ''}
            defaultValue={user.dateOfBirth ?? ''}
            autoComplete="bday"
            error={errors.dateOfBirth}
          />
          <div className="field">
            <label htmlFor="language">{s.language}</label>
            <select id="language" name="language" defaultValue={user.language?.code ?? locale}>
              {languages.map((l) => (
                <option key={l.code} value={l.code} lang={l.code.replace('_', '-')}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <h2 className="subhead">{s.changePassword}</h2>
          <Field
            name="currentPassword"
            type="password"
            label={s.currentPassword ?? ''}
            autoComplete="current-password"
            error={errors.currentPassword}
          />
          <Field
            name="newPassword"
            type="password"
            label={s.newPassword ?? ''}
            hint={s.passwordHint}
            autoComplete="new-password"
            error={errors.newPassword}
          />
          <p className="hint">{s.passwordEndsSessions}</p>
        </>
      )}
      {tab === 'appearance' && (
        <>
          {radio('theme', ['light', 'dark', 'system'], user.theme?.code ?? 'light', s)}
          {radio('font', ['inter', 'manrope', 'system'], user.font, s)}
        </>
      )}
      {tab === 'notifications' && notifications && (
        <>
          {radio('type', ['all', 'mentions', 'none'], notifications.type, s)}
          <fieldset className="choices">
            <legend>{s.channels}</legend>
            {SWITCHES.map((k) => (
              <label key={k} className="check">
                <input type="checkbox" name={k} defaultChecked={notifications[k]} /> {s[k]}
              </label>
            ))}
          </fieldset>
          <h3 className="subhead">{s.topicsTitle}</h3>
          <p className="hint" id="topics-hint">
            {s.topicsHint}
          </p>
          {NOTIFICATION_TOPICS.map((topic) => (
            <fieldset key={topic} className="choices topic" aria-describedby="topics-hint">
              <legend>{s[`topic.${topic}`]}</legend>
              {TOPIC_CHANNELS[topic].map((c) => (
                <label key={c} className="check">
                  <input type="checkbox" name={`${topic}.${c}`} defaultChecked={channelOn(notifications, topic, c)} />{' '}
                  {s[topic === 'message' ? 'channel.messageEmail' : `channel.${c}`]}
                </label>
              ))}
            </fieldset>
          ))}
        </>
      )}
      {tab === 'display' && (
        <fieldset className="choices" aria-describedby={errors.sidebarItems ? 'sidebar-error' : undefined}>
          <legend>{s.sidebarItems}</legend>
          {SIDEBAR_ITEMS.map((k) => (
            <label key={k} className="check">
              <input type="checkbox" name="sidebarItems" value={k} defaultChecked={user.sidebarItems.includes(k)} /> {s[`sidebar.${k}`]}
            </label>
          ))}
          {errors.sidebarItems && (
            <p id="sidebar-error" className="field-error" role="alert">
              {errors.sidebarItems}
            </p>
          )}
        </fieldset>
      )}
      <Submit busy={busy} label={s.save} busyLabel={s.busy} />
    </form>
  );
}
