import { FACETS } from '@autoroute/contract/vehicles';
import type { Database, DialectName, LongRead } from '@autoroute/db';
import type { Kysely } from 'kysely';
import {
  baseConditions,
  type FacetCounting,
  type FacetCounts,
  type FacetName,
  facetConditions,
  SAMPLE_EVERY,
  type SearchCriteria,
  searchTerms,
} from './criteria.data.ts';
import { catalogueSize, catalogueVersion, type FacetGroup, facetGroupsApart, facetGroupsNow, sampledGroups } from './facets.data.ts';

type Db = Kysely<Database>;

/**
 * The facets counted together, one grouping each. Grouping by all eight columns at once would
 * make nearly a group per vehicle (56,000 groups of 100,000 vehicles), so the make and body
 * columns, which the search index holds in its grouping order, are grouped apart from where
 * and what colour: each grouping reads the vehicles that pass the other one's filters.
 */
const FACET_BLOCKS: readonly (readonly FacetName[])[] = [
  ['brand', 'categoryId', 'typeId', 'fuelTypeId', 'transmissionId'],
  ['colorId', 'countryId', 'cityId'],
];

/** A block's groups as counted: the catalogue version and the time they were counted at, and how many listings they hold. */
interface Counted {
  version: number;
  groups: FacetGroup[];
  at: number;
  listings: number;
  /** A count again under way while these are shared (see facetGroups). */
  recount?: Promise<unknown>;
}

/** Per database: the groups kept, by block, filters and words (oldest use dropped first), and the counts under way. */
const keptGroups = new WeakMap<Db, { kept: Map<string, Counted>; counting: Map<string, Promise<Counted>> }>();
const GROUPS_KEPT = 64;
/** How long a broad count is still answered once the catalogue has changed, while it is counted again. */
const SHARED_COUNTS_MS = 30_000;

/** How a search's counts are read: apart from the requests being served, shared and estimated from how many listings. */
export interface CountOptions {
  longRead: LongRead;
  /** A count of this many listings or more is broad (SHARED_COUNTS_FROM; half a second at a million on SQLite). */
  sharedFrom: number;
  /**
   * From a catalogue of this many listings (its newest id), counts that are not kept are estimated
   * from the sample (ESTIMATED_COUNTS_FROM; 0: never).
   */
  estimateFrom: number;
}

/**
 * A search with words whose sample holds fewer listings than this is counted exactly: its matches
 * are few (under about a thousand), and their rows are all it reads. A search without words reads
 * the search index whatever it finds, so it keeps its estimate.
 */
const RARE_IN_SAMPLE = 32;

/**
 * The vehicles matching the non-facet filters and the filters of the other blocks' facets, grouped
 * by this block's facet columns. Without words, a search reads a large share of the table for
 * these (every listing, for the plain one) while few distinct filter sets recur (each page, sort
 * and facet choice of a search shares them), so their groups are kept with the catalogue version
 * read in the same statement, and reused while the version is unchanged: every committed vehicle
 * change bumps it, whichever process made it, so the counts stay exact
 * (docs/decisions/005-facet-counts.md). Searches with words are kept the same way, by their words:
 * a common word matches tens of thousands of listings at a million, and the popular searches recur.
 *
 * A broad count (`sharedFrom` listings or more) is shared for SHARED_COUNTS_MS after the catalogue
 * changed: the search answers it, with the time it was counted at (`asOf`), while one count again
 * runs apart (`longRead`, off the request thread on SQLite). Searches that miss the same groups
 * meanwhile wait for the one count under way instead of making their own.
 */
async function facetGroups(
  db: Db,
  dialect: DialectName,
  { longRead, sharedFrom }: CountOptions,
  c: SearchCriteria,
  block: readonly FacetName[],
  onlyKept = false,
): Promise<{ groups: FacetGroup[]; asOf: number | null } | null> {
  const terms = searchTerms(c.q);
  const conditions = [
    ...baseConditions(c),
    ...facetConditions(
      c,
      FACETS.filter((f) => !block.includes(f)),
    ),
  ];
  // Not inside a transaction: its own uncommitted changes must not be kept for others.
  // Nor an availability search's: bookings and blocks change them, not the catalogue's version.
  const keep = !db.isTransaction && !c.available;
  if (!keep) return onlyKept ? null : { groups: await facetGroupsNow(db, dialect, block, conditions, terms), asOf: null };

  let store = keptGroups.get(db);
  if (!store) {
    store = { kept: new Map(), counting: new Map() };
    keptGroups.set(db, store);
  }
  const { kept, counting } = store;
  const key = JSON.stringify([block, conditions, terms]);
  const count = (): Promise<Counted> => {
    let under = counting.get(key);
    if (!under) {
      const at = Date.now();
      // Read only when counting: a search whose groups are kept reads nothing but the version.
      under = facetGroupsApart(db, dialect, longRead, block, conditions, terms).then(({ version, groups }) => {
        const counted = {
          version,
          groups,
          at,
          listings: groups.reduce((sum, g) => sum + g.n, 0),
        };
        if (groups.length) {
          kept.delete(key);
          if (kept.size >= GROUPS_KEPT) kept.delete(kept.keys().next().value!);
          kept.set(key, counted);
        }
        return counted;
      });
      const settled = () => counting.delete(key);
      under.then(settled, settled);
      counting.set(key, under);
    }
    return under;
  };
  // The version now, when counts are kept or under way: a count begun before a change this search
  // must see is not enough for it.
  const version = kept.has(key) || counting.has(key) ? await catalogueVersion(db) : 0;
  const exact = async () => {
    const counted = await count();
    return { groups: (counted.version < version ? await count() : counted).groups, asOf: null };
  };
  // Read after the version: a count may have been kept meanwhile.
  const hit = kept.get(key);
  if (hit) {
    if (version === hit.version) {
      kept.delete(key);
      kept.set(key, hit);
      return { groups: hit.groups, asOf: null };
    }
    if (hit.listings >= sharedFrom && Date.now() - hit.at < SHARED_COUNTS_MS) {
      // Answered as counted, while one count again runs; a count that fails is tried again by the next search.
      hit.recount ??= count().catch(() => {
        hit.recount = undefined;
      });
      return { groups: hit.groups, asOf: hit.at };
    }
  }
  return onlyKept ? null : exact();
}

/** Per database: the sample's groups of the searches estimated lately, by their filters, with the catalogue version they were read at. */
const keptSamples = new WeakMap<Db, Map<string, { version: number; blocks: FacetGroup[][] }>>();
const SAMPLES_KEPT = 256;

/**
 * A search's sample groups, kept by its filters while the catalogue version is unchanged: the pages
 * and orders of one search (the plain listing's above all) read them once. They are an estimate:
 * a change made while they were read only makes the next search read them again.
 */
async function keptSample(db: Db, c: SearchCriteria, read: () => Promise<FacetGroup[][]>): Promise<FacetGroup[][]> {
  let kept = keptSamples.get(db);
  if (!kept) {
    kept = new Map();
    keptSamples.set(db, kept);
  }
  const { page: _page, perPage: _perPage, sort: _sort, ...filters } = c;
  const key = JSON.stringify(filters);
  const version = await catalogueVersion(db);
  const hit = kept.get(key);
  if (hit && hit.version === version) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.blocks;
  }
  const blocks = await read();
  kept.delete(key);
  if (kept.size >= SAMPLES_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, { version, blocks });
  return blocks;
}

/**
 * The total and every facet's counts. Each block's groups (see facetGroups) pass every filter
 * outside the block; a facet adds up the groups that pass every OTHER filter of its block, and the
 * total those of the first block that pass them all.
 */
export async function countFacets(db: Db, dialect: DialectName, options: CountOptions, c: SearchCriteria): Promise<FacetCounting> {
  // A large catalogue: counts kept (exact, or shared a while) are answered as before; else the
  // search is estimated from the sample, unless it has words and few matches, which are cheap to count.
  // An availability search counts exactly, now (its rentals are a tenth of the catalogue at most).
  if (!db.isTransaction && !c.available && options.estimateFrom > 0 && (await catalogueSize(db)) >= options.estimateFrom) {
    const kept = await Promise.all(FACET_BLOCKS.map((block) => facetGroups(db, dialect, options, c, block, true)));
    if (kept.every((k) => k !== null)) return tally(c, kept, false);
    const sampled = await keptSample(db, c, () =>
      Promise.all(FACET_BLOCKS.map((block) => sampledGroups(db, dialect, options.longRead, c, block))),
    );
    const inSample = sampled[0]!.reduce((sum, g) => sum + g.n, 0) / SAMPLE_EVERY;
    if (!(searchTerms(c.q).length && inSample < RARE_IN_SAMPLE)) {
      return tally(
        c,
        sampled.map((groups) => ({ groups, asOf: null })),
        true,
      );
    }
  }
  const counted = await Promise.all(FACET_BLOCKS.map((block) => facetGroups(db, dialect, options, c, block)));
  return tally(
    c,
    counted.map((b) => b!),
    false,
  );
}

/** The total and each facet's counts from each block's groups (see countFacets). */
function tally(c: SearchCriteria, counted: { groups: FacetGroup[]; asOf: number | null }[], estimated: boolean): FacetCounting {
  const blocks = counted.map((b) => b.groups);
  const shared = counted.flatMap((b) => (b.asOf === null ? [] : [b.asOf]));
  const facets = Object.fromEntries(FACETS.map((f) => [f, new Map()])) as FacetCounts;
  const add = (facet: FacetName, value: string | number, n: number) => {
    const counts = facets[facet] as Map<typeof value, number>;
    counts.set(value, (counts.get(value) ?? 0) + n);
  };
  let total = 0;
  for (const [b, block] of FACET_BLOCKS.entries()) {
    for (const { values, n } of blocks[b]!) {
      const missed = block.filter((f, i) => c[f] !== undefined && c[f] !== values[i]);
      if (missed.length === 0) {
        if (b === 0) total += n;
        for (const [i, f] of block.entries()) add(f, values[i]!, n);
      } else if (missed.length === 1) {
        const f = missed[0]!;
        add(f, values[block.indexOf(f)]!, n);
      }
    }
  }
  return { total, facets, asOf: shared.length ? new Date(Math.min(...shared)).toISOString() : null, estimated };
}
