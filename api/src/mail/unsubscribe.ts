import { createHmac } from 'node:crypto';
import { absoluteUrl } from '@autoroute/contract/runtime-config';
import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { serverSecret } from '../auth/tokens.ts';
import { safeEqual } from '../lib/crypto.ts';

/**
 * The kinds of notification mail a link can stop, each with the switch of the member's notification
 * preferences it turns off: a buyer's message is mailed while `email` is on (SPEC §3), so stopping
 * it turns that switch off — the one the settings page shows.
 */
export const UNSUBSCRIBE_KINDS = { contact: 'email', price_drop: 'email', message: 'email' } as const;
/** A switch of the preferences, or one saved search's alerts (`search_<id>`: its link pauses that search alone). */
export type UnsubscribeKind = keyof typeof UNSUBSCRIBE_KINDS | `search_${number}`;

const isKind = (kind: string): kind is UnsubscribeKind => Object.hasOwn(UNSUBSCRIBE_KINDS, kind) || /^search_[1-9]\d{0,9}$/.test(kind);
/** The saved search a kind names, or null for a switch of the preferences. */
export const savedSearchOf = (kind: UnsubscribeKind): number | null =>
  kind.startsWith('search_') ? Number(kind.slice('search_'.length)) : null;

/** The path of the one-click unsubscribe route under the API base. */
const UNSUBSCRIBE_PATH = '/api/v1/unsubscribe';

const mac = (secret: string, userId: number, kind: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

/**
 * `<userId>.<kind>.<HMAC>`, keyed with the server's secret: it names the member and the kind and
 * cannot be made for anyone else. It does not expire (a link in an old mail must still work) and
 * does nothing but turn mail off, which the member can turn back on in their settings.
 */
const unsubscribeToken = (secret: string, userId: number, kind: UnsubscribeKind): string =>
  `${userId}.${kind}.${mac(secret, userId, kind)}`;

/** The member and kind a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; kind: UnsubscribeKind } | null {
  const match = /^([1-9]\d{0,9})\.([a-z0-9_]{1,32})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id = '', kind = '', signature = ''] = match;
  const userId = Number(id);
  if (!isKind(kind) || userId > 2147483647) return null;
  return safeEqual(signature, mac(secret, userId, kind)) ? { userId, kind } : null;
}

/** The absolute one-click unsubscribe URL for a member and a kind, as List-Unsubscribe and the footer give it. */
export async function unsubscribeUrl(db: Kysely<Database>, publicUrl: string, userId: number, kind: UnsubscribeKind): Promise<string> {
  return absoluteUrl(publicUrl, `${UNSUBSCRIBE_PATH}/${unsubscribeToken(await serverSecret(db), userId, kind)}`);
}
