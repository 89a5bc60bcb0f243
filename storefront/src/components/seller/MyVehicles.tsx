import { formatTagOf } from '@autoroute/locales/meta';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiCall, toastFailure } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';
import { Field } from '../auth/Field.tsx';
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
  /** The asking price as a number, in `currency` (the sale price's starting value). */
  amount: number;
  currency: string;
  /** The price it sold at, as its seller gave it, already in the locale; null when not given. */
  soldFor: string | null;
  /** published, or pending / held / removed by moderation: then out of public view, with the statement at `/my/decisions/{caseId}`. */
  moderation: 'published' | 'pending' | 'held' | 'removed';
  caseId: number | null;
  /** For rent (by the day or the month): it has terms, an availability calendar and calendars to sync. */
  rental: boolean;
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
  | 'calendars'
  | 'markSold'
  | 'backOnSale'
  | 'delete'
  | 'actionsFor'
  | 'cancel'
  | 'confirmSoldTitle'
  | 'confirmSoldBody'
  | 'soldPrice'
  | 'soldPriceHint'
  | 'soldPriceInvalid'
  | 'soldFor'
  | 'confirmDeleteTitle'
  | 'confirmDeleteBody'
  | 'markedSold'
  | 'markedForSale'
  | 'deleted'
  | 'actionFailed'
  | 'empty'
  | 'emptyAction'
  | 'pending'
  | 'held'
  | 'removed'
  | 'withheldNote'
  | 'readDecision'
  | 'availability',
  string
>;

interface Props {
  items: MyVehicle[];
  s: MyVehiclesStrings;
  /** The link to a rental's terms (/my/{id}/rental). */
  rentalTerms: string;
}

/** SPEC §2 /my/: my listings, each marked sold or back on sale, edited, viewed or deleted (confirmed first). */
export default function MyVehicles({ items: initial, s, rentalTerms }: Props) {
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

  /** The sale price typed in the "mark as sold" dialog, and what is wrong with it. */
  const [soldPrice, setSoldPrice] = useState('');
  const [soldError, setSoldError] = useState<string | undefined>();
  const money = (amount: number, currency: string) => {
    try {
      return new Intl.NumberFormat(formatTagOf(document.documentElement.lang), {
        style: 'currency',
        currency,
        maximumFractionDigits: amount % 1 === 0 ? 0 : 2,
      }).format(amount);
    } catch {
      return `${amount} ${currency}`;
    }
  };

  /** Marks a listing sold (with the price it sold at, if given) or back on sale; answers whether it worked. */
  const setSold = async (v: MyVehicle, sold: boolean, price?: number): Promise<boolean> => {
    if (busy !== null) return false;
    setBusy(v.id);
    try {
      const { data } = await apiCall<{ data: { soldPrice: number | null } }>(`/api/v1/vehicles/${v.id}`, {
        method: 'PATCH',
        json: price === undefined ? { sold } : { sold, soldPrice: price },
      });
      const soldFor = data.soldPrice === null ? null : money(data.soldPrice, v.currency);
      setItems((list) => list.map((x) => (x.id === v.id ? { ...x, sold, soldFor } : x)));
      toast(sold ? s.markedSold : s.markedForSale, { kind: 'success' });
      // The button changed its words: the focus stays on it (the dialog gave it back).
      setFocus(`sold-${v.id}`);
      return true;
    } catch (error) {
      // A price the API refuses is said in the dialog, which stays open to fix it.
      if (error instanceof ApiError && error.field('soldPrice')) setSoldError(error.field('soldPrice'));
      else fail(error);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const askSold = (v: MyVehicle) => {
    setSoldPrice(String(v.amount));
    setSoldError(undefined);
    ask(v, confirmSold.current);
  };

  const confirmSale = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!target) return;
    const typed = soldPrice.trim();
    const price = typed === '' ? undefined : Number(typed);
    if (price !== undefined && (!Number.isFinite(price) || price <= 0)) {
      setSoldError(s.soldPriceInvalid);
      document.getElementById('sold-price')?.focus();
      return;
    }
    if (await setSold(target, true, price)) confirmSold.current?.close();
    else document.getElementById('sold-price')?.focus();
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
                    {v.moderation === 'published' ? (
                      <span className={v.sold ? 'badge sold' : 'badge for-sale'}>{v.sold ? s.sold : s.forSale}</span>
                    ) : (
                      <span className="badge withheld">{s[v.moderation]}</span>
                    )}
                  </h2>
                  {v.moderation !== 'published' && (
                    <p className="small withheld-note">
                      {s.withheldNote} {v.caseId !== null && <a href={`/my/decisions/${v.caseId}`}>{s.readDecision}</a>}
                    </p>
                  )}
                  <p className="price">{v.price}</p>
                  {v.sold && v.soldFor && <p className="small">{fill(s.soldFor, { price: v.soldFor })}</p>}
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
                  {v.rental && (
                    <>
                      <a className="button ghost" href={`/my/${v.id}/rental`} aria-label={`${rentalTerms}: ${v.title}`}>
                        {rentalTerms}
                      </a>
                      <a className="button ghost" href={`/my/${v.id}/availability`} aria-label={`${s.availability}: ${v.title}`}>
                        {s.availability}
                      </a>
                      <a className="button ghost" href={`/my/${v.id}/calendars`} aria-label={`${s.calendars}: ${v.title}`}>
                        {s.calendars}
                      </a>
                    </>
                  )}
                  <button
                    id={`sold-${v.id}`}
                    className="button secondary"
                    type="button"
                    aria-disabled={busy === v.id}
                    aria-label={`${v.sold ? s.backOnSale : s.markSold}: ${v.title}`}
                    onClick={() => (v.sold ? void setSold(v, false) : askSold(v))}
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
      {/* ConfirmDialog's look, with the price it sold at (optional, in the listing's currency). */}
      <dialog ref={confirmSold} aria-labelledby="confirm-sold-title" className="confirm">
        <form onSubmit={(e) => void confirmSale(e)} noValidate>
          <h2 id="confirm-sold-title">{s.confirmSoldTitle}</h2>
          <p>{target ? fill(s.confirmSoldBody, { title: target.title }) : ''}</p>
          <Field
            name="sold-price"
            label={fill(s.soldPrice, { currency: target?.currency ?? '' })}
            hint={s.soldPriceHint}
            error={soldError}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={soldPrice}
            onChange={(e) => {
              setSoldPrice(e.currentTarget.value);
              setSoldError(undefined);
            }}
          />
          <div className="confirm-actions">
            <button className="button secondary" type="button" onClick={() => confirmSold.current?.close()}>
              {s.cancel}
            </button>
            <button className="button danger" type="submit" disabled={busy !== null}>
              {s.markSold}
            </button>
          </div>
        </form>
      </dialog>
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
