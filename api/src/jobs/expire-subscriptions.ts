import { nowIso } from '@autoroute/db';
import { DEFAULT_LOCALE, formatTag, matchLocale } from '@autoroute/locales';
import { translator } from '../core/i18n.ts';
import { localName } from '../core/reference.ts';
import { inForce } from '../domain/billing/billing.data.ts';
import type { JobHandler } from './types.ts';

/** Members are reminded this long before their plan ends, once. */
const REMINDER_BEFORE_MS = 3 * 86_400_000;

/**
 * Ends active subscriptions whose time is up, and reminds each member, once and in their own
 * language, a few days before their plan ends, unless a later subscription already takes over.
 */
export const expireSubscriptions: JobHandler = async ({ db }) => {
  const now = nowIso();
  const expired = await db
    .updateTable('subscriptions')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .executeTakeFirst();

  // Listings featured by a plan stop being featured with it, unless another plan in force still
  // features them; an administrator's own `featured` flag is another column and stays.
  await db
    .updateTable('vehicles')
    .set({ plan_featured: 0 })
    .where('plan_featured', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriptions as s')
            .innerJoin('cart_details as d', 'd.cart_id', 's.cart_id')
            .select('s.id')
            .whereRef('s.user_id', '=', 'vehicles.owner_id')
            .where(inForce('s', now))
            .where('d.featured_listing', '=', 1),
        ),
      ),
    )
    .execute();

  const due = await db
    .selectFrom('subscriptions as s')
    .innerJoin('carts as c', 'c.id', 's.cart_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .select(['s.id', 's.user_id', 's.expires_at', 'c.name as plan', 'c.name_i18n as plan_i18n', 'l.code as language'])
    .where('s.status', '=', 'active')
    .where('s.reminded_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.expires_at', '<=', new Date(Date.now() + REMINDER_BEFORE_MS).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriptions as later')
            .select('later.id')
            .whereRef('later.user_id', '=', 's.user_id')
            .where('later.status', '=', 'active')
            .whereRef('later.expires_at', '>', 's.expires_at'),
        ),
      ),
    )
    .orderBy('s.id')
    .execute();

  let reminded = 0;
  for (const s of due) {
    const locale = matchLocale(s.language) ?? DEFAULT_LOCALE;
    const date = new Intl.DateTimeFormat(formatTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(s.expires_at));
    const t = translator(locale);
    // Marking and notifying in one transaction, on the condition it was not marked yet: once only.
    const sent = await db.transaction().execute(async (tx) => {
      const marked = await tx
        .updateTable('subscriptions')
        .set({ reminded_at: now, updated_at: now })
        .where('id', '=', s.id)
        .where('reminded_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      await tx
        .insertInto('notifications')
        .values({
          user_id: s.user_id,
          kind: 'subscription',
          from_name: t('common:appName'),
          message: t('jobs.subscriptionReminder', { plan: localName(s.plan, s.plan_i18n, locale), date }),
          created_at: now,
          updated_at: now,
        })
        .execute();
      return true;
    });
    if (sent) reminded += 1;
  }
  const n = Number(expired.numUpdatedRows);
  return `Ended ${n} ${n === 1 ? 'subscription' : 'subscriptions'}; reminded ${reminded} ${reminded === 1 ? 'member' : 'members'} whose plan ends within 3 days.`;
};
