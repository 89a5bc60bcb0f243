import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { nowIso } from '@autoroute/db';
import { direction, type Locale, languageTag, matchLocale } from '@autoroute/locales';
import { translator } from '../../core/i18n.ts';
import { PRODUCT } from '../../mail/layout.tsx';
import type { DomainDeps } from '../deps.ts';
import { pauseSavedSearch } from '../saved-searches/saved-searches.data.ts';
import { findMemberLanguage, turnOffEmailSwitch } from './unsubscribe.data.ts';
import { readUnsubscribeToken, savedSearchOf, UNSUBSCRIBE_KINDS, UNSUBSCRIBE_TOPIC } from './unsubscribe.ts';

export interface UnsubscribePage {
  status: 200 | 400;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A small page in the member's language: a heading, a sentence, and a form or a link. */
function page(locale: Locale, title: string, text: string, action: string): string {
  return `<!doctype html>
<html lang="${languageTag(locale)}" dir="${direction(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT}</title></head>
<body>
<main>
<p>${PRODUCT}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${action}
</main>
</body>
</html>
`;
}

/**
 * The one-click unsubscribe link of a notification mail (RFC 8058). GET asks (a link scanner that
 * follows it changes nothing); POST, from the page's button or from the mail client's own
 * unsubscribe button, turns that kind of mail off. The page speaks the member's language; a
 * malformed or tampered token gets a 400 page in the request's.
 */
export async function unsubscribe(
  deps: Pick<DomainDeps, 'config' | 'db'>,
  secret: string,
  token: string,
  method: 'GET' | 'POST',
  requestLocale: Locale,
): Promise<UnsubscribePage> {
  const claim = readUnsubscribeToken(secret, token);
  const member = claim ? await findMemberLanguage(deps.db, claim.userId) : undefined;
  const settings = absoluteUrl(deps.config.publicUrl, '/settings/notifications/');
  if (!claim || !member) {
    const t = translator(requestLocale);
    const link = `<p><a href="${escapeHtml(settings)}">${escapeHtml(t('mail.unsubscribe.settings'))}</a></p>`;
    return { status: 400, html: page(requestLocale, t('mail.unsubscribe.title'), t('mail.unsubscribe.invalid'), link) };
  }
  const locale = matchLocale(member.language) ?? requestLocale;
  const t = translator(locale);
  const link = `<p><a href="${escapeHtml(settings)}">${escapeHtml(t('mail.unsubscribe.settings'))}</a></p>`;
  // A saved search's link pauses that search alone (its alerts: issue 17); the others turn a switch off.
  // A topic's link turns that topic's email off alone, and the page says which (issue 33).
  const search = savedSearchOf(claim.kind);
  const kind = claim.kind as keyof typeof UNSUBSCRIBE_KINDS;
  if (method === 'POST') {
    if (search !== null) await pauseSavedSearch(deps.db, claim.userId, search, nowIso());
    else await turnOffEmailSwitch(deps.db, claim.userId, UNSUBSCRIBE_KINDS[kind]);
    return {
      status: 200,
      html: page(
        locale,
        t('mail.unsubscribe.title'),
        t(search !== null ? 'mail.unsubscribe.donePaused' : `mail.unsubscribe.done.${UNSUBSCRIBE_TOPIC[kind]}`),
        link,
      ),
    };
  }
  // The form posts what a mail client's one-click button posts, to this same address.
  const form = `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(
    t('mail.unsubscribe.button'),
  )}</button></form>\n${link}`;
  return {
    status: 200,
    html: page(locale, t('mail.unsubscribe.title'), t(`mail.unsubscribe.confirm.${search !== null ? 'search' : claim.kind}`), form),
  };
}
