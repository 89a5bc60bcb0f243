import { isProfileUrl } from '@autoroute/contract/fields';
import { type NotificationSettings, type NotificationSettingsInput, SIDEBAR_ITEMS, type User } from '@autoroute/contract/user';
import { fromFlag, hashPassword, nowIso, parseJson, toFlag, verifyPassword } from '@autoroute/db';
import type { z } from 'zod';
import { AppError, notFound } from '../../core/errors.ts';
import { isDelivered } from '../../mail/providers.ts';
import { assertNotLastSuper, checkUserDeletion } from '../admin/access.service.ts';
import { audited, REDACTED } from '../admin/audit.service.ts';
import { consumeProcess } from '../auth/codes.data.ts';
import type { Principal } from '../auth/principal.data.ts';
import { loadAccess } from '../auth/principal.data.ts';
import { revokeUserSessions } from '../auth/sessions.data.ts';
import type { DomainDeps } from '../deps.ts';

type Db = DomainDeps['db'];

import {
  deleteUserRow,
  emailTaken,
  findNotificationPreferences,
  findPasswordHash,
  findProvider,
  findUserById,
  findUserEmail,
  hasActiveSubscription,
  linkUserProvider,
  listUserProviders,
  referenceIdByCode,
  saveNotificationPreferences,
  setProviderNotifiable,
  unlinkUserProvider,
  updateUserColumns,
  userExists,
  usernameTaken,
} from './user.data.ts';
import type { UserUpdate } from './user.inputs.ts';

/** The user as every client sees it (SPEC §3 User): roles, permissions and is_premium included. */
export async function userPayload(db: Db, userId: number): Promise<UserPayload> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('USER_NOT_FOUND');
  const [access, premium, providers] = await Promise.all([
    loadAccess(db, userId),
    hasActiveSubscription(db, userId),
    listUserProviders(db, userId),
  ]);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    name: user.name ?? `${user.first_name} ${user.last_name}`,
    phone: user.phone,
    status: user.status,
    roles: access.roles,
    permissions: access.permissions,
    is_premium: premium,
    sellerType: user.seller_type,
    emailVerified: Boolean(user.email_verified_at),
    theme: user.theme_code ? { code: user.theme_code, name: user.theme_name } : null,
    language: user.language_code ? { code: user.language_code, name: user.language_name } : null,
    font: user.font,
    bio: user.bio,
    // Links saved before the rule took only http and https (contract/fields.ts) are not passed on.
    urls: parseJson<string[]>(user.urls, []).filter((url) => typeof url === 'string' && isProfileUrl(url)),
    dateOfBirth: user.date_of_birth,
    sidebarItems: parseJson<string[]>(user.sidebar_items, [...SIDEBAR_ITEMS]),
    providers: providers.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      linked: Boolean(p.linked_at),
      notifiable: fromFlag(p.is_notifiable),
      /** Where the notices go: the account's email, the phone number or the handle proved with the code. */
      address: p.linked_at ? (p.address ?? null) : null,
      available: isDelivered(p.code),
    })),
    createdAt: user.created_at,
  };
}

export type UserPayload = User;

/**
 * Runs a write on user `userId`'s account as `principal`, who passed authorizeUserAction. The user
 * themself writes as ever; an administrator's write on someone else is logged like the console's
 * (decision 020): in one transaction with the account before and after (`secret`: a new password,
 * shown as set). `write` reads and writes through the db it is given: that transaction.
 */
async function writeAccount<T>(
  db: Db,
  principal: Principal,
  userId: number,
  action: 'update' | 'delete',
  write: (scoped: Db) => Promise<T>,
  secret = false,
): Promise<T> {
  if (principal.userId === userId) return write(db);
  return audited(db, principal, { resource: 'users', action }, async (tx) => {
    const scoped = tx;
    const before = await accountSnapshot(scoped, userId);
    const result = await write(scoped);
    const after = action === 'delete' ? null : await accountSnapshot(scoped, userId);
    return { recordId: userId, before, after: after && secret ? { ...after, password: REDACTED } : after, result };
  });
}

/** An account as the audit log keeps it: the user as the API answers them, and their notification preferences. */
async function accountSnapshot(db: Db, userId: number) {
  return { ...(await userPayload(db, userId)), notificationSettings: await notificationSettings(db, userId) };
}

/** 422 CURRENT_PASSWORD_WRONG unless `password` is the user's password. */
async function checkCurrentPassword(db: Db, userId: number, password: string | undefined) {
  const hash = await findPasswordHash(db, userId);
  if (!password || !hash || !(await verifyPassword(hash, password))) {
    throw new AppError(422, 'CURRENT_PASSWORD_WRONG');
  }
}

/**
 * Applies a settings change. Changing the email or the password needs the current password (for
 * the user themself); a new password ends the other sessions; a new email must be verified again.
 */
export async function updateUser(db: Db, principal: Principal, userId: number, body: z.infer<typeof UserUpdate>) {
  const self = principal.userId === userId;
  const current = await findUserById(db, userId);
  if (!current) throw notFound('USER_NOT_FOUND');
  const sensitive = (body.email !== undefined && body.email !== current.email) || body.newPassword !== undefined;
  if (sensitive && self) await checkCurrentPassword(db, userId, body.currentPassword);
  if (body.username && body.username.toLowerCase() !== current.username.toLowerCase()) {
    if (await usernameTaken(db, body.username)) throw new AppError(409, 'USERNAME_TAKEN');
  }
  if (body.email && body.email !== current.email) {
    if (await emailTaken(db, body.email)) throw new AppError(409, 'EMAIL_TAKEN');
  }
  const ref = async (table: 'languages' | 'themes', code: string | undefined) =>
    code === undefined ? undefined : await referenceIdByCode(db, table, code);
  const [languageId, themeId] = await Promise.all([ref('languages', body.language), ref('themes', body.theme)]);
  const changes = {
    first_name: body.firstName,
    last_name: body.lastName,
    username: body.username,
    email: body.email,
    email_verified_at: body.email && body.email !== current.email ? null : undefined,
    phone: body.phone,
    bio: body.bio,
    urls: body.urls ? JSON.stringify(body.urls) : undefined,
    name: body.name,
    date_of_birth: body.dateOfBirth,
    language_id: languageId,
    theme_id: themeId,
    font: body.font,
    sidebar_items: body.sidebarItems ? JSON.stringify(body.sidebarItems) : undefined,
    password_hash: body.newPassword ? await hashPassword(body.newPassword) : undefined,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await writeAccount(
    db,
    principal,
    userId,
    'update',
    async (db) => {
      if (Object.keys(set).length) await updateUserColumns(db, userId, { ...set, updated_at: nowIso() });
      // A new password always ends the other sessions (whoever knew the old one is signed out); the
      // session that changed it stays. A new email ends them when asked, or when changed by someone else.
      if (body.newPassword !== undefined || (sensitive && (body.endOtherSessions || !self)))
        await revokeUserSessions(db, userId, self ? principal.sessionId : undefined);
    },
    body.newPassword !== undefined,
  );
  return userPayload(db, userId);
}

/**
 * Deletes the account and, by cascade, its listings, pictures, likes, messages and sessions: the
 * user themself with their password, an administrator by the console's rules (checkUserDeletion).
 */
export async function deleteUser(db: Db, principal: Principal, userId: number, password: string | undefined) {
  if (principal.userId === userId) {
    await checkCurrentPassword(db, userId, password);
    await assertNotLastSuper(db, userId);
  } else await checkUserDeletion(db, principal, userId);
  await writeAccount(db, principal, userId, 'delete', async (db) => {
    if (!(await deleteUserRow(db, userId))) throw notFound('USER_NOT_FOUND');
  });
}

/** 404 USER_NOT_FOUND for an id no user has: an administrator may name any id. */
export async function assertUserExists(db: Db, userId: number): Promise<void> {
  if (!(await userExists(db, userId))) throw notFound('USER_NOT_FOUND');
}

async function userEmail(db: Db, userId: number): Promise<string> {
  const email = await findUserEmail(db, userId);
  if (email === undefined) throw notFound('USER_NOT_FOUND');
  return email;
}

async function assertProvider(db: Db, providerId: number) {
  if (!(await findProvider(db, providerId))) throw notFound('PROVIDER_NOT_FOUND');
}

/**
 * Linking a notification provider needs a code sent over that provider and checked just before
 * (X-Process-Id, purpose link_provider): the process names the provider and the address it proved.
 */
export async function linkProvider(db: Db, principal: Principal, userId: number, providerId: number, processId: string) {
  await assertProvider(db, providerId);
  const process = await consumeProcess(db, { token: processId, purpose: 'link_provider', email: await userEmail(db, userId) });
  const proved = parseJson<{ providerId?: number; address?: string } | null>(process?.subject ?? null, null);
  if (!process || process.userId !== userId || proved?.providerId !== providerId || !proved.address) {
    throw new AppError(400, 'PROCESS_INVALID');
  }
  const address = proved.address;
  await writeAccount(db, principal, userId, 'update', (db) => linkUserProvider(db, userId, providerId, address));
  return userPayload(db, userId);
}

export async function unlinkProvider(db: Db, principal: Principal, userId: number, providerId: number) {
  await assertProvider(db, providerId);
  await writeAccount(db, principal, userId, 'update', (db) => unlinkUserProvider(db, userId, providerId));
  return userPayload(db, userId);
}

export async function setNotifiable(db: Db, principal: Principal, userId: number, providerId: number, notifiable: boolean) {
  await writeAccount(db, principal, userId, 'update', async (scoped) => {
    if (!(await setProviderNotifiable(scoped, userId, providerId, toFlag(notifiable)))) {
      await assertUserExists(scoped, userId);
      await assertProvider(scoped, providerId);
      throw new AppError(409, 'PROVIDER_NOT_LINKED');
    }
  });
  return userPayload(db, userId);
}

export async function notificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const row = await findNotificationPreferences(db, userId);
  // No preferences saved yet: the defaults, for a user who exists.
  if (!row) await assertUserExists(db, userId);
  const flag = (v: number | undefined, fallback: boolean) => (v === undefined ? fallback : fromFlag(v));
  return {
    type: row?.type ?? 'all',
    email: flag(row?.email, true),
    mobile: flag(row?.mobile, false),
    communication: flag(row?.communication, true),
    marketing: flag(row?.marketing, false),
    social: flag(row?.social, true),
    security: flag(row?.security, true),
    topics: {
      priceDrop: { inbox: flag(row?.price_drop_inbox, true), email: flag(row?.price_drop_email, true) },
      savedSearch: { inbox: flag(row?.saved_search_inbox, true), email: flag(row?.saved_search_email, true) },
      message: { email: flag(row?.message_email, true) },
    },
  };
}

export async function saveNotificationSettings(db: Db, principal: Principal, userId: number, s: NotificationSettingsInput) {
  await assertUserExists(db, userId);
  // Topics left out stay as they are.
  const topics = s.topics;
  const topicValues = topics
    ? {
        price_drop_inbox: toFlag(topics.priceDrop.inbox),
        price_drop_email: toFlag(topics.priceDrop.email),
        saved_search_inbox: toFlag(topics.savedSearch.inbox),
        saved_search_email: toFlag(topics.savedSearch.email),
        message_email: toFlag(topics.message.email),
      }
    : {};
  const values = {
    ...topicValues,
    type: s.type,
    email: toFlag(s.email),
    mobile: toFlag(s.mobile),
    communication: toFlag(s.communication),
    marketing: toFlag(s.marketing),
    social: toFlag(s.social),
    security: toFlag(s.security),
    updated_at: nowIso(),
  };
  await writeAccount(db, principal, userId, 'update', (db) => saveNotificationPreferences(db, userId, values));
  return notificationSettings(db, userId);
}
