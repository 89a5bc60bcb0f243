import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { nowIso } from '@autoroute/db';
import { DEFAULT_LOCALE, matchLocale } from '@autoroute/locales';
import { translator } from '../core/i18n.ts';
import { claimInvitation, listDueInvitations } from '../domain/reviews/reviews.data.ts';
import { renderMail } from '../mail/layout.tsx';
import { reviewInviteMail } from '../mail/templates.ts';
import { type JobHandler, JobSkipped } from './types.ts';

const DAY_MS = 86_400_000;
/** A buyer is invited this long after their conversation began… */
const INVITE_AFTER_DAYS = 7;
/** …and no longer after this: a conversation older than that when the job first sees it is left alone. */
const INVITE_WITHIN_DAYS = 30;
/** At most this many invitations a run. */
const BATCH = 500;

/**
 * Invites each member buyer, once, to review the seller they wrote to (docs/decisions/055-reviews.md):
 * a conversation begun at least a week ago, in which the seller answered, not yet invited nor
 * reviewed. Each is claimed before it is mailed (`review_invited_at` set on the condition it was
 * not), so two processes never mail it twice; a buyer whose preferences say no (nothing at all,
 * no mail, or no communications from us) is marked and not mailed. In the buyer's language.
 */
export const reviewInvitations: JobHandler = async ({ db, log, mail }) => {
  if (!mail) throw new JobSkipped('This process sends no mail.');
  const now = Date.now();
  const due = await listDueInvitations(
    db,
    new Date(now - INVITE_WITHIN_DAYS * DAY_MS).toISOString(),
    new Date(now - INVITE_AFTER_DAYS * DAY_MS).toISOString(),
    BATCH,
  );
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  for (const c of due) {
    if (!(await claimInvitation(db, c.id, nowIso()))) continue;
    const wanted = (c.notify_type ?? 'all') !== 'none' && (c.notify_email ?? 1) === 1 && (c.notify_communication ?? 1) === 1;
    if (!wanted) {
      skipped += 1;
      continue;
    }
    const locale = matchLocale(c.language) ?? DEFAULT_LOCALE;
    try {
      const content = reviewInviteMail(translator(locale), {
        firstName: c.first_name,
        sellerName: `${c.seller_first_name} ${c.seller_last_name}`.trim(),
        title: c.title,
        url: absoluteUrl(mail.publicUrl, `/reviews/new?conversation=${c.id}`),
      });
      await mail.mailer.send({ to: c.email, ...(await renderMail(locale, content)) });
      sent += 1;
    } catch (err) {
      // Not retried: an invitation is a courtesy, the buyer can still review from the conversation.
      failed += 1;
      log.error({ err, conversationId: c.id }, 'review invitation not sent');
    }
  }
  return `Invited ${sent} ${sent === 1 ? 'buyer' : 'buyers'} to review a seller${skipped ? `; ${skipped} did not want mail` : ''}${failed ? `; ${failed} failed` : ''}.`;
};
