/** One field of an audit entry: its value before and after, and whether the change touched it. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of an entry's snapshots, changed ones first (in the record's order), then the others. A
 * create has no before and a delete no after: every field of the one snapshot counts as changed.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = fields.map((field) => {
    const b = before?.[field];
    const a = after?.[field];
    return { field, before: b, after: a, changed: !before || !after || !same(b, a) };
  });
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const startOf = (day: string, addDays = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + addDays).toISOString();
};

/**
 * The date filters in the reader's own days: "from" a day is its first instant, "to" a day is the
 * first instant of the next (the API's `until` is exclusive); the inputs show the day picked.
 */
export const sinceDay = {
  parse: (day: string) => (day ? startOf(day) : undefined),
  format: (instant: string | null | undefined) => (instant ? localDay(new Date(instant)) : ''),
};
export const untilDay = {
  parse: (day: string) => (day ? startOf(day, 1) : undefined),
  format: (instant: string | null | undefined) => {
    if (!instant) return '';
    const date = new Date(instant);
    date.setDate(date.getDate() - 1);
    return localDay(date);
  },
};
