/**
 * Rows read by `where id in (…)`, put back in the order of `ids` (a page's order, chosen by an
 * earlier query), each mapped to its answer; an id with no row is left out.
 */
export function inIdOrder<R extends { id?: unknown }, T = R>(ids: readonly number[], rows: readonly R[], map?: (row: R) => T): T[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [map ? map(row) : (row as unknown as T)];
  });
}
