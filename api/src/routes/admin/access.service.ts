import { ALL_PERMISSIONS } from '@autoroute/contract/permissions';
import { type Database, nowIso } from '@autoroute/db';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Principal } from '../../auth/principal.ts';
import { revokeUserSessions } from '../../auth/sessions.data.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';

/*
 * Users' roles and the roles' permissions, as the back office changes them (issue 5 item 4). The rules:
 * - nobody grants what they do not hold: a role or a user gets only permissions the caller has, and
 *   only a SUPADMIN grants, edits or takes away SUPADMIN;
 * - nobody locks themself out: an administrator keeps at least one admin right, cannot suspend or
 *   delete themself, and the last SUPADMIN stays;
 * - suspending a user, or changing their password, ends their sessions at once.
 */

type Db = Kysely<Database>;

export const SUPADMIN = 'SUPADMIN';
/** Roles the code relies on by name: they cannot be renamed or deleted. */
export const BUILT_IN_ROLES = ['USER', 'ADMIN', SUPADMIN];

const isSuper = (principal: Principal) => principal.roles.includes(SUPADMIN);
const hasAdminRight = (permissions: Iterable<string>) => [...permissions].some((p) => p.startsWith('admin.'));

/** The permissions of these roles, together. */
async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Set<string>> {
  if (!roleIds.length) return new Set();
  const rows = await db
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select('p.name')
    .where('rp.role_id', 'in', roleIds)
    .execute();
  return new Set(rows.map((r) => r.name));
}

async function rolesByIds(db: Db, ids: number[]) {
  return ids.length ? db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids).execute() : [];
}

async function superAdminCount(db: Db, exceptUserId?: number): Promise<number> {
  let q = db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('r.name', '=', SUPADMIN)
    .where('u.status', '=', 'active');
  if (exceptUserId !== undefined) q = q.where('ur.user_id', '!=', exceptUserId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** 422 on `path` unless the caller holds every one of these permissions. */
function assertHolds(principal: Principal, permissions: Iterable<string>, path: string) {
  if (isSuper(principal)) return;
  const missing = [...permissions].filter((p) => !principal.permissions.includes(p));
  if (missing.length)
    throw new AppError(403, 'GRANT_NOT_HELD', { permissions: missing.join(', ') }, [{ path, message: missing.join(', ') }]);
}

/**
 * Narrows a roles query to those `principal` may give a user, by the rules `checkUserAccess` applies:
 * SUPADMIN only by a SUPADMIN, and no role holding a permission the caller lacks.
 */
export function grantableBy<Q extends SelectQueryBuilder<Database, 'roles', any>>(query: Q, principal: Principal): Q {
  if (isSuper(principal)) return query;
  return query.where('roles.name', '!=', SUPADMIN).where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('role_permissions as rp')
          .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
          .select('rp.role_id')
          .whereRef('rp.role_id', '=', 'roles.id')
          .$if(principal.permissions.length > 0, (q) => q.where('p.name', 'not in', principal.permissions)),
      ),
    ),
  ) as Q;
}

/**
 * Checks that `principal` may give user `userId` exactly the roles `roleIds` (all existing), and
 * keep or change their status: 422/403/409 with what is wrong.
 */
export async function checkUserAccess(
  db: Db,
  principal: Principal,
  target: { userId: number | null; roleIds: number[]; status: 'active' | 'suspended' },
  t: (key: string) => string,
) {
  const roles = await rolesByIds(db, target.roleIds);
  if (roles.length !== new Set(target.roleIds).size) throw validationFailed([{ path: 'roleIds', message: t('admin.unknownReference') }]);
  const currentIds = target.userId
    ? (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', target.userId).execute()).map((r) => r.role_id)
    : [];
  const added = target.roleIds.filter((id) => !currentIds.includes(id));
  const removed = currentIds.filter((id) => !target.roleIds.includes(id));
  const changedNames = (await rolesByIds(db, [...added, ...removed])).map((r) => r.name);
  if (changedNames.includes(SUPADMIN) && !isSuper(principal)) throw new AppError(403, 'SUPADMIN_ONLY');
  assertHolds(principal, await permissionsOfRoles(db, added), 'roleIds');

  if (target.userId === principal.userId) {
    if (target.status === 'suspended') throw new AppError(409, 'CANNOT_SUSPEND_SELF');
    if (!hasAdminRight(await permissionsOfRoles(db, target.roleIds))) throw new AppError(409, 'LAST_ADMIN_RIGHT');
  }
  const wasSuper = currentIds.length > 0 && (await rolesByIds(db, currentIds)).some((r) => r.name === SUPADMIN);
  const staysSuper = roles.some((r) => r.name === SUPADMIN) && target.status === 'active';
  if (target.userId && wasSuper && !staysSuper && (await superAdminCount(db, target.userId)) === 0) {
    throw new AppError(409, 'LAST_SUPADMIN');
  }
}

/** Replaces a user's roles; a suspension (or a new password) ends their sessions at once. */
export async function applyUserAccess(db: Db, userId: number, roleIds: number[], endSessions: boolean) {
  await inTransaction(db, async (tx) => {
    await tx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    // A role named twice is given once (never a 500 on the unique pair).
    const unique = [...new Set(roleIds)];
    if (unique.length)
      await tx
        .insertInto('user_roles')
        .values(unique.map((role_id) => ({ user_id: userId, role_id })))
        .execute();
  });
  if (endSessions) await revokeUserSessions(db, userId);
}

/** Whether a user may be deleted by `principal`: never themself, never the last SUPADMIN. */
export async function checkUserDeletion(db: Db, principal: Principal, userId: number) {
  if (userId === principal.userId) throw new AppError(409, 'CANNOT_DELETE_SELF');
  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', userId)
    .execute();
  if (roles.some((r) => r.name === SUPADMIN)) {
    if (!isSuper(principal)) throw new AppError(403, 'SUPADMIN_ONLY');
    if ((await superAdminCount(db, userId)) === 0) throw new AppError(409, 'LAST_SUPADMIN');
  }
}

// --- roles -------------------------------------------------------------------------------------

export async function findRole(db: Db, id: number) {
  const role = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) return null;
  const [permissions, users] = await Promise.all([
    permissionsOfRoles(db, [id]),
    db
      .selectFrom('user_roles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: [...permissions].sort(),
    users: Number(users.n),
    builtIn: BUILT_IN_ROLES.includes(role.name),
    createdAt: role.created_at,
    updatedAt: role.updated_at,
  };
}

/**
 * Checks a role write: the SUPADMIN role is not edited (it holds everything by definition), built-in
 * roles keep their names, the permissions exist and are held by the caller, the name is free, and
 * the caller keeps an admin right if they hold this role.
 */
export async function checkRoleWrite(db: Db, principal: Principal, roleId: number | null, body: { name: string; permissions: string[] }) {
  const unknown = body.permissions.filter((p) => !ALL_PERMISSIONS.includes(p));
  if (unknown.length) throw validationFailed([{ path: 'permissions', message: unknown.join(', ') }]);
  const current = roleId ? await findRole(db, roleId) : null;
  if (roleId && !current) throw notFound();
  if (current?.name === SUPADMIN) throw new AppError(409, 'ROLE_PROTECTED');
  if (current?.builtIn && current.name !== body.name) throw new AppError(409, 'ROLE_PROTECTED');
  const taken = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', body.name)
    .where('id', '!=', roleId ?? 0)
    .executeTakeFirst();
  if (taken) throw new AppError(409, 'DUPLICATE', { fields: 'name' }, [{ path: 'name', message: body.name }]);
  const added = body.permissions.filter((p) => !current?.permissions.includes(p));
  assertHolds(principal, added, 'permissions');
  if (roleId && principal.roles.includes(current!.name)) {
    const otherRoles = (
      await db
        .selectFrom('user_roles as ur')
        .select('ur.role_id')
        .where('ur.user_id', '=', principal.userId)
        .where('ur.role_id', '!=', roleId)
        .execute()
    ).map((r) => r.role_id);
    const after = new Set([...(await permissionsOfRoles(db, otherRoles)), ...body.permissions]);
    if (!hasAdminRight(after)) throw new AppError(409, 'LAST_ADMIN_RIGHT');
  }
}

export async function saveRole(db: Db, roleId: number | null, body: { name: string; description: string | null; permissions: string[] }) {
  return inTransaction(db, async (tx) => {
    const now = nowIso();
    let id = roleId;
    if (id === null) {
      id = (
        await tx
          .insertInto('roles')
          .values({ name: body.name, description: body.description, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      await tx.updateTable('roles').set({ name: body.name, description: body.description, updated_at: now }).where('id', '=', id).execute();
      await tx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
    }
    if (body.permissions.length) {
      const ids = await tx.selectFrom('permissions').select('id').where('name', 'in', body.permissions).execute();
      await tx
        .insertInto('role_permissions')
        .values(ids.map((p) => ({ role_id: id!, permission_id: p.id })))
        .execute();
    }
    return id;
  });
}
