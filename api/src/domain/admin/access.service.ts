import { ALL_PERMISSIONS } from '@autoroute/contract/permissions';
import { AppError, notFound, validationFailed } from '../../core/errors.ts';
import { loadAccess, type Principal } from '../auth/principal.data.ts';
import { revokeUserSessions } from '../auth/sessions.data.ts';
import {
  activeHoldersOfRole,
  countRoleHolders,
  type Db,
  findRoleRow,
  permissionsOfRoles,
  type RoleFilter,
  replaceUserRoles,
  roleIdsOfUser,
  roleNamesOfUser,
  roleNameTaken,
  rolesByIds,
} from './access.data.ts';

/*
 * Users' roles and the roles' permissions, as the back office changes them (issue 5 item 4). The rules:
 * - nobody grants what they do not hold: a role or a user gets only permissions the caller has, and
 *   only a SUPADMIN grants, edits or takes away SUPADMIN;
 * - nobody acts on an account they could not have made (issue 31): changing, resetting the password
 *   of, suspending or deleting another user needs every right that user holds, so only a SUPADMIN
 *   touches a SUPADMIN. Every route that changes a user asks it (`authorizeUserAction` on
 *   `/user/{id}…`, `checkUserAccess` and `checkUserDeletion` on `/admin/users/{id}`);
 * - nobody locks themself out: an administrator keeps at least one admin right, cannot suspend or
 *   delete themself, and the last SUPADMIN stays;
 * - suspending a user, or changing their password, ends their sessions at once.
 */

const SUPADMIN = 'SUPADMIN';
/** Roles the code relies on by name: they cannot be renamed or deleted. */
export const BUILT_IN_ROLES = ['USER', 'ADMIN', SUPADMIN];

const isSuper = (principal: Principal) => principal.roles.includes(SUPADMIN);
const hasAdminRight = (permissions: Iterable<string>) => [...permissions].some((p) => p.startsWith('admin.'));

/** How many active SUPADMINs there are, `exceptUserId` left out. */
const superAdminCount = (db: Db, exceptUserId?: number) => activeHoldersOfRole(db, SUPADMIN, exceptUserId);

/** 422 on `path` unless the caller holds every one of these permissions. */
function assertHolds(principal: Principal, permissions: Iterable<string>, path: string) {
  if (isSuper(principal)) return;
  const missing = [...permissions].filter((p) => !principal.permissions.includes(p));
  if (missing.length)
    throw new AppError(403, 'GRANT_NOT_HELD', { permissions: missing.join(', ') }, [{ path, message: missing.join(', ') }]);
}

export type UserAction = 'index' | 'update' | 'delete';

/**
 * The one gate of every route that reads or changes user `userId` (`/user/{id}…`, `/admin/users/{id}`
 * through checkUserAccess and checkUserDeletion): the user themself, or an administrator holding
 * `admin.user.{action}` (SPEC §6) who, to change or delete, outranks the account (assertOutranks).
 * 401 signed out, 403 otherwise; answers the caller.
 */
export async function authorizeUserAction(db: Db, principal: Principal | null, userId: number, action: UserAction): Promise<Principal> {
  if (!principal) throw new AppError(401, 'UNAUTHORIZED');
  if (principal.userId === userId) return principal;
  if (!principal.permissions.includes(`admin.user.${action}`)) throw new AppError(403, 'FORBIDDEN');
  if (action !== 'index') await assertOutranks(db, principal, userId);
  return principal;
}

/**
 * 403 ACCOUNT_OUTRANKS unless `principal` could have given user `userId` every role they hold: no
 * SUPADMIN but by a SUPADMIN, no permission the caller lacks. Oneself is left to the lock-out rules.
 * A user who does not exist holds nothing: the write answers its own 404.
 */
async function assertOutranks(db: Db, principal: Principal, userId: number) {
  if (userId === principal.userId || isSuper(principal)) return;
  const target = await loadAccess(db, userId);
  const missing = target.permissions.filter((p) => !principal.permissions.includes(p));
  if (target.roles.includes(SUPADMIN) || missing.length) throw new AppError(403, 'ACCOUNT_OUTRANKS');
}

/**
 * The roles filter keeping those `principal` may give a user, by the rules `checkUserAccess` applies:
 * SUPADMIN only by a SUPADMIN, and no role holding a permission the caller lacks (undefined: every role).
 */
export function grantableBy(principal: Principal): RoleFilter['grantable'] {
  if (isSuper(principal)) return undefined;
  return { exceptName: SUPADMIN, held: principal.permissions };
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
  if (target.userId) await assertOutranks(db, principal, target.userId);
  const roles = await rolesByIds(db, target.roleIds);
  if (roles.length !== new Set(target.roleIds).size) throw validationFailed([{ path: 'roleIds', message: t('admin.unknownReference') }]);
  const currentIds = target.userId ? await roleIdsOfUser(db, target.userId) : [];
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
  await replaceUserRoles(db, userId, roleIds);
  if (endSessions) await revokeUserSessions(db, userId);
}

/**
 * Whether another user may be deleted by `principal`: one they outrank, never themself (the member's
 * own deletion, with their password, is `/user/{id}`'s), never the last SUPADMIN.
 */
export async function checkUserDeletion(db: Db, principal: Principal, userId: number) {
  if (userId === principal.userId) throw new AppError(409, 'CANNOT_DELETE_SELF');
  await assertOutranks(db, principal, userId);
  await assertNotLastSuper(db, userId);
}

/** 409 LAST_SUPADMIN when user `userId` is the last active SUPADMIN: nobody, themself included, removes them. */
export async function assertNotLastSuper(db: Db, userId: number) {
  const roles = await roleNamesOfUser(db, userId);
  if (roles.includes(SUPADMIN) && (await superAdminCount(db, userId)) === 0) throw new AppError(409, 'LAST_SUPADMIN');
}

// --- roles -------------------------------------------------------------------------------------

export async function findRole(db: Db, id: number) {
  const role = await findRoleRow(db, id);
  if (!role) return null;
  const [permissions, users] = await Promise.all([permissionsOfRoles(db, [id]), countRoleHolders(db, id)]);
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: [...permissions].sort(),
    users,
    builtIn: BUILT_IN_ROLES.includes(role.name),
    createdAt: role.created_at,
    updatedAt: role.updated_at,
  };
}

/**
 * Checks a role write: the SUPADMIN role is not edited (it holds everything by definition), built-in
 * roles keep their names, the permissions exist and are held by the caller, the name is free, and
 * the caller keeps an admin right if they hold this role. Rights the caller lacks are neither added
 * nor taken away (taking one away demotes every holder of the role).
 */
export async function checkRoleWrite(db: Db, principal: Principal, roleId: number | null, body: { name: string; permissions: string[] }) {
  const unknown = body.permissions.filter((p) => !ALL_PERMISSIONS.includes(p));
  if (unknown.length) throw validationFailed([{ path: 'permissions', message: unknown.join(', ') }]);
  const current = roleId ? await findRole(db, roleId) : null;
  if (roleId && !current) throw notFound();
  if (current?.name === SUPADMIN) throw new AppError(409, 'ROLE_PROTECTED');
  if (current?.builtIn && current.name !== body.name) throw new AppError(409, 'ROLE_PROTECTED');
  if (await roleNameTaken(db, body.name, roleId ?? 0)) {
    throw new AppError(409, 'DUPLICATE', { fields: 'name' }, [{ path: 'name', message: body.name }]);
  }
  // Taking a right away from a role demotes everyone holding it: as for granting, only who holds it.
  const added = body.permissions.filter((p) => !current?.permissions.includes(p));
  const removed = current?.permissions.filter((p) => !body.permissions.includes(p)) ?? [];
  assertHolds(principal, [...added, ...removed], 'permissions');
  if (roleId && principal.roles.includes(current!.name)) {
    const otherRoles = await roleIdsOfUser(db, principal.userId, roleId);
    const after = new Set([...(await permissionsOfRoles(db, otherRoles)), ...body.permissions]);
    if (!hasAdminRight(after)) throw new AppError(409, 'LAST_ADMIN_RIGHT');
  }
}
