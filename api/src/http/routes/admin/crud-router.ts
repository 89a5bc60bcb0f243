import type { Locale } from '@autoroute/locales';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { notFound } from '../../../core/errors.ts';
import type { ListQuery, SortColumns } from '../../../domain/admin/list-page.data.ts';
import type { AppEnv } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { contentRange, type FilterShape, type ParsedFilter, parseListQuery } from './list-query.ts';

/** The query of an admin list as ra-data-simple-rest sends it, each part JSON (read by parseListQuery). */
export const ListParams = z.object({
  sort: z.string().optional().openapi({ example: '["name","ASC"]' }),
  range: z.string().optional().openapi({ example: '[0,24]' }),
  filter: z.string().optional().openapi({ example: '{"q":"blue"}' }),
});

export const guarded = {
  401: failure('UNAUTHORIZED: not signed in'),
  403: failure('FORBIDDEN: missing the permission'),
};

/** The request a hook serves: its caller (`c.get('principal')`), language and translator. */
export type CrudContext = Context<AppEnv>;

/** What a route says of itself in the API document. */
interface Described {
  /** The permission that opens the route. */
  permission: string;
  summary: string;
  description?: string;
}

/** A write's refusals as the API document lists them (the code first, then what it means). */
interface Refusals {
  /** 409 (a duplicate, a record in use, a protected record), when the write has any. */
  conflict?: string;
  /** 422 (invalid fields); `Invalid` unless said. */
  invalid?: string;
}

export interface CrudSpec<
  S extends FilterShape,
  R,
  C extends z.ZodType,
  U extends z.ZodType,
  O extends SortColumns = SortColumns,
  D extends z.ZodType = z.ZodNever,
> {
  /** The resource name ra-data-simple-rest reads back in Content-Range. */
  resource: string;
  tags: string[];
  record: z.ZodType<R>;
  /** The permission of the reads (`GET /`, `GET /{id}`). */
  permission: string;
  summary: { list: string; one: string };
  /**
   * How the answers are described in the API document: the record (`one`), the deleted record, a page
   * and a bad query, the 404 (`missing`), and what the list's filters mean (`list`).
   */
  describe: { one: string; missing: string; deleted?: string; page?: string; invalidQuery?: string; list?: string };
  /** The error code of a record that does not exist (NOT_FOUND unless the resource has its own). */
  notFoundCode?: string;
  /** The fields a list sorts by, each with what its data function sorts by (a column or several). */
  sorts: Record<string, O>;
  defaultSort: ListQuery['sort'];
  filters: S;
  /** Most rows one page may ask for (MAX_RANGE unless the list says less). */
  maxRange?: number;
  /** One page of ids the filter keeps, in the sort's order, and how many it keeps. */
  page: (filter: ParsedFilter<S>, sort: O, query: ListQuery, c: CrudContext) => Promise<{ ids: number[]; total: number }>;
  /** The records of these ids, in their order and the request's language (and, for a list, its filter). */
  records: (ids: number[], locale: Locale, filter?: ParsedFilter<S>) => Promise<R[]>;
  /** One record as `GET /{id}` and a delete answer it, when it shows more than the list does. */
  one?: (id: number, locale: Locale) => Promise<R | null | undefined>;
  /** `POST /`: writes the record and answers it with its id (201). */
  create?: Described & Refusals & { body: C; write: (body: z.output<C>, c: CrudContext) => Promise<R> };
  /** `PUT /{id}`: writes the record and answers it (404 when it does not exist: the hook says so). */
  update?: Described & Refusals & { body: U; write: (id: number, body: z.output<U>, c: CrudContext) => Promise<R> };
  /**
   * `DELETE /{id}`: the record is found first (404), then the hook checks and deletes it; the answer is
   * the deleted record. With a `body`, the delete says why in JSON (a listing's removal), checked first (422).
   */
  remove?: Described &
    Pick<Refusals, 'conflict' | 'invalid'> & { body?: D; write: (record: R, c: CrudContext, body: z.output<D>) => Promise<void> };
}

/**
 * An admin resource as ra-data-simple-rest calls it, declared once (issue 15): `GET /` (one page, its
 * total in Content-Range, sort, range and filters read by parseListQuery, a 422 in one shape for any
 * of them), `GET /{id}` (one record, 404 when there is none), and, when the resource has them, `POST /`,
 * `PUT /{id}` and `DELETE /{id}`, each behind its own permission. What is particular to a resource
 * (a role that stays, a record still in use, a listing's pictures) is in its hooks; a read-only one
 * (the audit log, the job runs) has none.
 */
export function crudRouter<
  S extends FilterShape,
  R,
  C extends z.ZodType = z.ZodNever,
  U extends z.ZodType = z.ZodNever,
  O extends SortColumns = SortColumns,
  D extends z.ZodType = z.ZodNever,
>(spec: CrudSpec<S, R, C, U, O, D>) {
  const { resource, tags, describe } = spec;
  const missing = spec.notFoundCode ?? 'NOT_FOUND';
  const unknown = failure(describe.missing.includes(missing) ? describe.missing : `${missing}: ${describe.missing}`);
  const one = async (id: number, locale: Locale) => (spec.one ? spec.one(id, locale) : (await spec.records([id], locale))[0]);
  const Record_ = spec.record as z.ZodType;
  const conflict = (text: string | undefined): Record<number, ReturnType<typeof failure>> => (text ? { 409: failure(text) } : {});

  const router = createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: spec.summary.list,
        ...(describe.list ? { description: describe.list } : {}),
        middleware: requirePermission(spec.permission),
        request: { query: ListParams },
        responses: {
          200: {
            description: describe.page ?? 'One page, the total in Content-Range',
            headers: z.object({ 'Content-Range': z.string().openapi({ example: `${resource} 0-24/120` }) }),
            ...jsonContent(z.array(Record_)),
          },
          ...guarded,
          422: failure(describe.invalidQuery ?? 'Bad sort, range or filter'),
        },
      }),
      async (c) => {
        const query = parseListQuery(c.req.valid('query'), {
          sortable: Object.keys(spec.sorts),
          filters: spec.filters,
          defaultSort: spec.defaultSort,
          t: c.get('t'),
          ...(spec.maxRange ? { maxRange: spec.maxRange } : {}),
        });
        const page = await spec.page(query.filter, spec.sorts[query.sort.field]!, query, c);
        const list = await spec.records(page.ids, c.get('locale'), query.filter);
        c.header('Content-Range', contentRange(resource, query.range, list.length, page.total));
        return c.json(list as unknown[], 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: spec.summary.one,
        middleware: requirePermission(spec.permission),
        request: { params: IdParam },
        responses: { 200: { description: describe.one, ...jsonContent(Record_) }, ...guarded, 404: unknown },
      }),
      async (c) => {
        const found = await one(c.req.valid('param').id, c.get('locale'));
        if (!found) throw notFound(missing);
        return c.json(found as unknown, 200);
      },
    );

  const { create, update, remove } = spec;
  if (create) {
    router.openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: create.summary,
        ...(create.description ? { description: create.description } : {}),
        middleware: requirePermission(create.permission),
        request: jsonBody(create.body as z.ZodType),
        responses: {
          201: { description: 'Created', ...jsonContent(Record_) },
          ...guarded,
          ...conflict(create.conflict),
          422: failure(create.invalid ?? 'Invalid'),
        },
      }),
      async (c) => c.json((await create.write(c.req.valid('json') as z.output<C>, c)) as unknown, 201),
    );
  }
  if (update) {
    router.openapi(
      createRoute({
        method: 'put',
        path: '/{id}',
        tags,
        summary: update.summary,
        ...(update.description ? { description: update.description } : {}),
        middleware: requirePermission(update.permission),
        request: { params: IdParam, ...jsonBody(update.body as z.ZodType) },
        responses: {
          200: { description: 'Updated', ...jsonContent(Record_) },
          ...guarded,
          404: unknown,
          ...conflict(update.conflict),
          422: failure(update.invalid ?? 'Invalid'),
        },
      }),
      async (c) => c.json((await update.write(c.req.valid('param').id, c.req.valid('json') as z.output<U>, c)) as unknown, 200),
    );
  }
  if (remove) {
    router.openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: remove.summary,
        ...(remove.description ? { description: remove.description } : {}),
        middleware: requirePermission(remove.permission),
        request: { params: IdParam, ...(remove.body ? jsonBody(remove.body as z.ZodType) : {}) },
        responses: {
          200: { description: describe.deleted ?? 'The deleted record', ...jsonContent(Record_) },
          ...guarded,
          404: unknown,
          ...conflict(remove.conflict),
          ...(remove.body ? { 422: failure(remove.invalid ?? 'Invalid') } : {}),
        },
      }),
      async (c) => {
        // The reason is checked before the record is looked for: a bad one is a 422 either way.
        const body = (remove.body ? (c.req.valid as (target: 'json') => unknown)('json') : undefined) as z.output<D>;
        const found = await one(c.req.valid('param').id, c.get('locale'));
        if (!found) throw notFound(missing);
        await remove.write(found, c, body);
        return c.json(found as unknown, 200);
      },
    );
  }
  return router;
}
