import { isSafeName, NAME_TEXT } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { hashPassword, nowIso } from '@autoroute/db';
import { z } from '@hono/zod-openapi';
import { AppError, notFound, validationFailed } from '../../../core/errors.ts';
import { applyUserAccess, checkUserAccess, checkUserDeletion } from '../../../domain/admin/access.service.ts';
import { audited, REDACTED } from '../../../domain/admin/audit.service.ts';
import { userIdPage, userRecords } from '../../../domain/admin/users.data.ts';
import { Email, NewPassword, Phone, Username } from '../../../domain/auth/auth.inputs.ts';
import {
  createMember,
  deleteUserRow,
  emailTaken,
  setUserStatus,
  updateUserColumns,
  usernameTaken,
} from '../../../domain/user/user.data.ts';
import type { Deps } from '../../context.ts';
import { named } from '../../openapi.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

type Db = Deps['db'];

const personName = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(2, { error: msg('validation.tooShort', { min: 2 }), abort: true })
  .max(30, { error: msg('validation.tooLong', { max: 30 }) })
  .refine(isSafeName, { error: msg(NAME_TEXT.message) });

/** The user form of SPEC §2: identity, status (active or suspended) and roles; a password on create. */
const UserInput = named(
  z.object({
    email: Email,
    username: Username,
    firstName: personName,
    lastName: personName,
    phone: z.preprocess((v) => (v === '' ? null : v), Phone.nullable().optional()),
    status: z.enum(['active', 'suspended'], { error: msg('validation.required') }),
    roleIds: z.array(z.number().int().min(1).max(2147483647)).max(50),
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), NewPassword.optional()),
  }),
  'AdminUserInput',
);

export const AdminUser = named(
  z.object({
    id: z.number(),
    email: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    status: z.enum(['active', 'suspended']),
    roleIds: z.array(z.number()),
    roles: z.array(z.string()),
    sellerType: z.string(),
    emailVerified: z.boolean(),
    isPremium: z.boolean(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  }),
  'AdminUser',
);

const SORTS: Record<string, string> = {
  id: 'u.id',
  email: 'u.email',
  username: 'u.username',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  status: 'u.status',
  createdAt: 'u.created_at',
  lastLoginAt: 'u.last_login_at',
};

/** 409 when another user than `exceptId` has the email or the username. */
async function assertFree(db: Db, body: { email: string; username: string }, exceptId: number, t: (key: string) => string) {
  if (await emailTaken(db, body.email, exceptId))
    throw new AppError(409, 'EMAIL_TAKEN', {}, [{ path: 'email', message: t('errors.EMAIL_TAKEN') }]);
  if (await usernameTaken(db, body.username, exceptId)) {
    throw new AppError(409, 'USERNAME_TAKEN', {}, [{ path: 'username', message: t('errors.USERNAME_TAKEN') }]);
  }
}

const tags = ['Admin: users'];

/** Users in the back office (SPEC §2 user form): list, read, create, edit status and roles, delete. */
export function adminUsersRoutes(deps: Deps) {
  const { db } = deps;
  const one = async (id: number, from: Db = db): Promise<z.infer<typeof AdminUser> | null> => (await userRecords(from, [id]))[0] ?? null;
  // A password the write set shows in the log as set, never as its value.
  const logged = (user: z.infer<typeof AdminUser>, password: string | undefined) => (password ? { ...user, password: REDACTED } : user);
  return crudRouter({
    resource: 'users',
    permission: 'admin.user.index',
    tags,
    record: AdminUser,
    summary: { list: 'List users (admin.user.index): filter q, status, roleId, id, createdSince', one: 'One user (admin.user.index)' },
    describe: { one: 'The user', missing: 'no such user', deleted: 'The deleted user' },
    notFoundCode: 'USER_NOT_FOUND',
    sorts: SORTS,
    defaultSort: { field: 'createdAt', order: 'DESC' },
    filters: {
      q: filterValue.text,
      status: z.enum(['active', 'suspended']),
      roleId: filterValue.ids,
      id: filterValue.ids,
      createdSince: filterValue.instant,
    },
    page: ({ q, status, roleId, id, createdSince }, sort, query) =>
      userIdPage(db, deps.dialect, { q, status, ids: id, createdSince, roleIds: roleId }, sort, query),
    records: (ids) => userRecords(db, ids),
    create: {
      permission: 'admin.user.create',
      summary: 'Create a user with a password, status and roles (admin.user.create); the address counts as verified',
      body: UserInput,
      conflict: 'EMAIL_TAKEN or USERNAME_TAKEN',
      write: async (body, c) => {
        const t = c.get('t');
        if (!body.password) throw validationFailed([{ path: 'password', message: t('validation.required') }]);
        await assertFree(db, body, 0, t);
        await checkUserAccess(db, c.get('principal')!, { userId: null, roleIds: body.roleIds, status: body.status }, t);
        const passwordHash = await hashPassword(body.password);
        return audited(db, c.get('principal')!, { resource: 'users', action: 'create' }, async (tx) => {
          const id = await createMember(tx, {
            email: body.email,
            username: body.username,
            firstName: body.firstName,
            lastName: body.lastName,
            phone: body.phone ?? null,
            passwordHash,
            locale: c.get('locale'),
            emailVerified: true,
          });
          if (body.status !== 'active') await setUserStatus(tx, id, body.status);
          await applyUserAccess(tx, id, body.roleIds, false);
          const after = (await one(id, tx))!;
          return { recordId: id, before: null, after: logged(after, body.password), result: after };
        });
      },
    },
    update: {
      permission: 'admin.user.update',
      summary:
        'Edit a user, their status and roles (admin.user.update; 403 ACCOUNT_OUTRANKS for an account holding a right the caller lacks); suspending ends their sessions at once',
      body: UserInput,
      conflict: 'EMAIL_TAKEN or USERNAME_TAKEN; CANNOT_SUSPEND_SELF, LAST_ADMIN_RIGHT or LAST_SUPADMIN: a lock-out refused',
      write: async (id, body, c) => {
        const current = await one(id);
        if (!current) throw notFound('USER_NOT_FOUND');
        await assertFree(db, body, id, c.get('t'));
        await checkUserAccess(db, c.get('principal')!, { userId: id, roleIds: body.roleIds, status: body.status }, c.get('t'));
        const passwordHash = body.password ? await hashPassword(body.password) : null;
        return audited(db, c.get('principal')!, { resource: 'users', action: 'update' }, async (tx) => {
          const before = (await one(id, tx)) ?? current;
          await updateUserColumns(tx, id, {
            email: body.email,
            username: body.username,
            first_name: body.firstName,
            last_name: body.lastName,
            phone: body.phone ?? null,
            status: body.status,
            ...(body.email !== before.email ? { email_verified_at: null } : {}),
            ...(passwordHash ? { password_hash: passwordHash } : {}),
            updated_at: nowIso(),
          });
          const suspended = body.status === 'suspended' && before.status !== 'suspended';
          await applyUserAccess(tx, id, body.roleIds, suspended || Boolean(passwordHash));
          const after = (await one(id, tx))!;
          return { recordId: id, before, after: logged(after, body.password), result: after };
        });
      },
    },
    remove: {
      permission: 'admin.user.delete',
      summary: 'Delete a user and, with them, their listings (admin.user.delete; 403 ACCOUNT_OUTRANKS as for an edit)',
      conflict: 'CANNOT_DELETE_SELF or LAST_SUPADMIN: refused',
      write: async (user, c) => {
        await checkUserDeletion(db, c.get('principal')!, user.id);
        await audited(db, c.get('principal')!, { resource: 'users', action: 'delete' }, async (tx) => {
          await deleteUserRow(tx, user.id);
          return { recordId: user.id, before: user, after: null, result: undefined };
        });
      },
    },
  });
}
