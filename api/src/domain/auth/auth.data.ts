import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/** The account with this email address (its phone, status, and whether the address is verified); undefined when none. */
export function findAccountByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'phone', 'status', 'email_verified_at']).where('email', '=', email).executeTakeFirst();
}

/** The code of the language the account with this email address chose; undefined when none (or no such account). */
export async function accountLanguage(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('languages as l', 'l.id', 'u.language_id')
    .select('l.code')
    .where('u.email', '=', email)
    .executeTakeFirst();
  return row?.code;
}

/** A user's status; throws when there is no such user. */
export async function findUserStatus(db: Db, userId: number) {
  const row = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.status;
}
