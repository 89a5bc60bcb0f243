import { DELETE_VEHICLE } from '@autoroute/contract/permissions';
import { type Database, nowIso } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { createRoute, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { createRouter, type Deps } from '../../context.ts';
import { notFound, validationFailed } from '../../errors.ts';
import { localName, toMajor } from '../../lib/reference.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { removePictureFiles } from '../pictures/pictures.service.ts';
import { deleteVehicleRows, viewerOf } from '../vehicles/vehicles.write.service.ts';
import { audited } from './audit.service.ts';
import { containsAny, contentRange, idList, idPage, instant, parseListQuery } from './list-query.ts';
import { guarded, ListParams } from './resources.routes.ts';

const AdminVehicle = z
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
const FLAGS = ['sold', 'featured'] as const;
const IDS = ['id', 'ownerId', 'categoryId'] as const;
const ID_COLUMNS = { id: 'v.id', ownerId: 'v.owner_id', categoryId: 'v.category_id' } as const;

const tags = ['Admin: vehicles'];

/** Listing moderation (issue 5 item 5): every listing, featured on or off, deleted with delete_vehicle. */
export function adminVehiclesRoutes(deps: Deps) {
  const { db } = deps;
  const rows = (ids: number[], from: Kysely<Database>) =>
    ids.length
      ? from
          .selectFrom('vehicles as v')
          .innerJoin('currencies as cur', 'cur.id', 'v.currency_id')
          .innerJoin('cities as ci', 'ci.id', 'v.city_id')
          .innerJoin('countries as co', 'co.id', 'v.country_id')
          .innerJoin('users as u', 'u.id', 'v.owner_id')
          .leftJoin('pictures as p', (j) => j.onRef('p.vehicle_id', '=', 'v.id').on('p.position', '=', 0))
          .select([
            'v.id',
            'v.title',
            'v.brand',
            'v.model',
            'v.year',
            'v.price_minor',
            'v.sold',
            'v.featured',
            'v.owner_id',
            'v.category_id',
            'v.created_at',
            'cur.code as currency',
            'cur.minor_units',
            'ci.name as city',
            'ci.name_i18n as city_i18n',
            'co.name as country',
            'co.name_i18n as country_i18n',
            'u.first_name',
            'u.last_name',
            'p.storage_key',
          ])
          .where('v.id', 'in', ids)
          .execute()
      : Promise.resolve([]);
  /** The listings as the console shows them, with place names in the console's language. */
  const records = async (ids: number[], locale: Locale, from: Kysely<Database> = db): Promise<z.infer<typeof AdminVehicle>[]> => {
    const byId = new Map((await rows(ids, from)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r
        ? [
            {
              id: r.id,
              title: r.title,
              brand: r.brand,
              model: r.model,
              year: r.year,
              price: toMajor(r.price_minor, r.minor_units),
              currency: r.currency,
              sold: r.sold === 1,
              featured: r.featured === 1,
              ownerId: r.owner_id,
              ownerName: `${r.first_name} ${r.last_name}`,
              categoryId: r.category_id,
              city: localName(r.city, r.city_i18n, locale),
              country: localName(r.country, r.country_i18n, locale),
              cover: r.storage_key ? deps.mediaUrl(r.storage_key) : null,
              createdAt: r.created_at,
            },
          ]
        : [];
    });
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Every listing (admin.vehicle.index): filter q, sold, featured, ownerId, categoryId, id, soldSince',
        middleware: requirePermission('admin.vehicle.index'),
        request: { query: ListParams },
        responses: { 200: { description: 'One page', ...jsonContent(z.array(AdminVehicle)) }, ...guarded, 422: failure('Bad query') },
      }),
      async (c) => {
        const t = c.get('t');
        const query = parseListQuery(c.req.valid('query'), {
          sortable: Object.keys(SORTS),
          filters: ['q', ...FLAGS, ...IDS, 'soldSince'],
          defaultSort: { field: 'createdAt', order: 'DESC' },
          t,
        });
        let base = db.selectFrom('vehicles as v');
        for (const key of IDS) {
          if (query.filter[key] === undefined) continue;
          const ids = idList(query.filter[key]);
          if (!ids) throw validationFailed([{ path: `filter.${key}`, message: t('validation.invalid') }]);
          base = base.where(ID_COLUMNS[key], 'in', ids);
        }
        for (const key of FLAGS) {
          const value = query.filter[key];
          if (value === undefined) continue;
          if (typeof value !== 'boolean') throw validationFailed([{ path: `filter.${key}`, message: t('validation.invalid') }]);
          base = base.where(`v.${key}`, '=', value ? 1 : 0);
        }
        if (query.filter.soldSince !== undefined) {
          const since = instant(query.filter.soldSince);
          if (!since) throw validationFailed([{ path: 'filter.soldSince', message: t('validation.invalid') }]);
          base = base.where('v.sold_at', '>=', since);
        }
        if (typeof query.filter.q === 'string' && query.filter.q.trim()) {
          const text = query.filter.q;
          base = base.where((eb) => containsAny(eb, ['v.title', 'v.brand', 'v.model'], text, deps.dialect));
        }
        const page = await idPage(base, { id: 'v.id', sort: SORTS[query.sort.field]! }, query);
        const list = await records(page.ids, c.get('locale'));
        c.header('Content-Range', contentRange('vehicles', query.range, list.length, page.total));
        return c.json(list, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: 'One listing (admin.vehicle.index)',
        middleware: requirePermission('admin.vehicle.index'),
        request: { params: IdParam },
        responses: { 200: { description: 'The listing', ...jsonContent(AdminVehicle) }, ...guarded, 404: failure('No such listing') },
      }),
      async (c) => {
        const [found] = await records([c.req.valid('param').id], c.get('locale'));
        if (!found) throw notFound('VEHICLE_NOT_FOUND');
        return c.json(found, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}',
        tags,
        summary: 'Feature a listing or not (admin.vehicle.update)',
        middleware: requirePermission('admin.vehicle.update'),
        request: { params: IdParam, ...jsonBody(Moderation) },
        responses: {
          200: { description: 'Updated', ...jsonContent(AdminVehicle) },
          ...guarded,
          404: failure('No such listing'),
          422: failure('Invalid'),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { featured } = c.req.valid('json');
        const vehicle = await audited(db, c.get('principal')!, { resource: 'vehicles', action: 'update' }, async (tx) => {
          const [before] = await records([id], c.get('locale'), tx);
          if (!before) throw notFound('VEHICLE_NOT_FOUND');
          await tx
            .updateTable('vehicles')
            .set({ featured: featured ? 1 : 0, updated_at: nowIso() })
            .where('id', '=', id)
            .execute();
          const after = (await records([id], c.get('locale'), tx))[0]!;
          return { recordId: id, before, after, result: after };
        });
        return c.json(vehicle, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: `Delete a listing and its pictures (${DELETE_VEHICLE})`,
        middleware: requirePermission(DELETE_VEHICLE),
        request: { params: IdParam },
        responses: {
          200: { description: 'The deleted listing', ...jsonContent(AdminVehicle) },
          ...guarded,
          404: failure('No such listing'),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const [found] = await records([id], c.get('locale'));
        if (!found) throw notFound('VEHICLE_NOT_FOUND');
        const pictures = await audited(db, c.get('principal')!, { resource: 'vehicles', action: 'delete' }, async (tx) => ({
          recordId: id,
          before: found,
          after: null,
          result: await deleteVehicleRows(tx, viewerOf(c.get('principal')), id),
        }));
        // The files once the rows are gone for good: a rolled-back delete keeps its pictures whole.
        await removePictureFiles(deps, pictures);
        return c.json(found, 200);
      },
    );
}
