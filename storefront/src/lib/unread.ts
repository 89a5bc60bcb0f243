import { formatTagOf } from '@autoroute/locales/meta';

/** A plural form (see pluralForms) with the count written in the page language's digits. */
export function counted(forms: Record<string, string>, count: number): string {
  const lang = document.documentElement.lang;
  const form = forms[new Intl.PluralRules(lang).select(count)] ?? forms.other ?? '';
  return form.replace('{{count}}', new Intl.NumberFormat(formatTagOf(lang)).format(count));
}

/**
 * The header's unread badges (the phone bar's and the desktop nav's) and their links' names, for a
 * count learnt after the page was rendered: by the inbox, or by a shared page's personal fragment.
 */
export function showUnread(unread: number, labels: { badge: Record<string, string>; plain: string }): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-unread-link]')) {
    const badge = link.querySelector<HTMLElement>('[data-unread-count]');
    if (!badge) continue;
    badge.hidden = unread === 0;
    badge.textContent = new Intl.NumberFormat(formatTagOf(document.documentElement.lang)).format(unread);
    link.setAttribute('aria-label', unread === 0 ? labels.plain : counted(labels.badge, unread));
  }
}
