import { z } from '@hono/zod-openapi';
import { contactIdPage, contactRecords } from '../../../domain/admin/console.data.ts';
import type { Deps } from '../../context.ts';
import { named } from '../../openapi.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

const AdminContact = named(
  z.object({
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
  }),
  'AdminContact',
);

/** Messages buyers sent to sellers (issue 13 item 9), read only: what the dashboard counts as contacts. */
export function adminContactsRoutes(deps: Deps) {
  return crudRouter({
    resource: 'contacts',
    permission: 'admin.contact.index',
    tags: ['Admin: messages to sellers'],
    record: AdminContact,
    summary: {
      list: 'Every message to a seller (admin.contact.index): filter id, sellerId, vehicleId, createdSince',
      one: 'One message to a seller (admin.contact.index)',
    },
    describe: { one: 'The message', missing: 'no such message' },
    sorts: { id: 'n.id', createdAt: 'n.created_at' },
    defaultSort: { field: 'createdAt', order: 'DESC' },
    filters: { id: filterValue.ids, sellerId: filterValue.ids, vehicleId: filterValue.ids, createdSince: filterValue.instant },
    page: ({ id, sellerId, vehicleId, createdSince }, sort, query) =>
      contactIdPage(deps.db, { ids: id, sellerIds: sellerId, vehicleIds: vehicleId, createdSince }, sort, query),
    records: (ids) => contactRecords(deps.db, ids),
  });
}
