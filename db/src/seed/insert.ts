import { CompiledQuery, type Insertable, type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database>;

export const json = (value: unknown) => JSON.stringify(value);

/**
 * Inserts rows in statements small enough for SQLite's and PostgreSQL's parameter limits. Written
 * as plain SQL with its parameters, not through the query builder: building a query per chunk of
 * rows was an eighth of a large seed's time. Every row must have the same columns.
 */
export async function insertMany<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
  returnIds = false,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0] as object);
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const size = Math.max(1, Math.floor(30000 / columns.length));
  const ids: number[] = [];
  // The statement's text depends only on how many rows it holds: every chunk but the last shares it.
  const texts = new Map<number, string>();
  const textFor = (count: number) => {
    let text = texts.get(count);
    if (!text) {
      const tuples = Array.from(
        { length: count },
        (_, r) => `(${columns.map((_, c) => (pg ? `$${r * columns.length + c + 1}` : '?')).join(', ')})`,
      );
      text = `${head}${tuples.join(', ')}${returnIds ? ' returning "id"' : ''}`;
      texts.set(count, text);
    }
    return text;
  };
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size) as Record<string, unknown>[];
    const parameters: unknown[] = new Array(chunk.length * columns.length);
    let p = 0;
    for (const row of chunk) {
      for (const column of columns) {
        const value = row[column];
        if (value === undefined) throw new Error(`${table}: a row without ${column}`);
        parameters[p++] = value;
      }
    }
    const text = textFor(chunk.length);
    const out = await db.executeQuery<{ id: number | string }>(CompiledQuery.raw(text, parameters));
    // Identity and rowid values grow in VALUES order within one statement.
    if (returnIds) ids.push(...out.rows.map((o) => Number(o.id)).sort((a, b) => a - b));
  }
  return ids;
}

export async function count(db: Db, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
