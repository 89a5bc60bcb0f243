import { currentTotals, dailyFlowsSince, saveDailyStats } from '../domain/admin/stats.data.ts';
import type { JobHandler } from './types.ts';

/** Each run recounts this many days, today included, so a few missed runs leave no hole. */
const STATS_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Writes the dashboard's history (table daily_stats): for each of the last seven UTC days, the new
 * members, new listings, listing views and messages to sellers of that day; and on today's row the
 * totals of members, listed and sold vehicles and paying members. Counts use indexes; a run reads
 * no more than a week of rows.
 */
export const recomputeStats: JobHandler = async ({ db }) => {
  const now = new Date();
  const nowText = now.toISOString();
  const today = nowText.slice(0, 10);
  const days = Array.from({ length: STATS_DAYS }, (_, i) =>
    new Date(now.getTime() - (STATS_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const from = days[0]!;
  const [perDay, current] = await Promise.all([dailyFlowsSince(db, from), currentTotals(db, nowText)]);
  await db.transaction().execute(async (tx) => {
    for (const day of days) {
      const counted = {
        new_users: perDay.newUsers.get(day) ?? 0,
        new_listings: perDay.newListings.get(day) ?? 0,
        views: perDay.views.get(day) ?? 0,
        contacts: perDay.contacts.get(day) ?? 0,
        updated_at: nowText,
      };
      // Past days keep the totals seen when they were today; only today's are taken now.
      const row = day === today ? { ...counted, ...current } : counted;
      await saveDailyStats(tx, day, row);
    }
  });
  const t = perDay;
  return `Counted ${STATS_DAYS} days from ${from} to ${today}. Today: ${t.newUsers.get(today) ?? 0} new members, ${t.newListings.get(today) ?? 0} new listings, ${t.views.get(today) ?? 0} views, ${t.contacts.get(today) ?? 0} messages; totals: ${current.users} members, ${current.listed} listed, ${current.sold} sold, ${current.premium} premium.`;
};
