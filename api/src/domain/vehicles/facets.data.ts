import { FACETS } from '@autoroute/contract/vehicles';
import type { Database, DialectName, LongRead } from '@autoroute/db';
import { CompiledQuery, type Kysely } from 'kysely';
import {
  baseConditions,
  type Condition,
  FACET_COLUMNS,
  type FacetName,
  facetConditions,
  SAMPLE_EVERY,
  type SearchCriteria,
  searchTerms,
  whereOf,
} from './criteria.data.ts';

type Db = Kysely<Database>;

/** One group of a facet grouping: its values of the block's facets, in the block's order, and its size. */
export interface FacetGroup {
  values: (string | number)[];
  n: number;
}

/**
 * The vehicles matching `conditions` and `terms`, grouped by this block's facet columns (facetGroups,
 * facets.ts), with the catalogue version read in the same statement when `versioned`.
 */
function grouping(db: Db, dialect: DialectName, block: readonly FacetName[], conditions: Condition[], terms: string[], versioned: boolean) {
  const columns = block.map((f) => `v.${FACET_COLUMNS[f]}` as const);
  return (
    db
      .selectFrom('vehicles as v')
      .select([...columns, db.fn.countAll<number>().as('n')])
      .$if(versioned, (q) => q.select((eb) => eb.selectFrom('catalogue_version').select('version').as('version')))
      // The search index leads with `sold, brand`: the colour grouping of a make seeks into it.
      .where(whereOf(dialect, conditions, terms, terms.length ? [] : ['sold', 'brand']))
      .groupBy(columns)
  );
}

const toGroups = (block: readonly FacetName[], rows: Record<string, unknown>[]): FacetGroup[] =>
  rows.map((r) => ({ values: block.map((f) => r[FACET_COLUMNS[f]] as string | number), n: Number(r.n) }));

/** A block's groups read now, on `db`: inside a transaction, its own changes included. */
export async function facetGroupsNow(
  db: Db,
  dialect: DialectName,
  block: readonly FacetName[],
  conditions: Condition[],
  terms: string[],
): Promise<FacetGroup[]> {
  return toGroups(block, await grouping(db, dialect, block, conditions, terms, false).execute());
}

/**
 * A block's groups read apart (`longRead`), with the catalogue version they were read at (NaN when
 * no vehicle matches: no row carries it).
 */
export async function facetGroupsApart(
  db: Db,
  dialect: DialectName,
  longRead: LongRead,
  block: readonly FacetName[],
  conditions: Condition[],
  terms: string[],
): Promise<{ version: number; groups: FacetGroup[] }> {
  const rows = await longRead(grouping(db, dialect, block, conditions, terms, true).compile());
  return { version: Number((rows[0] as { version?: unknown })?.version), groups: toGroups(block, rows) };
}

/** The catalogue version: every committed vehicle change bumps it (docs/decisions/005-facet-counts.md). */
export async function catalogueVersion(db: Db): Promise<number> {
  return Number((await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
}

/**
 * A block's groups among the sample's listings (migration 20261214_0001), each group's size times
 * SAMPLE_EVERY: an estimate that reads about 29,000 index entries at a million listings, where the
 * exact count reads up to every live listing. Read apart, as exact counts are (`longRead`).
 */
export async function sampledGroups(
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

/** The newest listing's id: the catalogue's size, near enough, read from the primary key's end. */
export async function catalogueSize(db: Db): Promise<number> {
  const { size } = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.max('id').as('size'))
    .executeTakeFirstOrThrow();
  return Number(size ?? 0);
}
