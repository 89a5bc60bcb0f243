import type { Database, DatacronRunTable, DatacronTable, RunOutcome, RunTrigger } from '@autoroute/db';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { inIdOrder } from '../../lib/in-order.ts';
import type { ListQuery } from './list-query.ts';

type Db = Kysely<Database>;

export interface RunsFilter {
  id?: number[] | undefined;
  datacronId?: number[] | undefined;
  outcome?: RunOutcome[] | undefined;
  trigger?: RunTrigger[] | undefined;
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
export type RunSort = keyof typeof RUN_SORTS;
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

/** Runs by id, in the order of `ids`. */
export async function runRecords(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return inIdOrder(ids, await runs(db).where('r.id', 'in', ids).execute());
}

export function findRun(db: Db, id: number) {
  return runs(db).where('r.id', '=', id).executeTakeFirst();
}

export type RunListRow = NonNullable<Awaited<ReturnType<typeof findRun>>>;
