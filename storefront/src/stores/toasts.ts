import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  /** SPEC §8: 401, 402 and 403 errors show at top center; everything else bottom right (SPEC §9). */
  position: 'bottom-right' | 'top-center';
  duration: number;
}

/** SPEC §9: at most three toasts, 4000 ms by default; error toasts stay 50 s (SPEC §9 error toast duration). */
export const MAX_TOASTS = 3;
export const DEFAULT_DURATION = 4000;
export const ERROR_DURATION = 50_000;

export const $toasts = atom<Toast[]>([]);
let next = 1;

export function toast(message: string, options: Partial<Omit<Toast, 'id' | 'message'>> = {}): void {
  const kind = options.kind ?? 'info';
  const item: Toast = {
    id: next++,
    message,
    kind,
    position: options.position ?? 'bottom-right',
    duration: options.duration ?? (kind === 'error' ? ERROR_DURATION : DEFAULT_DURATION),
  };
  $toasts.set([...$toasts.get(), item].slice(-MAX_TOASTS));
}

export const dismiss = (id: number): void => $toasts.set($toasts.get().filter((t) => t.id !== id));

const FLASH = 'flash';

/** A toast for the next page (after a redirect): kept in sessionStorage until that page shows it. */
export function flash(message: string, kind: ToastKind = 'success'): void {
  try {
    sessionStorage.setItem(FLASH, JSON.stringify({ message, kind }));
  } catch {}
}

export function takeFlash(): { message: string; kind: ToastKind } | null {
  try {
    const value = sessionStorage.getItem(FLASH);
    sessionStorage.removeItem(FLASH);
    return value ? (JSON.parse(value) as { message: string; kind: ToastKind }) : null;
  } catch {
    return null;
  }
}
