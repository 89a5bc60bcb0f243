import { DELETE_VEHICLE } from '@autoroute/contract/permissions';
import { VehicleRemoval } from '@autoroute/contract/vehicles';
import { fromFlag } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale, matchLocale } from '@autoroute/locales';
import { z } from '@hono/zod-openapi';
import { notFound } from '../../../core/errors.ts';
import { translator } from '../../../core/i18n.ts';
import { inIdOrder } from '../../../core/in-order.ts';
import { localName, toMajor } from '../../../core/reference.ts';
import { audited } from '../../../domain/admin/audit.service.ts';
import { moderationIdPage, moderationRows, sellerContact, setFeatured } from '../../../domain/admin/vehicles.data.ts';
import { removePictureFiles } from '../../../domain/pictures/pictures.service.ts';
import { getVehicle } from '../../../domain/vehicles/vehicles.service.ts';
import { insertNotifications } from '../../../domain/vehicles/vehicles.write.data.ts';
import { deleteVehicleRows, viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { named } from '../../openapi.ts';
import { Vehicle } from '../vehicles/vehicles.schemas.ts';
import { crudRouter } from './crud-router.ts';
import { filterValue } from './list-query.ts';

/** The seller as a moderator reaches them (issue 33): who they are and how to write to them. */
const AdminSeller = named(
  z
    .object({
      id: z.number(),
      username: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      status: z.string(),
      listings: z.number().openapi({ description: 'How many listings the seller has, this one included' }),
    })
    .openapi({ description: 'A listing’s seller as a moderator reaches them (one listing only)' }),
  'AdminSeller',
);

export const AdminVehicle = named(
  z.object({
    id: z.number(),
    title: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.number(),
    price: z.number(),
    currency: z.string(),
    sold: z.boolean(),
    featured: z.boolean().openapi({ description: 'Featured by an administrator (the switch of the console)' }),
    planFeatured: z.boolean().openapi({ description: "Featured through the seller's plan, while it includes featured listings" }),
    ownerId: z.number(),
    ownerName: z.string(),
    categoryId: z.number(),
    city: z.string(),
    country: z.string(),
    cover: z.string().nullable(),
    createdAt: z.string(),
    listing: Vehicle.optional().openapi({ description: 'One listing only: the whole listing as its public page shows it' }),
    seller: AdminSeller.optional(),
  }),
  'AdminVehicle',
);

const Moderation = named(z.object({ featured: z.boolean() }), 'AdminVehicleModeration');

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
      planFeatured: fromFlag(r.plan_featured),
      ownerId: r.owner_id,
      ownerName: `${r.first_name} ${r.last_name}`,
      categoryId: r.category_id,
      city: localName(r.city_name, r.city_name_i18n, locale),
      country: localName(r.country_name, r.country_name_i18n, locale),
      cover: r.cover_key ? deps.mediaUrl(r.cover_key) : null,
      createdAt: r.created_at,
    }));
  };

  /** One listing as the console's page shows it: its row, the whole listing and its seller. */
  const one = async (id: number, locale: Locale) => {
    const [record] = await records([id], locale);
    if (!record) return undefined;
    const [listing, seller] = await Promise.all([getVehicle(deps, id, locale, null), sellerContact(db, record.ownerId)]);
    return {
      ...record,
      listing,
      ...(seller
        ? {
            seller: {
              id: seller.id,
              username: seller.username,
              name: `${seller.first_name} ${seller.last_name}`,
              email: seller.email,
              phone: seller.phone,
              status: seller.status,
              listings: Number(seller.listings),
            },
          }
        : {}),
    };
  };

  return crudRouter({
    resource: 'vehicles',
    permission: 'admin.vehicle.index',
    tags,
    record: AdminVehicle,
    summary: {
      list: 'Every listing (admin.vehicle.index): filter q, sold, featured (by an administrator), planFeatured (by the seller’s plan), ownerId, categoryId, id, soldSince',
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
      planFeatured: filterValue.flag,
      id: filterValue.ids,
      ownerId: filterValue.ids,
      categoryId: filterValue.ids,
      soldSince: filterValue.instant,
    },
    page: ({ q, sold, featured, planFeatured, id, ownerId, categoryId, soldSince }, sort, query) =>
      moderationIdPage(
        db,
        deps.dialect,
        { q, sold, featured, planFeatured, ids: id, ownerIds: ownerId, categoryIds: categoryId, soldSince },
        sort,
        query,
      ),
    records: (ids, locale) => records(ids, locale),
    one,
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
      summary: `Remove a listing and its pictures, saying why (${DELETE_VEHICLE})`,
      description:
        "The ground and the moderator's note are told to the seller (inbox, and mail when they take it) in the seller's language, and kept in the audit log.",
      invalid: 'VALIDATION_FAILED: no ground, an unknown one, or `other` without a note',
      body: VehicleRemoval,
      write: async (found, c, removal) => {
        const { listing: _listing, seller: _seller, ...record } = found;
        const pictures = await audited(db, c.get('principal')!, { resource: 'vehicles', action: 'delete' }, async (tx) => {
          const seller = await sellerContact(tx, found.ownerId);
          const removed = await deleteVehicleRows(tx, viewerOf(c.get('principal')), found.id);
          // Told in the seller's language, as other notices are, whatever topics they follow (it is about their
          // own listing); mailed unless they turned mail off. The row outlives the listing (no link to it).
          if (seller) {
            const t = translator(matchLocale(seller.language) ?? DEFAULT_LOCALE);
            const ground = t(`admin.removal.grounds.${removal.ground}`);
            await insertNotifications(tx, [
              {
                user_id: seller.id,
                vehicle_id: null,
                kind: 'listing_removed',
                from_name: t('common:appName'),
                message: t(removal.note ? 'admin.removal.messageWithNote' : 'admin.removal.message', {
                  title: found.title,
                  ground,
                  note: removal.note,
                }),
                mail_pending: seller.notify_email === 0 || seller.notify_type === 'none' ? 0 : 1,
              },
            ]);
          }
          return {
            recordId: found.id,
            before: record,
            after: { removalGround: removal.ground, removalNote: removal.note },
            result: removed,
          };
        });
        // The files once the rows are gone for good: a rolled-back delete keeps its pictures whole.
        await removePictureFiles(deps, pictures);
      },
    },
  });
}
