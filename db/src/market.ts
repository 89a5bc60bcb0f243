import { CompiledQuery, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import { fromReference, referencePrice } from './prices.ts';
import type { Database } from './schema.ts';
import { MARKET_GAP_UNKNOWN, type MarketRating } from './schema.ts';

/**
 * What comparable listings say a vehicle is worth (issue 17), in one place: the detail's market
 * price, the listing form's price check, the search's stored rating, the seed and the market job
 * all come through `ComparableSet.estimate`. The comparables of a listing are the listings of the
 * same type (a day's rent is no sale price), live or sold in the last 180 days, the listing itself
 * aside, compared by their price in the reference currency (db/src/prices.ts) whatever their own,
 * from the narrowest step with at least five of them: the same make and model first, then, when
 * the model is rare, the same segment and body, then the same segment (issue 33).
 */

/** Fewer comparables than this, even at the widest step: no estimate. */
export const MIN_COMPARABLES = 5;
/** How far back a sold listing still counts as a comparable (its sale says what the market paid). */
export const SOLD_COMPARABLE_MS = 180 * 86_400_000;

/** Which listings a step compares with: the same make and model, the same segment and body, or the same segment. */
export type MarketScope = 'model' | 'body' | 'segment';

/**
 * The steps the comparables widen through until there are enough: the same model, then (for a
 * model whose segment is known) its segment and body, then its segment; years around the
 * listing's, its mileage within a share of itself (or any), the same fuel or any.
 */
export const MARKET_STEPS: readonly { scope: MarketScope; years: number; mileage: number | null; sameFuel: boolean }[] = [
  { scope: 'model', years: 1, mileage: 0.3, sameFuel: true },
  { scope: 'model', years: 2, mileage: 0.5, sameFuel: true },
  { scope: 'model', years: 3, mileage: null, sameFuel: false },
  { scope: 'body', years: 2, mileage: 0.5, sameFuel: false },
  { scope: 'segment', years: 3, mileage: null, sameFuel: false },
];

export interface MarketSubject {
  /** A stored listing is not its own comparable; null for a vehicle not published yet. */
  id: number | null;
  /** Its make and model, as `modelKey` writes them. */
  model: string;
  categoryId: number | null;
  year: number;
  mileage: number;
  fuelTypeId: number | null;
  /** The price to rate, in hundredths of the reference currency; null: no rating. */
  priceRef: number | null;
}

/** A make and model as the comparables are grouped by. */
export const modelKey = (brand: string, model: string) => `${brand}\u0000${model}`;

export interface MarketBasis {
  scope: MarketScope;
  minYear: number;
  maxYear: number;
  minMileage: number | null;
  maxMileage: number | null;
  sameFuel: boolean;
}

/** Which listings a step compares a vehicle with. */
export function marketBasis(step: number, v: { year: number; mileage: number; fuelTypeId: number | null }): MarketBasis {
  const s = MARKET_STEPS[Math.min(Math.max(step, 0), MARKET_STEPS.length - 1)]!;
  return {
    scope: s.scope,
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
  /** Its price in hundredths of the reference currency. */
  priceRef: number;
  model: string;
  categoryId: number | null;
  year: number;
  mileage: number;
  fuelTypeId: number | null;
}

/** Comparables by year, each year's by mileage, so that a step's listings are a few slices found by binary search. */
class ByYear {
  readonly years = new Map<number, Comparable[]>();
  add(c: Comparable) {
    const list = this.years.get(c.year);
    if (list) list.push(c);
    else this.years.set(c.year, [c]);
  }
  sort() {
    for (const list of this.years.values()) list.sort((a, b) => a.mileage - b.mileage);
  }
}

/** A currency's figures convert into: its minor units and its rate (db/src/prices.ts). */
export interface MarketCurrency {
  minorUnits: number;
  rate: number;
}

/**
 * The comparables of one type and one segment (or of one make and model when its segment is not
 * known), by model, by body and all together, each by year and then by mileage: rating a whole
 * group costs about the size of each listing's comparables, not the size of the group.
 */
export class ComparableSet {
  private readonly models = new Map<string, ByYear>();
  private readonly bodies = new Map<number, ByYear>();
  private readonly all = new ByYear();
  /** Where a step's prices are gathered and sorted, reused: a typed array sorts numbers natively, six times faster than an array. */
  private buffer = new Float64Array(64);

  /** `segmented`: the rows are a segment's, and its wider steps apply; else only the model's. */
  constructor(
    rows: Iterable<Comparable>,
    private readonly segmented: boolean,
  ) {
    const indexOf = <K>(map: Map<K, ByYear>, key: K) => {
      const found = map.get(key);
      if (found) return found;
      const made = new ByYear();
      map.set(key, made);
      return made;
    };
    for (const r of rows) {
      indexOf(this.models, r.model).add(r);
      if (segmented) {
        this.all.add(r);
        if (r.categoryId !== null) indexOf(this.bodies, r.categoryId).add(r);
      }
    }
    for (const index of [...this.models.values(), ...this.bodies.values(), this.all]) index.sort();
  }

  /** The sorted prices of a step's comparables (a view of the buffer, good until the next call). */
  private prices(step: number, v: MarketSubject): Float64Array {
    const basis = marketBasis(step, v);
    const index =
      basis.scope === 'model'
        ? this.models.get(v.model)
        : basis.scope === 'body'
          ? v.categoryId === null
            ? undefined
            : this.bodies.get(v.categoryId)
          : this.all;
    if (!index) return this.buffer.subarray(0, 0);
    const fuel = basis.sameFuel ? v.fuelTypeId : null;
    const low = basis.minMileage ?? Number.NEGATIVE_INFINITY;
    const high = basis.maxMileage ?? Number.POSITIVE_INFINITY;
    let n = 0;
    for (let year = basis.minYear; year <= basis.maxYear; year++) {
      const list = index.years.get(year);
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
          this.buffer[n++] = c.priceRef;
        }
      }
    }
    return this.buffer.subarray(0, n).sort();
  }

  /** A vehicle's figures, in the minor units of its own currency. */
  estimate(v: MarketSubject, currency: MarketCurrency): MarketFigures {
    let prices: Float64Array = new Float64Array(0);
    const steps = this.segmented ? MARKET_STEPS.length : MARKET_STEPS.filter((s) => s.scope === 'model').length;
    let step = 0;
    for (; step < steps; step++) {
      prices = this.prices(step, v);
      if (prices.length >= MIN_COMPARABLES) break;
    }
    if (prices.length < MIN_COMPARABLES) {
      return {
        estimateMinor: null,
        lowMinor: null,
        highMinor: null,
        comparables: prices.length,
        step: steps - 1,
        rating: 'unknown',
        gap: MARKET_GAP_UNKNOWN,
      };
    }
    const estimate = quantile(prices, 0.5);
    const own = (ref: number) => fromReference(ref, currency.minorUnits, currency.rate);
    const gap = v.priceRef === null ? MARKET_GAP_UNKNOWN : (v.priceRef - estimate) / estimate;
    return {
      estimateMinor: own(estimate),
      lowMinor: own(quantile(prices, 0.25)),
      highMinor: own(quantile(prices, 0.75)),
      comparables: prices.length,
      step,
      rating: v.priceRef === null ? 'unknown' : rateGap(gap),
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
  category_id: number | null;
  type_id: number;
  price_minor: number | string;
  /** Its price in hundredths of the reference currency (null only before the triggers wrote it). */
  price_ref_minor: number | string | null;
  year: number;
  mileage: number;
  fuel_type_id: number | null;
  sold: number;
  sold_at: string | null;
  /** Its currency's minor units and rate, to give its figures in its own currency. */
  minor_units: number;
  rate: number;
  /** Its model's segment (null: not known, only its model is compared with). */
  segment: string | null;
  /** 1 for a rental (rent_day, rent_month): a rent is no sale price, and is never rated (docs/decisions/061). */
  rental: number;
}

/** A stored listing: what it is compared by, and its stored figures. */
interface MarketRow extends MarketSubjectRow, StoredMarket {}

/** The stored listings as the market reads them: with their currency and their model's segment. */
function marketRows(db: Db) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('currencies as c', 'c.id', 'v.currency_id')
    .leftJoin('makes as k', 'k.name', 'v.brand')
    .leftJoin('models as m', (j) => j.onRef('m.make_id', '=', 'k.id').onRef('m.name', '=', 'v.model'))
    .select(
      sql<number>`case when v.type_id in (select id from types where code in ('rent_day', 'rent_month')) then 1 else 0 end`.as('rental'),
    )
    .select([
      'v.id',
      'v.brand',
      'v.model',
      'v.category_id',
      'v.type_id',
      'v.price_minor',
      'v.price_ref_minor',
      'v.year',
      'v.mileage',
      'v.fuel_type_id',
      'v.sold',
      'v.sold_at',
      'c.minor_units',
      'c.rate',
      'm.segment',
      'v.market_rating',
      'v.market_gap',
      'v.market_estimate_minor',
      'v.market_low_minor',
      'v.market_high_minor',
      'v.market_comparables',
      'v.market_step',
      'v.market_computed_at',
    ]);
}

/** Whether a listing counts as a comparable: live, or sold since `soldSince`. */
export const isComparable = (r: { sold: number; sold_at: string | null }, soldSince: string) =>
  Number(r.sold) === 0 || (r.sold_at !== null && r.sold_at >= soldSince);

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** A row's reference price: the stored one, else computed as the triggers would. */
const refOf = (r: MarketSubjectRow) =>
  r.price_ref_minor === null ? referencePrice(Number(r.price_minor), r.minor_units, Number(r.rate)) : Number(r.price_ref_minor);

/** What a row is compared as. */
const subjectOf = (r: MarketSubjectRow): MarketSubject & Comparable => ({
  id: r.id,
  model: modelKey(r.brand, r.model),
  categoryId: r.category_id,
  year: r.year,
  mileage: r.mileage,
  fuelTypeId: r.fuel_type_id,
  priceRef: refOf(r),
});

/** The group a listing is compared within: its type and segment, or its type and model. */
const groupOf = (r: MarketSubjectRow) =>
  `${r.type_id}\u0000${r.segment === null ? `model\u0000${r.brand}\u0000${r.model}` : `segment\u0000${r.segment}`}`;

/**
 * Rates every listing of these rows, which hold whole segments (or whole make-and-model groups of
 * models without one): `each` is called with each row and its figures.
 */
function rateRows<R extends MarketSubjectRow>(rows: readonly R[], now: Date, each: (row: R, figures: MarketFigures) => void): void {
  const soldSince = new Date(now.getTime() - SOLD_COMPARABLE_MS).toISOString();
  const partitions = new Map<string, R[]>();
  for (const r of rows) {
    const key = groupOf(r);
    const list = partitions.get(key);
    if (list) list.push(r);
    else partitions.set(key, [r]);
  }
  for (const list of partitions.values()) {
    const subjects = list.map(subjectOf);
    const set = new ComparableSet(
      subjects.filter((_, i) => isComparable(list[i]!, soldSince)),
      list[0]!.segment !== null,
    );
    list.forEach((r, i) => {
      each(r, Number(r.rental) ? UNRATED : set.estimate(subjects[i]!, { minorUnits: r.minor_units, rate: Number(r.rate) }));
    });
  }
}

/** A rental's figures: none (a rent per day or per month is no sale price to rate). */
const UNRATED: MarketFigures = {
  estimateMinor: null,
  lowMinor: null,
  highMinor: null,
  comparables: 0,
  step: MARKET_STEPS.length - 1,
  rating: 'unknown',
  gap: MARKET_GAP_UNKNOWN,
};

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

/** The segment of a make and model (null: not known). */
async function segmentOf(db: Db, brand: string, model: string): Promise<string | null> {
  const row = await db
    .selectFrom('models as m')
    .innerJoin('makes as k', 'k.id', 'm.make_id')
    .select('m.segment')
    .where('k.name', '=', brand)
    .where('m.name', '=', model)
    .executeTakeFirst();
  return row?.segment ?? null;
}

/** The stored listings of a segment (by its models), or of one make and model without a segment. */
function groupRows(db: Db, g: { brand: string; model: string; segment: string | null }) {
  const rows = marketRows(db);
  return (
    g.segment === null
      ? rows.where('v.brand', '=', g.brand).where('v.model', '=', g.model)
      : rows.where(
          sql<SqlBool>`(v.brand, v.model) in (select k2.name, m2.name from models m2 join makes k2 on k2.id = m2.make_id where m2.segment = ${g.segment})`,
        )
  ).execute() as Promise<MarketRow[]>;
}

/**
 * Computes the ratings of these make-and-model groups again, with their whole segments (a rare
 * model's listings are compared with its segment's), and writes those that changed: one read per
 * segment, a few writes. Answers how many listings changed; `done` keeps the segments computed
 * already in this pass, which are not read again.
 */
export async function refreshMarketGroups(
  db: Db,
  groups: readonly { brand: string; model: string }[],
  now = new Date(),
  done = new Set<string>(),
): Promise<number> {
  let written = 0;
  for (const g of groups) {
    const segment = await segmentOf(db, g.brand, g.model);
    const key = segment === null ? `model\u0000${g.brand}\u0000${g.model}` : `segment\u0000${segment}`;
    if (done.has(key)) continue;
    done.add(key);
    const changed = computeRows(await groupRows(db, { ...g, segment }), now);
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
  const stored = (await marketRows(db).execute()) as MarketRow[];
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
 * computed and forgotten in one transaction, unless marked again meanwhile (its version moved). A
 * segment is computed once a pass, for the first of its stale groups; the others are then forgotten.
 */
export async function refreshStaleMarkets(db: Db, limit = 500, now = new Date()): Promise<{ groups: number; listings: number }> {
  const stale = await db.selectFrom('market_stale').select(['brand', 'model', 'version']).limit(limit).execute();
  let listings = 0;
  const done = new Set<string>();
  for (const g of stale) {
    listings += await db.transaction().execute(async (tx) => {
      const n = await refreshMarketGroups(tx, [g], now, done);
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

/**
 * The figures of a listing not rated yet, or of a vehicle not published (the price check), in the
 * minor units of `currency`: compared with its make and model's listings of one type (any when
 * null), and with its segment's only when those are too few (a segment is a large read).
 */
export async function estimateMarket(
  db: Db,
  c: { brand: string; model: string; typeId: number | null },
  v: Omit<MarketSubject, 'model'>,
  currency: MarketCurrency,
  now = new Date(),
): Promise<MarketFigures> {
  const soldSince = new Date(now.getTime() - SOLD_COMPARABLE_MS).toISOString();
  const subject = { ...v, model: modelKey(c.brand, c.model) };
  const compare = async (segment: string | null) => {
    const rows = await groupRows(db, { ...c, segment });
    const comparables = rows.filter((r) => (c.typeId === null || r.type_id === c.typeId) && isComparable(r, soldSince)).map(subjectOf);
    return new ComparableSet(comparables, segment !== null).estimate(subject, currency);
  };
  const byModel = await compare(null);
  if (byModel.estimateMinor !== null) return byModel;
  const segment = await segmentOf(db, c.brand, c.model);
  return segment === null ? byModel : compare(segment);
}
