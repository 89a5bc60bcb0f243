import type { Database, DatacronRunTable, DatacronTable, RunOutcome, RunTrigger } from '@autoroute/db';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { inIdOrder } from '../../core/in-order.ts';
import type { ListQuery } from './list-page.data.ts';

type Db = Kysely<Database>;

export interface RunsFilter {
  id?: number[] | undefined;
  datacronId?: number[] | undefined;
  outcome?: RunOutcome[] | undefined;
  trigger?: RunTrigger[] | undefined;
  /** Consecutive successful runs of a job as one row (jobs that run every minute flood the history). */
  folded?: boolean | undefined;
}

/** The API's sort fields and their columns. */
export const RUN_SORTS = {
  id: 'r.id',
  datacronId: 'r.datacron_id',
  trigger: 'r.trigger',
  startedAt: 'r.started_at',
  finishedAt: 'r.finished_at',
  outcome: 'r.outcome',
} as const;
type RunSort = keyof typeof RUN_SORTS;
/** The column a run list sorts by. */
export type RunColumn = (typeof RUN_SORTS)[RunSort];

const runs = (db: Db) =>
  db
    .selectFrom('datacron_runs as r')
    .innerJoin('datacrons as d', 'd.id', 'r.datacron_id')
    .select([
      'r.id',
      'r.datacron_id',
      'd.name as datacron_name',
      'd.handler',
      'r.trigger',
      'r.started_at',
      'r.finished_at',
      'r.outcome',
      'r.error',
      'r.summary',
    ]);

type Joined = ExpressionBuilder<Database & { r: DatacronRunTable; d: DatacronTable }, 'r' | 'd'>;

const matching =
  (filter: RunsFilter) =>
  (eb: Joined): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    // An empty list matches nothing (getMany of no ids).
    if (filter.id) conditions.push(filter.id.length ? eb('r.id', 'in', filter.id) : eb.lit(false));
    if (filter.datacronId) conditions.push(filter.datacronId.length ? eb('r.datacron_id', 'in', filter.datacronId) : eb.lit(false));
    if (filter.outcome?.length) conditions.push(eb('r.outcome', 'in', filter.outcome));
    if (filter.trigger?.length) conditions.push(eb('r.trigger', 'in', filter.trigger));
    return eb.and(conditions);
  };

/** One page of ids of the run history, ties in the sort's direction too, and how many runs match (the back office's list contract). */
export async function runIdPage(db: Db, filter: RunsFilter, sort: RunColumn, query: ListQuery) {
  const order = query.sort.order === 'ASC' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    db
      .selectFrom('datacron_runs as r')
      .innerJoin('datacrons as d', 'd.id', 'r.datacron_id')
      .select('r.id')
      .where(matching(filter))
      .orderBy(sort, order)
      .orderBy('r.id', order)
      .limit(query.range.end - query.range.start + 1)
      .offset(query.range.start)
      .execute(),
    db
      .selectFrom('datacron_runs as r')
      .innerJoin('datacrons as d', 'd.id', 'r.datacron_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(matching(filter))
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(total.n) };
}

/**
 * The folds of the run history the filter keeps: each failed, skipped or running run alone, and each
 * stretch of consecutive successful runs of one job as one fold, named by its latest run (the
 * largest id), with how many runs it holds and when the first started. A run's stretch is the number
 * of other outcomes before it in its job's history (a window sum), the same on SQLite and PostgreSQL.
 */
function folds(db: Db, filter: RunsFilter) {
  const numbered = db
    .selectFrom('datacron_runs as r')
    .innerJoin('datacrons as d', 'd.id', 'r.datacron_id')
    .where(matching(filter))
    .select([
      'r.id',
      'r.datacron_id',
      'r.outcome',
      'r.started_at',
      sql<number>`sum(case when r.outcome = 'success' then 0 else 1 end) over (partition by r.datacron_id order by r.started_at, r.id)`.as(
        'stretch',
      ),
    ]);
  return db
    .selectFrom(numbered.as('n'))
    .select([
      sql<number>`max(n.id)`.as('id'),
      sql<number>`count(*)`.as('runs'),
      sql<string>`min(n.started_at)`.as('first_started_at'),
      sql<string>`max(n.started_at)`.as('last_started_at'),
    ])
    .groupBy(['n.datacron_id', 'n.stretch', sql`case when n.outcome = 'success' then 0 else n.id end`]);
}

/** One page of the folded run history, newest first (the sort is not the caller's), and how many folds there are. */
export async function foldedRunIdPage(db: Db, filter: RunsFilter, query: ListQuery) {
  const [rows, total] = await Promise.all([
    folds(db, filter)
      .orderBy('last_started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.range.end - query.range.start + 1)
      .offset(query.range.start)
      .execute(),
    db
      .selectFrom(folds(db, filter).as('f'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(total.n) };
}

/** How many runs the folds named by these runs hold, and when each fold's first run started. */
export async function foldsNamedBy(
  db: Db,
  filter: RunsFilter,
  ids: number[],
): Promise<Map<number, { runs: number; firstStartedAt: string }>> {
  if (!ids.length) return new Map();
  const rows = await folds(db, { ...filter, id: undefined, datacronId: filter.datacronId })
    .having(sql<number>`max(n.id)`, 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { runs: Number(r.runs), firstStartedAt: String(r.first_started_at) }]));
}

/** Runs by id, in the order of `ids`. */
export async function runRecords(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return inIdOrder(ids, await runs(db).where('r.id', 'in', ids).execute());
}

export function findRun(db: Db, id: number) {
  return runs(db).where('r.id', '=', id).executeTakeFirst();
}

export type RunListRow = NonNullable<Awaited<ReturnType<typeof findRun>>>;
