import type { Database, DialectName } from '@autoroute/db';
import { type Kysely, PostgresAdapter } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { inIdOrder } from '../../core/in-order.ts';
import { prepared } from '../../core/prepared.data.ts';

type Db = Kysely<Database>;

/**
 * The vehicles a read starts from: all, or only `ids`. PostgreSQL plans a join from `vehicles` by
 * weighing each of its many indexes against each join, ~5-10 ms for a page that then runs in
 * 0.5 ms; a subquery with a LIMIT is planned on its own, so there the page's rows are read first.
 */
function vehiclesFrom(db: Db, ids: readonly number[] | undefined) {
  const every = db.selectFrom('vehicles as v');
  if (!ids) return every;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return every.where('v.id', 'in', ids);
  const page = db.selectFrom('vehicles').selectAll().where('id', 'in', ids).limit(ids.length);
  // The same columns under the same name: only the plan differs.
  return db.selectFrom(page.as('v')) as unknown as typeof every;
}

/** The joins every vehicle read needs: names of its references, its currency, its seller's type. */
export function withReferences(db: Db, ids?: readonly number[]) {
  return vehiclesFrom(db, ids)
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
      'v.plan_featured',
      'v.created_at',
      'v.market_rating',
      'v.market_estimate_minor',
      'cur.id as currency_id',
      'cur.code as currency_code',
      'cur.symbol as currency_symbol',
      'cur.name as currency_name',
      'cur.name_i18n as currency_name_i18n',
      'cur.minor_units',
      'cur.rate as currency_rate',
      'ci.id as city_id',
      'ci.name as city_name',
      'ci.name_i18n as city_name_i18n',
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

/** The listing rows of these vehicles, in the order of `ids`. */
export async function vehicleSummaries(db: Db, ids: number[]): Promise<VehicleSummaryRow[]> {
  if (!ids.length) return [];
  return inIdOrder(ids, await withReferences(db, ids).execute());
}

/**
 * One vehicle with every field, its pictures and options, and what the detail says about the viewer
 * (`viewer` null when signed out): one round trip, compiled once per database (see `prepared`).
 */
function vehicleDetail(jsonArrayFrom: typeof sqliteJsonArrayFrom) {
  return prepared((db: Db, { id, viewer }: { id: number; viewer: number | null }) =>
    withReferences(db)
      .innerJoin('categories as cat', 'cat.id', 'v.category_id')
      .innerJoin('colors as col', 'col.id', 'v.color_id')
      .leftJoin('countries as oc', 'oc.id', 'v.origin_country_id')
      .leftJoin('countries as fc', 'fc.id', 'v.first_registration_country_id')
      // A trader's identity is shown once an administrator verified it (DSA art. 30-31, decision 054).
      .leftJoin('traders as trd', (j) => j.onRef('trd.user_id', '=', 'v.owner_id').on('trd.status', '=', 'verified'))
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
        'trd.legal_name as trader_legal_name',
        'trd.address as trader_address',
        'trd.registration_number as trader_registration_number',
        'trd.email as trader_email',
        'trd.phone as trader_phone',
      ])
      .select((eb) => {
        const n = eb.fn.countAll<number>().as('n');
        const likes = eb.selectFrom('likes as l').select(n).whereRef('l.vehicle_id', '=', 'v.id');
        const favorites = eb.selectFrom('favorites as fav').select(n).whereRef('fav.vehicle_id', '=', 'v.id');
        const views = eb.selectFrom('vehicle_views as vv').select(n).whereRef('vv.vehicle_id', '=', 'v.id');
        return [
          jsonArrayFrom(
            eb
              .selectFrom('pictures as pic')
              .select(['pic.id', 'pic.storage_key', 'pic.width', 'pic.height', 'pic.renditions'])
              .whereRef('pic.vehicle_id', '=', 'v.id')
              .orderBy('pic.position')
              .orderBy('pic.id'),
          ).as('pictures'),
          jsonArrayFrom(
            eb
              .selectFrom('vehicle_prices as vp')
              .innerJoin('currencies as pc', 'pc.id', 'vp.currency_id')
              .select(['vp.price_minor', 'pc.code as currency_code', 'pc.minor_units', 'vp.created_at'])
              .whereRef('vp.vehicle_id', '=', 'v.id')
              .orderBy('vp.created_at')
              .orderBy('vp.id'),
          ).as('prices'),
          jsonArrayFrom(
            eb
              .selectFrom('vehicle_options as vo')
              .innerJoin('options as o', 'o.id', 'vo.option_id')
              .select(['o.id', 'o.code', 'o.name', 'o.name_i18n'])
              .whereRef('vo.vehicle_id', '=', 'v.id')
              .orderBy('o.name'),
          ).as('options'),
          likes.as('likes'),
          // A signed-out viewer (null) matches no row: 0, and no view count.
          likes.where('l.user_id', '=', viewer).as('liked'),
          favorites.where('fav.user_id', '=', viewer).as('favorite'),
          eb.case().when('v.owner_id', '=', viewer).then(views).end().as('views'),
        ];
      })
      .where('v.id', '=', id),
  );
}

const detailQueries = { sqlite: vehicleDetail(sqliteJsonArrayFrom), postgres: vehicleDetail(postgresJsonArrayFrom) };

/** SQLite answers JSON aggregates as text, PostgreSQL as parsed values. */
const jsonList = <T>(value: T[] | string): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);

export async function findVehicle(db: Db, dialect: DialectName, id: number, viewerId: number | null) {
  const [found] = await detailQueries[dialect](db, { id, viewer: viewerId });
  if (!found) return undefined;
  const { pictures, prices, options, likes, liked, favorite, views, ...row } = found;
  return {
    row,
    pictures: jsonList(pictures),
    prices: jsonList(prices),
    options: jsonList(options),
    interactions: {
      likes: Number(likes),
      liked: Number(liked) > 0,
      favorite: Number(favorite) > 0,
      views: views === null ? null : Number(views),
    },
  };
}
