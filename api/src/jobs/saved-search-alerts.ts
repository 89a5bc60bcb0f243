import { nowIso, type SavedSearchFrequency } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale, matchLocale } from '@autoroute/locales';
import { translator } from '../core/i18n.ts';
import { givingTurns } from '../core/turns.ts';
import { insertNotification } from '../domain/notifications/notifications.data.ts';
import { delivery } from '../domain/notifications/topics.ts';
import {
  claimUnsoldMatches,
  findListingsChangedSince,
  insertMatches,
  listAlertingSearches,
  listMatchedListings,
  markMatchesNotified,
  setDigestAt,
} from '../domain/saved-searches/saved-searches.data.ts';
import { VehicleListQuery } from '../domain/vehicles/query.ts';
import { vehiclesMatching } from '../domain/vehicles/search.data.ts';
import { searchCriteria } from '../domain/vehicles/vehicles.service.ts';
import { readJobMark, writeJobMark } from './marks.data.ts';
import type { JobContext, JobHandler } from './types.ts';

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
  const mark = await readJobMark(db, WATERMARK);
  // A first pass starts a little back too: a listing published just before it is not missed.
  const since = new Date((mark ? Date.parse(JSON.parse(mark) as string) : Date.parse(now)) - OVERLAP_MS).toISOString();
  const changed = await findListingsChangedSince(db, since, BATCH);
  const searches = await listAlertingSearches(db);

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
        const fresh = await recordMatches(db, s.id, matched, now);
        found += fresh;
        foundNow = fresh;
      }
    }
    // 2. Tell the member now (instant) or in their digest, of what they were not told yet.
    // An instant search is told in the pass that found something; a digest once its day or week is over.
    const period = DIGEST_MS[s.frequency];
    if (period === undefined ? foundNow === 0 : Date.parse(now) - Date.parse(s.digest_at ?? s.created_at) < period) continue;
    if (await tellSearch(db, { ...s, locale }, now)) told += 1;
  }

  // The mark moves to the last listing looked at (all of them: to now).
  const last = changed.length === BATCH ? changed.at(-1)!.updated_at : now;
  await writeJobMark(db, WATERMARK, JSON.stringify(last));
  return `Looked at ${changed.length} changed ${changed.length === 1 ? 'listing' : 'listings'} for ${searches.length} saved ${searches.length === 1 ? 'search' : 'searches'}; ${found} new ${found === 1 ? 'match' : 'matches'}; ${told} ${told === 1 ? 'alert' : 'alerts'}.`;
};

/**
 * Records which of `vehicleIds` a saved search finds, once per search and listing; answers how many
 * were new. Both the per-minute pass and the instant worker (instant-alerts.ts) record through here:
 * the primary key lets one of them record a match, and only the one that did tells the member of it.
 */
export async function recordMatches(db: JobContext['db'], searchId: number, vehicleIds: readonly number[], now: string): Promise<number> {
  if (!vehicleIds.length) return 0;
  const inserted = await insertMatches(db, searchId, vehicleIds, now);
  return inserted.length;
}

/** A saved search about to be told of its matches, with what its member chose. */
export interface TellableSearch {
  id: number;
  user_id: number;
  name: string;
  frequency: SavedSearchFrequency;
  locale: Locale;
  notify_type: string | null;
  notify_email: number | null;
  topic_inbox: number | null;
  topic_email: number | null;
}

/**
 * Tells a member of the matches of their search not told yet: one inbox notification naming them,
 * marked for mail when they take mail. The matches are claimed first, in the same transaction
 * (`notified_at` set on the condition it was still null): two passes telling the same search at
 * once (the per-minute job and the instant worker, or two processes) tell each match once.
 * Answers whether a notification was written. In a transaction of the caller's, it runs in it.
 */
export async function tellSearch(db: JobContext['db'], s: TellableSearch, now: string): Promise<boolean> {
  const period = DIGEST_MS[s.frequency];
  const tell = async (tx: JobContext['db']) => {
    // The listings still for sale it was not told of, claimed; a sold one waits (it may come back on sale).
    const claimed = await claimUnsoldMatches(tx, s.id, now);
    const waiting = claimed.length
      ? await listMatchedListings(
          tx,
          s.id,
          claimed.map((c) => c.vehicle_id),
        )
      : [];
    // Nothing for sale to tell of: a digest's day or week goes on (as before, it moves only when it tells).
    if (!waiting.length) return false;
    const t = translator(s.locale);
    const names = waiting.slice(0, NAMED).map((v) => `“${v.title}”`);
    const more = waiting.length - names.length;
    const message =
      t('savedSearch.alert', { count: waiting.length, name: s.name, titles: names.join(', ') }) +
      (more > 0 ? ` ${t('savedSearch.more', { count: more })}` : '');
    if (delivery(s).inbox) {
      await insertNotification(tx, {
        user_id: s.user_id,
        vehicle_id: waiting.length === 1 ? waiting[0]!.id : null,
        saved_search_id: s.id,
        kind: 'saved_search',
        from_name: t('common:appName'),
        message,
        mail_pending: delivery(s).mail ? 1 : 0,
      });
    }
    // Told: the sold ones waiting go with it, as they always did.
    await markMatchesNotified(tx, s.id, now);
    if (period !== undefined) await setDigestAt(tx, s.id, now);
    return true;
  };
  // Inside the caller's transaction when there is one (the instant worker writes a batch of searches in one).
  return db.isTransaction ? tell(db) : db.transaction().execute(tell);
}
