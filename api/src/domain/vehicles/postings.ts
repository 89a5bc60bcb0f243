import { setImmediate as turn } from 'node:timers/promises';
import { FACETS } from '@autoroute/contract/vehicles';
import type { Database, Db, DialectName } from '@autoroute/db';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import roaring from 'roaring';
import { FACET_COLUMNS, type FacetCounting, type FacetCounts, type FacetName, type SearchCriteria, searchTerms } from './criteria.data.ts';
import { catalogueSize } from './facets.data.ts';
import { changesHorizon, changesSince, KEYED_COLUMNS, type PostedRow, postedBatches, postedRowsOf } from './postings.data.ts';

/*
 * The search's postings in the process (issue 32, docs/decisions/044-postings-in-the-process.md).
 * At a million listings no index of either database answers every combination of filters with its
 * facet counts in a few milliseconds: a count reads every matching entry, or every entry when no
 * filter leads an index. Search engines keep, per value of each filter, the set of listings that
 * hold it (a posting), and answer a search by intersecting sets and counting intersections. So does
 * this module, with compressed bitmaps (Roaring, through the `roaring` package), for the searches
 * without words: the database stays the truth, the page's listings are read from it, and a search
 * with words (full-text, the database's) or one asked before the postings are built is answered by
 * the database as before.
 *
 * Each process builds its own from the catalogue and keeps it current before each search by reading
 * the listings changed since (the `search_changes` log written by triggers, migration
 * 20261216_0001): a change committed by any process is in the next search of every process.
 */

/** The columns kept as postings; strings are numbered in the process. */
const KEYED = KEYED_COLUMNS;
type Keyed = (typeof KEYED)[number];
const NAMED = new Set<Keyed>(['brand', 'model', 'market_rating']);

const FACET_COLUMN: Record<FacetName, Keyed> = FACET_COLUMNS;

/**
 * A facet is counted by reading each listing's value when they are fewer than this many per value
 * the facet has, else by intersecting them with each value's posting (a few microseconds each).
 */
const READ_EACH_PER_VALUE = 1_000;
/**
 * The most matches whose page is sorted here. More matches than this are common enough for the
 * database's walk in the asked order to meet a page within a few hundred entries (decision 005),
 * now with their exact total to plan it.
 */
const SORTED_HERE_UP_TO = 100_000;
/** How many listings a batch of the build reads: on SQLite, small enough not to hold a turn of the request thread long. */
const BUILD_BATCH = 20_000;
const SQLITE_BATCH = 4_000;

// A CommonJS package: its classes are read off the default export (Node's ESM loader sees no named ones).
const { RoaringBitmap32 } = roaring;
type RoaringBitmap32 = InstanceType<typeof RoaringBitmap32>;
const EMPTY = new RoaringBitmap32();

/** How many buckets a ranged column is split into. */
const BUCKETS = 64;

/**
 * A numeric column split into buckets of about equal size, by its values when the postings were
 * built: a range is the union of the buckets it covers whole, and of the listings of its two edge
 * buckets whose value is within it (a sixty-fourth of the catalogue each, read one by one).
 */
class Ranged {
  /** Each bucket's lowest value (the first is -Infinity), ascending, and its listings. */
  private bounds = Float64Array.of(Number.NEGATIVE_INFINITY);
  private sets: RoaringBitmap32[] = [new RoaringBitmap32()];

  constructor(private readonly values: () => Float64Array) {}

  /** The bucket of a value: the last whose lowest value is at most it. */
  private bucket(value: number): number {
    let lo = 0;
    let hi = this.bounds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.bounds[mid]! <= value) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  add(id: number, value: number): void {
    this.sets[this.bucket(value)]!.add(id);
  }

  remove(id: number, value: number): void {
    this.sets[this.bucket(value)]!.remove(id);
  }

  /** Splits the listings anew, by the quantiles of their values. */
  split(ids: Uint32Array): void {
    const values = this.values();
    const step = Math.max(1, Math.floor(ids.length / 16_384));
    const sample = new Float64Array(Math.ceil(ids.length / step));
    for (let i = 0, k = 0; i < ids.length; i += step) sample[k++] = values[ids[i]!]!;
    sample.sort();
    const bounds = [Number.NEGATIVE_INFINITY];
    for (let b = 1; b < BUCKETS; b++) {
      const at = sample[Math.floor((b * sample.length) / BUCKETS)];
      if (at !== undefined && at > bounds.at(-1)!) bounds.push(at);
    }
    this.bounds = Float64Array.from(bounds);
    const lists = bounds.map(() => [] as number[]);
    for (const id of ids) lists[this.bucket(values[id]!)]!.push(id);
    this.sets = lists.map((list) => new RoaringBitmap32(list));
  }

  /** The listings whose value is from `low` to `high`. */
  within(low: number, high: number): RoaringBitmap32 {
    if (low > high) return new RoaringBitmap32();
    const values = this.values();
    const first = this.bucket(low);
    const last = this.bucket(high);
    const out = last - first > 1 ? RoaringBitmap32.orMany(this.sets.slice(first + 1, last)) : new RoaringBitmap32();
    for (const edge of first === last ? [first] : [first, last]) {
      const ids = this.sets[edge]!.toUint32Array();
      const kept: number[] = [];
      for (let i = 0; i < ids.length; i++) {
        const value = values[ids[i]!]!;
        if (value >= low && value <= high) kept.push(ids[i]!);
      }
      out.addMany(kept);
    }
    return out;
  }
}

/** A search answered by the postings: its exact counts, and its page of ids unless the database is to read it in order. */
interface PostedAnswer {
  counts: FacetCounting;
  ids: number[] | null;
}

/** The postings of one catalogue: every listing's searched columns and, per value, the set of its listings. */
class Postings {
  private capacity = 0;
  private readonly columns = {} as Record<Keyed, Int32Array>;
  private price = new Float64Array(0);
  private mileage = new Float64Array(0);
  private gap = new Float64Array(0);
  private created = new Float64Array(0);
  private promoted = new Uint8Array(0);
  private sold = new Uint8Array(0);
  private present = new Uint8Array(0);
  private readonly postings = {} as Record<Keyed, Map<number, RoaringBitmap32>>;
  private readonly names = new Map<Keyed, { codes: Map<string, number>; values: string[] }>();
  private readonly every = new RoaringBitmap32();
  private readonly live = new RoaringBitmap32();
  private readonly prices = new Ranged(() => this.price);
  private readonly mileages = new Ranged(() => this.mileage);

  constructor() {
    for (const k of KEYED) {
      this.columns[k] = new Int32Array(0);
      this.postings[k] = new Map();
      if (NAMED.has(k)) this.names.set(k, { codes: new Map(), values: [] });
    }
  }

  get size(): number {
    return this.every.size;
  }

  /** About the memory they take: the columns, and each posting as Roaring serializes it (near its size in memory). */
  get bytes(): number {
    let bytes = this.every.getSerializationSizeInBytes('portable') + this.live.getSerializationSizeInBytes('portable');
    for (const k of KEYED) {
      bytes += this.columns[k].byteLength;
      for (const posting of this.postings[k].values()) bytes += posting.getSerializationSizeInBytes('portable');
    }
    for (const a of [this.price, this.mileage, this.gap, this.created, this.promoted, this.sold, this.present]) bytes += a.byteLength;
    return bytes;
  }

  private grow(id: number) {
    if (id < this.capacity) return;
    const capacity = Math.max(id + 1, this.capacity * 2, 1024);
    const widen = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity);
      b.set(a);
      return b;
    };
    for (const k of KEYED) this.columns[k] = widen(this.columns[k], (n) => new Int32Array(n));
    this.price = widen(this.price, (n) => new Float64Array(n));
    this.mileage = widen(this.mileage, (n) => new Float64Array(n));
    this.gap = widen(this.gap, (n) => new Float64Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    this.promoted = widen(this.promoted, (n) => new Uint8Array(n));
    this.sold = widen(this.sold, (n) => new Uint8Array(n));
    this.present = widen(this.present, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  /** A named value's number, given one when `add` (a value never seen matches nothing: -1). */
  private code(column: Keyed, value: string | number, add = false): number {
    const named = this.names.get(column);
    if (!named) return Number(value);
    const known = named.codes.get(String(value));
    if (known !== undefined || !add) return known ?? -1;
    named.values.push(String(value));
    named.codes.set(String(value), named.values.length - 1);
    return named.values.length - 1;
  }

  private posting(column: Keyed, code: number): RoaringBitmap32 {
    return this.postings[column].get(code) ?? EMPTY;
  }

  /** Room for listings up to this id, before a build loads them. */
  reserve(id: number): void {
    this.grow(id);
  }

  /**
   * Listings read in id order by a build, before any search: each batch's postings are appended in
   * one call per value (sorted lists), instead of one insertion per listing and column.
   */
  load(rows: readonly PostedRow[]): void {
    const last = rows.at(-1);
    if (!last) return;
    this.grow(last.id);
    const lists = new Map(KEYED.map((k) => [k, new Map<number, number[]>()]));
    const every: number[] = [];
    const live: number[] = [];
    for (const row of rows) {
      const id = row.id;
      for (const k of KEYED) {
        const code = this.code(k, row[k], true);
        this.columns[k][id] = code;
        const byCode = lists.get(k)!;
        const list = byCode.get(code);
        if (list) list.push(id);
        else byCode.set(code, [id]);
      }
      this.values(row);
      every.push(id);
      if (!row.sold) live.push(id);
    }
    for (const [k, byCode] of lists) {
      for (const [code, ids] of byCode) {
        const posting = this.postings[k].get(code);
        if (posting) posting.addMany(ids);
        else this.postings[k].set(code, new RoaringBitmap32(ids));
      }
    }
    this.every.addMany(every);
    this.live.addMany(live);
  }

  /** Once loaded (before any search): the ranged columns split by their values. */
  finish(): void {
    const ids = this.every.toUint32Array();
    this.prices.split(ids);
    this.mileages.split(ids);
  }

  private values(row: PostedRow): void {
    const id = row.id;
    this.price[id] = row.price_ref_minor;
    this.mileage[id] = row.mileage;
    this.gap[id] = row.market_gap;
    this.created[id] = Date.parse(row.created_at);
    this.promoted[id] = row.promoted ? 1 : 0;
    this.sold[id] = row.sold ? 1 : 0;
    this.present[id] = 1;
  }

  /** A listing as it is now (added, or its old values replaced). */
  put(row: PostedRow): void {
    const id = row.id;
    this.remove(id);
    this.grow(id);
    for (const k of KEYED) {
      const code = this.code(k, row[k], true);
      this.columns[k][id] = code;
      const set = this.postings[k].get(code) ?? new RoaringBitmap32();
      if (set.size === 0) this.postings[k].set(code, set);
      set.add(id);
    }
    this.values(row);
    this.prices.add(id, row.price_ref_minor);
    this.mileages.add(id, row.mileage);
    this.every.add(id);
    if (!row.sold) this.live.add(id);
  }

  /** A listing deleted (or about to be put again). */
  remove(id: number): void {
    if (id >= this.capacity || !this.present[id]) return;
    for (const k of KEYED) this.postings[k].get(this.columns[k][id]!)?.remove(id);
    this.prices.remove(id, this.price[id]!);
    this.mileages.remove(id, this.mileage[id]!);
    this.present[id] = 0;
    this.every.remove(id);
    this.live.remove(id);
  }

  /** The union of a column's postings for these values. */
  private anyOf(column: Keyed, values: readonly (string | number)[]): RoaringBitmap32 {
    return RoaringBitmap32.orMany(values.map((v) => this.posting(column, this.code(column, v))));
  }

  /** The listings passing every filter but the facets', which `counts` and the page then narrow. */
  private base(c: SearchCriteria): RoaringBitmap32 {
    const sets: RoaringBitmap32[] = [c.includeSold ? this.every : this.live];
    if (c.model !== undefined) sets.push(this.posting('model', this.code('model', c.model)));
    if (c.doors !== undefined) sets.push(this.posting('number_of_doors', c.doors));
    if (c.rating) sets.push(this.anyOf('market_rating', c.rating));
    if (c.near)
      sets.push(
        this.anyOf(
          'city_id',
          c.near.map((n) => n.id),
        ),
      );
    if (c.minYear !== undefined || c.maxYear !== undefined) {
      const years = [...this.postings.year.keys()].filter((y) => y >= (c.minYear ?? -Infinity) && y <= (c.maxYear ?? Infinity));
      sets.push(this.anyOf('year', years));
    }
    const { minPriceRef: low, maxPriceRef: high, maxMileage } = c;
    if (low !== undefined || high !== undefined) {
      sets.push(this.prices.within(low ?? Number.NEGATIVE_INFINITY, high ?? Number.POSITIVE_INFINITY));
    }
    if (maxMileage !== undefined) sets.push(this.mileages.within(Number.NEGATIVE_INFINITY, maxMileage));
    sets.sort((a, b) => a.size - b.size);
    let base = sets[0]!;
    for (const s of sets.slice(1)) base = RoaringBitmap32.and(base, s);
    return base;
  }

  /**
   * The total, each facet's counts (every filter applied but the facet's own, as the database
   * counts them: facets.ts, tally) and, when the matches are few enough to sort here, the page.
   */
  search(c: SearchCriteria): PostedAnswer {
    const base = this.base(c);
    const chosen = new Map<FacetName, RoaringBitmap32>();
    for (const f of FACETS) {
      const value = c[f];
      if (value !== undefined) chosen.set(f, this.posting(FACET_COLUMN[f], this.code(FACET_COLUMN[f], value)));
    }
    const narrowed = (skip?: FacetName) => {
      let set = base;
      for (const [f, posting] of chosen) if (f !== skip) set = RoaringBitmap32.and(set, posting);
      return set;
    };
    const matches = narrowed();
    const facets = Object.fromEntries(FACETS.map((f) => [f, new Map()])) as FacetCounts;
    for (const f of FACETS) {
      const within = chosen.size === 0 || (chosen.size === 1 && chosen.has(f)) ? base : chosen.has(f) ? narrowed(f) : matches;
      this.count(f, within, facets[f] as Map<string | number, number>);
    }
    const counts: FacetCounting = { total: matches.size, facets, asOf: null, estimated: false };
    // Nearest first is no index's order: always sorted here (the radius bounds the matches).
    if (matches.size > SORTED_HERE_UP_TO && c.sort !== 'distance') return { counts, ids: null };
    // Nearest first without a place lists nothing, as the database does (nearestIds).
    if (c.sort === 'distance' && !c.near) return { counts, ids: [] };
    const offset = (c.page - 1) * c.perPage;
    return { counts, ids: this.firsts(matches, c, offset + c.perPage).slice(offset) };
  }

  private count(f: FacetName, within: RoaringBitmap32, into: Map<string | number, number>) {
    const column = FACET_COLUMN[f];
    const named = this.names.get(column);
    const value = (code: number) => (named ? named.values[code]! : code);
    const postings = this.postings[column];
    // Codes are small numbers (reference ids, or strings numbered here): counted in an array.
    let top = 0;
    for (const code of postings.keys()) top = Math.max(top, code);
    if (within.size < READ_EACH_PER_VALUE * postings.size && top < 1 << 22) {
      const values = this.columns[column];
      const n = new Int32Array(top + 1);
      const ids = within.toUint32Array();
      for (let i = 0; i < ids.length; i++) n[values[ids[i]!]!]!++;
      for (const code of postings.keys()) if (n[code]! > 0) into.set(value(code), n[code]!);
      return;
    }
    for (const [code, posting] of postings) {
      const k = within.andCardinality(posting);
      if (k > 0) into.set(value(code), k);
    }
  }

  /** The first `wanted` of `matches` in the search's order, ties newest (highest id) first, as the database orders them. */
  private firsts(matches: RoaringBitmap32, c: SearchCriteria, wanted: number): number[] {
    const before = this.order(c);
    // A heap of the best `wanted` so far, the last of them on top.
    const heap: number[] = [];
    const up = (i: number) => {
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (before(heap[parent]!, heap[i]!) >= 0) break;
        [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
        i = parent;
      }
    };
    const down = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let last = i;
        if (l < heap.length && before(heap[l]!, heap[last]!) > 0) last = l;
        if (r < heap.length && before(heap[r]!, heap[last]!) > 0) last = r;
        if (last === i) return;
        [heap[last], heap[i]] = [heap[i]!, heap[last]!];
        i = last;
      }
    };
    if (wanted <= 0) return [];
    for (const id of matches.toUint32Array()) {
      if (heap.length < wanted) {
        heap.push(id);
        up(heap.length - 1);
      } else if (before(id, heap[0]!) < 0) {
        heap[0] = id;
        down(0);
      }
    }
    return heap.sort(before);
  }

  /** The search's order as a comparison: negative when `a` comes before `b`. */
  private order(c: SearchCriteria): (a: number, b: number) => number {
    const { price, mileage, gap, created, promoted } = this;
    const year = this.columns.year;
    const city = this.columns.city_id;
    const newest = (a: number, b: number) => created[b]! - created[a]! || b - a;
    switch (c.sort) {
      case 'price_asc':
        return (a, b) => price[a]! - price[b]! || b - a;
      case 'price_desc':
        return (a, b) => price[b]! - price[a]! || b - a;
      case 'year_desc':
        return (a, b) => year[b]! - year[a]! || b - a;
      case 'mileage_asc':
        return (a, b) => mileage[a]! - mileage[b]! || b - a;
      case 'deal':
        return (a, b) => gap[a]! - gap[b]! || b - a;
      case 'distance': {
        // Nearest city first (the list comes nearest first), then newest.
        const rank = new Map(c.near?.map((n, i) => [n.id, i]));
        return (a, b) => rank.get(city[a]!)! - rank.get(city[b]!)! || newest(a, b);
      }
      case 'newest':
        return newest;
      default:
        // Relevance without words: promoted listings first, then newest.
        return (a, b) => promoted[b]! - promoted[a]! || newest(a, b);
    }
  }
}

export interface SearchPostingsOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite's committed-data connection (Db.committed), which the build reads the catalogue from; null on PostgreSQL. */
  committed: Db['committed'];
  /** SEARCH_POSTINGS_FROM: from a catalogue of this many listings (its newest id), searches are answered from postings; 0: always; null: never. */
  from: number | null;
  log: Logger;
}

/** A process that has not read the changes for this long builds its postings again (the log keeps an hour: purge-expired). */
const STALE_AFTER_MS = 30 * 60_000;
/** How often a catalogue below SEARCH_POSTINGS_FROM is measured again. */
const SIZE_CHECK_MS = 60_000;

/** The postings of this process's catalogue: built once it is large enough, kept current before each search. */
export interface SearchPostings {
  /** A search without words answered from the postings, or null: the database answers it. */
  search(c: SearchCriteria): Promise<PostedAnswer | null>;
  /** Builds them now if the catalogue is large enough (a starting server); resolves once built, or at once when not. */
  warm(): Promise<void>;
  /** How many listings they hold: 0 while the database answers every search. */
  readonly listings: number;
  /** About the bytes they take. */
  readonly bytes: number;
}

export function createSearchPostings({ db, dialect, committed, from, log }: SearchPostingsOptions): SearchPostings {
  let postings: Postings | null = null;
  let horizon = 0;
  let readAt = 0;
  let building: Promise<void> | null = null;
  let sizeCheckedAt = Number.NEGATIVE_INFINITY;
  let pulling: Promise<void> | null = null;
  let pullAgain: Promise<void> | null = null;

  async function build(): Promise<void> {
    const started = performance.now();
    const next = new Postings();
    const since = await changesHorizon(db, dialect);
    next.reserve(await catalogueSize(db));
    const batch = postedBatches({ db, committed });
    // SQLite reads on this thread: a batch a turn, a few tens of milliseconds each.
    const size = committed ? SQLITE_BATCH : BUILD_BATCH;
    for (let after = 0; ; ) {
      const rows = await batch(after, size);
      next.load(rows);
      if (rows.length < size) break;
      after = rows[rows.length - 1]!.id;
      await turn();
    }
    next.finish();
    postings = next;
    horizon = since;
    readAt = Date.now();
    log.info({ listings: next.size, bytes: next.bytes, ms: Math.round(performance.now() - started) }, 'search postings built');
  }

  function start(): Promise<void> {
    building ??= build()
      .catch((error: unknown) => {
        postings = null;
        log.error({ err: error }, 'search postings could not be built: the database answers searches');
      })
      .finally(() => {
        building = null;
      });
    return building;
  }

  /** The changes since the last read, applied. */
  async function pull(): Promise<void> {
    const changed = await changesSince(db, dialect, horizon);
    if (changed.ids.length && postings) {
      for (let i = 0; i < changed.ids.length; i += 1_000) {
        const ids = changed.ids.slice(i, i + 1_000);
        const rows = await postedRowsOf(db, ids);
        const found = new Set(rows.map((r) => r.id));
        for (const id of ids) if (!found.has(id)) postings.remove(id);
        for (const row of rows) postings.put(row);
      }
    }
    horizon = changed.horizon;
    readAt = Date.now();
  }

  /**
   * Reads the changes before a search. A read under way may have started before the caller's last
   * write committed: callers meanwhile share one more read after it.
   */
  function current(): Promise<void> {
    if (!pulling) {
      pulling = pull().finally(() => {
        pulling = null;
      });
      return pulling;
    }
    // After the read under way, whether it succeeded or failed (its own callers see its error).
    const next = () => {
      pullAgain = null;
      return current();
    };
    pullAgain ??= pulling.then(next, next);
    return pullAgain;
  }

  async function largeEnough(): Promise<boolean> {
    if (from === null) return false;
    if (from === 0) return true;
    if (Date.now() - sizeCheckedAt < SIZE_CHECK_MS) return false;
    sizeCheckedAt = Date.now();
    return (await catalogueSize(db)) >= from;
  }

  return {
    get listings() {
      return postings?.size ?? 0;
    },
    get bytes() {
      return postings?.bytes ?? 0;
    },
    async warm() {
      if (!postings && (await largeEnough())) await start();
    },
    async search(c) {
      // Availability depends on bookings and blocks, which the postings do not hold: the database answers (docs/decisions/061).
      if (searchTerms(c.q).length || c.available || db.isTransaction) return null;
      if (postings && Date.now() - readAt > STALE_AFTER_MS) {
        postings = null;
        void start();
      }
      if (!postings) {
        if (!building && (await largeEnough())) void start();
        return null;
      }
      await current();
      return postings?.search(c) ?? null;
    },
  };
}
