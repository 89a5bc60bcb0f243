import type { DialectName } from '@autoroute/db';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

// An admin list's page (ra-data-simple-rest's range, sort and filter) as SQL: every console list
// pages its ids through idPage, then reads the rows of those ids.

/** One page of an admin list as ra-data-simple-rest asks for it (DESIGN §2). */
export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

/**
 * The free-text search of a list (`q`): any of the columns contains the text, case aside; LIKE's
 * wildcards in the text match themselves.
 */
export function containsAny(
  eb: ExpressionBuilder<any, any>,
  columns: readonly string[],
  text: string,
  dialect: DialectName,
): Expression<SqlBool> {
  const pattern = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return eb.or(columns.map((column) => sql<SqlBool>`${sql.ref(column)} ${like} ${pattern} escape '\\'`));
}

/**
 * What a list sorts by: one column, or several, each with its direction when the list asks for ASC
 * (DESC reverses every one): a work queue's order (open first, priority first, oldest first) is one sort.
 */
export type SortColumns = string | readonly (readonly [string, 'asc' | 'desc'])[];

/** One page of ids of a filtered query, in the asked order (ties by id), and how many rows match. */
export async function idPage(
  base: SelectQueryBuilder<any, any, any>,
  columns: { id: string; sort: SortColumns },
  query: ListQuery,
): Promise<{ ids: number[]; total: number }> {
  const sorts = typeof columns.sort === 'string' ? ([[columns.sort, 'asc']] as const) : columns.sort;
  const reverse = query.sort.order === 'DESC';
  let page = base.select(sql.ref(columns.id).as('id'));
  for (const [column, direction] of sorts) page = page.orderBy(column, reverse === (direction === 'asc') ? 'desc' : 'asc');
  const [rows, total] = await Promise.all([
    page
      .orderBy(columns.id, 'asc')
      .limit(query.range.end - query.range.start + 1)
      .offset(query.range.start)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(total.n) };
}
