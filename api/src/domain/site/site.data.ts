import { type Database, type Db, nowIso, parseJson } from '@autoroute/db';
import { LOCALES, type Locale } from '@autoroute/locales';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../core/transaction.ts';

/** The application settings the back office edits (issue 13 item 10): the maintenance banner. */
export interface SiteSettings {
  maintenanceEnabled: boolean;
  /** Locale → text; a locale without text falls back to English. */
  maintenanceMessage: Partial<Record<Locale, string>>;
}

/** The data versions public answers depend on (decision 024), and the day (UTC) since the epoch. */
export interface DataVersions {
  /** Any write to vehicles. */
  catalogue: string;
  /** Any write to what every public page may show: the reference tables, the content pages, the settings. */
  site: string;
  /** A listing's days on the market move with it, so nothing kept is older than today. */
  day: number;
}

/**
 * What public answers are stamped with besides their URL: the versions the database's triggers move
 * with any change a public page shows (decision 024), and the day. A reader made once per database:
 * one statement, compiled once. On SQLite it runs on the database's committed-data connection,
 * synchronously (a few microseconds, behind no open transaction: what another process would read).
 * Otherwise requests that ask while a read is under way share it, so none is older than the moment
 * its read began.
 */
export function dataVersionsReader(database: Db): () => Promise<DataVersions> {
  const query = database.db
    .selectNoFrom((eb) => [
      eb.selectFrom('catalogue_version').select('version').as('catalogue'),
      eb.selectFrom('site_version').select('version').as('site'),
    ])
    .compile();
  type Row = { catalogue: unknown; site: unknown } | undefined;
  const versions = (row: Row): DataVersions => ({
    catalogue: String(row?.catalogue),
    site: String(row?.site),
    day: Math.floor(Date.now() / 86_400_000),
  });
  if (database.committed) {
    const read = database.committed(query.sql);
    return async () => versions(read(query.parameters) as Row);
  }
  let reading: Promise<DataVersions> | null = null;
  return () =>
    (reading ??= database.db
      .executeQuery(query)
      .then(({ rows }) => versions(rows[0]))
      .finally(() => {
        reading = null;
      }));
}

/**
 * The versions of listings (migration 20261213_0001: their row, pictures, options, price history,
 * likes and seller), as one string for a key: `id:version` each, 0 for a listing without a change
 * recorded. As the data versions: on SQLite a synchronous read of committed data; otherwise one
 * statement for the ids asked, which `batch` may gather across the requests of a turn.
 */
export function listingVersionsReader(
  database: Db,
  batch: (read: (ids: number[]) => Promise<Map<number, unknown>>) => (ids: readonly number[]) => Promise<Map<number, unknown>> = (read) =>
    (ids) =>
      read([...ids]),
): (ids: readonly number[]) => Promise<string> {
  const stamp = (ids: readonly number[], found: Map<number, unknown>) => ids.map((id) => `${id}:${found.get(id) ?? 0}`).join(',');
  if (database.committed) {
    const one = database.db.selectFrom('vehicle_versions').select('version').where('vehicle_id', '=', 0).compile();
    const read = database.committed(one.sql);
    return async (ids) => stamp(ids, new Map(ids.map((id) => [id, (read([id]) as { version: unknown } | undefined)?.version])));
  }
  const readMany = batch(async (ids) => {
    const rows = await database.db
      .selectFrom('vehicle_versions')
      .select(['vehicle_id', 'version'])
      .where('vehicle_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [Number(r.vehicle_id), r.version]));
  });
  return async (ids) => stamp(ids, await readMany(ids));
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
  return (await readMaintenanceNotice(db, locale))?.text ?? null;
}

/** The maintenance message and the language it is written in (English when the locale has none). */
export async function readMaintenanceNotice(db: Kysely<Database>, locale: Locale): Promise<{ text: string; language: Locale } | null> {
  const { maintenanceEnabled, maintenanceMessage } = await readSettings(db);
  if (!maintenanceEnabled) return null;
  const own = maintenanceMessage[locale];
  if (own) return { text: own, language: locale };
  return maintenanceMessage.en_US ? { text: maintenanceMessage.en_US, language: 'en_US' } : null;
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
