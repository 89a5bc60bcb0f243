import { type Database, parseJson } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import type { Kysely } from 'kysely';

/** The maintenance message in the locale (stored as text, or as an object locale → text), or null. */
export async function readMaintenanceMessage(db: Kysely<Database>, locale: Locale): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'maintenance_message').executeTakeFirst();
  const value = parseJson<string | Record<string, string> | null>(row?.value, null);
  const message = typeof value === 'string' ? value : value ? (value[locale] ?? value.en_US ?? null) : null;
  return message || null;
}

/** Listings a sitemap part lists: live ones (not sold), by id, `size` per part. */
export async function sitemapVehicles(db: Kysely<Database>, part: number, size: number) {
  return db
    .selectFrom('vehicles')
    .select(['id', 'updated_at'])
    .where('sold', '=', 0)
    .orderBy('id')
    .limit(size)
    .offset(part * size)
    .execute();
}

export async function countLiveVehicles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('sold', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
