import { atom } from 'nanostores';

/** SPEC §5, §9: a compare list holds at most three vehicles. */
const COMPARE_MAX = 3;
const KEY = 'compare';

const valid = (ids: unknown): number[] =>
  Array.isArray(ids) ? [...new Set(ids.filter((id): id is number => Number.isInteger(id) && id > 0))].slice(0, COMPARE_MAX) : [];

function read(): number[] {
  try {
    return valid(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** The vehicle ids to compare, kept in localStorage so the list survives pages, reloads and tabs. */
export const $compare = atom<number[]>(typeof localStorage === 'undefined' ? [] : read());

$compare.listen((ids) => {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {}
});
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) $compare.set(read());
  });
}

/** Adds a vehicle; answers false (and changes nothing) when the list is already full. */
export function addToCompare(id: number): boolean {
  const ids = $compare.get();
  if (ids.includes(id)) return true;
  if (ids.length >= COMPARE_MAX) return false;
  $compare.set([...ids, id]);
  return true;
}

export const removeFromCompare = (id: number): void => $compare.set($compare.get().filter((x) => x !== id));

export const compareUrl = (ids: readonly number[]): string => (ids.length ? `/compare?ids=${ids.join(',')}` : '/compare');
