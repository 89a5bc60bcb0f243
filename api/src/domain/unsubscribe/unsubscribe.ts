import { createHmac } from 'node:crypto';
import { absoluteUrl } from '@autoroute/contract/runtime-config';
import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { safeEqual } from '../../core/crypto.ts';
import { serverSecret } from '../auth/secret.data.ts';
import { TOPIC_COLUMNS } from '../notifications/topics.ts';

/**
 * The kinds of notification mail a link can stop, each with the email switch of its topic in the
 * member's notification preferences (api/src/domain/notifications/topics.ts, docs/decisions/047): a
 * buyer's first message (contact) and the messages after it turn off the messages' email, a price
 * drop the price drops' email; the member's other mail is left as it was (issue 33).
 */
export const UNSUBSCRIBE_KINDS = {
  contact: TOPIC_COLUMNS.message.email,
  price_drop: TOPIC_COLUMNS.priceDrop.email,
  message: TOPIC_COLUMNS.message.email,
} as const;
/** The topic each kind's pages name (a contact is a buyer's first message). */
export const UNSUBSCRIBE_TOPIC = { contact: 'message', price_drop: 'price_drop', message: 'message' } as const;
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
