import { ADMIN_ACTIONS, type AdminAction, permissionName } from '@autoroute/contract/permissions';
import { fieldLabel, recordSchema, writeSchema } from '@autoroute/contract/resource-schema';
import { RESOURCE_NAMES, RESOURCES, type ResourceDef, referrersOf, sortableSources } from '@autoroute/contract/resources';
import { createRoute, z } from '@hono/zod-openapi';
import type { TFunction } from 'i18next';
import { AppError, notFound, validationFailed } from '../../../core/errors.ts';
import { translateMsg } from '../../../core/validation.ts';
import { type AuditedWrite, audited, REDACTED } from '../../../domain/admin/audit.service.ts';
import {
  deleteRecord,
  duplicateOf,
  findRecord,
  insertRecord,
  isConstraintViolation,
  listedRecords,
  listReferences,
  missingReferences,
  recordIdPage,
  updateRecord,
  usagesOf,
} from '../../../domain/admin/resources.data.ts';
import type { Deps } from '../../context.ts';
import { requireAnyPermission } from '../../middleware/auth.ts';
import { failure, jsonContent, named } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { type CrudContext, crudRouter, guarded, ListParams } from './crud-router.ts';
import { contentRange, type FilterShape, filterValue, parseListQuery } from './list-query.ts';

/**
 * The filters of a declared resource's list: its free-text search, ids (getMany), the references
 * (a city's country) and the fields declared as filters, each read as its kind.
 */
function filtersOf(def: ResourceDef): FilterShape {
  const shape: FilterShape = { q: filterValue.text, id: filterValue.ids };
  for (const field of def.fields) {
    if (field.kind === 'reference') shape[field.source] = filterValue.ids;
    else if (field.filter && field.kind === 'boolean') {
      // A switch sends a boolean; a link from another screen may carry it as text.
      shape[field.source] = z
        .union([z.boolean(), z.enum(['true', 'false']), z.literal(0), z.literal(1)])
        .transform((v) => v === true || v === 'true' || v === 1);
    } else if (field.filter && field.kind === 'choice') shape[field.source] = filterValue.words(field.choices ?? []);
    else if (field.filter) shape[field.source] = z.union([z.string(), z.number()]);
  }
  return shape;
}

/** The label of a field in the request's language. */
const label = (def: ResourceDef, source: string, t: TFunction) => {
  const field = def.fields.find((f) => f.source === source);
  return field ? translateMsg(fieldLabel(def, field), t) : source;
};

/** References to rows that do not exist are a 422 on their field; a duplicate of a unique set a 409 on its first field. */
async function checkWrite(deps: Deps, def: ResourceDef, body: Record<string, unknown>, t: TFunction, exceptId?: number) {
  const missing = await missingReferences(deps.db, def, body);
  if (missing.length) throw validationFailed(missing.map((f) => ({ path: f.source, message: t('admin.unknownReference') })));
  const duplicate = await duplicateOf(deps.db, def, body, exceptId);
  if (duplicate) {
    const fields = duplicate.map((s) => label(def, s, t)).join(' + ');
    throw new AppError(409, 'DUPLICATE', { fields }, [{ path: duplicate.at(-1)!, message: t('errors.DUPLICATE', { fields }) }]);
  }
}

/** A record as the audit log keeps it: a secret the write set shows as set, never as its value. */
const logged = (def: ResourceDef, record: Record<string, unknown> | null, body?: Record<string, unknown>) => {
  if (!record || !body) return record;
  const secrets = def.fields.filter((f) => f.kind === 'secret' && body[f.source] !== undefined && body[f.source] !== null);
  return { ...record, ...Object.fromEntries(secrets.map((f) => [f.source, REDACTED])) };
};

/** A write that raced another one into a constraint answers 409, never 500. */
async function guardConstraints<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isConstraintViolation(error)) throw new AppError(409, 'CONFLICT');
    throw error;
  }
}

/**
 * The reads of a resource's rows from the screens that point at them (docs/decisions/019): ids and
 * titles only, to whoever may see the list or holds any right over such a screen.
 */
function referencesRouter(deps: Deps, def: ResourceDef) {
  // Whoever may see this list, or holds any right over a screen that points at its rows (docs/decisions/019).
  const readers = [
    `admin.${def.permission}.index`,
    ...referrersOf(def.name).flatMap((p) => ADMIN_ACTIONS.map((a) => permissionName(p, a))),
  ];
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/references',
      tags: [`Admin: ${def.name}`],
      summary: `Ids and ${def.title}s, for the screens that point at ${def.name}`,
      description: `Answers \`[{ id, ${def.title} }]\` with Content-Range to a holder of admin.${def.permission}.index or of any right over ${
        referrersOf(def.name).join(', ') || 'nothing else'
      }: \`filter={"id":[…]}\` for the names of referenced rows, \`filter={"q":"…"}\` for a picker's search.`,
      middleware: requireAnyPermission(readers),
      request: { query: ListParams },
      responses: {
        200: {
          description: 'One page of ids and titles, the total in Content-Range',
          headers: z.object({ 'Content-Range': z.string().openapi({ example: `${def.name} 0-24/120` }) }),
          ...jsonContent(z.array(z.object({ id: z.number().int(), [def.title]: z.string() }))),
        },
        ...guarded,
        422: failure('Bad sort, range or filter'),
      },
    }),
    async (c) => {
      const t = c.get('t');
      const query = parseListQuery(c.req.valid('query'), {
        sortable: ['id', def.title],
        filters: { q: filterValue.text, id: filterValue.ids },
        defaultSort: { field: def.title, order: 'ASC' },
        t,
      });
      const { records, total } = await listReferences(deps.db, deps.dialect, def, query, c.get('locale'));
      c.header('Content-Range', contentRange(def.name, query.range, records.length, total));
      return c.json(records, 200);
    },
  );
}

/**
 * The ra-data-simple-rest routes of one declared resource (DESIGN §2) on the admin crudRouter: a list
 * answering an array with Content-Range, one record, create, full update and delete, each behind
 * `admin.{resource}.{action}`. Records travel bare (no envelope), as react-admin's data provider
 * expects; errors keep the envelope.
 */
function resourceRouter(deps: Deps, def: ResourceDef, onChange?: (def: ResourceDef) => void) {
  const Input = named(writeSchema(def), `Admin_${def.name}_input`);
  const permission = (action: AdminAction) => `admin.${def.permission}.${action}`;
  const changed = () => onChange?.(def);
  const conflict = 'DUPLICATE: a unique value is taken; CONFLICT: the change breaks a constraint';
  /** A write in the audit log; one that raced another into a constraint answers 409. */
  const audit = <T>(c: CrudContext, action: 'create' | 'update' | 'delete', write: (tx: Deps['db']) => Promise<AuditedWrite<T>>) =>
    guardConstraints(() => audited(deps.db, c.get('principal')!, { resource: def.name, action }, write));

  return crudRouter({
    resource: def.name,
    permission: permission('index'),
    tags: [`Admin: ${def.name}`],
    record: named(recordSchema(def), `Admin_${def.name}`),
    summary: { list: `List (admin.${def.permission}.index)`, one: `One record (admin.${def.permission}.index)` },
    describe: { one: 'The record', missing: 'no such record' },
    // Each sortable source is sorted by recordIdPage (a name by the reader's collation).
    sorts: Object.fromEntries(sortableSources(def).map((source) => [source, source])),
    defaultSort: def.defaultSort,
    filters: filtersOf(def),
    page: (_filter, _sort, query, c) => recordIdPage(deps.db, deps.dialect, def, query, c.get('locale')),
    records: (ids) => listedRecords(deps.db, def, ids),
    one: (id) => findRecord(deps.db, def, id),
    create: {
      permission: permission('create'),
      summary: `Create (admin.${def.permission}.create)`,
      body: Input,
      conflict,
      invalid: 'Invalid fields',
      write: async (input, c) => {
        const body = input as Record<string, unknown>;
        await checkWrite(deps, def, body, c.get('t'));
        const record = await audit(c, 'create', async (tx) => {
          const id = await insertRecord(tx, def, body);
          const after = (await findRecord(tx, def, id))!;
          return { recordId: id, before: null, after: logged(def, after, body), result: after };
        });
        changed();
        return record;
      },
    },
    update: {
      permission: permission('update'),
      summary: `Update (admin.${def.permission}.update)`,
      body: Input,
      conflict,
      invalid: 'Invalid fields',
      write: async (id, input, c) => {
        const body = input as Record<string, unknown>;
        if (!(await findRecord(deps.db, def, id))) throw notFound();
        await checkWrite(deps, def, body, c.get('t'), id);
        const record = await audit(c, 'update', async (tx) => {
          const before = await findRecord(tx, def, id);
          if (!before) throw notFound();
          await updateRecord(tx, def, id, body);
          const after = (await findRecord(tx, def, id))!;
          return { recordId: id, before, after: logged(def, after, body), result: after };
        });
        changed();
        return record;
      },
    },
    remove: {
      permission: permission('delete'),
      summary: `Delete (admin.${def.permission}.delete)`,
      description: 'Refused with 409 while other rows still use the record; the message names them.',
      conflict: 'IN_USE: still in use',
      write: async (record, c) => {
        const id = Number(record.id);
        const t = c.get('t');
        const uses = await usagesOf(deps.db, def, id);
        if (uses.length) {
          const list = uses.map((u) => `${t(`backoffice:${u.label}`, { count: u.count })}: ${u.count}`).join(', ');
          throw new AppError(409, 'IN_USE', { uses: list });
        }
        await audit(c, 'delete', async (tx) => {
          await deleteRecord(tx, def, id);
          return { recordId: id, before: record, after: null, result: undefined };
        });
        changed();
      },
    },
  });
}

/** Every declared resource under its name: `/colors`, `/fuel-types`, … (`/references` before `/{id}` reads it as an id). */
export function resourcesRoutes(deps: Deps, onChange?: (def: ResourceDef) => void) {
  const router = createRouter();
  for (const name of RESOURCE_NAMES) {
    router.route(`/${name}`, referencesRouter(deps, RESOURCES[name]));
    router.route(`/${name}`, resourceRouter(deps, RESOURCES[name], onChange));
  }
  return router;
}
