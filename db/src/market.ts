import { CompiledQuery, type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from './schema.ts';
import { MARKET_GAP_UNKNOWN, type MarketRating } from './schema.ts';

/**
 * What comparable listings say a vehicle is worth (issue 17), in one place: the detail's market
 * price, the listing form's price check, the search's stored rating, the seed and the market job
 * all come through `ComparableSet.estimate`. The comparables of a listing are the listings of the
 * same make, model, currency and type (a day's rent is no sale price), live or sold in the last 180
 * days, the listing itself aside, from the narrowest step with at least five of them.
 */

/** Fewer comparables than this, even at the widest step: no estimate. */
export const MIN_COMPARABLES = 5;
/** How far back a sold listing still counts as a comparable (its sale says what the market paid). */
export const SOLD_COMPARABLE_MS = 180 * 86_400_000;

/**
 * The steps the comparables widen through until there are enough: years around the listing's,
 * its mileage within a share of itself (or any), the same fuel or any.
 */
export const MARKET_STEPS: readonly { years: number; mileage: number | null; sameFuel: boolean }[] = [
  { years: 1, mileage: 0.3, sameFuel: true },
  { years: 2, mileage: 0.5, sameFuel: true },
  { years: 3, mileage: null, sameFuel: false },
];

export interface MarketSubject {
  /** A stored listing is not its own comparable; null for a vehicle not published yet. */
  id: number | null;
  year: number;
  mileage: number;
  fuelTypeId: number | null;
  /** The price to rate, in minor units; null: no rating. */
  priceMinor: number | null;
}

export interface MarketBasis {
  minYear: number;
  maxYear: number;
  minMileage: number | null;
  maxMileage: number | null;
  sameFuel: boolean;
}

/** Which listings a step compares a vehicle with. */
export function marketBasis(step: number, v: Pick<MarketSubject, 'year' | 'mileage' | 'fuelTypeId'>): MarketBasis {
  const s = MARKET_STEPS[Math.min(Math.max(step, 0), MARKET_STEPS.length - 1)]!;
  return {
    minYear: v.year - s.years,
    maxYear: v.year + s.years,
    minMileage: s.mileage === null ? null : Math.floor(v.mileage * (1 - s.mileage)),
    maxMileage: s.mileage === null ? null : Math.ceil(v.mileage * (1 + s.mileage) + 10_000),
    sameFuel: s.sameFuel && v.fuelTypeId !== null,
  };
}

/** A price's place against the estimate: under by 15 % or more is a great deal, over by 15 % overpriced. */
export function rateGap(gap: number): Exclude<MarketRating, 'unknown'> {
  if (gap <= -0.15) return 'great';
  if (gap <= -0.05) return 'good';
  if (gap <= 0.05) return 'fair';
  if (gap < 0.15) return 'high';
  return 'overpriced';
}

/** The value at a share of a sorted list, by linear interpolation (the median at 0.5). */
function quantile(sorted: Float64Array, share: number): number {
  const at = (sorted.length - 1) * share;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** One listing's figures, prices in minor units (the estimate rounded to a whole minor unit). */
export interface MarketFigures {
  estimateMinor: number | null;
  lowMinor: number | null;
  highMinor: number | null;
  comparables: number;
  /** The step that found them (the widest when too few). */
  step: number;
  rating: MarketRating;
  /** (price − estimate) / estimate; MARKET_GAP_UNKNOWN without an estimate or a price. */
  gap: number;
}

export interface Comparable {
  id: number;
  priceMinor: number;
  year: number;
  mileage: number;
  fuelTypeId: number | null;
}

/**
 * The comparables of one make, model, currency and type, by year and then by mileage, so that a
 * step's listings are a few slices found by binary search: rating a whole group costs about the
 * size of each listing's comparables, not the size of the group.
 */
export class ComparableSet {
  private readonly byYear = new Map<number, Comparable[]>();
  /** Where a step's prices are gathered and sorted, reused: a typed array sorts numbers natively, six times faster than an array. */
  private buffer = new Float64Array(64);

  constructor(rows: Iterable<Comparable>) {
    for (const r of rows) {
      const list = this.byYear.get(r.year);
      if (list) list.push(r);
      else this.byYear.set(r.year, [r]);
    }
    for (const list of this.byYear.values()) list.sort((a, b) => a.mileage - b.mileage);
  }

  /** The sorted prices of a step's comparables (a view of the buffer, good until the next call). */
  private prices(step: number, v: MarketSubject): Float64Array {
    const basis = marketBasis(step, v);
    const fuel = basis.sameFuel ? v.fuelTypeId : null;
    const low = basis.minMileage ?? Number.NEGATIVE_INFINITY;
    const high = basis.maxMileage ?? Number.POSITIVE_INFINITY;
    let n = 0;
    for (let year = basis.minYear; year <= basis.maxYear; year++) {
      const list = this.byYear.get(year);
      if (!list) continue;
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid]!.mileage < low) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < list.length && list[i]!.mileage <= high; i++) {
        const c = list[i]!;
        if (c.id !== v.id && (fuel === null || c.fuelTypeId === fuel)) {
          if (n === this.buffer.length) {
            const grown = new Float64Array(n * 2);
            grown.set(this.buffer);
            this.buffer = grown;
          }
          this.buffer[n++] = c.priceMinor;
        }
      }
    }
    return this.buffer.subarray(0, n).sort();
  }

  estimate(v: MarketSubject): MarketFigures {
    let prices: Float64Array = new Float64Array(0);
    let step = 0;
    for (; step < MARKET_STEPS.length; step++) {
      prices = this.prices(step, v);
      if (prices.length >= MIN_COMPARABLES) break;
    }
    if (prices.length < MIN_COMPARABLES) {
      const widest = MARKET_STEPS.length - 1;
      return {
        estimateMinor: null,
        lowMinor: null,
        highMinor: null,
        comparables: prices.length,
        step: widest,
        rating: 'unknown',
        gap: MARKET_GAP_UNKNOWN,
      };
    }
    const estimate = Math.round(quantile(prices, 0.5));
    const gap = v.priceMinor === null ? MARKET_GAP_UNKNOWN : (v.priceMinor - estimate) / estimate;
    return {
      estimateMinor: estimate,
      lowMinor: Math.round(quantile(prices, 0.25)),
      highMinor: Math.round(quantile(prices, 0.75)),
      comparables: prices.length,
      step,
      rating: v.priceMinor === null ? 'unknown' : rateGap(gap),
      gap,
    };
  }
}

type Db = Kysely<Database>;

/** The market figures stored with a listing (migration 20261211_0002), as the job writes them. */
export interface StoredMarket {
  market_rating: string;
  market_gap: number;
  market_estimate_minor: number | string | null;
  market_low_minor: number | string | null;
  market_high_minor: number | string | null;
  market_comparables: number;
  market_step: number | null;
  market_computed_at: string | null;
}

/** What a listing is compared by: a stored one, or one about to be added (the seed). */
export interface MarketSubjectRow {
  id: number;
  brand: string;
  model: string;
  currency_id: number;
  type_id: number;
  price_minor: number | string;
  year: number;
  mileage: number;
  fuel_type_id: number | null;
  sold: number;
  sold_at: string | null;
}

/** A stored listing: what it is compared by, and its stored figures. */
interface MarketRow extends MarketSubjectRow, StoredMarket {}

const MARKET_COLUMNS = [
  'id',
  'brand',
  'model',
  'currency_id',
  'type_id',
  'price_minor',
  'year',
  'mileage',
  'fuel_type_id',
  'sold',
  'sold_at',
  'market_rating',
  'market_gap',
  'market_estimate_minor',
  'market_low_minor',
  'market_high_minor',
  'market_comparables',
  'market_step',
  'market_computed_at',
] as const;

/** Whether a listing counts as a comparable: live, or sold since `soldSince`. */
export const isComparable = (r: { sold: number; sold_at: string | null }, soldSince: string) =>
  Number(r.sold) === 0 || (r.sold_at !== null && r.sold_at >= soldSince);

const num = (v: number | string | null) => (v === null ? null : Number(v));

/**
 * Rates every listing of these rows, which hold whole make-and-model groups: `each` is called with
 * each row and its figures.
 */
function rateRows<R extends MarketSubjectRow>(rows: readonly R[], now: Date, each: (row: R, figures: MarketFigures) => void): void {
  const soldSince = new Date(now.getTime() - SOLD_COMPARABLE_MS).toISOString();
  const partitions = new Map<string, R[]>();
  for (const r of rows) {
    const key = `${r.brand}\u0000${r.model}\u0000${r.currency_id}\u0000${r.type_id}`;
    const list = partitions.get(key);
    if (list) list.push(r);
    else partitions.set(key, [r]);
  }
  for (const list of partitions.values()) {
    const set = new ComparableSet(
      list.flatMap((r) =>
        isComparable(r, soldSince)
          ? [{ id: r.id, priceMinor: Number(r.price_minor), year: r.year, mileage: r.mileage, fuelTypeId: r.fuel_type_id }]
          : [],
      ),
    );
    for (const r of list) {
      each(r, set.estimate({ id: r.id, year: r.year, mileage: r.mileage, fuelTypeId: r.fuel_type_id, priceMinor: Number(r.price_minor) }));
    }
  }
}

/** Whether a stored listing's figures are these already. */
const unchanged = (r: MarketRow, f: MarketFigures) =>
  r.market_computed_at !== null &&
  r.market_rating === f.rating &&
  Math.abs(Number(r.market_gap) - f.gap) < 1e-9 &&
  num(r.market_estimate_minor) === f.estimateMinor &&
  num(r.market_low_minor) === f.lowMinor &&
  num(r.market_high_minor) === f.highMinor &&
  Number(r.market_comparables) === f.comparables &&
  r.market_step === f.step;

/** The figures of every listing of these rows (whole make-and-model groups), those that changed only. */
function computeRows(rows: MarketRow[], now: Date): { id: number; figures: MarketFigures }[] {
  const changed: { id: number; figures: MarketFigures }[] = [];
  rateRows(rows, now, (r, f) => {
    if (!unchanged(r, f)) changed.push({ id: r.id, figures: f });
  });
  return changed;
}

/** Rows written per statement: nine parameters each, well under both engines' limits. */
const WRITE_CHUNK = 500;

/** Each row's parameters: id, rating, gap, estimate, low, high, comparables, step. */
const FIGURE_PARAMETERS = 8;
/** A statement's text depends only on the engine and how many rows it holds: every chunk but the last shares it. */
const figuresTexts = new Map<string, string>();

/**
 * One statement writing figures by id: a CTE of values joined to the table, on both engines, as
 * plain SQL with its parameters (building a query of a few thousand parameters through the query
 * builder cost twice what the engine took to write them). The `in` names the rows by primary key:
 * without it SQLite's planner scans the whole table once per statement (the join alone, even with
 * the CTE's automatic index), which made rating a million listings quadratic: 2,000 statements of a
 * full scan each.
 */
export function figuresUpdate(db: Db, changed: readonly { id: number; figures: MarketFigures }[], at: string): CompiledQuery {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const textKey = `${pg}:${changed.length}`;
  let text = figuresTexts.get(textKey);
  if (!text) {
    const p = (n: number) => (pg ? `$${n}` : '?');
    const tuples = Array.from({ length: changed.length }, (_, r) => {
      const q = (c: number) => p(r * FIGURE_PARAMETERS + c + 1);
      return `(cast(${q(0)} as integer), cast(${q(1)} as text), cast(${q(2)} as double precision), cast(${q(3)} as bigint), cast(${q(4)} as bigint), cast(${q(5)} as bigint), cast(${q(6)} as integer), cast(${q(7)} as integer))`;
    });
    text = `with x (id, rating, gap, estimate, low, high, comparables, step) as (values ${tuples.join(', ')})
    update vehicles set market_rating = x.rating, market_gap = x.gap, market_estimate_minor = x.estimate,
      market_low_minor = x.low, market_high_minor = x.high, market_comparables = x.comparables, market_step = x.step,
      market_computed_at = ${p(changed.length * FIGURE_PARAMETERS + 1)}
    from x where vehicles.id = x.id and vehicles.id in (select id from x)`;
    figuresTexts.set(textKey, text);
  }
  const parameters: unknown[] = new Array(changed.length * FIGURE_PARAMETERS + 1);
  let i = 0;
  for (const { id, figures: f } of changed) {
    parameters[i++] = id;
    parameters[i++] = f.rating;
    parameters[i++] = f.gap;
    parameters[i++] = f.estimateMinor;
    parameters[i++] = f.lowMinor;
    parameters[i++] = f.highMinor;
    parameters[i++] = f.comparables;
    parameters[i++] = f.step;
  }
  parameters[i] = at;
  return CompiledQuery.raw(text, parameters);
}

/** Writes figures by id, WRITE_CHUNK rows a statement. */
async function writeFigures(db: Db, changed: { id: number; figures: MarketFigures }[], now: Date): Promise<void> {
  const at = now.toISOString();
  for (let i = 0; i < changed.length; i += WRITE_CHUNK) await db.executeQuery(figuresUpdate(db, changed.slice(i, i + WRITE_CHUNK), at));
}

/**
 * Computes the ratings of whole make-and-model groups again and writes those that changed: one
 * read per group (by the make-and-model index), a few writes. Answers how many listings changed.
 */
export async function refreshMarketGroups(db: Db, groups: readonly { brand: string; model: string }[], now = new Date()): Promise<number> {
  let written = 0;
  for (const g of groups) {
    const rows = (await db
      .selectFrom('vehicles')
      .select(MARKET_COLUMNS)
      .where('brand', '=', g.brand)
      .where('model', '=', g.model)
      .execute()) as MarketRow[];
    const changed = computeRows(rows, now);
    await writeFigures(db, changed, now);
    written += changed.length;
  }
  return written;
}

/**
 * The figures of listings about to be added (the seed), rated with the stored ones, which are rated
 * again and written where the new ones change them (one read of the catalogue). The i-th new listing's id is -(i + 1), unlike any stored one's (a listing is not its
 * own comparable). Answers their figures in their order, to be written with them: written
 * afterwards, a million listings' figures cost as much as the rest of their load (issue 14). Once
 * they are, no group is waiting for the market job (the caller empties market_stale).
 */
export async function rateNewListings(db: Db, added: readonly MarketSubjectRow[], now = new Date()): Promise<MarketFigures[]> {
  const stored = (await db.selectFrom('vehicles').select(MARKET_COLUMNS).execute()) as MarketRow[];
  const figures: MarketFigures[] = new Array(added.length);
  const changed: { id: number; figures: MarketFigures }[] = [];
  rateRows<MarketSubjectRow | MarketRow>([...stored, ...added], now, (row, f) => {
    if (row.id < 0) figures[-row.id - 1] = f;
    else if (!unchanged(row as MarketRow, f)) changed.push({ id: row.id, figures: f });
  });
  await writeFigures(db, changed, now);
  return figures;
}

/**
 * The market job's pass: the groups marked stale (by the triggers of migration 20261211_0002), each
 * computed and forgotten in one transaction, unless marked again meanwhile (its version moved).
 */
export async function refreshStaleMarkets(db: Db, limit = 500, now = new Date()): Promise<{ groups: number; listings: number }> {
  const stale = await db.selectFrom('market_stale').select(['brand', 'model', 'version']).limit(limit).execute();
  let listings = 0;
  for (const g of stale) {
    listings += await db.transaction().execute(async (tx) => {
      const n = await refreshMarketGroups(tx, [g], now);
      await tx
        .deleteFrom('market_stale')
        .where('brand', '=', g.brand)
        .where('model', '=', g.model)
        .where('version', '=', g.version)
        .execute();
      return n;
    });
  }
  return { groups: stale.length, listings };
}

/** The comparables of one make, model, currency and type (the price check and a listing not yet rated). */
export async function comparableSet(
  db: Db,
  c: { brand: string; model: string; currencyId: number; typeId: number | null },
  now = new Date(),
): Promise<ComparableSet> {
  const soldSince = new Date(now.getTime() - SOLD_COMPARABLE_MS).toISOString();
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'price_minor', 'year', 'mileage', 'fuel_type_id', 'sold', 'sold_at'])
    .where('brand', '=', c.brand)
    .where('model', '=', c.model)
    .where('currency_id', '=', c.currencyId)
    .$if(c.typeId !== null, (q) => q.where('type_id', '=', c.typeId!))
    .execute();
  return new ComparableSet(
    rows.flatMap((r) =>
      isComparable(r, soldSince)
        ? [{ id: r.id, priceMinor: Number(r.price_minor), year: r.year, mileage: r.mileage, fuelTypeId: r.fuel_type_id }]
        : [],
    ),
  );
}
