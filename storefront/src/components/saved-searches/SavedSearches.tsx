import type { Frequency, SavedSearch } from '@autoroute/contract/saved-searches';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiCall, toastFailure } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

/** One saved search as the page rendered it (its filters and badge already worded in the locale). */
export interface SavedSearchItem {
  id: number;
  name: string;
  frequency: Frequency;
  filters: { label: string; value: string }[];
  /** "3 new since your last visit", or null when nothing new. */
  fresh: string | null;
  href: string;
}

export type SavedSearchStrings = Record<
  | 'listLabel'
  | 'filters'
  | 'alerts'
  | 'paused'
  | 'open'
  | 'rename'
  | 'newName'
  | 'save'
  | 'cancel'
  | 'delete'
  | 'confirmDeleteTitle'
  | 'confirmDeleteBody'
  | 'confirmDelete'
  | 'renamed'
  | 'frequencyChanged'
  | 'pausedDone'
  | 'deleted'
  | 'actionFailed'
  | 'empty'
  | 'browse'
  | 'allVehicles',
  string
>;

interface Props {
  items: SavedSearchItem[];
  s: SavedSearchStrings;
  /** The frequencies' labels, in the order the choice offers them (FREQUENCIES). */
  frequencies: Record<Frequency, string>;
}

type Saved = { data: SavedSearch };

/** A saved search's name, renamed in place: the form replaces the title while it is open. */
function Rename({ item, s, onDone }: { item: SavedSearchItem; s: SavedSearchStrings; onDone: (name: string | null) => void }) {
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = `saved-${item.id}-name`;
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await apiCall<Saved>(`/api/v1/me/saved-searches/${item.id}`, { method: 'PATCH', json: { name } });
      toast(s.renamed, { kind: 'success' });
      onDone(result.data.name);
    } catch (caught) {
      const message = caught instanceof ApiError ? (caught.field('name') ?? caught.message) : s.actionFailed;
      setError(message);
      setBusy(false);
      input.current?.focus();
      if (!(caught instanceof ApiError && caught.field('name'))) toastFailure(caught, s.actionFailed);
    }
  };
  return (
    <form className="row" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{s.newName}</label>
        <input
          ref={input}
          id={id}
          value={name}
          maxLength={80}
          required
          // biome-ignore lint/a11y/noAutofocus: the member asked to rename this search: its field takes the focus
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button className="button" type="submit" disabled={busy}>
        {s.save}
      </button>
      <button className="button secondary" type="button" onClick={() => onDone(null)}>
        {s.cancel}
      </button>
    </form>
  );
}

/** /saved-searches/ (issue 17): the member's searches, opened, renamed, paused or deleted in place. */
export default function SavedSearches({ items: initial, s, frequencies }: Props) {
  const [items, setItems] = useState(initial);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const confirm = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const update = (id: number, change: Partial<SavedSearchItem>) =>
    setItems((all) => all.map((x) => (x.id === id ? { ...x, ...change } : x)));

  // The focus goes back to a search's Rename button once the form has closed: after React has
  // drawn the button again, not on a guessed frame (under load the render can come later).
  const refocus = useRef<number | null>(null);
  const focusRename = (id: number) => {
    refocus.current = id;
  };
  useEffect(() => {
    if (refocus.current === null || renaming !== null) return;
    document.getElementById(`saved-${refocus.current}-rename`)?.focus();
    refocus.current = null;
  });

  const changeFrequency = async (item: SavedSearchItem, frequency: Frequency) => {
    const before = item.frequency;
    update(item.id, { frequency });
    try {
      await apiCall<Saved>(`/api/v1/me/saved-searches/${item.id}`, { method: 'PATCH', json: { frequency } });
      toast(frequency === 'off' ? s.pausedDone : s.frequencyChanged, { kind: 'success' });
    } catch (error) {
      update(item.id, { frequency: before });
      toastFailure(error, s.actionFailed);
    }
  };

  const open = async (item: SavedSearchItem) => {
    // "New since your last visit" starts again from now; the search opens even if that fails.
    await apiCall(`/api/v1/me/saved-searches/${item.id}`, { method: 'PATCH', json: { viewed: true } }).catch(() => null);
    location.assign(item.href);
  };

  const remove = async (id: number) => {
    const before = items;
    const at = items.findIndex((x) => x.id === id);
    setItems(items.filter((x) => x.id !== id));
    try {
      await apiCall(`/api/v1/me/saved-searches/${id}`, { method: 'DELETE' });
      toast(s.deleted, { kind: 'success' });
      // The focus goes on to the next search's title, or the page's heading when none is left.
      requestAnimationFrame(() => {
        const titles = list.current?.querySelectorAll<HTMLElement>('h2') ?? [];
        const next = titles[Math.min(at, titles.length - 1)] ?? document.getElementById('saved-searches-title');
        next?.focus();
      });
    } catch (error) {
      setItems(before);
      toastFailure(error, s.actionFailed);
    }
  };

  return (
    <div className="inbox">
      {items.length === 0 ? (
        <p className="empty">
          {s.empty} <a href="/vehicles">{s.browse}</a>
        </p>
      ) : (
        <ul className="inbox-list" aria-label={s.listLabel} ref={list}>
          {items.map((item) => {
            const title = `saved-${item.id}-title`;
            return (
              <li key={item.id} className={item.fresh ? 'inbox-item unread saved-search' : 'inbox-item saved-search'}>
                <article aria-labelledby={title}>
                  <header className="inbox-head">
                    <h2 id={title} tabIndex={-1}>
                      <bdi>{item.name}</bdi>
                    </h2>
                    {item.fresh && <span className="badge new">{item.fresh}</span>}
                  </header>
                  {renaming === item.id && (
                    <Rename
                      item={item}
                      s={s}
                      onDone={(name) => {
                        if (name !== null) update(item.id, { name });
                        setRenaming(null);
                        focusRename(item.id);
                      }}
                    />
                  )}
                  <dl className="inbox-facts">
                    {item.filters.length === 0 ? (
                      <div>
                        <dt>{s.filters}</dt>
                        <dd>{s.allVehicles}</dd>
                      </div>
                    ) : (
                      item.filters.map((f) => (
                        <div key={f.label}>
                          <dt>{f.label}</dt>
                          <dd>
                            <bdi>{f.value}</bdi>
                          </dd>
                        </div>
                      ))
                    )}
                  </dl>
                  {item.frequency === 'off' && <p className="paused">{s.paused}</p>}
                  <div className="row">
                    <div className="field">
                      <label htmlFor={`saved-${item.id}-frequency`}>{s.alerts}</label>
                      <select
                        id={`saved-${item.id}-frequency`}
                        value={item.frequency}
                        onChange={(e) => void changeFrequency(item, e.target.value as Frequency)}
                      >
                        {(Object.keys(frequencies) as Frequency[]).map((f) => (
                          <option key={f} value={f}>
                            {frequencies[f]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <a
                      className="button"
                      href={item.href}
                      aria-describedby={title}
                      onClick={(e) => {
                        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                        e.preventDefault();
                        void open(item);
                      }}
                    >
                      {s.open}
                    </a>
                    <button
                      id={`saved-${item.id}-rename`}
                      className="button secondary"
                      type="button"
                      aria-describedby={title}
                      hidden={renaming === item.id}
                      onClick={() => setRenaming(item.id)}
                    >
                      {s.rename}
                    </button>
                    <button
                      className="button ghost"
                      type="button"
                      aria-describedby={title}
                      onClick={() => {
                        setTarget(item.id);
                        confirm.current?.showModal();
                      }}
                    >
                      {s.delete}
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        dialogRef={confirm}
        id="confirm-saved-title"
        title={s.confirmDeleteTitle}
        body={s.confirmDeleteBody}
        confirmLabel={s.confirmDelete}
        cancelLabel={s.cancel}
        onConfirm={() => {
          if (target !== null) void remove(target);
        }}
      />
    </div>
  );
}
