import { nowIso, SOLD_COMPARABLE_MS } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { AppError, notFound } from '../../core/errors.ts';
import { assertStats } from './billing.service.ts';
import { type DayCount, type Db, dailyFigures, findVehicleOwner, similarFigures, similarListings } from './stats.data.ts';

type Counts = { views: number; likes: number; favorites: number; contacts: number };
const METRICS = ['views', 'likes', 'favorites', 'contacts'] as const;

/** The median of `listings` counts, of which `found` are the listings that had any (the others had none). */
function medianOf(found: readonly number[], listings: number): number {
  if (listings === 0) return 0;
  const all = [...Array<number>(Math.max(0, listings - found.length)).fill(0), ...found].sort((a, b) => a - b);
  const at = (all.length - 1) / 2;
  const low = all[Math.floor(at)] ?? 0;
  const high = all[Math.ceil(at)] ?? 0;
  return (low + high) / 2;
}

/**
 * A listing's figures per UTC day over the last `days` days, for its owner on a plan with detailed
 * statistics: views (one per visitor and day), likes and favorites given, messages received; and
 * the median of the same figures over the same days among similar listings (issue 33): those its
 * price rating would compare it with, of its make and model, else of its segment.
 */
export async function vehicleStats(db: Db, userId: number, vehicleId: number, days: number, locale: Locale) {
  const vehicle = await findVehicleOwner(db, vehicleId);
  if (!vehicle) throw notFound('VEHICLE_NOT_FOUND');
  if (vehicle.owner_id !== userId) throw new AppError(403, 'FORBIDDEN');
  await assertStats(db, userId, locale);

  const today = new Date(`${nowIso().slice(0, 10)}T00:00:00.000Z`);
  const first = new Date(today.getTime() - (days - 1) * 86_400_000);
  const since = first.toISOString();
  const { views, likes, favorites, contacts } = await dailyFigures(db, vehicleId, since);
  const table = new Map<string, Counts>();
  for (let i = 0; i < days; i++) {
    table.set(new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10), { views: 0, likes: 0, favorites: 0, contacts: 0 });
  }
  const add = (rows: DayCount[], key: keyof Counts) => {
    for (const r of rows) {
      const day = table.get(r.day);
      if (day) day[key] += Number(r.n);
    }
  };
  add(views, 'views');
  add(likes, 'likes');
  add(favorites, 'favorites');
  add(contacts, 'contacts');
  const totals: Counts = { views: 0, likes: 0, favorites: 0, contacts: 0 };
  for (const c of table.values()) for (const k of Object.keys(totals) as (keyof Counts)[]) totals[k] += c[k];
  return { days: [...table].map(([day, c]) => ({ day, ...c })), totals, similar: await similarMedians(db, vehicleId, vehicle, since) };
}

/** The medians of similar listings' figures since `since`; null when no listing is similar. */
async function similarMedians(db: Db, vehicleId: number, vehicle: Parameters<typeof similarListings>[2], since: string) {
  const soldSince = new Date(Date.now() - SOLD_COMPARABLE_MS).toISOString();
  const similar = await similarListings(db, vehicleId, vehicle, soldSince);
  if (!similar) return null;
  const figures = await similarFigures(db, vehicleId, vehicle, similar.scope, soldSince, since);
  const medians = Object.fromEntries(
    METRICS.map((k) => [
      k,
      medianOf(
        figures[k].map((r) => Number(r.n)),
        similar.listings,
      ),
    ]),
  ) as Counts;
  return { scope: similar.scope, listings: similar.listings, medians };
}
