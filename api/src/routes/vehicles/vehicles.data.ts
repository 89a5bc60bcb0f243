import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';
import type { VehicleListQuery } from './vehicles.schemas.ts';

type Db = Kysely<Database>;

/** The joins every vehicle read needs: names of its references, its currency, its seller's type. */
function withReferences(db: Db) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('currencies as cur', 'cur.id', 'v.currency_id')
    .innerJoin('cities as ci', 'ci.id', 'v.city_id')
    .innerJoin('countries as co', 'co.id', 'v.country_id')
    .innerJoin('fuel_types as f', 'f.id', 'v.fuel_type_id')
    .innerJoin('transmissions as tr', 'tr.id', 'v.transmission_id')
    .innerJoin('types as ty', 'ty.id', 'v.type_id')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .leftJoin('pictures as p', (j) => j.onRef('p.vehicle_id', '=', 'v.id').on('p.position', '=', 0))
    .select([
      'v.id',
      'v.title',
      'v.brand',
      'v.model',
      'v.year',
      'v.price_minor',
      'v.mileage',
      'v.sold',
      'v.featured',
      'v.created_at',
      'cur.id as currency_id',
      'cur.code as currency_code',
      'cur.symbol as currency_symbol',
      'cur.name as currency_name',
      'cur.name_i18n as currency_name_i18n',
      'cur.minor_units',
      'ci.id as city_id',
      'ci.name as city_name',
      'co.id as country_id',
      'co.code as country_code',
      'co.name as country_name',
      'co.name_i18n as country_name_i18n',
      'f.id as fuel_id',
      'f.code as fuel_code',
      'f.name as fuel_name',
      'f.name_i18n as fuel_name_i18n',
      'tr.id as transmission_id',
      'tr.code as transmission_code',
      'tr.name as transmission_name',
      'tr.name_i18n as transmission_name_i18n',
      'ty.id as type_id',
      'ty.code as type_code',
      'ty.name as type_name',
      'ty.name_i18n as type_name_i18n',
      'u.seller_type',
      'p.id as cover_id',
      'p.storage_key as cover_key',
      'p.width as cover_width',
      'p.height as cover_height',
    ]);
}

export type VehicleSummaryRow = Awaited<ReturnType<ReturnType<typeof withReferences>['executeTakeFirstOrThrow']>>;

export async function listVehicles(db: Db, q: VehicleListQuery): Promise<{ rows: VehicleSummaryRow[]; total: number }> {
  const visible = (qb: any) => (q.includeSold ? qb : qb.where('v.sold', '=', 0));
  const totalRow = await visible(db.selectFrom('vehicles as v').select(db.fn.countAll<number>().as('n'))).executeTakeFirstOrThrow();
  let query = visible(withReferences(db)) as ReturnType<typeof withReferences>;
  switch (q.sort) {
    case 'price_asc':
      query = query.orderBy('v.price_minor', 'asc');
      break;
    case 'price_desc':
      query = query.orderBy('v.price_minor', 'desc');
      break;
    case 'year_desc':
      query = query.orderBy('v.year', 'desc');
      break;
    case 'mileage_asc':
      query = query.orderBy('v.mileage', 'asc');
      break;
    default:
      query = query.orderBy('v.created_at', 'desc');
  }
  const rows = await query
    .orderBy('v.id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return { rows, total: Number(totalRow.n) };
}

export async function findVehicle(db: Db, id: number) {
  const row = await withReferences(db)
    .innerJoin('categories as cat', 'cat.id', 'v.category_id')
    .innerJoin('colors as col', 'col.id', 'v.color_id')
    .leftJoin('countries as oc', 'oc.id', 'v.origin_country_id')
    .leftJoin('countries as fc', 'fc.id', 'v.first_registration_country_id')
    .selectAll('v')
    .select([
      'cat.code as category_code',
      'cat.name as category_name',
      'cat.name_i18n as category_name_i18n',
      'col.code as color_code',
      'col.name as color_name',
      'col.name_i18n as color_name_i18n',
      'col.hex as color_hex',
      'oc.code as origin_country_code',
      'oc.name as origin_country_name',
      'oc.name_i18n as origin_country_name_i18n',
      'fc.code as first_country_code',
      'fc.name as first_country_name',
      'fc.name_i18n as first_country_name_i18n',
      'u.name as seller_name',
      'u.first_name as seller_first_name',
      'u.created_at as seller_since',
    ])
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [pictures, options] = await Promise.all([
    db
      .selectFrom('pictures')
      .select(['id', 'storage_key', 'width', 'height'])
      .where('vehicle_id', '=', id)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('vehicle_options as vo')
      .innerJoin('options as o', 'o.id', 'vo.option_id')
      .select(['o.id', 'o.code', 'o.name', 'o.name_i18n'])
      .where('vo.vehicle_id', '=', id)
      .orderBy('o.name')
      .execute(),
  ]);
  return { row, pictures, options };
}
