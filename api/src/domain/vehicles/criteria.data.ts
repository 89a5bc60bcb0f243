import { FACETS } from '@autoroute/contract/vehicles';
import type { Database, DialectName, MarketRating } from '@autoroute/db';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { VehicleListQuery } from './query.ts';

/** What a search asks for, prices already in hundredths of the reference currency (the service converts them, db/src/prices.ts). */
export interface SearchCriteria {
  q?: string | undefined;
  brand?: string | undefined;
  model?: string | undefined;
  categoryId?: number | undefined;
  typeId?: number | undefined;
  fuelTypeId?: number | undefined;
  transmissionId?: number | undefined;
  colorId?: number | undefined;
  countryId?: number | undefined;
  cityId?: number | undefined;
  /** Bounds on `price_ref_minor`: every listing's price in one scale, whatever its currency. */
  minPriceRef?: number | undefined;
  maxPriceRef?: number | undefined;
  minYear?: number | undefined;
  maxYear?: number | undefined;
  maxMileage?: number | undefined;
  doors?: number | undefined;
  /** Fair-price ratings to keep (the stored `market_rating`). */
  rating?: MarketRating[] | undefined;
  /** Around a city: the cities within the radius, nearest first, with their distance (km). */
  near?: { id: number; km: number }[] | undefined;
  /**
   * Rental listings free on these local days (`to` exclusive), and the rental types' ids (the
   * service reads them): docs/decisions/061-rentals-in-search.md.
   */
  available?: Available | undefined;
  includeSold: boolean;
  sort: VehicleListQuery['sort'];
  page: number;
  perPage: number;
}

/** An availability search's days (YYYY-MM-DD, `to` exclusive) and the types that are rentals. */
interface Available {
  from: string;
  to: string;
  rentalTypeIds: number[];
}

export type FacetName = (typeof FACETS)[number];
export type FacetCounts = { [K in FacetName]: Map<K extends 'brand' ? string : number, number> };
/**
 * A search's total and facet counts. `asOf` is null when they are exact now; else the time a broad
 * search's counts were made at, shared for a short while after the catalogue changed (facetGroups).
 */
export interface FacetCounting {
  total: number;
  facets: FacetCounts;
  asOf: string | null;
  /**
   * True when they are estimated from the sample of listings (a broad search of a large catalogue:
   * countFacets); the page's listings are exact all the same.
   */
  estimated: boolean;
}

const MAX_TERMS = 8;
export const v = expressionBuilder<{ v: Database['vehicles'] }, 'v'>();
/** One listing in this many is in the sample: `id % 32 = 0` (migration 20261214_0001). */
export const SAMPLE_EVERY = 32;

/**
 * The words of a free-text query, lowercased, without any search syntax: only runs of letters and
 * digits survive, so quotes, `*`, parentheses or operators typed by a visitor can never reach the
 * full-text engine as syntax.
 */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? []
  ).slice(0, MAX_TERMS);
}

/**
 * The one place that speaks each engine's text search: every word must match, the last one as a
 * prefix (so "ren cli" finds "Renault Clio"). SQLite matches the FTS5 table kept by triggers,
 * PostgreSQL the stored `search` tsvector. `strong` tells the listings whose title, make and model
 * hold every word from those that need their description for some: relevance puts them first.
 */
export function textSearch(dialect: DialectName, terms: string[], sample = false) {
  const last = terms.length - 1;
  if (dialect === 'postgres') {
    const query = sql`to_tsquery('simple', ${terms.map((t, i) => `'${t}'${i === last ? ':*' : ''}`).join(' & ')})`;
    // `search_named`: the words of the title, make and model, stored (migration 20261207_0002).
    return {
      where: sql<SqlBool>`${sql.ref('v.search')} @@ ${query}`,
      strong: sql<SqlBool>`${sql.ref('v.search_named')} @@ ${query}`,
    } as const;
  }
  const match = terms.map((t, i) => `"${t}"${i === last ? '*' : ''}`).join(' ');
  // In the sample, the matches outside it are dropped before their rows are read.
  const inSample = sample ? sql` and rowid % ${sql.lit(SAMPLE_EVERY)} = 0` : sql``;
  const matching = (expression: string) =>
    sql<SqlBool>`${sql.ref('v.id')} in (select rowid from vehicles_fts where vehicles_fts match ${expression}${inSample})`;
  return { where: matching(match), strong: matching(`{title brand model} : (${match})`) } as const;
}

export const FACET_COLUMNS = {
  categoryId: 'category_id',
  typeId: 'type_id',
  fuelTypeId: 'fuel_type_id',
  transmissionId: 'transmission_id',
  brand: 'brand',
  colorId: 'color_id',
  countryId: 'country_id',
  cityId: 'city_id',
} as const;

export type Condition =
  | [column: keyof Database['vehicles'] & string, op: '=' | '>=' | '<=', value: number | string]
  | [column: keyof Database['vehicles'] & string, op: 'in', value: readonly (number | string)[]]
  // Free on these days: no holding booking, no owner's block, a length the terms allow (freeOn).
  | [column: 'id', op: 'free', value: Available];

/** The column filters other than the facets: they apply to the page and to the facet counts alike. */
export function baseConditions(c: SearchCriteria): Condition[] {
  const all: [Condition[1], Condition[0], number | string | undefined][] = [
    // 0 for sale, 1 sold, 2 withheld by moderation (docs/decisions/057): never in a search.
    c.includeSold ? ['<=', 'sold', 1] : ['=', 'sold', 0],
    ['=', 'model', c.model],
    ['>=', 'price_ref_minor', c.minPriceRef],
    ['<=', 'price_ref_minor', c.maxPriceRef],
    ['>=', 'year', c.minYear],
    ['<=', 'year', c.maxYear],
    ['<=', 'mileage', c.maxMileage],
    ['=', 'number_of_doors', c.doors],
  ];
  const conditions = all.flatMap(([op, column, value]) => (value === undefined ? [] : [[column, op, value] as Condition]));
  // The stored rating, read like the other filters from the search index (migration 20261211_0002).
  if (c.rating) conditions.push(['market_rating', 'in', [...c.rating].sort()]);
  // Around a city: its neighbours' listings (none within the radius: a list that matches nothing).
  if (c.near) conditions.push(['city_id', 'in', c.near.length ? c.near.map((n) => n.id) : [0]]);
  // Available on some days: rentals only, free then.
  if (c.available) {
    conditions.push(['type_id', 'in', c.available.rentalTypeIds.length ? c.available.rentalTypeIds : [0]]);
    conditions.push(['id', 'free', c.available]);
  }
  return conditions;
}

export function facetConditions(c: SearchCriteria, facets: readonly FacetName[] = FACETS): Condition[] {
  return facets.flatMap((f) => (c[f] === undefined ? [] : [[FACET_COLUMNS[f], '=', c[f]] as Condition]));
}

/**
 * The WHERE of a search. SQLite keeps no statistics unless told to, and without them it picks a
 * narrow index and reads the matching rows one by one (tens of milliseconds at 100,000 vehicles).
 * So on SQLite only the `indexable` columns may use an index; the others are written `+column`,
 * SQLite's documented way to keep a term off an index. The search then reads either the text
 * matches, or the covering search index: a bounded cost whatever the filters. PostgreSQL has its
 * statistics and plans alone.
 */
export function whereOf(
  dialect: DialectName,
  conditions: Condition[],
  terms: string[],
  indexable: readonly string[],
  table = 'v',
  sample = false,
): Expression<SqlBool> {
  const steer = dialect === 'sqlite';
  const parts = conditions.map(([column, op, value]) => {
    const ref = sql.ref(`${table}.${column}`);
    const term = steer && !indexable.includes(column) ? sql`+${ref}` : ref;
    if (op === 'free') return freeOn(ref, value);
    if (op === 'in') return sql<SqlBool>`${term} in (${sql.join(value)})`;
    return sql<SqlBool>`${term} ${sql.raw(op)} ${value}`;
  });
  if (terms.length) parts.push(textSearch(dialect, terms, sample).where);
  // The sample's partial index (migration 20261214_0001) is used when the query states its
  // condition as written there, constants and all.
  if (sample) parts.push(sql<SqlBool>`${sql.ref(`${table}.sold`)} = 0 and ${sql.ref(`${table}.id`)} % ${sql.lit(SAMPLE_EVERY)} = 0`);
  return v.and(parts);
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The holding states, written as the partial index `bookings_holding_days_idx` states them (migration 20261226_0301). */
const HOLDING = sql.raw(`('requested', 'accepted', 'active')`);

/**
 * A listing free to be picked up on `from` and returned on `to` (local days): no booking that holds
 * the car meets those days (the states of HOLDING_STATES; a booking holds its days up to its return
 * day included, the car being out until the return: docs/decisions/059, so one returned on `from`
 * or picked up on `to` keeps it), no one-off block closes one of them, no weekly block falls on one
 * of their weekdays while it runs, and its terms allow that many days (no terms: 1 to 90 days, the
 * defaults of rental_terms). Days are compared as text, the listing's own local days: no time zone
 * is needed. Each NOT EXISTS seeks one listing's entries of its index: the holding bookings by
 * (vehicle_id, end_on) (partial index, migration 20261226_0301), the blocks by (vehicle_id, starts_on).
 *
 * A weekly block on weekday w blocks when it runs on the first or the last w of the range; a
 * block that starts after the first and ends before the last (shorter than the range) is taken as
 * blocking too, which may hide a listing whose block of a few days misses its weekday.
 */
function freeOn(id: Expression<unknown>, a: Available): Expression<SqlBool> {
  const fromMs = Date.parse(`${a.from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${a.to}T00:00:00Z`) - fromMs) / DAY_MS);
  const weekly = [];
  // The weekdays of every day from pickup to return, both included.
  for (let i = 0; i < Math.min(days + 1, 7); i++) {
    const first = fromMs + i * DAY_MS;
    const last = first + Math.floor((days - i) / 7) * 7 * DAY_MS;
    weekly.push(
      sql`(k.weekday = ${sql.lit(new Date(first).getUTCDay())} and k.starts_on <= ${dayOf(last)} and (k.ends_on is null or k.ends_on > ${dayOf(first)}))`,
    );
  }
  // Without terms, the defaults: a stay within 1 to 90 days.
  const allowed =
    days <= 90
      ? sql`not exists (select 1 from rental_terms t where t.vehicle_id = ${id} and (t.min_days > ${days} or t.max_days < ${days}))`
      : sql`exists (select 1 from rental_terms t where t.vehicle_id = ${id} and t.min_days <= ${days} and t.max_days >= ${days})`;
  return sql<SqlBool>`(not exists (select 1 from bookings b where b.vehicle_id = ${id} and b.state in ${HOLDING} and b.end_on >= ${a.from} and b.start_on <= ${a.to})
    and not exists (select 1 from availability_blocks k where k.vehicle_id = ${id} and k.starts_on <= ${a.to}
      and (k.kind = 'once' and (k.ends_on is null or k.ends_on > ${a.from}) or k.kind = 'weekly' and (${sql.join(weekly, sql` or `)})))
    and ${allowed})`;
}
