import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { DEFAULT_LOCALE, matchLocale } from '@autoroute/locales';
import { translator } from '../core/i18n.ts';
import { conversationPath } from '../domain/conversations/conversations.service.ts';
import { claimMailPending, listMailPending } from '../domain/notifications/notifications.data.ts';
import { mailStillWanted } from '../domain/notifications/topics.ts';
import { unsubscribeUrl } from '../domain/unsubscribe/unsubscribe.ts';
import { type MailContent, renderMail } from '../mail/layout.tsx';
import { listingRemovedMail, messageMail, noticeMail, priceDropMail, savedSearchMail } from '../mail/templates.ts';
import { type JobContext, type JobHandler, JobSkipped } from './types.ts';

/** At most this many mails a run: a run a minute keeps a burst from holding the job for long. */
const BATCH = 500;

/**
 * Mails the notifications marked `mail_pending` (a price drop, a saved search's alert, a new message: issue 17; a listing removed by a moderator: issue 33; a booking's steps and reminders: issue 36), oldest first. Each is
 * claimed before it is sent (its mark cleared on the condition it was still set), so two processes
 * never mail the same one; a member who turned mail off since gets none. A mail that fails is
 * logged and not retried: the notification stays in the member's inbox.
 */
export const sendNotificationMail: JobHandler = async ({ db, log, mail }) => {
  if (!mail) throw new JobSkipped('This process sends no mail.');
  const { sent, due, failed } = await mailPending({ db, log, mail }, BATCH);
  return `Mailed ${sent} of ${due} waiting ${due === 1 ? 'notification' : 'notifications'}${failed ? `; ${failed} failed` : ''}.`;
};

/**
 * Mails up to `limit` waiting notifications, oldest first, each claimed before it is sent. The
 * per-minute job and the instant worker (instant-alerts.ts, every few seconds) both send through
 * here: the claim lets exactly one of them mail each notification.
 */
export async function mailPending(
  { db, log, mail }: Pick<JobContext, 'db' | 'log'> & { mail: NonNullable<JobContext['mail']> },
  limit: number,
): Promise<{ sent: number; due: number; failed: number }> {
  const due = await listMailPending(db, limit);
  let sent = 0;
  let failed = 0;
  // All claimed in one statement (one commit, not one a mail: each commit waits for the disk), on
  // the condition each was still waiting: another process's claim of the same rows leaves them out.
  const claimed = due.length
    ? new Set(
        await claimMailPending(
          db,
          due.map((n) => n.id),
        ),
      )
    : new Set<number>();
  for (const n of due) {
    if (!claimed.has(n.id) || !mailStillWanted(n)) continue;
    const locale = matchLocale(n.language) ?? DEFAULT_LOCALE;
    const t = translator(locale);
    try {
      let content: MailContent;
      if (n.kind === 'price_drop' && n.vehicle_id !== null) {
        const url = absoluteUrl(mail.publicUrl, `/vehicles/${n.vehicle_id}`);
        content = priceDropMail(
          t,
          { title: n.title ?? '', message: n.message, url },
          await unsubscribeUrl(db, mail.publicUrl, n.user_id, 'price_drop'),
        );
      } else if (n.kind === 'saved_search' && n.saved_search_id !== null && n.search_query !== null) {
        // The search as the member saved it, and the page where they manage their searches.
        const query = new URLSearchParams(
          Object.entries(JSON.parse(n.search_query) as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]),
        );
        content = savedSearchMail(
          t,
          {
            name: n.search_name ?? '',
            message: n.message,
            url: absoluteUrl(mail.publicUrl, `/vehicles?${query}`),
            manageUrl: absoluteUrl(mail.publicUrl, '/saved-searches/'),
          },
          await unsubscribeUrl(db, mail.publicUrl, n.user_id, `search_${n.saved_search_id}`),
        );
      } else if (n.kind === 'message' && n.conversation_id !== null) {
        content = messageMail(
          t,
          {
            fromName: n.from_name ?? '',
            title: n.conversation_title ?? n.title ?? '',
            message: n.message,
            url: absoluteUrl(mail.publicUrl, conversationPath(n.conversation_id)),
          },
          await unsubscribeUrl(db, mail.publicUrl, n.user_id, 'message'),
        );
      } else if (n.kind === 'booking') {
        // A booking's step or reminder (docs/decisions/059): the notice, and where the member's bookings are.
        content = noticeMail(t, `${n.message}\n${absoluteUrl(mail.publicUrl, '/my/bookings/')}`, null);
      } else if (n.kind === 'listing_removed') {
        content = listingRemovedMail(t, { message: n.message, helpUrl: absoluteUrl(mail.publicUrl, '/help-center/') });
      } else continue;
      await mail.mailer.send({ to: n.email, ...(await renderMail(locale, content)) });
      sent += 1;
    } catch (err) {
      failed += 1;
      log.error({ err, notificationId: n.id }, 'notification mail not sent');
    }
  }
  return { sent, due: due.length, failed };
}
