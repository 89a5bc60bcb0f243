import { LOCALES, type Locale } from '@autoroute/locales/meta';

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

/** A text kept in several languages (`{ "en_US": "…", "ar_SA": "…" }`): an object whose keys are all locale codes. */
export function translations(value: unknown): [Locale, string][] | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (!entries.length || !entries.every(([k, v]) => (LOCALES as readonly string[]).includes(k) && (typeof v === 'string' || v === null)))
    return null;
  return entries.filter(([, v]) => v).map(([k, v]) => [k as Locale, String(v)]);
}

/** The text of a snapshot's name field in the reader's language (or English, or any), for a name to show. */
function localText(value: unknown, locale: string): string | null {
  if (typeof value === 'string') return value || null;
  const texts = translations(value);
  if (!texts?.length) return null;
  const own = texts.find(([l]) => l === locale) ?? texts.find(([l]) => l === 'en_US') ?? texts[0];
  return own ? own[1] : null;
}

/** The fields that name a record, most telling first: a listing's title, a row's name, an account's username. */
const NAME_FIELDS = ['title', 'name', 'username', 'subject', 'email', 'code', 'key'];

/** What the entry is about, by name: from the record as it is after the write, or as it was before a delete. */
export function recordName(record: { before?: unknown; after?: unknown; [key: string]: unknown }, locale: string): string | null {
  for (const snapshot of [record.after, record.before] as (Record<string, unknown> | null)[]) {
    if (!snapshot) continue;
    for (const field of NAME_FIELDS) {
      const text = localText(snapshot[field], locale);
      if (text) return text;
    }
  }
  return null;
}
