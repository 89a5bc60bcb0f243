import { atom } from 'nanostores';

/** How many listings the browser remembers as recently viewed (issue 17). */
const RECENT_MAX = 8;
const KEY = 'recently-viewed';

/** What a listing's card needs, kept raw so it is formatted in the language of the page that shows it. */
export interface RecentVehicle {
  id: number;
  title: string;
  price: number;
  currency: string;
  /** `rent_day`, `rent_month`, or null for a sale. */
  period: string | null;
  cover: { url: string; width: number; height: number } | null;
}

const isRecent = (v: unknown): v is RecentVehicle => {
  const r = v as RecentVehicle;
  return (
    typeof r === 'object' &&
    r !== null &&
    Number.isInteger(r.id) &&
    r.id > 0 &&
    typeof r.title === 'string' &&
    typeof r.price === 'number' &&
    typeof r.currency === 'string' &&
    (r.cover === null || (typeof r.cover === 'object' && typeof r.cover.url === 'string' && /^(\/[^/]|https?:\/\/)/.test(r.cover.url)))
  );
};

function read(): RecentVehicle[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter(isRecent).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** The listings this browser viewed last, newest first: kept in localStorage only, never sent anywhere. */
export const $recent = atom<RecentVehicle[]>(typeof localStorage === 'undefined' ? [] : read());

$recent.listen((list) => {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch {}
});
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY || e.key === null) $recent.set(read());
  });
}

/** Puts a listing first (once), dropping the oldest beyond RECENT_MAX. */
export function rememberViewed(vehicle: RecentVehicle): void {
  if (!isRecent(vehicle)) return;
  $recent.set([vehicle, ...$recent.get().filter((v) => v.id !== vehicle.id)].slice(0, RECENT_MAX));
}

export const forgetViewed = () => $recent.set([]);
