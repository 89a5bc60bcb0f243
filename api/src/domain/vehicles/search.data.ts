import type { Database, DialectName } from '@autoroute/db';
import { CompiledQuery, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import {
  baseConditions,
  type Condition,
  type FacetCounting,
  facetConditions,
  type SearchCriteria,
  searchTerms,
  textSearch,
  v,
  whereOf,
} from './criteria.data.ts';
import { PROMOTED, promoted, seekPrefix, WALKS, type Walk, walkBudget, walkInOrder } from './walks.data.ts';

type Db = Kysely<Database>;

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
  const { total, asOf, estimated } = (counted && !c.includeSold && !c.available && (await counted)) || {};
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
  // An availability search reads its rentals (a tenth of the catalogue at most) and sorts them:
  // each listing's bookings are sought once, never a walk's thousands of other listings.
  if (counted && !c.includeSold && !c.available) {
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
