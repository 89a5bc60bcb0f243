import type { CalendarImport, CalendarSettings } from '@autoroute/contract/rentals';
import { type SubmitEvent, useRef, useState } from 'react';
import { ApiError, apiCall, toastFailure } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';
import { Field, FormError, Submit } from '../auth/Field.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { fill } from '../seller/vehicle-form.ts';

export type CalendarSyncStrings = Record<
  | 'exportTitle'
  | 'exportHelp'
  | 'exportUrl'
  | 'copy'
  | 'copied'
  | 'copyFailed'
  | 'rotate'
  | 'rotateTitle'
  | 'rotateBody'
  | 'rotated'
  | 'importsTitle'
  | 'importsHelp'
  | 'none'
  | 'name'
  | 'nameHint'
  | 'url'
  | 'add'
  | 'addTitle'
  | 'added'
  | 'poll'
  | 'polled'
  | 'remove'
  | 'removeTitle'
  | 'removeBody'
  | 'removed'
  | 'cancel'
  | 'lastPoll'
  | 'never'
  | 'status'
  | 'statusOk'
  | 'statusNotModified'
  | 'statusError'
  | 'statusPending'
  | 'blocks'
  | 'conflicts'
  | 'conflict'
  | 'failed',
  string
>;

interface Props {
  initial: CalendarSettings;
  s: CalendarSyncStrings;
  /** The page's BCP 47 tag, for dates. */
  lang: string;
}

const STATUS = { ok: 'statusOk', not_modified: 'statusNotModified', error: 'statusError' } as const;

/**
 * A rental listing's calendars (docs/decisions/060-calendars-that-sync.md): the secret URL of its
 * feed, copied or replaced (confirmed first), and the calendars it imports from other platforms,
 * each read now or removed (confirmed first), with what its last reading found.
 */
export default function CalendarSync({ initial, s, lang }: Props) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [target, setTarget] = useState<CalendarImport | null>(null);
  const [form, setForm] = useState({ url: '', name: '' });
  const [errors, setErrors] = useState<{ url?: string; name?: string; form?: string }>({});
  const confirmRotate = useRef<HTMLDialogElement>(null);
  const confirmRemove = useRef<HTMLDialogElement>(null);
  const base = `/api/v1/calendars/vehicles/${settings.vehicleId}`;
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : s.never;
  const day = (d: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

  /** Runs one change at a time; a failure is told in a toast. */
  const run = async (key: string, work: () => Promise<void>) => {
    if (busy !== null) return;
    setBusy(key);
    try {
      await work();
    } catch (error) {
      toastFailure(error, s.failed);
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(settings.exportUrl);
      toast(s.copied, { kind: 'success' });
    } catch {
      (document.getElementById('export-url') as HTMLInputElement | null)?.select();
      toast(s.copyFailed, { kind: 'info' });
    }
  };

  const rotate = () =>
    run('rotate', async () => {
      const { data } = await apiCall<{ data: CalendarSettings }>(`${base}/rotate`, { method: 'POST' });
      setSettings(data);
      toast(s.rotated, { kind: 'success' });
      document.getElementById('export-url')?.focus();
    });

  const replace = (item: CalendarImport) => setSettings((x) => ({ ...x, imports: x.imports.map((i) => (i.id === item.id ? item : i)) }));

  const poll = (item: CalendarImport) =>
    run(`poll-${item.id}`, async () => {
      const { data } = await apiCall<{ data: CalendarImport }>(`/api/v1/calendars/imports/${item.id}/poll`, { method: 'POST' });
      replace(data);
      toast(s.polled, { kind: 'success' });
    });

  const remove = () => {
    const item = target;
    if (!item) return;
    return run(`remove-${item.id}`, async () => {
      await apiCall(`/api/v1/calendars/imports/${item.id}`, { method: 'DELETE' });
      setSettings((x) => ({ ...x, imports: x.imports.filter((i) => i.id !== item.id) }));
      toast(s.removed, { kind: 'success' });
      document.getElementById('imports-title')?.focus();
    });
  };

  const add = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy !== null) return;
    setBusy('add');
    setErrors({});
    try {
      const { data } = await apiCall<{ data: CalendarImport }>(`${base}/imports`, { method: 'POST', json: form });
      setSettings((x) => ({ ...x, imports: [...x.imports, data] }));
      setForm({ url: '', name: '' });
      toast(s.added, { kind: 'success' });
    } catch (error) {
      if (error instanceof ApiError && (error.field('url') || error.field('name')))
        setErrors({ url: error.field('url'), name: error.field('name') });
      else if (error instanceof ApiError) setErrors({ form: error.message });
      else toastFailure(error, s.failed);
      document
        .getElementById(error instanceof ApiError && error.field('name') && !error.field('url') ? 'import-name' : 'import-url')
        ?.focus();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="calendar-sync">
      <section className="calendar-export" aria-labelledby="export-title">
        <h2 id="export-title">{s.exportTitle}</h2>
        <p className="muted">{s.exportHelp}</p>
        <div className="field">
          <label htmlFor="export-url">{s.exportUrl}</label>
          <div className="copy-row">
            <input id="export-url" type="url" readOnly dir="ltr" value={settings.exportUrl} onFocus={(e) => e.currentTarget.select()} />
            <button className="button secondary" type="button" onClick={() => void copy()}>
              {s.copy}
            </button>
          </div>
        </div>
        <button
          className="button ghost"
          type="button"
          aria-disabled={busy !== null}
          onClick={() => busy === null && confirmRotate.current?.showModal()}
        >
          {s.rotate}
        </button>
      </section>

      <section className="calendar-imports" aria-labelledby="imports-title">
        <h2 id="imports-title" tabIndex={-1}>
          {s.importsTitle}
        </h2>
        <p className="muted">{s.importsHelp}</p>
        {settings.imports.length === 0 ? (
          <p className="empty">{s.none}</p>
        ) : (
          <ul className="import-list">
            {settings.imports.map((item) => (
              <li key={item.id} className={item.status === 'error' ? 'import-item failed' : 'import-item'}>
                <article aria-labelledby={`import-${item.id}`}>
                  <h3 id={`import-${item.id}`} dir="auto">
                    {item.name ?? item.url}
                  </h3>
                  <p className="import-url small" dir="ltr">
                    {item.url}
                  </p>
                  <dl className="import-facts">
                    <div>
                      <dt>{s.lastPoll}</dt>
                      <dd>{item.polledAt ? <time dateTime={item.polledAt}>{when(item.polledAt)}</time> : s.never}</dd>
                    </div>
                    <div>
                      <dt>{s.status}</dt>
                      <dd>
                        <span className={`badge import-${item.status ?? 'pending'}`}>
                          {item.status ? s[STATUS[item.status]] : s.statusPending}
                        </span>
                      </dd>
                    </div>
                    <div>
                      <dt>{s.blocks}</dt>
                      <dd>{new Intl.NumberFormat(lang).format(item.blocks)}</dd>
                    </div>
                  </dl>
                  {item.error && (
                    <p className="field-error" role="status">
                      {item.error}
                    </p>
                  )}
                  {item.conflicts.length > 0 && (
                    <div className="notice import-conflicts" role="note">
                      <p>{s.conflicts}</p>
                      <ul>
                        {item.conflicts.map((c) => (
                          <li key={c.bookingId}>{fill(s.conflict, { id: String(c.bookingId), start: day(c.start), end: day(c.end) })}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                  <div className="import-actions">
                    <button
                      className="button secondary"
                      type="button"
                      aria-busy={busy === `poll-${item.id}`}
                      aria-disabled={busy !== null}
                      aria-label={`${s.poll}: ${item.name ?? item.url}`}
                      onClick={() => void poll(item)}
                    >
                      {s.poll}
                    </button>
                    <button
                      className="button ghost"
                      type="button"
                      aria-disabled={busy !== null}
                      aria-label={`${s.remove}: ${item.name ?? item.url}`}
                      onClick={() => {
                        if (busy !== null) return;
                        setTarget(item);
                        confirmRemove.current?.showModal();
                      }}
                    >
                      {s.remove}
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}

        <form className="import-form" onSubmit={(e) => void add(e)} noValidate aria-labelledby="add-title">
          <h3 id="add-title">{s.addTitle}</h3>
          <FormError message={errors.form ?? null} />
          <Field
            name="import-url"
            label={s.url}
            type="url"
            dir="ltr"
            inputMode="url"
            required
            requiredMark
            autoComplete="off"
            value={form.url}
            error={errors.url}
            onChange={(e) => setForm({ ...form, url: e.currentTarget.value })}
          />
          <Field
            name="import-name"
            label={s.name}
            hint={s.nameHint}
            required
            requiredMark
            maxLength={80}
            autoComplete="off"
            value={form.name}
            error={errors.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <Submit busy={busy === 'add'} label={s.add} busyLabel={s.add} />
        </form>
      </section>

      <ConfirmDialog
        dialogRef={confirmRotate}
        id="confirm-rotate"
        title={s.rotateTitle}
        body={s.rotateBody}
        confirmLabel={s.rotate}
        cancelLabel={s.cancel}
        busy={busy !== null}
        onConfirm={() => void rotate()}
      />
      <ConfirmDialog
        dialogRef={confirmRemove}
        id="confirm-remove"
        title={s.removeTitle}
        body={target ? `${target.name ?? target.url}: ${s.removeBody}` : s.removeBody}
        confirmLabel={s.remove}
        cancelLabel={s.cancel}
        busy={busy !== null}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
