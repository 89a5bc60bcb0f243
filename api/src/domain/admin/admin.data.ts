import type { Database } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { type Kysely, sql } from 'kysely';
import { localName, toMajor } from '../../core/reference.ts';
import { filterContacts, filterSubscriptions } from './console.data.ts';

type Db = Kysely<Database>;

const count = (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
  query.executeTakeFirstOrThrow().then((r) => Number(r.n));

/** The start of the month `monthsAgo` before the one of `now`, as ISO text (UTC). */
const monthStart = (now: Date, monthsAgo = 0) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1)).toISOString();

/**
 * The operator's figures (issue 5 item 6): live and sold listings, new users, subscriptions, revenue
 * by month, contacts, listings per category, the latest listings and sign-ups, and the open support
 * requests (how many of them priority).
 *
 * Each figure comes with the list it counts and that list's filter (issue 13 item 9): the back
 * office links the figure there, and the list's total is the figure.
 */
export async function dashboardFigures(db: Db, now: Date, locale: Locale) {
  const month = monthStart(now);
  const nowIso = now.toISOString();
  const since30 = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [live, soldThisMonth, newUsers, activeSubscriptions, contactsThisMonth, revenue, categories, latestListings, latestUsers, support] =
    await Promise.all([
      count(
        db
          .selectFrom('vehicles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('sold', '=', 0),
      ),
      count(
        db
          .selectFrom('vehicles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('sold', '=', 1)
          .where('sold_at', '>=', month),
      ),
      count(
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('created_at', '>=', since30),
      ),
      count(filterSubscriptions(db.selectFrom('subscriptions as s'), { activeAt: nowIso }).select((eb) => eb.fn.countAll().as('n'))),
      count(filterContacts(db.selectFrom('contacts as n'), { createdSince: month }).select((eb) => eb.fn.countAll().as('n'))),
      db
        .selectFrom('payments as p')
        .innerJoin('currencies as c', 'c.id', 'p.currency_id')
        .select([
          sql<string>`substr(p.paid_at, 1, 7)`.as('month'),
          'c.code as currency',
          'c.minor_units',
          (eb) => eb.fn.sum<number | string>('p.amount_minor').as('amount'),
        ])
        .where('p.status', '=', 'paid')
        .where('p.paid_at', '>=', monthStart(now, 11))
        .groupBy([sql`substr(p.paid_at, 1, 7)`, 'c.code', 'c.minor_units'])
        .orderBy('month')
        .execute(),
      db
        .selectFrom('categories as c')
        .leftJoin('vehicles as v', (j) => j.onRef('v.category_id', '=', 'c.id').on('v.sold', '=', 0))
        .select(['c.id', 'c.name', 'c.name_i18n', (eb) => eb.fn.count<number | string>('v.id').as('n')])
        .groupBy(['c.id', 'c.name', 'c.name_i18n'])
        .orderBy('n', 'desc')
        .orderBy('c.id')
        .execute(),
      db
        .selectFrom('vehicles as v')
        .innerJoin('currencies as c', 'c.id', 'v.currency_id')
        .select(['v.id', 'v.title', 'v.price_minor', 'v.created_at', 'c.code', 'c.minor_units'])
        .orderBy('v.created_at', 'desc')
        .orderBy('v.id', 'desc')
        .limit(5)
        .execute(),
      db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute(),
      db
        .selectFrom('support_requests')
        .select(['priority', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('status', '=', 'open')
        .groupBy('priority')
        .execute(),
    ]);
  const openSupport = (priority: number) => Number(support.find((r) => r.priority === priority)?.n ?? 0);
  return {
    live,
    soldThisMonth,
    newUsers,
    activeSubscriptions,
    contactsThisMonth,
    supportOpen: openSupport(0) + openSupport(1),
    supportOpenPriority: openSupport(1),
    links: {
      live: { resource: 'vehicles', filter: { sold: false } },
      soldThisMonth: { resource: 'vehicles', filter: { sold: true, soldSince: month } },
      newUsers: { resource: 'users', filter: { createdSince: since30 } },
      activeSubscriptions: { resource: 'subscriptions', filter: { active: true } },
      contactsThisMonth: { resource: 'contacts', filter: { createdSince: month } },
      supportOpen: { resource: 'support-requests', filter: { status: 'open' } },
    },
    revenueByMonth: revenue.map((r) => ({
      month: r.month,
      currency: r.currency,
      amount: toMajor(Number(r.amount), r.minor_units),
      link: { resource: 'payments', filter: { status: 'paid', paidMonth: r.month, currency: r.currency } },
    })),
    listingsPerCategory: categories.map((c) => ({
      categoryId: c.id,
      name: localName(c.name, c.name_i18n, locale),
      count: Number(c.n),
      link: { resource: 'vehicles', filter: { categoryId: c.id, sold: false } },
    })),
    latestListings: latestListings.map((v) => ({
      id: v.id,
      title: v.title,
      price: toMajor(v.price_minor, v.minor_units),
      currency: v.code,
      createdAt: v.created_at,
    })),
    latestUsers: latestUsers.map((u) => ({ id: u.id, username: u.username, email: u.email, createdAt: u.created_at })),
  };
}

/** The last `days` rows of daily_stats (written by the recompute-stats job), oldest first. */
export async function dailyHistory(db: Db, days: number) {
  const rows = await db.selectFrom('daily_stats').selectAll().orderBy('day', 'desc').limit(days).execute();
  return rows.reverse().map((r) => ({
    day: r.day,
    newUsers: r.new_users,
    newListings: r.new_listings,
    views: r.views,
    contacts: r.contacts,
    users: r.users,
    listed: r.listed,
    sold: r.sold,
    premium: r.premium,
  }));
}
