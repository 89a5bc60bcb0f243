import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  /** SPEC §8: 401, 402 and 403 errors show at top center; everything else bottom right (SPEC §9). */
  position: 'bottom-right' | 'top-center';
  duration: number;
  /** A way on from the message ("See your saved searches"). */
  link?: { href: string; label: string } | undefined;
}

/** SPEC §9: at most three toasts, 4000 ms by default; error toasts stay 50 s (SPEC §9 error toast duration). */
const MAX_TOASTS = 3;
const DEFAULT_DURATION = 4000;
const ERROR_DURATION = 50_000;

export const $toasts = atom<Toast[]>([]);
let next = 1;
let renderer: Promise<unknown> | undefined;

/**
 * The renderer (scripts/toaster.ts) loads with the first toast, so a page that shows none ships none
 * of it. Base.astro renders its built module script inside an inert `<template data-toaster-module>`:
 * its address is read from there rather than bundled as a dynamic import, which would add Vite's
 * preload helper to every island that can toast. Once loaded it subscribes to this store and draws
 * the toasts already in it.
 */
function loadRenderer(): void {
  if (renderer || typeof document === 'undefined') return;
  const src = document
    .querySelector<HTMLTemplateElement>('template[data-toaster-module]')
    ?.content.querySelector('script[src]')
    ?.getAttribute('src');
  if (!src) return;
  renderer = import(/* @vite-ignore */ src).catch(() => {
    renderer = undefined;
  });
}

export function toast(message: string, options: Partial<Omit<Toast, 'id' | 'message'>> = {}): void {
  const kind = options.kind ?? 'info';
  const item: Toast = {
    id: next++,
    message,
    kind,
    position: options.position ?? 'bottom-right',
    duration: options.duration ?? (kind === 'error' ? ERROR_DURATION : DEFAULT_DURATION),
    link: options.link,
  };
  $toasts.set([...$toasts.get(), item].slice(-MAX_TOASTS));
  loadRenderer();
}

export const dismiss = (id: number): void => $toasts.set($toasts.get().filter((t) => t.id !== id));

const FLASH = 'flash';

/**
 * What a page leaves for the next one: its message, or (from the back office, which has not loaded
 * the storefront's strings) the name of a `data-*` message the next page carries on its <html>.
 */
interface Flash {
  message?: string;
  said?: string;
  kind: ToastKind;
  /** How long it stays, when longer than a toast's default (a sentence to read on arrival). */
  duration?: number;
}

/** A toast for the next page (after a redirect): kept in sessionStorage until that page shows it. */
export function flash(message: string, kind: ToastKind = 'success'): void {
  try {
    sessionStorage.setItem(FLASH, JSON.stringify({ message, kind } satisfies Flash));
  } catch {}
}

export function takeFlash(): { message: string; kind: ToastKind; duration?: number } | null {
  try {
    const value = sessionStorage.getItem(FLASH);
    sessionStorage.removeItem(FLASH);
    if (!value) return null;
    const { message, said, kind, duration } = JSON.parse(value) as Flash;
    const text = message ?? (said ? document.documentElement.dataset[said] : undefined);
    return text ? { message: text, kind, ...(duration ? { duration } : {}) } : null;
  } catch {
    return null;
  }
}
