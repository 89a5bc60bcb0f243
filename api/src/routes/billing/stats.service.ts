import { nowIso } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { AppError, notFound } from '../../errors.ts';
import { assertStats } from './billing.service.ts';
import { type DayCount, type Db, dailyFigures, findVehicleOwner } from './stats.data.ts';

type Counts = { views: number; likes: number; favorites: number; contacts: number };

/**
 * A listing's figures per UTC day over the last `days` days, for its owner on a plan with detailed
 * statistics: views (one per visitor and day), likes and favorites given, messages received.
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
  return { days: [...table].map(([day, c]) => ({ day, ...c })), totals };
}
