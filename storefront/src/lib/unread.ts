import { formatTagOf } from '@autoroute/locales/meta';

/** A plural form (see pluralForms) with the count written in the page language's digits. */
export function counted(forms: Record<string, string>, count: number): string {
  const lang = document.documentElement.lang;
  const form = forms[new Intl.PluralRules(lang).select(count)] ?? forms.other ?? '';
  return form.replace('{{count}}', new Intl.NumberFormat(formatTagOf(lang)).format(count));
}

/** The header's two counts: the inbox's notifications, and the messages of the member's conversations (issue 17). */
export type UnreadKind = 'inbox' | 'messages';
export interface UnreadLabels {
  badge: Record<string, string>;
  plain: string;
}

/**
 * The header's unread badges of one kind (the phone bar's and the desktop nav's) and their links'
 * names, for a count learnt after the page was rendered: by the inbox or the messages page, or by a
 * page's personal fragment.
 */
export function showUnread(unread: number, labels: UnreadLabels, kind: UnreadKind = 'inbox'): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>(`[data-unread-link="${kind}"]`)) {
    const badge = link.querySelector<HTMLElement>('[data-unread-count]');
    if (!badge) continue;
    badge.hidden = unread === 0;
    badge.textContent = new Intl.NumberFormat(formatTagOf(document.documentElement.lang)).format(unread);
    link.setAttribute('aria-label', unread === 0 ? labels.plain : counted(labels.badge, unread));
  }
}

/** The header's labels for both counts, as Base.astro gives them; null on a page without a member's header. */
function headerLabels(): Record<UnreadKind, UnreadLabels> | null {
  const header = document.querySelector<HTMLElement>('[data-member-labels]');
  return header?.dataset.memberLabels ? (JSON.parse(header.dataset.memberLabels) as Record<UnreadKind, UnreadLabels>) : null;
}

/** Both of the header's counts at once, from the visitor's personal fragment. */
export function showCounts(counts: { unread: number; messages: number }): void {
  const labels = headerLabels();
  if (!labels) return;
  showUnread(counts.unread, labels.inbox, 'inbox');
  showUnread(counts.messages, labels.messages, 'messages');
}
