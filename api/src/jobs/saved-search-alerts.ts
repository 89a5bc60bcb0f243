import { nowIso, type SavedSearchFrequency } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale, matchLocale } from '@autoroute/locales';
import { translator } from '../i18n.ts';
import { listingsChangedSince } from '../routes/saved-searches/saved-searches.data.ts';
import { vehiclesMatching } from '../routes/vehicles/vehicles.data.ts';
import { VehicleListQuery } from '../routes/vehicles/vehicles.schemas.ts';
import { searchCriteria } from '../routes/vehicles/vehicles.service.ts';
import { givingTurns } from '../server/turns.ts';
import type { JobHandler } from './types.ts';

/** Where the job left off: listings changed after it are looked at on the next pass. */
const WATERMARK = 'saved_search_watermark';
/** Each pass looks this far behind its mark too: a listing committed late by another process is not missed (matches are kept once). */
const OVERLAP_MS = 2 * 60_000;
/** Listings looked at in one pass at most; the rest wait for the next. */
const BATCH = 5000;
/** Saved searches looked at between two turns of the event loop (about a millisecond's work on SQLite). */
const SEARCHES_A_TURN = 20;
/** How many listings an alert names; the rest are counted. */
const NAMED = 10;
const DIGEST_MS: Partial<Record<SavedSearchFrequency, number>> = { daily: 86_400_000, weekly: 7 * 86_400_000 };

/**
 * The saved searches' alerts (issue 17). Each pass:
 * 1. takes the live listings published or edited since the last pass, and records which saved
 *    searches (not paused, not their owner's own) find each — once per search and listing;
 * 2. tells the members of `instant` searches at once, and those of `daily` and `weekly` searches in
 *    one digest a day or a week, of the listings they were not told of yet: an inbox notification
 *    naming them, marked for the send-notification-mail job when the member takes mail.
 */
export const savedSearchAlerts: JobHandler = async ({ db, dialect }) => {
  const now = nowIso();
  const mark = await db.selectFrom('job_marks').select('value').where('name', '=', WATERMARK).executeTakeFirst();
  // A first pass starts a little back too: a listing published just before it is not missed.
  const since = new Date((mark ? Date.parse(JSON.parse(mark.value) as string) : Date.parse(now)) - OVERLAP_MS).toISOString();
  const changed = await listingsChangedSince(db, since, BATCH).execute();
  const searches = await db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select([
      's.id',
      's.user_id',
      's.name',
      's.query',
      's.frequency',
      's.digest_at',
      's.created_at',
      'l.code as language',
      'np.type as notify_type',
      'np.email as notify_email',
    ])
    .where('s.frequency', '!=', 'off')
    .where('u.status', '=', 'active')
    .execute();

  let found = 0;
  let told = 0;
  const giveTurn = givingTurns(SEARCHES_A_TURN);
  for (const s of searches) {
    await giveTurn();
    const locale: Locale = matchLocale(s.language) ?? DEFAULT_LOCALE;
    let foundNow = 0;
    // 1. What this pass's listings add to the search (its owner's own listings aside).
    const candidates = changed.filter((v) => v.owner_id !== s.user_id).map((v) => v.id);
    if (candidates.length) {
      const parsed = VehicleListQuery.safeParse(JSON.parse(s.query));
      if (parsed.success) {
        const criteria = await searchCriteria(db, parsed.data, locale).catch(() => null);
        const matched = criteria ? await vehiclesMatching(db, dialect, criteria, candidates) : [];
        if (matched.length) {
          const known = new Set(
            (
              await db
                .selectFrom('saved_search_matches')
                .select('vehicle_id')
                .where('saved_search_id', '=', s.id)
                .where('vehicle_id', 'in', matched)
                .execute()
            ).map((m) => m.vehicle_id),
          );
          const fresh = matched.filter((id) => !known.has(id));
          if (fresh.length) {
            await db
              .insertInto('saved_search_matches')
              .values(fresh.map((vehicle_id) => ({ saved_search_id: s.id, vehicle_id, matched_at: now })))
              .execute();
            found += fresh.length;
            foundNow = fresh.length;
          }
        }
      }
    }
    // 2. Tell the member now (instant) or in their digest, of what they were not told yet.
    // An instant search is told in the pass that found something; a digest once its day or week is over.
    const period = DIGEST_MS[s.frequency];
    if (period === undefined ? foundNow === 0 : Date.parse(now) - Date.parse(s.digest_at ?? s.created_at) < period) continue;
    const waiting = await db
      .selectFrom('saved_search_matches as m')
      .innerJoin('vehicles as v', 'v.id', 'm.vehicle_id')
      .select(['v.id', 'v.title'])
      .where('m.saved_search_id', '=', s.id)
      .where('m.notified_at', 'is', null)
      .where('v.sold', '=', 0)
      .orderBy('m.matched_at', 'desc')
      .orderBy('v.id', 'desc')
      .execute();
    if (!waiting.length) continue;
    const t = translator(locale);
    const names = waiting.slice(0, NAMED).map((v) => `“${v.title}”`);
    const more = waiting.length - names.length;
    const message =
      t('savedSearch.alert', { count: waiting.length, name: s.name, titles: names.join(', ') }) +
      (more > 0 ? ` ${t('savedSearch.more', { count: more })}` : '');
    await db.transaction().execute(async (tx) => {
      if ((s.notify_type ?? 'all') !== 'none') {
        await tx
          .insertInto('notifications')
          .values({
            user_id: s.user_id,
            vehicle_id: waiting.length === 1 ? waiting[0]!.id : null,
            saved_search_id: s.id,
            kind: 'saved_search',
            from_name: t('common:appName'),
            message,
            mail_pending: s.notify_email === 0 ? 0 : 1,
          })
          .execute();
      }
      await tx
        .updateTable('saved_search_matches')
        .set({ notified_at: now })
        .where('saved_search_id', '=', s.id)
        .where('notified_at', 'is', null)
        .execute();
      if (period !== undefined) await tx.updateTable('saved_searches').set({ digest_at: now }).where('id', '=', s.id).execute();
    });
    told += 1;
  }

  // The mark moves to the last listing looked at (all of them: to now).
  const last = changed.length === BATCH ? changed.at(-1)!.updated_at : now;
  await db
    .insertInto('job_marks')
    .values({ name: WATERMARK, value: JSON.stringify(last) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(last) }))
    .execute();
  return `Looked at ${changed.length} changed ${changed.length === 1 ? 'listing' : 'listings'} for ${searches.length} saved ${searches.length === 1 ? 'search' : 'searches'}; ${found} new ${found === 1 ? 'match' : 'matches'}; ${told} ${told === 1 ? 'alert' : 'alerts'}.`;
};
