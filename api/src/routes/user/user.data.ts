import { type Database, nowIso } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../lib/transaction.ts';

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
    .where('started_at', '<=', nowIso())
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return Boolean(row);
}

export async function listUserProviders(db: Db, userId: number) {
  return db
    .selectFrom('providers as p')
    .leftJoin('user_providers as up', (j) => j.onRef('up.provider_id', '=', 'p.id').on('up.user_id', '=', userId))
    .select(['p.id', 'p.code', 'p.name', 'up.linked_at', 'up.is_notifiable', 'up.address'])
    .orderBy('p.id')
    .execute();
}

/** A new member account (role USER, default notification preferences), in one transaction. */
export async function createMember(
  db: Db,
  input: {
    email: string;
    username: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    passwordHash: string | null;
    locale: string;
    emailVerified: boolean;
  },
): Promise<number> {
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'USER').executeTakeFirstOrThrow();
  const language = await db.selectFrom('languages').select('id').where('code', '=', input.locale).executeTakeFirst();
  const now = nowIso();
  return inTransaction(db, async (tx) => {
    const user = await tx
      .insertInto('users')
      .values({
        email: input.email,
        username: input.username,
        first_name: input.firstName,
        last_name: input.lastName,
        phone: input.phone,
        password_hash: input.passwordHash,
        language_id: language?.id ?? null,
        email_verified_at: input.emailVerified ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    await tx.insertInto('notification_preferences').values({ user_id: user.id }).execute();
    return user.id;
  });
}

/** Whether a username is taken, case-insensitively. */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return Boolean(row);
}
