import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { inForce } from './billing.data.ts';

type Db = Kysely<Database>;

/** Marks expired the active subscriptions whose time is up at `now`; answers how many. */
export async function endExpiredSubscriptions(db: Db, now: string): Promise<number> {
  const expired = await db
    .updateTable('subscriptions')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(expired.numUpdatedRows);
}

/**
 * Clears `plan_featured` on the listings whose owner has no plan in force at `now` that features
 * listings; an administrator's own `featured` flag is another column and stays.
 */
export async function unfeatureListingsWithoutPlan(db: Db, now: string): Promise<void> {
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
}

/**
 * The active subscriptions ending after `now` and by `until` whose member was not reminded yet and
 * has no later active one, with the plan's names and the member's language; by id.
 */
export function listSubscriptionsToRemind(db: Db, now: string, until: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('carts as c', 'c.id', 's.cart_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .select(['s.id', 's.user_id', 's.expires_at', 'c.name as plan', 'c.name_i18n as plan_i18n', 'l.code as language'])
    .where('s.status', '=', 'active')
    .where('s.reminded_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.expires_at', '<=', until)
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
}

/** Sets a subscription's `reminded_at` on the condition it was not set yet; answers whether it was this call that set it. */
export async function markSubscriptionReminded(db: Db, id: number, now: string): Promise<boolean> {
  const marked = await db
    .updateTable('subscriptions')
    .set({ reminded_at: now, updated_at: now })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}
