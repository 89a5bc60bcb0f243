import { type Database, type NotificationPreferenceTable, nowIso, type UserStatus, type UserTable } from '@autoroute/db';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { inTransaction } from '../../core/transaction.ts';
import { inForce } from '../billing/billing.data.ts';

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
    .where(inForce('subscriptions', nowIso()))
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

/** Whether a username is taken, case-insensitively (by another user than `exceptId`, when given). */
export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Whether an email address is taken (by another user than `exceptId`, when given). */
export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** The columns of a user row a write may change. */
export type UserChanges = Updateable<UserTable>;

/** Writes these columns of a user's row (nothing else: the caller sets updated_at when it should change). */
export async function updateUserColumns(db: Db, userId: number, changes: UserChanges): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** Sets a user's status (active or suspended). */
export async function setUserStatus(db: Db, userId: number, status: UserStatus): Promise<void> {
  await db.updateTable('users').set({ status }).where('id', '=', userId).execute();
}

/** Deletes a user (their listings, pictures, likes, messages and sessions go by cascade); answers whether there was one. */
export async function deleteUserRow(db: Db, userId: number): Promise<boolean> {
  const deleted = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Whether a user has this id. */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return Boolean(row);
}

/** A user's email address; undefined when there is no such user. */
export async function findUserEmail(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

/** A user's email and phone (where codes go); undefined when there is no such user. */
export function findUserContact(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'email', 'phone']).where('id', '=', userId).executeTakeFirst();
}

/** A user's password hash (null for an account without one); undefined when there is no such user. */
export async function findPasswordHash(db: Db, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

/** The id of the language or theme with this code; null when there is none. */
export async function referenceIdByCode(db: Db, table: 'languages' | 'themes', code: string): Promise<number | null> {
  return (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirst())?.id ?? null;
}

/** A notification provider's id and code; undefined when there is none. */
export function findProvider(db: Db, providerId: number) {
  return db.selectFrom('providers').select(['id', 'code']).where('id', '=', providerId).executeTakeFirst();
}

/** Links a provider to a user at the address proved, notifiable; a link already there gets the new address. */
export async function linkUserProvider(db: Db, userId: number, providerId: number, address: string): Promise<void> {
  await db
    .insertInto('user_providers')
    .values({ user_id: userId, provider_id: providerId, address, is_notifiable: 1, linked_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'provider_id']).doUpdateSet({ address, linked_at: nowIso() }))
    .execute();
}

export async function unlinkUserProvider(db: Db, userId: number, providerId: number): Promise<void> {
  await db.deleteFrom('user_providers').where('user_id', '=', userId).where('provider_id', '=', providerId).execute();
}

/** Turns a linked provider's notices on or off; answers false when the user has no link to it. */
export async function setProviderNotifiable(db: Db, userId: number, providerId: number, notifiable: number): Promise<boolean> {
  const updated = await db
    .updateTable('user_providers')
    .set({ is_notifiable: notifiable })
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) !== 0;
}

/** A user's saved notification preferences; undefined when none were saved. */
export function findNotificationPreferences(db: Db, userId: number) {
  return db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The notification preferences a save writes, every one of them. */
export type NotificationPreferenceValues = Omit<Insertable<NotificationPreferenceTable>, 'user_id'>;

/** Saves a user's notification preferences, over those saved before. */
export async function saveNotificationPreferences(db: Db, userId: number, values: NotificationPreferenceValues): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
