import { FACETS } from '@autoroute/contract/vehicles';
import type { Database, DialectName, LongRead, MarketRating } from '@autoroute/db';
import { CompiledQuery, type Expression, expressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { VehicleListQuery } from './query.ts';

type Db = Kysely<Database>;

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
  includeSold: boolean;
  sort: VehicleListQuery['sort'];
  page: number;
  perPage: number;
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
const v = expressionBuilder<{ v: Database['vehicles'] }, 'v'>();

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
function textSearch(dialect: DialectName, terms: string[], sample = false) {
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

type Condition =
  | [column: keyof Database['vehicles'] & string, op: '=' | '>=' | '<=', value: number | string]
  | [column: keyof Database['vehicles'] & string, op: 'in', value: readonly (number | string)[]];

/** The column filters other than the facets: they apply to the page and to the facet counts alike. */
function baseConditions(c: SearchCriteria): Condition[] {
  const all: [Condition[1], Condition[0], number | string | undefined][] = [
    ['=', 'sold', c.includeSold ? undefined : 0],
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
  return conditions;
}

function facetConditions(c: SearchCriteria, facets: readonly FacetName[] = FACETS): Condition[] {
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
function whereOf(
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
    if (op === 'in') return sql<SqlBool>`${term} in (${sql.join(value)})`;
    return sql<SqlBool>`${term} ${sql.raw(op)} ${value}`;
  });
  if (terms.length) parts.push(textSearch(dialect, terms, sample).where);
  // The sample's partial index (migration 20261214_0001) is used when the query states its
  // condition as written there, constants and all.
  if (sample) parts.push(sql<SqlBool>`${sql.ref(`${table}.sold`)} = 0 and ${sql.ref(`${table}.id`)} % ${sql.lit(SAMPLE_EVERY)} = 0`);
  return v.and(parts);
}

const SORTS = {
  relevance: ['created_at', 'desc'],
  newest: ['created_at', 'desc'],
  price_asc: ['price_ref_minor', 'asc'],
  price_desc: ['price_ref_minor', 'desc'],
  year_desc: ['year', 'desc'],
  mileage_asc: ['mileage', 'asc'],
  // The best deals first: the price's gap below its estimate; unrated listings hold a gap past any.
  deal: ['market_gap', 'asc'],
} as const;

/**
 * The newest live listings that are featured, by an administrator or by their seller's plan: each
 * side walks its partial index (migration 20261128_0001), then the two short lists are merged.
 */
export async function featuredVehicleIds(db: Db, limit: number): Promise<number[]> {
  const side = (column: 'featured' | 'plan_featured') =>
    db
      .selectFrom('vehicles')
      .select(['id', 'created_at'])
      .where(column, '=', 1)
      .where('sold', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  const [byAdmin, byPlan] = await Promise.all([side('featured'), side('plan_featured')]);
  const merged = new Map([...byAdmin, ...byPlan].map((r) => [r.id, r.created_at]));
  return [...merged]
    .sort(([a, at], [b, bt]) => (at === bt ? b - a : at < bt ? 1 : -1))
    .slice(0, limit)
    .map(([id]) => id);
}

/**
 * The promoted order (docs/decisions/011-plans-and-payments.md): listings featured by an
 * administrator or by their seller's plan, as its index holds it (migration 20261129_0002), and on
 * the search's `v`.
 */
const PROMOTED = '(featured | plan_featured)';
const promoted = sql<number>`(${sql.ref('v.featured')} | ${sql.ref('v.plan_featured')})`;

/**
 * For each order of a search without words, the keys it is read by, and SQLite's index that holds
 * live listings in exactly that order, ties newest first (migrations 20261129_0002 and
 * 20261207_0001). PostgreSQL finds its covering sort index for the same keys (20261125_0001).
 */
const WALKS: { [S in Exclude<SearchCriteria['sort'], 'distance'>]: Walk } = {
  relevance: {
    index: 'vehicles_promoted_live_idx',
    keys: [
      [PROMOTED, 'desc'],
      ['created_at', 'desc'],
    ],
  },
  newest: { index: 'vehicles_sold_created_at_idx', keys: [['created_at', 'desc']] },
  price_asc: { index: 'vehicles_live_price_ref_idx', keys: [['price_ref_minor', 'asc']] },
  price_desc: { index: 'vehicles_live_price_ref_idx', keys: [['price_ref_minor', 'desc']] },
  year_desc: { index: 'vehicles_live_year_idx', keys: [['year', 'desc']] },
  mileage_asc: { index: 'vehicles_live_mileage_idx', keys: [['mileage', 'asc']] },
  deal: { index: 'vehicles_live_deal_idx', keys: [['market_gap', 'asc']] },
};

/** The most listings a walk in sort order reads before the search falls back to sorting its matches. */
const WALK_LIMIT = 20_000;

/** A read of live listings in one order from the index that holds them so (see WALKS). */
interface Walk {
  index: string;
  keys: readonly [key: string, direction: 'asc' | 'desc'][];
  /** An expression the index holds after `sold`, and the one value read of it. */
  level?: [expression: string, value: number];
}

/**
 * The first `budget` live listings in a walk's order (read from its index alone, from where a
 * bound on the order's own column starts), of which those passing the filters and `also` make the
 * `limit` listings from `offset`. When they fill them they are exact: every later listing sorts
 * after them. Null when they do not, and the answer must come from all the matches.
 */
async function walkInOrder(
  db: Db,
  dialect: DialectName,
  walk: Walk,
  conditions: Condition[],
  also: Expression<SqlBool>[],
  budget: number,
  offset: number,
  limit: number,
): Promise<number[] | null> {
  const { index, keys, level } = walk;
  const order = (prefix: string) =>
    sql.raw([...keys.map(([k, d], i) => `${prefix ? `${prefix}.k${i}` : k} ${d}`), `${prefix}${prefix && '.'}id desc`].join(', '));
  // A bound on the order's own column is a range of its index: the walk starts there.
  const seek = conditions.filter(([column]) => column === keys[0]![0]);
  const range = sql.join(
    [
      ...(level ? [sql`and ${sql.raw(level[0])} = ${level[1]}`] : []),
      ...seek.map(([column, op, value]) => sql`and ${sql.ref(column)} ${sql.raw(op)} ${value}`),
    ],
    sql` `,
  );
  // PostgreSQL picks the same index by itself (20261125_0001, 20261129_0002); SQLite is told.
  const from = dialect === 'sqlite' ? sql`vehicles indexed by ${sql.id(index)}` : sql`vehicles`;
  const filters = conditions.filter(([column]) => column !== 'sold' && !seek.some(([k]) => k === column));
  // Without `also` (words, read from the table), the walk reads the filtered columns itself:
  // PostgreSQL's sort indexes carry them, so it reads no table row (joining each walked row to the
  // table cost it 16 ms for 5,000 at a million).
  const carried = also.length ? '' : [...new Set(filters.map(([column]) => `, ${column}`))].join('');
  const first = sql<{
    id: number;
  }>`(select id, ${sql.raw(keys.map(([k], i) => `${k} as k${i}`).join(', '))}${sql.raw(carried)} from ${from} where sold = 0 ${range} order by ${order('')} limit ${budget})`;
  const walked = db.selectFrom(first.as('w'));
  const query: SelectQueryBuilder<any, any, { id: number }> = also.length
    ? // The walk first, each listing then looked up: SQLite's CROSS JOIN keeps that order (with
      // statistics it read every text match first, and the walk for each).
      (dialect === 'sqlite'
        ? walked.crossJoin('vehicles as v').whereRef('v.id', '=', 'w.id')
        : walked.innerJoin('vehicles as v', 'v.id', 'w.id')
      )
        .select('w.id')
        .where(v.and([whereOf(dialect, filters, [], []), ...also]))
    : walked.select('w.id').where(whereOf(dialect, filters, [], [], 'w'));
  const rows = await query.orderBy(order('w')).limit(limit).offset(offset).execute();
  return rows.length === limit ? rows.map((r) => r.id) : null;
}

/**
 * How many listings a walk may read to find `wanted` matches, `total` of them among the catalogue
 * (the newest id bounds its size): four times what they would take if spread evenly, for filters
 * that go with the order (few cheap cars are recent). Null past WALK_LIMIT.
 */
async function walkBudget(db: Db, wanted: number, total: number): Promise<number | null> {
  const size = await catalogueSize(db);
  const budget = Math.ceil((4 * wanted * size) / Math.max(total, 1)) + wanted;
  return budget <= WALK_LIMIT ? budget : null;
}

/**
 * A page of the relevance order with words: promoted listings first, then, on each side, those
 * whose title, make and model hold every word before those that need their description, then
 * newest first. A word repeated in a description does not lift a listing, and the newest of
 * equally good matches come first, as on the order without words. When matches are common
 * (a make), the page is read walking the promoted order, one side and kind of match after the
 * other, and stops there; else every match is sorted.
 */
async function relevantIds(
  db: Db,
  dialect: DialectName,
  c: SearchCriteria,
  terms: string[],
  conditions: Condition[],
  counted: Promise<FacetCounting> | undefined,
): Promise<number[]> {
  const text = textSearch(dialect, terms);
  const offset = (c.page - 1) * c.perPage;
  const { total, asOf, estimated } = (counted && !c.includeSold && (await counted)) || {};
  if (total !== undefined) {
    // Counts shared across a change (asOf) or estimated guide the walk's budget, never what the page holds.
    if (offset >= total && asOf === null && !estimated) return [];
    const budget = await walkBudget(db, offset + c.perPage, total);
    if (budget !== null) {
      const found: number[] = [];
      const tiers: [number, Expression<SqlBool>[]][] = [
        [1, [text.strong]],
        [1, [text.where, v.not(text.strong)]],
        [0, [text.strong]],
        [0, [text.where, v.not(text.strong)]],
      ];
      for (const [level, also] of tiers) {
        const wanted = offset + c.perPage - found.length;
        const walk: Walk = { index: 'vehicles_promoted_live_idx', keys: [['created_at', 'desc']], level: [PROMOTED, level] };
        const rows = await walkInOrder(db, dialect, walk, conditions, also, budget, 0, wanted);
        // A side and kind of match with fewer than wanted in the walk may hold more further on.
        if (!rows) break;
        found.push(...rows);
        if (found.length >= offset + c.perPage) return found.slice(offset, offset + c.perPage);
      }
    }
  }
  // SQLite: the text matches drive the read; every other term is kept off the indexes.
  const steer = <T>(term: Expression<T>) => (dialect === 'sqlite' ? sql<T>`+${term}` : term);
  const rows = await db
    .selectFrom('vehicles as v')
    .select('v.id')
    .where(whereOf(dialect, conditions, terms, []))
    .orderBy(steer(promoted), 'desc')
    .orderBy(sql`${text.strong}`, 'desc')
    .orderBy(steer(sql.ref('v.created_at')), 'desc')
    .orderBy('v.id', 'desc')
    .limit(c.perPage)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

/** The facets the search index holds right after `sold`, in its order (migration 20261129_0002). */
const INDEX_FACETS = ['brand', 'categoryId', 'typeId', 'fuelTypeId', 'transmissionId'] as const;
/** The most distinct index prefixes a search seeks into before it reads the index whole instead. */
const SEEK_LIMIT = 2_000;

/**
 * A search without words whose matches are too rare to meet early in sort order: the facet
 * counts already say which makes, bodies, types, fuels and gearboxes hold matches, so the search
 * index is entered at each such combination instead of read whole. The index columns the filters skip are listed with their values that
 * have matches: both engines seek each combination (PostgreSQL reads the matches from the index
 * alone, migration 20261208_0001). Returns the columns so sought, or null when
 * there would be too many combinations to pay.
 */
function seekPrefix(c: SearchCriteria, facets: FacetCounts): { indexable: string[]; lists: [string, (string | number)[]][] } | null {
  const lists = INDEX_FACETS.map((f) => (c[f] !== undefined ? [c[f]] : [...facets[f]].flatMap(([value, n]) => (n > 0 ? [value] : []))));
  const through = INDEX_FACETS.findLastIndex((f) => c[f] !== undefined) + 1;
  if (through === 0 || lists.slice(0, through).reduce((product, l) => product * l.length, 1) > SEEK_LIMIT) return null;
  const columns = INDEX_FACETS.slice(0, through).map((f) => FACET_COLUMNS[f]);
  return {
    indexable: ['sold', ...columns],
    lists: INDEX_FACETS.slice(0, through).flatMap((f, i) => (c[f] === undefined ? [[FACET_COLUMNS[f], lists[i]!]] : [])),
  };
}

/**
 * One page of matching vehicle ids in the asked order (ties broken by id, newest first). `counted`,
 * the total and facet counts of the same search (countFacets), lets a search choose how to read
 * its page: in its order, stopping at the page, when matches are common enough to be met early
 * (walkInOrder); else by seeking the combinations that hold matches (seekPrefix), and sorting them.
 */
export async function searchVehicleIds(
  db: Db,
  dialect: DialectName,
  c: SearchCriteria,
  counted?: Promise<FacetCounting>,
): Promise<number[]> {
  const terms = searchTerms(c.q);
  const conditions = [...baseConditions(c), ...facetConditions(c)];
  if (c.sort === 'relevance' && terms.length) return relevantIds(db, dialect, c, terms, conditions, counted);
  if (c.sort === 'distance') return nearestIds(db, dialect, c, terms, conditions);
  let indexable = terms.length ? [] : ['sold', 'brand'];
  let seekLists: [string, (string | number)[]][] = [];
  // Set when a walk in order could not fill the page: the matches are not to be met early in it.
  let walked = false;
  if (counted && !c.includeSold) {
    const { total, facets, asOf, estimated } = await counted;
    const offset = (c.page - 1) * c.perPage;
    // Counts shared across a change (asOf) may miss a new listing, and estimated ones a rare
    // combination: they guide the walk's budget, but neither end the search nor choose where it seeks.
    const exact = asOf === null && !estimated;
    if (offset >= total && exact) return [];
    const budget = await walkBudget(db, offset + c.perPage, total);
    // With words, the walk keeps the listings among the text's matches (a make's name matches
    // 60,000 listings at a million: sorting them all took 100 ms and more).
    const also = terms.length ? [textSearch(dialect, terms).where] : [];
    const page = budget === null ? null : await walkInOrder(db, dialect, WALKS[c.sort], conditions, also, budget, offset, c.perPage);
    if (page) return page;
    walked = true;
    const prefix = exact && !terms.length ? seekPrefix(c, facets) : null;
    if (prefix) ({ indexable, lists: seekLists } = prefix);
    // Around a city, the few cities' listings are read by the city index rather than the whole
    // search index (SQLite now weighs it by its statistics, docs/decisions/041).
    else if (c.near && !terms.length) indexable = [...indexable, 'city_id'];
  }
  const filtered = conditions.some(([column]) => column !== 'sold');
  const base = db.selectFrom('vehicles as v').select('v.id');
  // SQLite with statistics weighs every index led by `sold` alike, and took the deal order's (not
  // covering: a row read per live listing, 9 s at a million) for a filtered deal search that no
  // walk fills: a filtered search without words that seeks no city reads the covering search
  // index, told so (the plain listing keeps its order's index).
  const searchIndex = dialect === 'sqlite' && filtered && !terms.length && !indexable.includes('city_id');
  const page = async (query: SelectQueryBuilder<any, any, { id: number }>) => {
    const compiled = query
      .orderBy('v.id', 'desc')
      .limit(c.perPage)
      .offset((c.page - 1) * c.perPage)
      .compile();
    const rows = searchIndex
      ? (
          await db.executeQuery<{ id: number }>(
            CompiledQuery.raw(
              compiled.sql.replace('from "vehicles" as "v"', 'from "vehicles" as "v" indexed by "vehicles_search_facets_idx"'),
              [...compiled.parameters],
            ),
          )
        ).rows
      : (await db.executeQuery(compiled)).rows;
    return rows.map((r) => r.id);
  };
  // Walking an index in the asked order (`sold, created_at`, or the featured one) only pays for the
  // plain listing; with filters it may read most rows before it finds a page, so SQLite is kept off
  // it (see whereOf): a unary `+` is not the indexed term. PostgreSQL walks when its statistics say
  // it pays, and they cannot tell when filters go against the order (no recent car below a year,
  // by mileage): once a walk has failed to fill the page, it is kept off too.
  const steerSort = (filtered || terms.length > 0) && (dialect === 'sqlite' || walked);
  const offIndex = (term: Expression<unknown>, type: 'number' | 'text') => (steerSort ? offOrderIndex(dialect, term, type) : term);
  // `relevance` without words ranks promoted listings first, then newest first.
  const [column, direction] = SORTS[c.sort];
  let query = base.where(whereOf(dialect, conditions, terms, indexable));
  for (const [seekColumn, values] of seekLists) query = query.where(sql.ref(`v.${seekColumn}`), 'in', values);
  if (c.sort === 'relevance') query = query.orderBy(offIndex(promoted, 'number'), 'desc');
  // `created_at` is the one text order: an ISO 8601 string.
  return page(query.orderBy(offIndex(sql.ref(`v.${column}`), column === 'created_at' ? 'text' : 'number'), direction));
}

/**
 * Around a city, nearest first (then newest): the listings of the cities within the radius, read by
 * the city index, ranked by their city's place in the list (the cities come nearest first).
 */
async function nearestIds(db: Db, dialect: DialectName, c: SearchCriteria, terms: string[], conditions: Condition[]): Promise<number[]> {
  const near = c.near ?? [];
  if (!near.length) return [];
  const rank = sql<number>`case ${sql.ref('v.city_id')} ${sql.join(
    // Numbers of our own, written as literals: PostgreSQL would otherwise compare untyped parameters as text.
    near.map((n, i) => sql`when ${sql.lit(n.id)} then ${sql.lit(i)}`),
    sql` `,
  )} end`;
  const rows = await db
    .selectFrom('vehicles as v')
    .select('v.id')
    .where(whereOf(dialect, conditions, terms, ['city_id']))
    .orderBy(rank)
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(c.perPage)
    .offset((c.page - 1) * c.perPage)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The same order, written so that no index provides it: the engine then finds the matches by the
 * filters' indexes and sorts them. SQLite's documented way is a unary `+`; PostgreSQL has no unary
 * `+` for text, and appending an empty string leaves a text's order unchanged.
 */
function offOrderIndex(dialect: DialectName, term: Expression<unknown>, type: 'number' | 'text') {
  if (dialect === 'sqlite') return sql`+${term}`;
  return type === 'text' ? sql`(${term} || '')` : sql`(${term} + 0)`;
}

/**
 * Which of these listings the search would find (a saved search's alert: issue 17): the same
 * filters and words as the search, read on these rows alone.
 */
export async function vehiclesMatching(db: Db, dialect: DialectName, c: SearchCriteria, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('vehicles as v')
    .select('v.id')
    .where('v.id', 'in', ids)
    .where(whereOf(dialect, [...baseConditions(c), ...facetConditions(c)], searchTerms(c.q), []))
    .execute();
  return rows.map((r) => r.id);
}

/** One group of a facet grouping: its values of the block's facets, in the block's order, and its size. */
interface FacetGroup {
  values: (string | number)[];
  n: number;
}

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

/** One listing in this many is in the sample: `id % 32 = 0` (migration 20261214_0001). */
const SAMPLE_EVERY = 32;
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
  const columns = block.map((f) => `v.${FACET_COLUMNS[f]}` as const);
  // Not inside a transaction: its own uncommitted changes must not be kept for others.
  const keep = !db.isTransaction;
  // Built only when counting: a search whose groups are kept reads nothing but the version.
  const grouping = () =>
    db
      .selectFrom('vehicles as v')
      .select([...columns, db.fn.countAll<number>().as('n')])
      .$if(keep, (q) => q.select((eb) => eb.selectFrom('catalogue_version').select('version').as('version')))
      // The search index leads with `sold, brand`: the colour grouping of a make seeks into it.
      .where(whereOf(dialect, conditions, terms, terms.length ? [] : ['sold', 'brand']))
      .groupBy(columns);
  const toGroups = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({ values: block.map((f) => r[FACET_COLUMNS[f]] as string | number), n: Number(r.n) }));
  if (!keep) return onlyKept ? null : { groups: toGroups(await grouping().execute()), asOf: null };

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
      under = longRead(grouping().compile()).then((rows) => {
        const groups = toGroups(rows);
        const counted = {
          version: Number((rows[0] as { version?: unknown })?.version),
          groups,
          at,
          listings: groups.reduce((sum, g) => sum + g.n, 0),
        };
        if (rows.length) {
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
  const version =
    kept.has(key) || counting.has(key)
      ? Number((await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version)
      : 0;
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

/**
 * A block's groups among the sample's listings (migration 20261214_0001), each group's size times
 * SAMPLE_EVERY: an estimate that reads about 29,000 index entries at a million listings, where the
 * exact count reads up to every live listing. Read apart, as exact counts are (`longRead`).
 */
async function sampledGroups(
  db: Db,
  dialect: DialectName,
  longRead: LongRead,
  c: SearchCriteria,
  block: readonly FacetName[],
): Promise<FacetGroup[]> {
  const terms = searchTerms(c.q);
  const conditions = [
    ...baseConditions(c),
    ...facetConditions(
      c,
      FACETS.filter((f) => !block.includes(f)),
    ),
  ];
  const columns = block.map((f) => `v.${FACET_COLUMNS[f]}` as const);
  const query = db
    .selectFrom('vehicles as v')
    .select([...columns, db.fn.countAll<number>().as('n')])
    // The sample's index leads with the make: a make's search seeks into it.
    .where(whereOf(dialect, conditions, terms, ['brand'], 'v', true))
    .groupBy(columns);
  const compiled = query.compile();
  // SQLite is told which index: it weighs the search index's `sold = ?` range without knowing that
  // the sample's condition leaves a thirty-second of it. With words, the sample's text matches
  // (the FTS5 subquery keeps those in the sample) are read by id instead.
  const rows = await longRead(
    dialect === 'sqlite' && terms.length === 0
      ? CompiledQuery.raw(
          compiled.sql.replace(
            'from "vehicles" as "v"',
            `from "vehicles" as "v" indexed by "${block[0] === 'colorId' ? 'vehicles_facet_sample_place_idx' : 'vehicles_facet_sample_idx'}"`,
          ),
          [...compiled.parameters],
        )
      : compiled,
  );
  return rows.map((r) => ({
    values: block.map((f) => (r as Record<string, unknown>)[FACET_COLUMNS[f]] as string | number),
    n: Number((r as { n: unknown }).n) * SAMPLE_EVERY,
  }));
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
  const version = Number((await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
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

/** The newest listing's id: the catalogue's size, near enough, read from the primary key's end. */
export async function catalogueSize(db: Db): Promise<number> {
  const { size } = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.max('id').as('size'))
    .executeTakeFirstOrThrow();
  return Number(size ?? 0);
}

/**
 * The total and every facet's counts. Each block's groups (see facetGroups) pass every filter
 * outside the block; a facet adds up the groups that pass every OTHER filter of its block, and the
 * total those of the first block that pass them all.
 */
export async function countFacets(db: Db, dialect: DialectName, options: CountOptions, c: SearchCriteria): Promise<FacetCounting> {
  // A large catalogue: counts kept (exact, or shared a while) are answered as before; else the
  // search is estimated from the sample, unless it has words and few matches, which are cheap to count.
  if (!db.isTransaction && options.estimateFrom > 0 && (await catalogueSize(db)) >= options.estimateFrom) {
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
