import { z } from '@hono/zod-openapi';
import type { TFunction } from 'i18next';
import { validationFailed } from '../../../core/errors.ts';
import type { ListQuery } from '../../../domain/admin/list-page.data.ts';

/** The most rows one list request may ask for. */
const MAX_RANGE = 1000;

const parse = (text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('malformed');
  }
};

/** A list's filters: each one's schema turns what react-admin sends into what the data function takes. */
export type FilterShape = Record<string, z.ZodType>;
export type ParsedFilter<S extends FilterShape> = { [K in keyof S]?: z.output<S[K]> };

/** A filter value read by `read`, which answers null for a value it refuses. */
const readBy = <T>(read: (value: unknown) => T | null) =>
  z.unknown().transform((value, ctx) => {
    const read_ = read(value);
    if (read_ === null) {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return read_;
  });

/** The kinds of filter values the admin lists take; every list builds its filters from these. */
export const filterValue = {
  /** One id or a list of them (`{"id":[1,2]}` for getMany). */
  ids: readBy(idList),
  /** One of the allowed words, or a list of them. */
  words: <T extends string>(allowed: readonly T[]) => readBy((value) => wordList(value, allowed)),
  /** An instant as the API writes them. */
  instant: readBy(instant),
  /** A month, `2026-11`. */
  month: readBy(month),
  flag: z.boolean(),
  /** Free text; blank is no filter. */
  text: z
    .string()
    .max(200)
    .transform((text) => (text.trim() ? text : undefined)),
};

/**
 * Reads `sort=["field","ASC"]`, `range=[0,24]` and `filter={…}` from the query. Anything else than
 * a sortable field, an order, a sane range and an object of the list's filters, each with a value
 * its schema takes, is a 422 naming the part (`sort`, `range`, `filter`, `filter.<name>`). A filter
 * sent empty (null or "", a cleared input) is no filter.
 */
export function parseListQuery<S extends FilterShape>(
  query: Record<string, string | undefined>,
  options: {
    sortable: readonly string[];
    filters: S;
    defaultSort: ListQuery['sort'];
    t: TFunction;
    /** Most rows one page may ask for (MAX_RANGE unless a list says less). */
    maxRange?: number;
  },
): ListQuery & { filter: ParsedFilter<S> } {
  const { t } = options;
  const maxRange = options.maxRange ?? MAX_RANGE;
  const problems: { path: string; message: string }[] = [];

  let sort = options.defaultSort;
  const rawSort = parse(query.sort);
  if (rawSort !== undefined) {
    if (
      Array.isArray(rawSort) &&
      rawSort.length === 2 &&
      options.sortable.includes(String(rawSort[0])) &&
      (rawSort[1] === 'ASC' || rawSort[1] === 'DESC')
    ) {
      sort = { field: String(rawSort[0]), order: rawSort[1] };
    } else {
      problems.push({ path: 'sort', message: t('admin.badSort', { fields: options.sortable.join(', ') }) });
    }
  }

  let range = { start: 0, end: 24 };
  const rawRange = parse(query.range);
  if (rawRange !== undefined) {
    const [start, end] = Array.isArray(rawRange) ? rawRange : [];
    if (
      Array.isArray(rawRange) &&
      rawRange.length === 2 &&
      Number.isInteger(start) &&
      Number.isInteger(end) &&
      start >= 0 &&
      end >= start &&
      end - start < maxRange
    ) {
      range = { start, end };
    } else {
      problems.push({ path: 'range', message: t('admin.badRange', { max: maxRange }) });
    }
  }

  let filter: ParsedFilter<S> = {};
  const rawFilter = parse(query.filter);
  if (rawFilter !== undefined) {
    if (rawFilter && typeof rawFilter === 'object' && !Array.isArray(rawFilter)) {
      const given = Object.fromEntries(Object.entries(rawFilter).filter(([, value]) => value !== null && value !== ''));
      const unknown = Object.keys(given).filter((k) => !Object.hasOwn(options.filters, k));
      if (unknown.length) problems.push({ path: 'filter', message: t('validation.unknownField', { keys: unknown.join(', ') }) });
      else {
        const parsed = z.object(options.filters).partial().safeParse(given);
        if (parsed.success) filter = parsed.data as ParsedFilter<S>;
        else {
          const wrong = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
          problems.push(...wrong.map((key) => ({ path: `filter.${key}`, message: t('validation.invalid') })));
        }
      }
    } else {
      problems.push({ path: 'filter', message: t('admin.badFilter') });
    }
  }

  if (problems.length) throw validationFailed(problems);
  return { sort, range, filter };
}

/** The header ra-data-simple-rest reads the total from: `colors 0-24/319` (an empty page: star, slash, total). */
export const contentRange = (resource: string, range: ListQuery['range'], count: number, total: number): string =>
  count ? `${resource} ${range.start}-${range.start + count - 1}/${total}` : `${resource} */${total}`;

/** A filter value as a list of allowed words (`{"outcome":"error"}` or `["error","skipped"]`); null when any is not. */
function wordList<T extends string>(value: unknown, allowed: readonly T[]): T[] | null {
  const values = Array.isArray(value) ? value : [value];
  return values.every((v) => allowed.includes(v as T)) ? (values as T[]) : null;
}

/** A filter value as a list of ids (`{"id":[1,2]}` for getMany) or one id; null when it is neither. */
function idList(value: unknown): number[] | null {
  const values = Array.isArray(value) ? value : [value];
  const ids = values.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  return ids.every((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 2147483647) ? (ids as number[]) : null;
}

/** A filter value as an instant (`2026-11-01T00:00:00.000Z`, as the API writes them); null when it is not one. */
function instant(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A filter value as a month (`2026-11`); null when it is not one. */
function month(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null;
}

/** The first instant of the month after `yyyyMm` (UTC), as ISO text. */
export const nextMonth = (yyyyMm: string): string => {
  const [y, m] = yyyyMm.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString();
};
