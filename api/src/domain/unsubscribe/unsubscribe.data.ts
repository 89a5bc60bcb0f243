import { type Database, nowIso } from '@autoroute/db';
import type { Kysely } from 'kysely';
import type { UNSUBSCRIBE_KINDS } from './unsubscribe.ts';

type Db = Kysely<Database>;

/** A member's chosen language code (null when none); undefined when there is no such member. */
export async function findMemberLanguage(db: Db, userId: number): Promise<{ language: string | null } | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('languages as l', 'l.id', 'u.language_id')
    .select('l.code as language')
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Turns one email switch of a member's notification preferences off (a topic's), the others as they were (or their defaults). */
export async function turnOffEmailSwitch(
  db: Db,
  userId: number,
  column: (typeof UNSUBSCRIBE_KINDS)[keyof typeof UNSUBSCRIBE_KINDS],
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, [column]: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: 0, updated_at: now }))
    .execute();
}
