import { useRef, useState } from 'react';
import { apiCall, toastFailure } from '../../lib/client.ts';
import { counted, showUnread } from '../../lib/unread.ts';
import { toast } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

/** One notification as the page rendered it (the received time already formatted in the locale). */
export interface InboxItem {
  id: number;
  from: string;
  vehicle: { id: number; title: string } | null;
  email: string | null;
  phone: string | null;
  message: string;
  read: boolean;
  createdAt: string;
  received: string;
}

export type InboxStrings = Record<
  | 'listLabel'
  | 'from'
  | 'vehicle'
  | 'vehicleGone'
  | 'email'
  | 'phone'
  | 'received'
  | 'isNew'
  | 'isRead'
  | 'markRead'
  | 'markAllRead'
  | 'delete'
  | 'deleteAll'
  | 'cancel'
  | 'confirmDeleteTitle'
  | 'confirmDeleteBody'
  | 'confirmDeleteAllTitle'
  | 'confirmDeleteAllBody'
  | 'confirmDelete'
  | 'markedRead'
  | 'allMarkedRead'
  | 'deleted'
  | 'allDeleted'
  | 'actionFailed'
  | 'retry'
  | 'empty'
  | 'browse'
  | 'actionsLabel',
  string
>;

interface Props {
  items: InboxItem[];
  unread: number;
  s: InboxStrings;
  /** The header's accessible name, by plural category ({{count}} stands for the number), and without a count. */
  badgeLabels: Record<string, string>;
  plainLabel: string;
  /** The page's "N unread notifications" line, by plural category, and its text for none. */
  lineLabels: Record<string, string>;
  noneLabel: string;
  /** The Unread tab: an item leaves the list once read. */
  unreadOnly: boolean;
}

type Action = { kind: 'read'; id: number } | { kind: 'readAll' } | { kind: 'delete'; id: number } | { kind: 'deleteAll' };
type Counted = { meta: { unread: number } };

/**
 * Keeps what the server rendered around the inbox in step with it: the page's unread line, and the
 * header's unread badges.
 */
function syncCounts(unread: number, props: Pick<Props, 'badgeLabels' | 'plainLabel' | 'lineLabels' | 'noneLabel'>) {
  const line = document.querySelector<HTMLElement>('[data-unread-line]');
  if (line) line.textContent = unread === 0 ? props.noneLabel : counted(props.lineLabels, unread);
  showUnread(unread, { badge: props.badgeLabels, plain: props.plainLabel });
}

/** The inbox's actions (SPEC §2 /notifications/): optimistic, confirmed deletions, a toast, a retry on failure. */
export default function Inbox({
  items: initial,
  unread: initialUnread,
  s,
  badgeLabels,
  plainLabel,
  lineLabels,
  noneLabel,
  unreadOnly,
}: Props) {
  const labels = { badgeLabels, plainLabel, lineLabels, noneLabel };
  const [items, setItems] = useState(initial);
  const [unread, setUnread] = useState(initialUnread);
  const [failed, setFailed] = useState<{ action: Action; message: string } | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const confirmOne = useRef<HTMLDialogElement>(null);
  const confirmAll = useRef<HTMLDialogElement>(null);

  const run = async (action: Action) => {
    const before = { items, unread };
    setFailed(null);
    // Optimistic: the list changes at once, and goes back if the server says no.
    let next = items;
    // On the Unread tab what is read leaves the list, as it would on the next load.
    if (action.kind === 'read')
      next = unreadOnly ? items.filter((n) => n.id !== action.id) : items.map((n) => (n.id === action.id ? { ...n, read: true } : n));
    if (action.kind === 'readAll') next = unreadOnly ? [] : items.map((n) => ({ ...n, read: true }));
    if (action.kind === 'delete') next = items.filter((n) => n.id !== action.id);
    if (action.kind === 'deleteAll') next = [];
    const guess =
      action.kind === 'readAll' || action.kind === 'deleteAll'
        ? 0
        : Math.max(0, unread - (items.some((n) => n.id === action.id && !n.read) ? 1 : 0));
    setItems(next);
    setUnread(guess);
    syncCounts(guess, labels);
    try {
      const result =
        action.kind === 'read'
          ? await apiCall<Counted>(`/api/v1/notifications/${action.id}/read`, { method: 'PATCH' })
          : action.kind === 'readAll'
            ? await apiCall<Counted>('/api/v1/notifications/read-all', { method: 'POST' })
            : action.kind === 'delete'
              ? await apiCall<Counted>(`/api/v1/notifications/${action.id}`, { method: 'DELETE' })
              : await apiCall<Counted>('/api/v1/notifications', { method: 'DELETE' });
      setUnread(result.meta.unread);
      syncCounts(result.meta.unread, labels);
      toast({ read: s.markedRead, readAll: s.allMarkedRead, delete: s.deleted, deleteAll: s.allDeleted }[action.kind], {
        kind: 'success',
      });
    } catch (error) {
      setItems(before.items);
      setUnread(before.unread);
      syncCounts(before.unread, labels);
      setFailed({ action, message: toastFailure(error, s.actionFailed) });
    }
  };

  const askDelete = (id: number) => {
    setTarget(id);
    confirmOne.current?.showModal();
  };

  return (
    <div className="inbox">
      {failed && (
        <div className="inbox-error" role="alert">
          <p>
            {s.actionFailed} {failed.message !== s.actionFailed && <span>({failed.message})</span>}
          </p>
          <button className="button secondary" type="button" onClick={() => run(failed.action)}>
            {s.retry}
          </button>
        </div>
      )}
      {items.length > 0 && (
        <fieldset className="inbox-toolbar">
          <legend className="visually-hidden">{s.actionsLabel}</legend>
          <button className="button secondary" type="button" disabled={unread === 0} onClick={() => run({ kind: 'readAll' })}>
            {s.markAllRead}
          </button>
          <button className="button secondary danger-text" type="button" onClick={() => confirmAll.current?.showModal()}>
            {s.deleteAll}
          </button>
        </fieldset>
      )}
      {items.length === 0 ? (
        <p className="empty">
          {s.empty} <a href="/vehicles">{s.browse}</a>
        </p>
      ) : (
        <ul className="inbox-list" aria-label={s.listLabel}>
          {items.map((n) => (
            <li key={n.id} className={n.read ? 'inbox-item' : 'inbox-item unread'}>
              <article aria-labelledby={`n-${n.id}-from`}>
                <header className="inbox-head">
                  <h2 id={`n-${n.id}-from`}>
                    <span className={n.read ? 'badge read' : 'badge new'}>{n.read ? s.isRead : s.isNew}</span>{' '}
                    <span className="visually-hidden">{s.from}: </span>
                    <bdi>{n.from}</bdi>
                  </h2>
                  <time dateTime={n.createdAt}>
                    <span className="visually-hidden">{s.received}: </span>
                    {n.received}
                  </time>
                </header>
                <dl className="inbox-facts">
                  <div>
                    <dt>{s.vehicle}</dt>
                    <dd>
                      {n.vehicle ? (
                        <a href={`/vehicles/${n.vehicle.id}`} dir="auto">
                          {n.vehicle.title}
                        </a>
                      ) : (
                        s.vehicleGone
                      )}
                    </dd>
                  </div>
                  {n.email && (
                    <div>
                      <dt>{s.email}</dt>
                      <dd>
                        <a href={`mailto:${n.email}`}>{n.email}</a>
                      </dd>
                    </div>
                  )}
                  {n.phone && (
                    <div>
                      <dt>{s.phone}</dt>
                      <dd>
                        <a href={`tel:${n.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                          {n.phone}
                        </a>
                      </dd>
                    </div>
                  )}
                </dl>
                <p className="inbox-message" dir="auto">
                  {n.message}
                </p>
                <div className="row">
                  {!n.read && (
                    <button className="button secondary" type="button" onClick={() => run({ kind: 'read', id: n.id })}>
                      {s.markRead}
                    </button>
                  )}
                  <button className="button ghost" type="button" onClick={() => askDelete(n.id)}>
                    {s.delete}
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        dialogRef={confirmOne}
        id="confirm-one-title"
        title={s.confirmDeleteTitle}
        body={s.confirmDeleteBody}
        confirmLabel={s.confirmDelete}
        cancelLabel={s.cancel}
        onConfirm={() => {
          if (target !== null) void run({ kind: 'delete', id: target });
        }}
      />
      <ConfirmDialog
        dialogRef={confirmAll}
        id="confirm-all-title"
        title={s.confirmDeleteAllTitle}
        body={s.confirmDeleteAllBody}
        confirmLabel={s.deleteAll}
        cancelLabel={s.cancel}
        onConfirm={() => void run({ kind: 'deleteAll' })}
      />
    </div>
  );
}
