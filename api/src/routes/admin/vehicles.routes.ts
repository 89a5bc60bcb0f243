import { DELETE_VEHICLE } from '@autoroute/contract/permissions';
import { fromFlag } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { z } from '@hono/zod-openapi';
import type { Deps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { inIdOrder } from '../../lib/in-order.ts';
import { localName, toMajor } from '../../lib/reference.ts';
import { removePictureFiles } from '../pictures/pictures.service.ts';
import { deleteVehicleRows, viewerOf } from '../vehicles/vehicles.write.service.ts';
import { audited } from './audit.service.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';
import { moderationIdPage, moderationRows, setFeatured } from './vehicles.data.ts';

export const AdminVehicle = z
  .object({
    id: z.number(),
    title: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.number(),
    price: z.number(),
    currency: z.string(),
    sold: z.boolean(),
    featured: z.boolean(),
    ownerId: z.number(),
    ownerName: z.string(),
    categoryId: z.number(),
    city: z.string(),
    country: z.string(),
    cover: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AdminVehicle');

const Moderation = z.object({ featured: z.boolean() }).openapi('AdminVehicleModeration');

const SORTS: Record<string, string> = {
  id: 'v.id',
  title: 'v.title',
  year: 'v.year',
  price: 'v.price_minor',
  sold: 'v.sold',
  featured: 'v.featured',
  createdAt: 'v.created_at',
};

const tags = ['Admin: vehicles'];

/** Listing moderation (issue 5 item 5): every listing, featured on or off, deleted with delete_vehicle. */
export function adminVehiclesRoutes(deps: Deps) {
  const { db } = deps;
  /** The listings as the console shows them, with place names in the console's language. */
  const records = async (ids: number[], locale: Locale, from: Deps['db'] = db): Promise<z.infer<typeof AdminVehicle>[]> => {
    return inIdOrder(ids, await moderationRows(from, ids), (r) => ({
      id: r.id,
      title: r.title,
      brand: r.brand,
      model: r.model,
      year: r.year,
      price: toMajor(r.price_minor, r.minor_units),
      currency: r.currency_code,
      sold: fromFlag(r.sold),
      featured: fromFlag(r.featured),
      ownerId: r.owner_id,
      ownerName: `${r.first_name} ${r.last_name}`,
      categoryId: r.category_id,
      city: localName(r.city_name, r.city_name_i18n, locale),
      country: localName(r.country_name, r.country_name_i18n, locale),
      cover: r.cover_key ? deps.mediaUrl(r.cover_key) : null,
      createdAt: r.created_at,
    }));
  };

  return crudRouter({
    resource: 'vehicles',
    permission: 'admin.vehicle.index',
    tags,
    record: AdminVehicle,
    summary: {
      list: 'Every listing (admin.vehicle.index): filter q, sold, featured, ownerId, categoryId, id, soldSince',
      one: 'One listing (admin.vehicle.index)',
    },
    describe: { one: 'The listing', missing: 'no such listing', deleted: 'The deleted listing' },
    notFoundCode: 'VEHICLE_NOT_FOUND',
    sorts: SORTS,
    defaultSort: { field: 'createdAt', order: 'DESC' },
    filters: {
      q: filterValue.text,
      sold: filterValue.flag,
      featured: filterValue.flag,
      id: filterValue.ids,
      ownerId: filterValue.ids,
      categoryId: filterValue.ids,
      soldSince: filterValue.instant,
    },
    page: ({ q, sold, featured, id, ownerId, categoryId, soldSince }, sort, query) =>
      moderationIdPage(
        db,
        deps.dialect,
        { q, sold, featured, ids: id, ownerIds: ownerId, categoryIds: categoryId, soldSince },
        sort,
        query,
      ),
    records,
    update: {
      permission: 'admin.vehicle.update',
      summary: 'Feature a listing or not (admin.vehicle.update)',
      body: Moderation,
      write: (id, { featured }, c) =>
        audited(db, c.get('principal')!, { resource: 'vehicles', action: 'update' }, async (tx) => {
          const [before] = await records([id], c.get('locale'), tx);
          if (!before) throw notFound('VEHICLE_NOT_FOUND');
          await setFeatured(tx, id, featured);
          const after = (await records([id], c.get('locale'), tx))[0]!;
          return { recordId: id, before, after, result: after };
        }),
    },
    remove: {
      permission: DELETE_VEHICLE,
      summary: `Delete a listing and its pictures (${DELETE_VEHICLE})`,
      write: async (found, c) => {
        const pictures = await audited(db, c.get('principal')!, { resource: 'vehicles', action: 'delete' }, async (tx) => ({
          recordId: found.id,
          before: found,
          after: null,
          result: await deleteVehicleRows(tx, viewerOf(c.get('principal')), found.id),
        }));
        // The files once the rows are gone for good: a rolled-back delete keeps its pictures whole.
        await removePictureFiles(deps, pictures);
      },
    },
  });
}
