import { FACETS } from '@autoroute/contract/vehicles';
import type { Database, DialectName } from '@autoroute/db';
import { CompiledQuery, type Kysely } from 'kysely';
import {
  baseConditions,
  FACET_COLUMNS,
  type FacetCounting,
  type FacetCounts,
  type FacetName,
  type SearchCriteria,
  whereOf,
} from './criteria.data.ts';
import { promoted } from './walks.data.ts';

type Db = Kysely<Database>;

/** What a free rental is counted and sorted by. */
interface FreeRow {
  id: number;
  created_at: string;
  price_ref_minor: number | string | null;
  year: number;
  mileage: number;
  market_gap: number | string;
  promoted: number | string;
  brand: string;
  category_id: number;
  type_id: number;
  fuel_type_id: number;
  transmission_id: number;
  color_id: number;
  country_id: number;
  city_id: number;
}

/** The read of freeRentalsSearch: the rentals free on those days, with what they are counted and sorted by. */
export function freeRentalsQuery(db: Db, dialect: DialectName, c: SearchCriteria): CompiledQuery<FreeRow> {
  const query = db
    .selectFrom('vehicles as v')
    .select([
      'v.id',
      'v.created_at',
      'v.price_ref_minor',
      'v.year',
      'v.mileage',
      'v.market_gap',
      promoted.as('promoted'),
      'v.brand',
      'v.category_id',
      'v.type_id',
      'v.fuel_type_id',
      'v.transmission_id',
      'v.color_id',
      'v.country_id',
      'v.city_id',
    ])
    .where(whereOf(dialect, baseConditions(c), [], ['sold']))
    .compile();
  // SQLite reads the covering search index (migration 20261124_0001), which holds the type and
  // every facet: a listing's row is read only once its entry passed them, a rental (its live
  // listings' index by date read every row for its type: 100,000 at 100,000 listings).
  return (
    dialect === 'sqlite'
      ? CompiledQuery.raw(query.sql.replace('from "vehicles" as "v"', 'from "vehicles" as "v" indexed by "vehicles_search_facets_idx"'), [
          ...query.parameters,
        ])
      : query
  ) as CompiledQuery<FreeRow>;
}

/**
 * A search of rentals free on some days, without words (docs/decisions/061): the rentals matching
 * every filter but the facets and free then are read once, with their facet values and sort keys
 * (a tenth of the catalogue at most: 14,000 at 100,000 listings), and the total, each facet's
 * counts (over every filter but its own, as the database counts them) and the page in the asked
 * order (ties newest id first, as the database orders them) are made from them here. Each
 * listing's bookings and blocks are then sought once per search, not once per facet block and
 * again for the page.
 */
export async function freeRentalsSearch(
  db: Db,
  dialect: DialectName,
  c: SearchCriteria,
): Promise<{ ids: number[]; counts: FacetCounting }> {
  const rows = (await db.executeQuery(freeRentalsQuery(db, dialect, c))).rows;
  const chosen = FACETS.filter((f) => c[f] !== undefined);
  const passes = (row: FreeRow, f: FacetName) => row[FACET_COLUMNS[f]] === c[f];
  const facets = Object.fromEntries(FACETS.map((f) => [f, new Map()])) as FacetCounts;
  const matching: FreeRow[] = [];
  for (const row of rows) {
    // The facets this row fails: counted in a facet only when it fails none of the others.
    let failed: FacetName | null = null;
    let failures = 0;
    for (const f of chosen) {
      if (!passes(row, f)) {
        failed = f;
        if (++failures > 1) break;
      }
    }
    if (failures > 1) continue;
    if (failures === 0) matching.push(row);
    for (const f of FACETS) {
      if (failed !== null && failed !== f) continue;
      const counts = facets[f] as Map<number | string, number>;
      const value = row[FACET_COLUMNS[f]];
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  }
  matching.sort(order(c));
  const offset = (c.page - 1) * c.perPage;
  return {
    ids: matching.slice(offset, offset + c.perPage).map((r) => r.id),
    counts: { total: matching.length, facets, asOf: null, estimated: false },
  };
}

const num = (v: number | string | null) => (v === null ? Number.NaN : Number(v));

/** The asked order, as the database's: its key, then the newest id first. */
function order(c: SearchCriteria): (a: FreeRow, b: FreeRow) => number {
  const byId = (a: FreeRow, b: FreeRow) => b.id - a.id;
  const newest = (a: FreeRow, b: FreeRow) => (a.created_at === b.created_at ? byId(a, b) : a.created_at < b.created_at ? 1 : -1);
  const by = (key: (r: FreeRow) => number, direction: 1 | -1) => (a: FreeRow, b: FreeRow) => {
    const x = key(a);
    const y = key(b);
    // A missing value sorts as the database puts a null: last going up, first going down.
    if (Number.isNaN(x) || Number.isNaN(y))
      return Number.isNaN(x) === Number.isNaN(y) ? byId(a, b) : Number.isNaN(x) ? direction : -direction;
    return x === y ? byId(a, b) : (x - y) * direction;
  };
  switch (c.sort) {
    case 'price_asc':
      return by((r) => num(r.price_ref_minor), 1);
    case 'price_desc':
      return by((r) => num(r.price_ref_minor), -1);
    case 'year_desc':
      return by((r) => r.year, -1);
    case 'mileage_asc':
      return by((r) => r.mileage, 1);
    case 'deal':
      return by((r) => num(r.market_gap), 1);
    case 'relevance':
      return (a, b) => num(b.promoted) - num(a.promoted) || newest(a, b);
    case 'distance': {
      const rank = new Map(c.near?.map((n, i) => [n.id, i]));
      return (a, b) => (rank.get(a.city_id) ?? 0) - (rank.get(b.city_id) ?? 0) || newest(a, b);
    }
    default:
      return newest;
  }
}
