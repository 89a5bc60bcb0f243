import type { Db as Connected, Database, DialectName } from '@autoroute/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Database>;
type CommittedRead = NonNullable<Connected['committed']>;

/** What the in-process postings hold of a listing (postings.ts, docs/decisions/044). */
export interface PostedRow {
  id: number;
  brand: string;
  model: string;
  category_id: number;
  type_id: number;
  fuel_type_id: number;
  transmission_id: number;
  color_id: number;
  country_id: number;
  city_id: number;
  price_ref_minor: number;
  year: number;
  mileage: number;
  number_of_doors: number;
  market_rating: string;
  market_gap: number;
  sold: number;
  promoted: number;
  created_at: string;
}

/** The columns kept as postings (postings.ts): per value, the set of listings holding it. */
export const KEYED_COLUMNS = [
  'brand',
  'model',
  'category_id',
  'type_id',
  'fuel_type_id',
  'transmission_id',
  'color_id',
  'country_id',
  'city_id',
  'year',
  'number_of_doors',
  'market_rating',
] as const;

const COLUMNS = ['id', ...KEYED_COLUMNS, 'price_ref_minor', 'mileage', 'market_gap', 'sold', 'created_at'] as const;

function postedRows(db: Db) {
  // A listing withheld by moderation (`sold` 2, docs/decisions/057) is not in the postings: as if deleted.
  // A literal, not a parameter: the batches' prepared statement is given only its own two (after, limit).
  return db
    .selectFrom('vehicles')
    .select(COLUMNS)
    .select(sql<number>`(featured | plan_featured)`.as('promoted'))
    .where('sold', '<=', sql.lit(1));
}

/** PostgreSQL's bigint and numeric columns arrive as strings: every number made a number. */
function asPosted(r: Record<string, unknown>): PostedRow {
  return {
    ...(r as unknown as PostedRow),
    id: Number(r.id),
    price_ref_minor: Number(r.price_ref_minor),
    mileage: Number(r.mileage),
    market_gap: Number(r.market_gap),
    promoted: Number(r.promoted),
  };
}

/** A listing's values as the committed-data connection reads them: an array in the order of COLUMNS, then `promoted`. */
function fromValues(values: unknown[]): PostedRow {
  const row = {} as Record<string, unknown>;
  COLUMNS.forEach((column, i) => {
    row[column] = values[i];
  });
  row.promoted = values[COLUMNS.length];
  return asPosted(row);
}

/**
 * A reader of the catalogue in batches: the listings after id `after`, `limit` of them in id order.
 * On SQLite in a file, on the committed-data connection (never a transaction under way on the
 * request connection) as arrays of values, synchronously: half the time of rows made objects, and
 * a fifth of a read through the long-read worker, whose rows are copied across threads.
 */
export function postedBatches(database: {
  db: Db;
  committed: CommittedRead | null;
}): (after: number, limit: number) => Promise<PostedRow[]> {
  const query = (after: number, limit: number) => postedRows(database.db).where('id', '>', after).orderBy('id').limit(limit);
  if (database.committed) {
    const read = database.committed(query(0, 1).compile().sql, 'all');
    return async (after, limit) => (read([after, limit]) as unknown[][]).map(fromValues);
  }
  return async (after, limit) => (await query(after, limit).execute()).map((r) => asPosted(r as Record<string, unknown>));
}

/** These listings as they are now: those missing were deleted. */
export async function postedRowsOf(db: Db, ids: readonly number[]): Promise<PostedRow[]> {
  if (!ids.length) return [];
  const rows = await postedRows(db).where('id', 'in', ids).execute();
  return rows.map((r) => asPosted(r as Record<string, unknown>));
}

/**
 * Where a reader of `search_changes` starts: on SQLite the largest id written, on PostgreSQL the
 * oldest transaction still running (its changes, and every later one's, are read again).
 */
export async function changesHorizon(db: Db, dialect: DialectName): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ h: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as h`.execute(db);
    return Number(rows[0]!.h);
  }
  const row = await db
    .selectFrom('search_changes')
    .select((eb) => eb.fn.max('id').as('h'))
    .executeTakeFirstOrThrow();
  return Number(row.h ?? 0);
}

/**
 * The listings changed from `horizon` on, and the horizon to read from next time. PostgreSQL reads
 * both in one statement, so no change falls between them.
 */
export async function changesSince(db: Db, dialect: DialectName, horizon: number): Promise<{ ids: number[]; horizon: number }> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ h: string; ids: number[] }>`select pg_snapshot_xmin(pg_current_snapshot())::text as h,
        array(select distinct vehicle_id from search_changes where tx >= ${horizon}) as ids`.execute(db);
    return { ids: rows[0]!.ids.map(Number), horizon: Number(rows[0]!.h) };
  }
  const rows = await db.selectFrom('search_changes').select(['id', 'vehicle_id']).where('id', '>', horizon).orderBy('id').execute();
  return { ids: [...new Set(rows.map((r) => r.vehicle_id))], horizon: rows.length ? rows[rows.length - 1]!.id : horizon };
}

/** Deletes the `search_changes` rows written before `before`; answers how many. */
export async function deleteSearchChangesBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('search_changes').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
