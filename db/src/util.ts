/** The current time as the ISO-8601 UTC text every timestamp column holds. */
export const nowIso = (): string => new Date().toISOString();

/** The 0/1 columns: every conversion between them and booleans goes through these four. */
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | null | undefined): boolean => value === 1;
/** An optional flag (unknown stays null). */
export const toNullableFlag = (value: boolean | null | undefined): number | null =>
  value === null || value === undefined ? null : toFlag(value);
export const fromNullableFlag = (value: number | null): boolean | null => (value === null ? null : value === 1);

/** Parses a JSON column, giving the fallback for null or malformed text. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** `vehicles.sold` of a listing withheld by moderation (pending, held, removed): out of every public read (docs/decisions/057). */
export const WITHHELD = 2;
