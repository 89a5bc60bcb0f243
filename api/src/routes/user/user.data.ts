import { type Database, nowIso } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

export async function findUserById(db: Db, id: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('themes as th', 'th.id', 'u.theme_id')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .selectAll('u')
    .select(['th.code as theme_code', 'th.name as theme_name', 'l.code as language_code', 'l.name as language_name'])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/** A user by username or email, case-insensitively (sign-in accepts either, SPEC §2). */
export async function findUserByIdentifier(db: Db, identifier: string) {
  const value = identifier.trim().toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status', 'email'])
    .where((eb) => eb.or([eb('email', '=', value), eb(eb.fn('lower', ['username']), '=', value)]))
    .executeTakeFirst();
}

export async function hasActiveSubscription(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return Boolean(row);
}

export async function listUserProviders(db: Db, userId: number) {
  return db
    .selectFrom('providers as p')
    .leftJoin('user_providers as up', (j) => j.onRef('up.provider_id', '=', 'p.id').on('up.user_id', '=', userId))
    .select(['p.id', 'p.code', 'p.name', 'up.linked_at', 'up.is_notifiable'])
    .orderBy('p.id')
    .execute();
}
