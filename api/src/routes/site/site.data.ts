import { type Database, nowIso, parseJson } from '@autoroute/db';
import { LOCALES, type Locale } from '@autoroute/locales';
import type { CompiledQuery, Kysely } from 'kysely';
import { inTransaction } from '../../lib/transaction.ts';

/** The application settings the back office edits (issue 13 item 10): the maintenance banner. */
export interface SiteSettings {
  maintenanceEnabled: boolean;
  /** Locale → text; a locale without text falls back to English. */
  maintenanceMessage: Partial<Record<Locale, string>>;
}

/**
 * What every public page is stamped with besides its URL: the catalogue's and the site's versions,
 * which the database's triggers move with any change a public page shows (decision 024). One read,
 * of a statement compiled once per database.
 */
const versionQueries = new WeakMap<Kysely<Database>, CompiledQuery<{ catalogue: unknown; site: unknown }>>();
export async function readPageVersions(db: Kysely<Database>): Promise<string> {
  let query = versionQueries.get(db);
  if (!query) {
    query = db
      .selectNoFrom((eb) => [
        eb.selectFrom('catalogue_version').select('version').as('catalogue'),
        eb.selectFrom('site_version').select('version').as('site'),
      ])
      .compile();
    versionQueries.set(db, query);
  }
  const [row] = (await db.executeQuery(query)).rows;
  return `${row?.catalogue}.${row?.site}`;
}

const readSetting = async <T>(db: Kysely<Database>, key: string, fallback: T): Promise<T> => {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return parseJson<T>(row?.value, fallback);
};

export async function readSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const [message, enabled] = await Promise.all([
    readSetting<string | Record<string, string> | null>(db, 'maintenance_message', null),
    // Before the switch existed, a message set was a message shown.
    readSetting<boolean | null>(db, 'maintenance_enabled', null),
  ]);
  // An older value is one text for every language: it is the English one.
  const messages = typeof message === 'string' ? { en_US: message } : (message ?? {});
  const maintenanceMessage = Object.fromEntries(
    LOCALES.flatMap((l) => (typeof messages[l] === 'string' && messages[l] ? [[l, messages[l]]] : [])),
  ) as SiteSettings['maintenanceMessage'];
  return { maintenanceEnabled: enabled ?? Object.keys(maintenanceMessage).length > 0, maintenanceMessage };
}

export async function writeSettings(db: Kysely<Database>, settings: SiteSettings): Promise<void> {
  const updatedAt = nowIso();
  const rows = [
    { key: 'maintenance_message', value: JSON.stringify(settings.maintenanceMessage) },
    { key: 'maintenance_enabled', value: JSON.stringify(settings.maintenanceEnabled) },
  ];
  await inTransaction(db, async (tx) => {
    for (const row of rows) {
      await tx
        .insertInto('settings')
        .values({ ...row, updated_at: updatedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: updatedAt }))
        .execute();
    }
  });
}

/** The maintenance message in the locale, or in English when it has none; null when switched off. */
export async function readMaintenanceMessage(db: Kysely<Database>, locale: Locale): Promise<string | null> {
  const { maintenanceEnabled, maintenanceMessage } = await readSettings(db);
  if (!maintenanceEnabled) return null;
  return maintenanceMessage[locale] || maintenanceMessage.en_US || null;
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
