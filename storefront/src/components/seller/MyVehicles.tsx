import { useEffect, useRef, useState } from 'react';
import { apiCall, toastFailure } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { fill } from './vehicle-form.ts';

/** One of my listings as the page rendered it (price, facts and dates already in the locale). */
export interface MyVehicle {
  id: number;
  title: string;
  price: string;
  facts: string[];
  place: string;
  published: string;
  createdAt: string;
  cover: { url: string; width: number; height: number } | null;
  sold: boolean;
}

export type MyVehiclesStrings = Record<
  | 'listLabel'
  | 'forSale'
  | 'sold'
  | 'published'
  | 'pictureOf'
  | 'noPicture'
  | 'view'
  | 'edit'
  | 'stats'
  | 'markSold'
  | 'backOnSale'
  | 'delete'
  | 'actionsFor'
  | 'cancel'
  | 'confirmSoldTitle'
  | 'confirmSoldBody'
  | 'confirmDeleteTitle'
  | 'confirmDeleteBody'
  | 'markedSold'
  | 'markedForSale'
  | 'deleted'
  | 'actionFailed'
  | 'empty'
  | 'emptyAction',
  string
>;

interface Props {
  items: MyVehicle[];
  s: MyVehiclesStrings;
}

/** SPEC §2 /my/: my listings, each marked sold or back on sale, edited, viewed or deleted (confirmed first). */
export default function MyVehicles({ items: initial, s }: Props) {
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);
  const [target, setTarget] = useState<MyVehicle | null>(null);
  const confirmSold = useRef<HTMLDialogElement>(null);
  const confirmDelete = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLParagraphElement>(null);
  /** Where the focus goes once the list has changed (the element exists only after the render). */
  const [focus, setFocus] = useState<string | null>(null);

  useEffect(() => {
    if (!focus) return;
    (document.getElementById(focus) ?? heading.current)?.focus();
    setFocus(null);
  }, [focus]);

  const fail = (error: unknown) => toastFailure(error, s.actionFailed);

  const setSold = async (v: MyVehicle, sold: boolean) => {
    if (busy !== null) return;
    setBusy(v.id);
    try {
      await apiCall(`/api/v1/vehicles/${v.id}`, { method: 'PATCH', json: { sold } });
      setItems((list) => list.map((x) => (x.id === v.id ? { ...x, sold } : x)));
      toast(sold ? s.markedSold : s.markedForSale, { kind: 'success' });
      // The button changed its words: the focus stays on it (the dialog gave it back).
      setFocus(`sold-${v.id}`);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (v: MyVehicle) => {
    if (busy !== null) return;
    setBusy(v.id);
    try {
      await apiCall(`/api/v1/vehicles/${v.id}`, { method: 'DELETE' });
      const index = items.findIndex((x) => x.id === v.id);
      const rest = items.filter((x) => x.id !== v.id);
      setItems(rest);
      toast(s.deleted, { kind: 'success' });
      // The focus goes to the next listing's title, or the previous one, or the empty state.
      const next = rest[index] ?? rest[index - 1];
      setFocus(next ? `title-${next.id}` : 'my-empty');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const ask = (v: MyVehicle, dialog: HTMLDialogElement | null) => {
    if (busy !== null) return;
    setTarget(v);
    dialog?.showModal();
  };

  return (
    <div className="my-vehicles">
      {items.length === 0 ? (
        <div className="empty">
          <p id="my-empty" ref={heading} tabIndex={-1}>
            {s.empty}
          </p>
          <a className="button" href="/my/new">
            {s.emptyAction}
          </a>
        </div>
      ) : (
        <ul className="my-list" aria-label={s.listLabel}>
          {items.map((v) => (
            <li key={v.id} className={v.sold ? 'my-item sold' : 'my-item'}>
              <article aria-labelledby={`title-${v.id}`}>
                {v.cover ? (
                  <img
                    src={v.cover.url}
                    width={v.cover.width}
                    height={v.cover.height}
                    alt={fill(s.pictureOf, { title: v.title })}
                    loading="lazy"
                  />
                ) : (
                  <div className="img-placeholder" role="img" aria-label={s.noPicture} />
                )}
                <div className="my-body">
                  <h2>
                    <a id={`title-${v.id}`} href={`/vehicles/${v.id}`} dir="auto">
                      {v.title}
                    </a>{' '}
                    <span className={v.sold ? 'badge sold' : 'badge for-sale'}>{v.sold ? s.sold : s.forSale}</span>
                  </h2>
                  <p className="price">{v.price}</p>
                  <ul className="facts">
                    {v.facts.map((fact) => (
                      <li key={fact}>{fact}</li>
                    ))}
                  </ul>
                  <p className="facts">
                    {v.place} · <time dateTime={v.createdAt}>{fill(s.published, { date: v.published })}</time>
                  </p>
                </div>
                <fieldset className="my-actions" aria-busy={busy === v.id}>
                  <legend className="visually-hidden">{fill(s.actionsFor, { title: v.title })}</legend>
                  <a className="button ghost" href={`/vehicles/${v.id}`} aria-label={`${s.view}: ${v.title}`}>
                    {s.view}
                  </a>
                  <a className="button secondary" href={`/my/${v.id}/edit`} aria-label={`${s.edit}: ${v.title}`}>
                    {s.edit}
                  </a>
                  <a className="button ghost" href={`/my/${v.id}/stats`} aria-label={`${s.stats}: ${v.title}`}>
                    {s.stats}
                  </a>
                  <button
                    id={`sold-${v.id}`}
                    className="button secondary"
                    type="button"
                    aria-disabled={busy === v.id}
                    aria-label={`${v.sold ? s.backOnSale : s.markSold}: ${v.title}`}
                    onClick={() => (v.sold ? void setSold(v, false) : ask(v, confirmSold.current))}
                  >
                    {v.sold ? s.backOnSale : s.markSold}
                  </button>
                  <button
                    className="button ghost danger-text"
                    type="button"
                    aria-disabled={busy === v.id}
                    aria-label={`${s.delete}: ${v.title}`}
                    onClick={() => ask(v, confirmDelete.current)}
                  >
                    {s.delete}
                  </button>
                </fieldset>
              </article>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        dialogRef={confirmSold}
        id="confirm-sold-title"
        title={s.confirmSoldTitle}
        body={target ? fill(s.confirmSoldBody, { title: target.title }) : ''}
        confirmLabel={s.markSold}
        cancelLabel={s.cancel}
        onConfirm={() => {
          if (target) void setSold(target, true);
        }}
      />
      <ConfirmDialog
        dialogRef={confirmDelete}
        id="confirm-delete-title"
        title={s.confirmDeleteTitle}
        body={target ? fill(s.confirmDeleteBody, { title: target.title }) : ''}
        confirmLabel={s.delete}
        cancelLabel={s.cancel}
        onConfirm={() => {
          if (target) void remove(target);
        }}
      />
    </div>
  );
}
