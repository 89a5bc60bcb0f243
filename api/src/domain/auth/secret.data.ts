import { type Database, nowIso } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { randomToken } from '../../core/crypto.ts';

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
