import type { Database, DialectName } from '@autoroute/db';
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type Condition, FACET_COLUMNS, type FacetCounts, type SearchCriteria, v, whereOf } from './criteria.data.ts';
import { catalogueSize } from './facets.data.ts';

type Db = Kysely<Database>;

/**
 * The promoted order (docs/decisions/011-plans-and-payments.md): listings featured by an
 * administrator or by their seller's plan, as its index holds it (migration 20261129_0002), and on
 * the search's `v`.
 */
export const PROMOTED = '(featured | plan_featured)';
export const promoted = sql<number>`(${sql.ref('v.featured')} | ${sql.ref('v.plan_featured')})`;

/**
 * For each order of a search without words, the keys it is read by, and SQLite's index that holds
 * live listings in exactly that order, ties newest first (migrations 20261129_0002 and
 * 20261207_0001). PostgreSQL finds its covering sort index for the same keys (20261125_0001).
 */
export const WALKS: { [S in Exclude<SearchCriteria['sort'], 'distance'>]: Walk } = {
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
export interface Walk {
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
export async function walkInOrder(
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
export async function walkBudget(db: Db, wanted: number, total: number): Promise<number | null> {
  const size = await catalogueSize(db);
  const budget = Math.ceil((4 * wanted * size) / Math.max(total, 1)) + wanted;
  return budget <= WALK_LIMIT ? budget : null;
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
export function seekPrefix(c: SearchCriteria, facets: FacetCounts): { indexable: string[]; lists: [string, (string | number)[]][] } | null {
  const lists = INDEX_FACETS.map((f) => (c[f] !== undefined ? [c[f]] : [...facets[f]].flatMap(([value, n]) => (n > 0 ? [value] : []))));
  const through = INDEX_FACETS.findLastIndex((f) => c[f] !== undefined) + 1;
  if (through === 0 || lists.slice(0, through).reduce((product, l) => product * l.length, 1) > SEEK_LIMIT) return null;
  const columns = INDEX_FACETS.slice(0, through).map((f) => FACET_COLUMNS[f]);
  return {
    indexable: ['sold', ...columns],
    lists: INDEX_FACETS.slice(0, through).flatMap((f, i) => (c[f] === undefined ? [[FACET_COLUMNS[f], lists[i]!]] : [])),
  };
}
