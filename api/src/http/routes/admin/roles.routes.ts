import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';
import { AppError } from '../../../core/errors.ts';
import { deleteRole, type RoleFilter, roleIdPage, saveRole } from '../../../domain/admin/access.data.ts';
import { BUILT_IN_ROLES, checkRoleWrite, findRole, grantableBy } from '../../../domain/admin/access.service.ts';
import { audited } from '../../../domain/admin/audit.service.ts';
import type { Deps } from '../../context.ts';
import { named } from '../../openapi.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

const RoleInput = named(
  z.object({
    name: z
      .string({ error: msg('admin.required', { field: msg('backoffice:resources.roles.fields.name') }) })
      .trim()
      .min(2, { error: msg('validation.tooShort', { min: 2 }) })
      .max(40, { error: msg('validation.tooLong', { max: 40 }) }),
    description: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(500).nullable().optional()),
    permissions: z.array(z.string().max(80)).max(200),
  }),
  'AdminRoleInput',
);

export const AdminRole = named(
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    permissions: z.array(z.string()),
    users: z.number().openapi({ description: 'How many users hold it' }),
    builtIn: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  'AdminRole',
);

/** Roles and their permission sets (issue 5 item 4), edited as a matrix in the back office. */
export function adminRolesRoutes(deps: Deps) {
  const { db } = deps;
  return crudRouter({
    resource: 'roles',
    permission: 'admin.role.index',
    tags: ['Admin: roles'],
    record: AdminRole,
    summary: { list: 'List roles (admin.role.index)', one: 'One role (admin.role.index)' },
    describe: {
      one: 'The role',
      missing: 'no such role',
      deleted: 'The deleted role',
      page: 'Roles',
      invalidQuery: 'Bad query',
      list: '`filter={"grantable":true}` keeps the roles the caller may give a user (the user form offers only those).',
    },
    sorts: { id: 'id', name: 'name', createdAt: 'created_at' },
    defaultSort: { field: 'id', order: 'ASC' },
    filters: { q: filterValue.text, id: filterValue.ids, grantable: filterValue.flag },
    page: ({ q, id, grantable }, sort, query, c) => {
      const filter: RoleFilter = { ids: id, q };
      // The roles the caller may give a user (the user form's choices), by the rules a user write checks.
      if (grantable) filter.grantable = grantableBy(c.get('principal')!);
      return roleIdPage(db, deps.dialect, filter, sort, query);
    },
    records: async (ids) => (await Promise.all(ids.map((id) => findRole(db, id)))).filter((r) => r !== null),
    create: {
      permission: 'admin.role.create',
      summary: 'Create a role with permissions the caller holds (admin.role.create)',
      body: RoleInput,
      conflict: 'DUPLICATE: the name is taken',
      write: async (body, c) => {
        await checkRoleWrite(db, c.get('principal')!, null, body);
        return audited(db, c.get('principal')!, { resource: 'roles', action: 'create' }, async (tx) => {
          const id = await saveRole(tx, null, { ...body, description: body.description ?? null });
          const after = (await findRole(tx, id))!;
          return { recordId: id, before: null, after, result: after };
        });
      },
    },
    update: {
      permission: 'admin.role.update',
      summary: 'Edit a role and its permissions (admin.role.update); the SUPADMIN role is fixed',
      body: RoleInput,
      conflict: 'ROLE_PROTECTED, DUPLICATE or LAST_ADMIN_RIGHT: refused',
      write: async (id, body, c) => {
        // 404 for a role that does not exist, then the rules of a role write.
        await checkRoleWrite(db, c.get('principal')!, id, body);
        return audited(db, c.get('principal')!, { resource: 'roles', action: 'update' }, async (tx) => {
          const before = await findRole(tx, id);
          await saveRole(tx, id, { ...body, description: body.description ?? null });
          const after = (await findRole(tx, id))!;
          return { recordId: id, before, after, result: after };
        });
      },
    },
    remove: {
      permission: 'admin.role.delete',
      summary: 'Delete a role nobody holds (admin.role.delete); built-in roles stay',
      conflict: 'ROLE_PROTECTED or IN_USE: refused',
      write: async (role, c) => {
        if (BUILT_IN_ROLES.includes(role.name)) throw new AppError(409, 'ROLE_PROTECTED');
        if (role.users > 0) {
          const t = c.get('t');
          throw new AppError(409, 'IN_USE', { uses: `${t('backoffice:resources.users.name', { count: role.users })}: ${role.users}` });
        }
        await audited(db, c.get('principal')!, { resource: 'roles', action: 'delete' }, async (tx) => {
          await deleteRole(tx, role.id);
          return { recordId: role.id, before: role, after: null, result: undefined };
        });
      },
    },
  });
}
