import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type Deps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { type ContactFilter, contactIdPage, contactRecords } from './console.data.ts';
import { contentRange, filterValue, parseListQuery } from './list-query.ts';
import { guarded, ListParams } from './resources.routes.ts';

const AdminContact = z
  .object({
    id: z.number(),
    sellerId: z.number(),
    seller: z.string(),
    senderId: z.number().nullable(),
    vehicleId: z.number().nullable(),
    vehicleTitle: z.string().nullable(),
    fromName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Null once the seller deleted it from their inbox: the contact still counts. */
    message: z.string().nullable(),
    read: z.boolean().nullable(),
    createdAt: z.string(),
  })
  .openapi('AdminContact');

const SORTS: Record<string, string> = { id: 'n.id', createdAt: 'n.created_at' };
const tags = ['Admin: messages to sellers'];

/** Messages buyers sent to sellers (issue 13 item 9), read only: what the dashboard counts as contacts. */
export function adminContactsRoutes(deps: Deps) {
  const { db } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Every message to a seller (admin.contact.index): filter id, sellerId, vehicleId, createdSince',
        middleware: requirePermission('admin.contact.index'),
        request: { query: ListParams },
        responses: { 200: { description: 'One page', ...jsonContent(z.array(AdminContact)) }, ...guarded, 422: failure('Bad query') },
      }),
      async (c) => {
        const t = c.get('t');
        const query = parseListQuery(c.req.valid('query'), {
          sortable: Object.keys(SORTS),
          filters: { id: filterValue.ids, sellerId: filterValue.ids, vehicleId: filterValue.ids, createdSince: filterValue.instant },
          defaultSort: { field: 'createdAt', order: 'DESC' },
          t,
        });
        const { id, sellerId, vehicleId, createdSince } = query.filter;
        const filter: ContactFilter = { ids: id, sellerIds: sellerId, vehicleIds: vehicleId, createdSince };
        const page = await contactIdPage(db, filter, SORTS[query.sort.field]!, query);
        const list = await contactRecords(db, page.ids);
        c.header('Content-Range', contentRange('contacts', query.range, list.length, page.total));
        return c.json(list, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: 'One message to a seller (admin.contact.index)',
        middleware: requirePermission('admin.contact.index'),
        request: { params: IdParam },
        responses: { 200: { description: 'The message', ...jsonContent(AdminContact) }, ...guarded, 404: failure('No such message') },
      }),
      async (c) => {
        const [found] = await contactRecords(db, [c.req.valid('param').id]);
        if (!found) throw notFound('NOT_FOUND');
        return c.json(found, 200);
      },
    );
}
