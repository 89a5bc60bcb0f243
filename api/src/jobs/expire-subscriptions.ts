import { nowIso } from '@autoroute/db';
import { DEFAULT_LOCALE, formatTag, matchLocale } from '@autoroute/locales';
import { translator } from '../core/i18n.ts';
import { localName } from '../core/reference.ts';
import {
  endExpiredSubscriptions,
  listSubscriptionsToRemind,
  markSubscriptionReminded,
  unfeatureListingsWithoutPlan,
} from '../domain/billing/subscriptions.data.ts';
import { insertNotification } from '../domain/notifications/notifications.data.ts';
import type { JobHandler } from './types.ts';

/** Members are reminded this long before their plan ends, once. */
const REMINDER_BEFORE_MS = 3 * 86_400_000;

/**
 * Ends active subscriptions whose time is up, and reminds each member, once and in their own
 * language, a few days before their plan ends, unless a later subscription already takes over.
 */
export const expireSubscriptions: JobHandler = async ({ db }) => {
  const now = nowIso();
  const expired = await endExpiredSubscriptions(db, now);

  // Listings featured by a plan stop being featured with it, unless another plan in force still
  // features them; an administrator's own `featured` flag is another column and stays.
  await unfeatureListingsWithoutPlan(db, now);

  const due = await listSubscriptionsToRemind(db, now, new Date(Date.now() + REMINDER_BEFORE_MS).toISOString());

  let reminded = 0;
  for (const s of due) {
    const locale = matchLocale(s.language) ?? DEFAULT_LOCALE;
    const date = new Intl.DateTimeFormat(formatTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(s.expires_at));
    const t = translator(locale);
    // Marking and notifying in one transaction, on the condition it was not marked yet: once only.
    const sent = await db.transaction().execute(async (tx) => {
      if (!(await markSubscriptionReminded(tx, s.id, now))) return false;
      await insertNotification(tx, {
        user_id: s.user_id,
        kind: 'subscription',
        from_name: t('common:appName'),
        message: t('jobs.subscriptionReminder', { plan: localName(s.plan, s.plan_i18n, locale), date }),
        created_at: now,
        updated_at: now,
      });
      return true;
    });
    if (sent) reminded += 1;
  }
  return `Ended ${expired} ${expired === 1 ? 'subscription' : 'subscriptions'}; reminded ${reminded} ${reminded === 1 ? 'member' : 'members'} whose plan ends within 3 days.`;
};
