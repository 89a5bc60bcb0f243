import type { ReportTargetKind } from '@autoroute/contract/reports';
import type { TFunction } from 'i18next';
import type { Block, MailContent } from './layout.tsx';

/**
 * One template per kind of mail, each in the recipient's language (`t`). Transactional mails
 * (codes, the account notice, the support receipt) answer something the recipient just did and
 * carry no unsubscribe link; notification mails (a buyer's message, notices on the email channel)
 * carry one (docs/decisions/028-mail.md).
 */

/**
 * A one-time code: verify the address, reset the password, link a notification channel. A link,
 * when given, opens the code page with the code filled in, in whatever browser reads the mail.
 */
export function codeMail(t: TFunction, purpose: string, code: string, link?: string): MailContent {
  return {
    subject: t(`mail.${purpose}.subject`),
    blocks: [
      { type: 'text', text: t(`mail.${purpose}.intro`) },
      { type: 'code', code },
      ...(link ? [{ type: 'link' as const, text: t('mail.codeLink', { url: link }), url: link }] : []),
      { type: 'text', text: `${t('mail.codeExpiry', { minutes: 10 })} ${t('mail.ignore')}` },
    ],
    footer: t('mail.footer.code'),
  };
}

/** Someone signed up with an address that already has an account. */
export function accountExistsMail(t: TFunction): MailContent {
  return {
    subject: t('mail.accountExists.subject'),
    blocks: [{ type: 'text', text: t('mail.accountExists.body') }],
    footer: t('mail.footer.account'),
  };
}

/**
 * The receipt of a support request. A guest's address is whatever was typed: their mail repeats
 * nothing they typed (name, subject, message), so the form cannot send someone else a text of the
 * guest's choosing.
 */
export function supportMail(
  t: TFunction,
  r: { id: number; name: string; guest: boolean; priority: boolean; subject: string; message: string; helpCenterUrl: string },
): MailContent {
  const context = r.guest ? 'guest' : undefined;
  const blocks: Block[] = [
    { type: 'text', text: t('mail.support.intro', { name: r.name, context }) },
    { type: 'text', text: t('mail.support.number', { id: r.id }) },
    ...(r.priority ? [{ type: 'text' as const, text: t('mail.support.priority') }] : []),
    ...(r.guest
      ? []
      : [
          { type: 'text' as const, text: t('mail.support.copy') },
          { type: 'quote' as const, text: `${r.subject}\n\n${r.message}` },
        ]),
    { type: 'link', text: t('mail.support.helpCenter', { url: r.helpCenterUrl }), url: r.helpCenterUrl },
  ];
  return { subject: t('mail.support.subject', { id: r.id, subject: r.subject, context }), blocks, footer: t('mail.footer.support') };
}

/**
 * The acknowledgement of a report (DSA art. 16(4), docs/decisions/051-reports.md): its number and
 * what happens next. It repeats nothing the reporter typed.
 */
export function reportMail(t: TFunction, r: { id: number; targetKind: ReportTargetKind }): MailContent {
  return {
    subject: t('mail.report.subject', { id: r.id }),
    blocks: [
      { type: 'text', text: t('mail.report.intro', { context: r.targetKind }) },
      { type: 'text', text: t('mail.report.number', { id: r.id }) },
      { type: 'text', text: t('mail.report.next') },
    ],
    footer: t('mail.footer.report'),
  };
}

/** A buyer's message to a seller, with how to answer: a notification, so it can be unsubscribed from. */
export function contactMail(
  t: TFunction,
  m: { fromName: string; title: string; message: string; phone: string | null; email: string | null; url: string; conversationUrl: string },
  unsubscribeUrl: string,
): MailContent {
  // The sender's details when they chose to share them (issue 17); else the answer goes through the conversation.
  const details = [
    ...(m.phone ? [t('mail.contact.phone', { phone: m.phone })] : []),
    ...(m.email ? [t('mail.contact.email', { email: m.email })] : []),
  ];
  return {
    subject: t('mail.contact.subject', { title: m.title }),
    blocks: [
      { type: 'text', text: t('mail.contact.intro', { name: m.fromName, title: m.title }) },
      { type: 'quote', text: m.message },
      ...(details.length
        ? [
            { type: 'text' as const, text: t('mail.contact.reply') },
            { type: 'lines' as const, lines: details },
          ]
        : [{ type: 'text' as const, text: t('mail.contact.hidden') }]),
      { type: 'link', text: t('mail.contact.answer', { url: m.conversationUrl }), url: m.conversationUrl },
      { type: 'link', text: t('mail.contact.listing', { url: m.url }), url: m.url },
    ],
    footer: t('mail.contact.why'),
    unsubscribe: { url: unsubscribeUrl, label: t('mail.unsubscribe.link') },
  };
}

/** A new message in a member's conversation (issue 17): it links to the conversation. */
export function messageMail(
  t: TFunction,
  m: { fromName: string; title: string; message: string; url: string },
  unsubscribeUrl: string,
): MailContent {
  return {
    subject: t('mail.message.subject', { name: m.fromName, title: m.title }),
    blocks: [
      { type: 'text', text: t('mail.message.intro', { name: m.fromName, title: m.title }) },
      { type: 'quote', text: m.message },
      { type: 'link', text: t('mail.message.answer', { url: m.url }), url: m.url },
    ],
    footer: t('mail.message.why'),
    unsubscribe: { url: unsubscribeUrl, label: t('mail.unsubscribe.link') },
  };
}

/**
 * A seller's answer to a guest (issue 17): the link lets them read and answer that one conversation
 * without an account, for a number of days. The guest has no preferences to turn off; the page the
 * link opens stops the conversation.
 */
export function guestReplyMail(
  t: TFunction,
  m: { fromName: string; title: string; message: string; url: string; days: number },
): MailContent {
  return {
    subject: t('mail.guestReply.subject', { name: m.fromName, title: m.title }),
    blocks: [
      { type: 'text', text: t('mail.guestReply.intro', { name: m.fromName, title: m.title }) },
      { type: 'quote', text: m.message },
      { type: 'link', text: t('mail.guestReply.answer', { url: m.url }), url: m.url },
      { type: 'text', text: t('mail.guestReply.expires', { days: m.days }) },
    ],
    footer: t('mail.guestReply.why'),
  };
}

/**
 * A notice sent on the email channel (the same words another channel sends as SMS): its first
 * line is the subject.
 */
export function noticeMail(t: TFunction, text: string, unsubscribeUrl: string | null): MailContent {
  const [first = '', ...rest] = text.split('\n');
  const body = rest.join('\n').trim();
  return {
    subject: first,
    blocks: [{ type: 'text', text: first }, ...(body ? [{ type: 'quote' as const, text: body }] : [])],
    footer: t('mail.footer.notice'),
    ...(unsubscribeUrl && { unsubscribe: { url: unsubscribeUrl, label: t('mail.unsubscribe.link') } }),
  };
}

/** New listings for a saved search (issue 17): its link pauses that search alone. */
export function savedSearchMail(
  t: TFunction,
  n: { name: string; message: string; url: string; manageUrl: string },
  unsubscribeUrl: string,
): MailContent {
  return {
    subject: t('savedSearch.subject', { name: n.name }),
    blocks: [
      { type: 'text', text: n.message },
      { type: 'link', text: t('savedSearch.open', { url: n.url }), url: n.url },
      { type: 'link', text: t('savedSearch.manage', { url: n.manageUrl }), url: n.manageUrl },
    ],
    footer: t('savedSearch.why', { name: n.name }),
    unsubscribe: { url: unsubscribeUrl, label: t('savedSearch.unsubscribe') },
  };
}

/** A listing the member liked or saved got cheaper: a notification, so it can be unsubscribed from. */
export function priceDropMail(t: TFunction, n: { title: string; message: string; url: string }, unsubscribeUrl: string): MailContent {
  return {
    subject: t('priceDrop.subject', { title: n.title }),
    blocks: [
      { type: 'text', text: n.message },
      { type: 'link', text: t('priceDrop.listing', { url: n.url }), url: n.url },
    ],
    footer: t('priceDrop.why'),
    unsubscribe: { url: unsubscribeUrl, label: t('mail.unsubscribe.link') },
  };
}

/** A moderator removed the member's listing (issue 33): why, and where to ask about it. */
export function listingRemovedMail(t: TFunction, n: { message: string; helpUrl: string }): MailContent {
  return {
    subject: t('admin.removal.subject'),
    blocks: [
      { type: 'text', text: n.message },
      { type: 'link', text: t('admin.removal.help', { url: n.helpUrl }), url: n.helpUrl },
    ],
    footer: t('admin.removal.why'),
  };
}

/** A buyer invited to review the seller they wrote to, a week after (docs/decisions/055): once, with the form's link. */
export function reviewInviteMail(t: TFunction, r: { firstName: string; sellerName: string; title: string; url: string }): MailContent {
  return {
    subject: t('mail.reviewInvite.subject', { seller: r.sellerName }),
    blocks: [
      { type: 'text', text: t('mail.reviewInvite.intro', { name: r.firstName, seller: r.sellerName, title: r.title }) },
      { type: 'link', text: t('mail.reviewInvite.link', { url: r.url }), url: r.url },
      { type: 'text', text: t('mail.reviewInvite.once') },
    ],
    footer: t('mail.reviewInvite.why'),
  };
}
