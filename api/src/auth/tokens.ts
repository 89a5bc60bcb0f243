import { type Database, nowIso } from '@autoroute/db';
import { sign, verify } from 'hono/jwt';
import type { Kysely } from 'kysely';
import { randomToken } from '../lib/crypto.ts';

/** Access tokens live a quarter of an hour; the refresh token renews them (rotating on each use). */
export const ACCESS_TTL_SECONDS = 15 * 60;

/**
 * The key that signs access tokens: made once and kept in the database, so that every server
 * process of a deployment shares it without configuration.
 */
export async function loadAuthSecret(db: Kysely<Database>): Promise<string> {
  const read = () => db.selectFrom('settings').select('value').where('key', '=', 'auth_secret').executeTakeFirst();
  const existing = await read();
  if (existing) return JSON.parse(existing.value) as string;
  await db
    .insertInto('settings')
    .values({ key: 'auth_secret', value: JSON.stringify(randomToken(48)), updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return JSON.parse((await read())!.value) as string;
}

const kept = new WeakMap<Kysely<Database>, Promise<string>>();
/**
 * The same secret, read once per database and kept (a failed read is tried again next time): what
 * the server keys its other HMACs with (unsubscribe links, visitor hashes).
 */
export function serverSecret(db: Kysely<Database>): Promise<string> {
  let secret = kept.get(db);
  if (!secret) {
    secret = loadAuthSecret(db);
    kept.set(db, secret);
    secret.catch(() => kept.delete(db));
  }
  return secret;
}

export async function issueAccessToken(secret: string, claims: { userId: number; sessionId: string }) {
  const exp = Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS;
  const token = await sign({ sub: String(claims.userId), sid: claims.sessionId, exp }, secret, 'HS256');
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The claims of a valid, unexpired access token, or null. */
export async function readAccessToken(secret: string, token: string): Promise<{ userId: number; sessionId: string } | null> {
  try {
    const payload = await verify(token, secret, 'HS256');
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
