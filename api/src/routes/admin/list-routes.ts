import type { Locale } from '@autoroute/locales';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { contentRange, type FilterShape, type ListQuery, type ParsedFilter, parseListQuery, type SortColumns } from './list-query.ts';
import { guarded, ListParams } from './resources.routes.ts';

/**
 * The reads of an admin list as ra-data-simple-rest makes them, declared once: `GET /` (one page,
 * its total in Content-Range, sort, range and filters read by parseListQuery) and `GET /{id}` (one
 * record, 404 when there is none), both behind the list's permission. A list with writes adds its
 * own routes beside these.
 */
export function listRoutes<S extends FilterShape>(spec: {
  /** The resource name ra-data-simple-rest reads back in Content-Range. */
  resource: string;
  permission: string;
  tags: string[];
  record: z.ZodType;
  summary: { list: string; one: string };
  /** How the one-record answer and its 404 are described in the API document. */
  describe: { one: string; missing: string };
  /** The error code of a record that does not exist (NOT_FOUND unless the resource has its own). */
  notFoundCode?: string;
  sorts: Record<string, SortColumns>;
  defaultSort: ListQuery['sort'];
  filters: S;
  /** One page of ids the filter keeps, in the sort's order, and how many it keeps. */
  page: (filter: ParsedFilter<S>, sort: SortColumns, query: ListQuery) => Promise<{ ids: number[]; total: number }>;
  /** The records of these ids, in the request's language. */
  records: (ids: number[], locale: Locale) => Promise<unknown[]>;
}) {
  const { resource, permission, tags } = spec;
  const missing = spec.notFoundCode ?? 'NOT_FOUND';
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: spec.summary.list,
        middleware: requirePermission(permission),
        request: { query: ListParams },
        responses: { 200: { description: 'One page', ...jsonContent(z.array(spec.record)) }, ...guarded, 422: failure('Bad query') },
      }),
      async (c) => {
        const query = parseListQuery(c.req.valid('query'), {
          sortable: Object.keys(spec.sorts),
          filters: spec.filters,
          defaultSort: spec.defaultSort,
          t: c.get('t'),
        });
        const page = await spec.page(query.filter, spec.sorts[query.sort.field]!, query);
        const list = await spec.records(page.ids, c.get('locale'));
        c.header('Content-Range', contentRange(resource, query.range, list.length, page.total));
        return c.json(list, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: spec.summary.one,
        middleware: requirePermission(permission),
        request: { params: IdParam },
        responses: {
          200: { description: spec.describe.one, ...jsonContent(spec.record) },
          ...guarded,
          404: failure(spec.describe.missing.includes(missing) ? spec.describe.missing : `${missing}: ${spec.describe.missing}`),
        },
      }),
      async (c) => {
        const [found] = await spec.records([c.req.valid('param').id], c.get('locale'));
        if (!found) throw notFound(missing);
        return c.json(found, 200);
      },
    );
}
