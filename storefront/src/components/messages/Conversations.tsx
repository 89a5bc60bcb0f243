import { useCallback, useEffect, useRef, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import type { Conversation, ConversationList, PersonalFragment } from '../../lib/types.ts';
import { showCounts } from '../../lib/unread.ts';
import type { ReportStrings } from '../report/report.ts';
import { Thread, type ThreadStrings, useWhen } from './Thread.tsx';

export type Summary = ConversationList['data'][number];

export type ConversationsStrings = ThreadStrings &
  Record<'listLabel' | 'empty' | 'browse' | 'back' | 'choose' | 'noMessages' | 'blocked' | 'loadFailed', string>;

interface Props {
  threads: Summary[];
  /** The conversation the address names (`?c=`), as the page read it; null for none. */
  open: Conversation | null;
  /** Why the named conversation could not be read (not found, not yours), in the page's language. */
  openError: string | null;
  s: ConversationsStrings;
  /** "3 unread" in each plural form, {{count}} left in. */
  unreadForms: Record<string, string>;
  lang: string;
  report: ReportStrings;
}

const summaryOf = (c: Conversation, before?: Summary): Summary => {
  const last = c.messages.at(-1);
  return {
    id: c.id,
    role: c.role,
    vehicleId: c.vehicleId,
    title: c.title,
    unread: c.unread,
    blocked: c.blocked,
    lastMessageAt: last?.createdAt ?? c.lastMessageAt,
    otherName: c.other.name,
    lastMessage: last ? { body: last.body, mine: last.mine } : (before?.lastMessage ?? null),
  };
};

/**
 * The member's conversations as buyer and as seller (issue 17), the latest first, beside the one
 * open. On a phone one pane shows at a time: the list, or the conversation with a way back.
 */
export default function Conversations({ threads: initial, open: initialOpen, openError, s, unreadForms, lang, report }: Props) {
  const [threads, setThreads] = useState(initial);
  const [open, setOpen] = useState(initialOpen);
  const [error, setError] = useState(openError);
  const when = useWhen(lang);
  // Rendered on the server too: the page's language, not the document's.
  const plural = new Intl.PluralRules(lang);
  const number = new Intl.NumberFormat(lang);
  const unreadText = (n: number) => (unreadForms[plural.select(n)] ?? unreadForms.other ?? '').replace('{{count}}', number.format(n));

  // What each conversation had unread, to ask the header's counts again only when reading changed one.
  const unread = useRef(new Map(initial.map((t) => [t.id, t.unread])));
  const follow = useCallback((c: Conversation) => {
    const counted = unread.current.get(c.id) !== c.unread;
    unread.current.set(c.id, c.unread);
    setThreads((list) => {
      const before = list.find((t) => t.id === c.id);
      const next = summaryOf(c, before);
      const moved = before?.lastMessageAt !== next.lastMessageAt;
      const rest = list.filter((t) => t.id !== c.id);
      return moved ? [next, ...rest] : list.map((t) => (t.id === c.id ? next : t));
    });
    // The header's counts follow what was read here.
    if (!counted) return;
    apiCall<{ data: PersonalFragment }>('/api/v1/me/fragment').then(
      ({ data }) => showCounts(data),
      () => {},
    );
  }, []);

  const select = async (id: number, push = true) => {
    if (push) history.pushState({ c: id }, '', `/messages/?c=${id}`);
    try {
      const { data } = await apiCall<{ data: Conversation }>(`/api/v1/conversations/${id}`);
      setOpen(data);
      setError(null);
      document.getElementById(`thread-${id}-title`)?.focus();
    } catch (caught) {
      setOpen(null);
      setError(caught instanceof Error ? caught.message : s.loadFailed);
    }
  };

  // The browser's back and forward buttons move between the list and the conversations opened.
  useEffect(() => {
    const pop = () => {
      const id = Number(new URLSearchParams(location.search).get('c'));
      if (id > 0) void select(id, false);
      else setOpen(null);
    };
    window.addEventListener('popstate', pop);
    return () => window.removeEventListener('popstate', pop);
  });

  if (threads.length === 0 && !open)
    return (
      <p className="empty">
        {error ?? s.empty} <a href="/vehicles">{s.browse}</a>
      </p>
    );

  return (
    <div className="conversations" data-pane={open || error ? 'thread' : 'list'}>
      <nav className="conversation-list" aria-label={s.listLabel}>
        <ul>
          {threads.map((t) => (
            <li key={t.id} className={t.unread > 0 ? 'unread' : undefined}>
              <a
                href={`/messages/?c=${t.id}`}
                aria-current={open?.id === t.id ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  void select(t.id);
                }}
              >
                <span className="conversation-top">
                  <bdi className="conversation-name">{t.otherName}</bdi>
                  <time dateTime={t.lastMessageAt}>{when(t.lastMessageAt)}</time>
                </span>
                <span className="conversation-title" dir="auto">
                  <span className="badge">{t.role === 'buyer' ? s.buying : s.selling}</span> {t.title}
                </span>
                <span className="conversation-last" dir="auto">
                  {t.blocked ? s.blocked : t.lastMessage ? `${t.lastMessage.mine ? `${s.you}: ` : ''}${t.lastMessage.body}` : s.noMessages}
                </span>
                {t.unread > 0 && <span className="badge new">{unreadText(t.unread)}</span>}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="conversation-pane">
        {(open || error) && (
          <a
            className="button ghost narrow-back"
            href="/messages/"
            onClick={(e) => {
              e.preventDefault();
              history.pushState({}, '', '/messages/');
              setOpen(null);
              setError(null);
            }}
          >
            {s.back}
          </a>
        )}
        {open ? (
          <Thread
            key={open.id}
            conversation={open}
            s={s}
            lang={lang}
            base={`/api/v1/conversations/${open.id}`}
            report={report}
            onChange={follow}
          />
        ) : error ? (
          <p className="notice" role="alert">
            {error}
          </p>
        ) : (
          <p className="muted choose">{s.choose}</p>
        )}
      </div>
    </div>
  );
}
