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
