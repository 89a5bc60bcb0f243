import { type Database, type DialectName, nowIso } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../core/transaction.ts';
import { containsAny, idPage, type ListQuery, type SortColumns } from './list-page.data.ts';

export type Db = Kysely<Database>;

/** The permission names of these roles, together. */
export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Set<string>> {
  if (!roleIds.length) return new Set();
  const rows = await db
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select('p.name')
    .where('rp.role_id', 'in', roleIds)
    .execute();
  return new Set(rows.map((r) => r.name));
}

/** The id and name of each of these roles that exists. */
export async function rolesByIds(db: Db, ids: number[]) {
  return ids.length ? db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids).execute() : [];
}

/** How many active users hold the role named `roleName`, `exceptUserId` left out. */
export async function activeHoldersOfRole(db: Db, roleName: string, exceptUserId?: number): Promise<number> {
  let q = db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('r.name', '=', roleName)
    .where('u.status', '=', 'active');
  if (exceptUserId !== undefined) q = q.where('ur.user_id', '!=', exceptUserId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The ids of a user's roles, `exceptRoleId` left out. */
export async function roleIdsOfUser(db: Db, userId: number, exceptRoleId?: number): Promise<number[]> {
  let q = db.selectFrom('user_roles as ur').select('ur.role_id').where('ur.user_id', '=', userId);
  if (exceptRoleId !== undefined) q = q.where('ur.role_id', '!=', exceptRoleId);
  return (await q.execute()).map((r) => r.role_id);
}

/** The names of a user's roles. */
export async function roleNamesOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.name);
}

/** Replaces a user's roles with these, in one transaction; a role named twice is given once. */
export async function replaceUserRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
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
}

/** A role's row; undefined when there is none. */
export function findRoleRow(db: Db, id: number) {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many users hold the role. */
export async function countRoleHolders(db: Db, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether another role than `exceptId` already has this name. */
export async function roleNameTaken(db: Db, name: string, exceptId: number): Promise<boolean> {
  const row = await db.selectFrom('roles').select('id').where('name', '=', name).where('id', '!=', exceptId).executeTakeFirst();
  return Boolean(row);
}

/** Creates (`roleId` null) or rewrites a role with exactly these permissions, in one transaction; answers its id. */
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

/** Deletes a role (its permissions and holders go with it, by cascade). */
export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

export interface RoleFilter {
  ids?: number[];
  /**
   * Only the roles a caller holding just `held` may give: none named `exceptName`, none holding a
   * permission outside `held`.
   */
  grantable?: { exceptName: string; held: readonly string[] };
  /** Text in the name or the description. */
  q?: string;
}

/** One page of the ids of the roles the filter keeps, sorted by `sort` (ties by id), and how many it keeps. */
export function roleIdPage(db: Db, dialect: DialectName, f: RoleFilter, sort: SortColumns, query: ListQuery) {
  let base = db.selectFrom('roles');
  if (f.ids) base = base.where('id', 'in', f.ids);
  const grantable = f.grantable;
  if (grantable) {
    base = base.where('roles.name', '!=', grantable.exceptName).where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('role_permissions as rp')
            .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
            .select('rp.role_id')
            .whereRef('rp.role_id', '=', 'roles.id')
            .$if(grantable.held.length > 0, (q) => q.where('p.name', 'not in', grantable.held)),
        ),
      ),
    );
  }
  const text = f.q;
  if (text !== undefined) base = base.where((eb) => containsAny(eb, ['name', 'description'], text, dialect));
  return idPage(base, { id: 'id', sort }, query);
}
