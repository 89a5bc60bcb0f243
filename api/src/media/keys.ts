import path from 'node:path';

const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys are made by us; a key that could climb out of its folder (or bucket prefix) is never one. */
export function isMediaKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

/** Refuses a key that is not one of ours before any store touches it. */
export function checkKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`invalid media key: ${key}`);
  return key;
}

const TYPES: Record<string, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/** The Content-Type of a key, from its extension: what we stored decides, never what a store remembers. */
export function contentTypeOf(key: string): string {
  return TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}
