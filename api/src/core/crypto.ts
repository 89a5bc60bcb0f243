import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random token of `bytes` bytes (default 32: 256 bits), URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Six random digits, for one-time codes. */
export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Tokens and codes are stored as their SHA-256, never in clear. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
