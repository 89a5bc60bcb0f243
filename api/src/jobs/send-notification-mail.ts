import { absoluteUrl } from '@autoroute/contract/runtime-config';
import { DEFAULT_LOCALE, matchLocale } from '@autoroute/locales';
import { translator } from '../i18n.ts';
import { renderMail } from '../mail/layout.tsx';
import { priceDropMail } from '../mail/templates.ts';
import { unsubscribeUrl } from '../mail/unsubscribe.ts';
import { type JobHandler, JobSkipped } from './types.ts';

/** At most this many mails a run: a run a minute keeps a burst from holding the job for long. */
const BATCH = 500;

/**
 * Mails the notifications marked `mail_pending` (a price drop: issue 17), oldest first. Each is
 * claimed before it is sent (its mark cleared on the condition it was still set), so two processes
 * never mail the same one; a member who turned mail off since gets none. A mail that fails is
 * logged and not retried: the notification stays in the member's inbox.
 */
export const sendNotificationMail: JobHandler = async ({ db, log, mail }) => {
  if (!mail) throw new JobSkipped('This process sends no mail.');
  const due = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .leftJoin('vehicles as v', 'v.id', 'n.vehicle_id')
    .select([
      'n.id',
      'n.user_id',
      'n.kind',
      'n.message',
      'n.vehicle_id',
      'u.email',
      'l.code as language',
      'np.email as notify_email',
      'v.title',
    ])
    .where('n.mail_pending', '=', 1)
    .orderBy('n.id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  let failed = 0;
  for (const n of due) {
    const claimed = await db
      .updateTable('notifications')
      .set({ mail_pending: 0 })
      .where('id', '=', n.id)
      .where('mail_pending', '=', 1)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || n.notify_email === 0 || n.kind !== 'price_drop' || n.vehicle_id === null) continue;
    const locale = matchLocale(n.language) ?? DEFAULT_LOCALE;
    try {
      const url = absoluteUrl(mail.publicUrl, `/vehicles/${n.vehicle_id}`);
      const unsubscribe = await unsubscribeUrl(db, mail.publicUrl, n.user_id, 'price_drop');
      const content = priceDropMail(translator(locale), { title: n.title ?? '', message: n.message, url }, unsubscribe);
      await mail.mailer.send({ to: n.email, ...(await renderMail(locale, content)) });
      sent += 1;
    } catch (err) {
      failed += 1;
      log.error({ err, notificationId: n.id }, 'notification mail not sent');
    }
  }
  return `Mailed ${sent} of ${due.length} waiting ${due.length === 1 ? 'notification' : 'notifications'}${failed ? `; ${failed} failed` : ''}.`;
};
