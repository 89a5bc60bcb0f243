import { msg } from '@autoroute/contract/messages';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { deleteRole, type RoleFilter, roleIdPage, saveRole } from './access.data.ts';
import { BUILT_IN_ROLES, checkRoleWrite, findRole, grantableBy } from './access.service.ts';
import { audited } from './audit.service.ts';
import { contentRange, filterValue, parseListQuery } from './list-query.ts';
import { guarded, ListParams } from './resources.routes.ts';

const RoleInput = z
  .object({
    name: z
      .string({ error: msg('admin.required', { field: msg('backoffice:resources.roles.fields.name') }) })
      .trim()
      .min(2, { error: msg('validation.tooShort', { min: 2 }) })
      .max(40, { error: msg('validation.tooLong', { max: 40 }) }),
    description: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(500).nullable().optional()),
    permissions: z.array(z.string().max(80)).max(200),
  })
  .openapi('AdminRoleInput');

const AdminRole = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    permissions: z.array(z.string()),
    users: z.number().openapi({ description: 'How many users hold it' }),
    builtIn: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AdminRole');

const tags = ['Admin: roles'];

/** Roles and their permission sets (issue 5 item 4), edited as a matrix in the back office. */
export function adminRolesRoutes(deps: Deps) {
  const { db } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'List roles (admin.role.index)',
        description: '`filter={"grantable":true}` keeps the roles the caller may give a user (the user form offers only those).',
        middleware: requirePermission('admin.role.index'),
        request: { query: ListParams },
        responses: { 200: { description: 'Roles', ...jsonContent(z.array(AdminRole)) }, ...guarded, 422: failure('Bad query') },
      }),
      async (c) => {
        const query = parseListQuery(c.req.valid('query'), {
          sortable: ['id', 'name', 'createdAt'],
          filters: { q: filterValue.text, id: filterValue.ids, grantable: filterValue.flag },
          defaultSort: { field: 'id', order: 'ASC' },
          t: c.get('t'),
        });
        const column = { id: 'id', name: 'name', createdAt: 'created_at' }[query.sort.field] as 'id';
        const filter: RoleFilter = { ids: query.filter.id, q: query.filter.q };
        // The roles the caller may give a user (the user form's choices), by the rules a user write checks.
        if (query.filter.grantable) filter.grantable = grantableBy(c.get('principal')!);
        const page = await roleIdPage(db, deps.dialect, filter, column, query);
        const records = (await Promise.all(page.ids.map((id) => findRole(db, id)))).filter((r) => r !== null);
        c.header('Content-Range', contentRange('roles', query.range, records.length, page.total));
        return c.json(records, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: 'One role (admin.role.index)',
        middleware: requirePermission('admin.role.index'),
        request: { params: IdParam },
        responses: { 200: { description: 'The role', ...jsonContent(AdminRole) }, ...guarded, 404: failure('NOT_FOUND: no such role') },
      }),
      async (c) => {
        const role = await findRole(db, c.req.valid('param').id);
        if (!role) throw notFound();
        return c.json(role, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: 'Create a role with permissions the caller holds (admin.role.create)',
        middleware: requirePermission('admin.role.create'),
        request: jsonBody(RoleInput),
        responses: {
          201: { description: 'Created', ...jsonContent(AdminRole) },
          ...guarded,
          409: failure('DUPLICATE: the name is taken'),
          422: failure('Invalid'),
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        await checkRoleWrite(db, c.get('principal')!, null, body);
        const role = await audited(db, c.get('principal')!, { resource: 'roles', action: 'create' }, async (tx) => {
          const id = await saveRole(tx, null, { ...body, description: body.description ?? null });
          const after = (await findRole(tx, id))!;
          return { recordId: id, before: null, after, result: after };
        });
        return c.json(role, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}',
        tags,
        summary: 'Edit a role and its permissions (admin.role.update); the SUPADMIN role is fixed',
        middleware: requirePermission('admin.role.update'),
        request: { params: IdParam, ...jsonBody(RoleInput) },
        responses: {
          200: { description: 'Updated', ...jsonContent(AdminRole) },
          ...guarded,
          404: failure('NOT_FOUND: no such role'),
          409: failure('ROLE_PROTECTED, DUPLICATE or LAST_ADMIN_RIGHT: refused'),
          422: failure('Invalid'),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const body = c.req.valid('json');
        await checkRoleWrite(db, c.get('principal')!, id, body);
        const role = await audited(db, c.get('principal')!, { resource: 'roles', action: 'update' }, async (tx) => {
          const before = await findRole(tx, id);
          await saveRole(tx, id, { ...body, description: body.description ?? null });
          const after = (await findRole(tx, id))!;
          return { recordId: id, before, after, result: after };
        });
        return c.json(role, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: 'Delete a role nobody holds (admin.role.delete); built-in roles stay',
        middleware: requirePermission('admin.role.delete'),
        request: { params: IdParam },
        responses: {
          200: { description: 'The deleted role', ...jsonContent(AdminRole) },
          ...guarded,
          404: failure('NOT_FOUND: no such role'),
          409: failure('ROLE_PROTECTED or IN_USE: refused'),
        },
      }),
      async (c) => {
        const t = c.get('t');
        const role = await findRole(db, c.req.valid('param').id);
        if (!role) throw notFound();
        if (BUILT_IN_ROLES.includes(role.name)) throw new AppError(409, 'ROLE_PROTECTED');
        if (role.users > 0) {
          throw new AppError(409, 'IN_USE', { uses: `${t('backoffice:resources.users.name', { count: role.users })}: ${role.users}` });
        }
        await audited(db, c.get('principal')!, { resource: 'roles', action: 'delete' }, async (tx) => {
          await deleteRole(tx, role.id);
          return { recordId: role.id, before: role, after: null, result: undefined };
        });
        return c.json(role, 200);
      },
    );
}
