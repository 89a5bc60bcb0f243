import type { SearchFacets, Vehicle, VehicleSummary } from '@autoroute/contract/vehicles';
import {
  fromFlag,
  fromNullableFlag,
  nowIso,
  parseJson,
  referencePrice,
  type Vehicle as StoredVehicle,
  toNullableFlag,
  WITHHELD,
} from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { notFound, validationFailed } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import { localName, type MediaUrl, toMajor } from '../../core/reference.ts';
import type { DomainDeps } from '../deps.ts';
import type { StoredRendition } from '../pictures/pictures.data.ts';
import { toPicture } from '../pictures/pictures.service.ts';
import { freeRentalsSearch } from './available.data.ts';
import { type FacetCounts, type FacetName, type SearchCriteria, searchTerms } from './criteria.data.ts';
import { findVehicle, type VehicleSummaryRow, vehicleSummaries } from './detail.data.ts';
import { countFacets } from './facets.ts';
import { marketPrice, unrated } from './market.service.ts';
import { DEFAULT_RADIUS_KM, type VehicleListQuery } from './query.ts';
import { cityExists, facetReferences, findCurrency, placedCities, typeIdOf } from './references.data.ts';
import { featuredVehicleIds, searchVehicleIds } from './search.data.ts';
import type { VehicleInput } from './vehicles.inputs.ts';

/**
 * The specification a listing's page and its edit form both answer as it is stored, under the
 * same names (its flags as booleans): written once for both.
 */
export function specification(v: Pick<StoredVehicle, SpecificationColumn>) {
  return {
    address: v.address,
    postal_code: v.postal_code,
    engine_size: v.engine_size,
    number_of_doors: v.number_of_doors,
    number_of_seats: v.number_of_seats,
    vin: v.vin,
    insurance_expiry_date: v.insurance_expiry_date,
    description: v.description,
    battery_capacity: v.battery_capacity,
    battery_type: v.battery_type,
    battery_health: v.battery_health,
    charging_time: v.charging_time,
    fast_charging: fromNullableFlag(v.fast_charging),
    battery_range: v.battery_range,
    battery_consumption: v.battery_consumption,
    fiscal_power: v.fiscal_power,
    din_power: v.din_power,
    engine_power: v.engine_power,
    torque: v.torque,
    range: v.range,
    registration_date: v.registration_date,
    number_of_owners: v.number_of_owners,
    is_first_hand: fromNullableFlag(v.is_first_hand),
    emissions_standard: v.emissions_standard,
    co2_emissions: v.co2_emissions,
    euro_standard: v.euro_standard,
    critair: v.critair,
    maintenance_history: v.maintenance_history,
    accident_history: v.accident_history,
    length: v.length,
    width: v.width,
    height: v.height,
    weight: v.weight,
    wheelbase: v.wheelbase,
    trunk_volume: v.trunk_volume,
    upholstery: v.upholstery,
    origin: v.origin,
    import_status: v.import_status,
    imported: fromNullableFlag(v.imported),
  };
}

/** A text a form may leave empty: stored as null then. */
export const textOrNull = (value: string | null | undefined): string | null => (value ? value : null);

/**
 * The specification's columns as a listing's form sends them (the inverse of `specification`): an
 * empty text and a missing figure are stored as null, the flags as 0/1, the VIN in capitals.
 */
export function specificationColumns(input: VehicleInput) {
  return {
    address: textOrNull(input.address),
    postal_code: textOrNull(input.postal_code),
    engine_size: input.engine_size ?? null,
    number_of_doors: input.number_of_doors,
    number_of_seats: input.number_of_seats,
    vin: input.vin ? input.vin.toUpperCase() : null,
    insurance_expiry_date: input.insurance_expiry_date ?? null,
    description: input.description,
    battery_capacity: input.battery_capacity ?? null,
    battery_type: textOrNull(input.battery_type),
    battery_health: input.battery_health ?? null,
    charging_time: input.charging_time ?? null,
    fast_charging: toNullableFlag(input.fast_charging),
    battery_range: input.battery_range ?? null,
    battery_consumption: input.battery_consumption ?? null,
    fiscal_power: input.fiscal_power ?? null,
    din_power: input.din_power ?? null,
    engine_power: input.engine_power ?? null,
    torque: input.torque ?? null,
    range: input.range ?? null,
    registration_date: input.registration_date ?? null,
    number_of_owners: input.number_of_owners ?? null,
    is_first_hand: toNullableFlag(input.is_first_hand),
    emissions_standard: textOrNull(input.emissions_standard),
    co2_emissions: input.co2_emissions ?? null,
    euro_standard: textOrNull(input.euro_standard),
    critair: textOrNull(input.critair),
    maintenance_history: textOrNull(input.maintenance_history),
    accident_history: textOrNull(input.accident_history),
    length: input.length ?? null,
    width: input.width ?? null,
    height: input.height ?? null,
    weight: input.weight ?? null,
    wheelbase: input.wheelbase ?? null,
    trunk_volume: input.trunk_volume ?? null,
    upholstery: textOrNull(input.upholstery),
    origin: textOrNull(input.origin),
    import_status: textOrNull(input.import_status),
    imported: toNullableFlag(input.imported),
  } satisfies Partial<StoredVehicle>;
}

type SpecificationColumn = keyof ReturnType<typeof specificationColumns>;

/** Whether a listing's type is a rental (a price per day or per month): it has no sale price rating (docs/decisions/061). */
const isRentalType = (code: string | null) => code === 'rent_day' || code === 'rent_month';

/** A listing's card; `mediaUrl` is the deps' (picture URLs follow MEDIA_PUBLIC_URL). */
export function toSummary(r: VehicleSummaryRow, locale: Locale, mediaUrl: MediaUrl): VehicleSummary {
  return {
    id: r.id,
    title: r.title,
    brand: r.brand,
    model: r.model,
    year: r.year,
    price: toMajor(Number(r.price_minor), r.minor_units),
    currency: {
      id: r.currency_id,
      code: r.currency_code,
      symbol: r.currency_symbol,
      name: localName(r.currency_name, r.currency_name_i18n, locale),
    },
    mileage: r.mileage,
    fuel_type: { id: r.fuel_id, code: r.fuel_code, name: localName(r.fuel_name, r.fuel_name_i18n, locale) },
    transmission: {
      id: r.transmission_id,
      code: r.transmission_code,
      name: localName(r.transmission_name, r.transmission_name_i18n, locale),
    },
    type: { id: r.type_id, code: r.type_code, name: localName(r.type_name, r.type_name_i18n, locale) },
    city: { id: r.city_id, name: localName(r.city_name, r.city_name_i18n, locale) },
    country: { id: r.country_id, code: r.country_code, name: localName(r.country_name, r.country_name_i18n, locale) },
    cover:
      r.cover_id && r.cover_key
        ? { id: r.cover_id, url: mediaUrl(r.cover_key), width: r.cover_width ?? 0, height: r.cover_height ?? 0 }
        : null,
    sold: fromFlag(r.sold),
    // Featured by an administrator, or by the seller's plan while it lasts (migration 20261127_0001).
    featured: fromFlag(r.featured) || fromFlag(r.plan_featured),
    seller_type: r.seller_type,
    createdAt: r.created_at,
    distanceKm: null,
    // A rent is no sale price: a rental is never rated against the market.
    rating: isRentalType(r.type_code) ? 'unknown' : r.market_rating,
    marketEstimate:
      r.market_estimate_minor === null || isRentalType(r.type_code) ? null : toMajor(Number(r.market_estimate_minor), r.minor_units),
  };
}

/**
 * A search's query as the data layer reads it: prices in the minor units of the chosen currency.
 * `path` prefixes the field of a refused currency (a saved search's is under `query`).
 */
export async function searchCriteria(db: DomainDeps['db'], q: VehicleListQuery, locale: Locale, path = ''): Promise<SearchCriteria> {
  const { minPrice, maxPrice, currencyId, availableFrom, availableTo, ...rest } = q;
  const criteria: SearchCriteria = rest;
  const bounded = minPrice !== undefined || maxPrice !== undefined;
  const available = availableFrom !== undefined && availableTo !== undefined;
  // A sale price and a rent never share a price range or order: without a type, prices are
  // sales', or day rents' on a search of available rentals (docs/decisions/061).
  const pricedKind =
    (bounded || q.sort === 'price_asc' || q.sort === 'price_desc') && rest.typeId === undefined ? (available ? 'rent_day' : 'sale') : null;
  // The bounds' currency and the types are read together: one wait, not two.
  const [currency, pricedTypeId, dayTypeId, monthTypeId] = await Promise.all([
    bounded && currencyId !== undefined ? findCurrency(db, currencyId) : undefined,
    pricedKind ? typeIdOf(db, pricedKind) : undefined,
    available ? typeIdOf(db, 'rent_day') : undefined,
    available ? typeIdOf(db, 'rent_month') : undefined,
  ]);
  if (available) {
    const rentalTypeIds = [dayTypeId, monthTypeId].filter((id) => id !== undefined);
    criteria.available = { from: availableFrom, to: availableTo, rentalTypeIds };
  }
  if (bounded && currencyId !== undefined) {
    if (!currency) throw validationFailed([{ path: `${path}currencyId`, message: translator(locale)('validation.invalid') }]);
    // A bound is a price in that currency, on the reference scale every listing's price is kept in
    // (db/src/prices.ts), computed as a listing's is: a price equal to the bound stays in. A tiny
    // epsilon absorbs binary noise (19.99 * 100 = 1998.9999999999998).
    const scale = 10 ** currency.minor_units;
    const asListed = (minor: number) => referencePrice(minor, currency.minor_units, Number(currency.rate));
    if (minPrice !== undefined) criteria.minPriceRef = asListed(Math.ceil(minPrice * scale - 1e-6));
    if (maxPrice !== undefined) criteria.maxPriceRef = asListed(Math.floor(maxPrice * scale + 1e-6));
  }
  if (pricedKind) criteria.typeId = pricedTypeId;
  if (q.nearCityId !== undefined) criteria.near = await citiesAround(db, q.nearCityId, q.radiusKm ?? DEFAULT_RADIUS_KM, locale, path);
  return criteria;
}

const EARTH_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
/** The great-circle distance between two points (haversine), in km. */
function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The cities within `radiusKm` of a city, nearest first, with their distance (issue 17): a listing
 * is where its city is. The cities are few (hundreds), so they are measured here, and the search
 * then reads the listings of these cities by its city index.
 */
async function citiesAround(db: DomainDeps['db'], cityId: number, radiusKm: number, locale: Locale, path: string) {
  const cities = await placedCities(db);
  const origin = cities.find((c) => c.id === cityId);
  if (!origin) {
    const known = await cityExists(db, cityId);
    throw validationFailed([
      { path: `${path}nearCityId`, message: translator(locale)(known ? 'validation.cityNotPlaced' : 'validation.invalid') },
    ]);
  }
  return cities
    .map((c) => ({ id: c.id, km: Math.round(distanceKm(origin, c) * 10) / 10 }))
    .filter((c) => c.km <= radiusKm)
    .sort((a, b) => a.km - b.km || a.id - b.id);
}

/**
 * The vehicle search: a page of listings, the total and the facet counts. Prices are asked in the
 * major unit of `currencyId` and compared in its minor units (rounded inwards, so a bound never
 * lets in a price outside it).
 */
export async function searchVehicles(
  deps: Pick<DomainDeps, 'config' | 'db' | 'dialect' | 'longRead' | 'mediaUrl' | 'postings'>,
  q: VehicleListQuery,
  locale: Locale,
) {
  const criteria = await searchCriteria(deps.db, q, locale);
  // Postings in the process answer a search without words at a large catalogue (docs/decisions/044):
  // exact counts, and the page when its matches are few enough to sort there; else the
  // database reads the page in order, planned by the exact total.
  // Rentals free on some days, without words: their rows read once, counted and sorted here
  // (docs/decisions/061); the postings know nothing of bookings.
  const posted =
    criteria.available && !searchTerms(criteria.q).length
      ? await freeRentalsSearch(deps.db, deps.dialect, criteria)
      : await deps.postings.search(criteria);
  const counting = posted
    ? Promise.resolve(posted.counts)
    : countFacets(
        deps.db,
        deps.dialect,
        { longRead: deps.longRead, sharedFrom: deps.config.sharedCountsFrom, estimateFrom: deps.config.estimatedCountsFrom },
        criteria,
      );
  const [ids, counts, references] = await Promise.all([
    posted?.ids ?? searchVehicleIds(deps.db, deps.dialect, criteria, counting),
    counting,
    facetReferences(deps.db, q.countryId),
  ]);
  const rows = await vehicleSummaries(deps.db, ids);
  // An estimated total is made consistent with the page read: a full page means at least that
  // many, a page cut short ends the list there.
  if (counts.estimated) {
    const through = (q.page - 1) * q.perPage + ids.length;
    if (ids.length === q.perPage) counts.total = Math.max(counts.total, through);
    else if (ids.length > 0) counts.total = through;
  }
  // Around a city, each listing says how far its city is.
  const away = new Map(criteria.near?.map((n) => [n.id, n.km]));
  return {
    data: rows.map((r) => Object.assign(toSummary(r, locale, deps.mediaUrl), { distanceKm: away.get(r.city_id) ?? null })),
    meta: {
      total: counts.total,
      page: q.page,
      perPage: q.perPage,
      pages: Math.ceil(counts.total / q.perPage),
      facets: facetList(counts.facets, references, q, locale),
      countsAsOf: counts.asOf,
      countsEstimated: counts.estimated,
      pricedTypeId:
        q.minPrice !== undefined || q.maxPrice !== undefined || q.sort === 'price_asc' || q.sort === 'price_desc'
          ? (criteria.typeId ?? null)
          : null,
    },
  };
}

/** Each facet as a list, most frequent first; a chosen value stays listed even when nothing matches it. */
function facetList(
  counts: FacetCounts,
  references: { facet: string; id: number; name: string; name_i18n: string | null }[],
  q: VehicleListQuery,
  locale: Locale,
): SearchFacets {
  const byCount = (a: { count: number }, b: { count: number }) => b.count - a.count;
  const idFacet = (facet: Exclude<FacetName, 'brand'>) => {
    const chosen = q[facet];
    return references
      .filter((r) => r.facet === facet && ((counts[facet].get(r.id) ?? 0) > 0 || r.id === chosen))
      .map((r) => ({ id: r.id, name: localName(r.name, r.name_i18n, locale), count: counts[facet].get(r.id) ?? 0 }))
      .sort((a, b) => byCount(a, b) || a.name.localeCompare(b.name, locale.replace('_', '-')));
  };
  const brands = [...counts.brand].map(([value, count]) => ({ value, count }));
  if (q.brand !== undefined && !counts.brand.has(q.brand)) brands.push({ value: q.brand, count: 0 });
  return {
    categoryId: idFacet('categoryId'),
    typeId: idFacet('typeId'),
    fuelTypeId: idFacet('fuelTypeId'),
    transmissionId: idFacet('transmissionId'),
    colorId: idFacet('colorId'),
    countryId: idFacet('countryId'),
    cityId: idFacet('cityId'),
    brand: brands.sort((a, b) => byCount(a, b) || a.value.localeCompare(b.value)),
  };
}

/** The newest featured live listings, for the home page's featured section. */
export async function featuredVehicles(deps: Pick<DomainDeps, 'db' | 'mediaUrl'>, limit: number, locale: Locale) {
  const rows = await vehicleSummaries(deps.db, await featuredVehicleIds(deps.db, limit));
  return { data: rows.map((r) => toSummary(r, locale, deps.mediaUrl)) };
}

export interface Viewer {
  id: number;
  permissions: string[];
}

const DAY_MS = 86_400_000;
/** Whole days from one instant to a later one (0 on the day itself). */
const daysBetween = (from: string, to: string) => Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / DAY_MS));

export async function getVehicle(deps: DomainDeps, id: number, locale: Locale, viewer: Viewer | null): Promise<Vehicle> {
  const found = await findVehicle(deps.db, deps.dialect, id, viewer?.id ?? null);
  if (!found) throw notFound('VEHICLE_NOT_FOUND');
  const { row: v, pictures, prices, options, interactions } = found;
  const owner = viewer?.id === v.owner_id;
  // Withheld by moderation (docs/decisions/057): shown to its owner and the moderators only.
  if (v.sold === WITHHELD && !owner && !viewer?.permissions.includes('admin.vehicle.index')) throw notFound('VEHICLE_NOT_FOUND');
  const country = (code: string | null, name: string | null, i18n: string | null, cid: number | null) =>
    cid && code && name ? { id: cid, code, name: localName(name, i18n, locale) } : null;
  // Not a literal spreading the summary: V8 builds such a wide object some thirty times slower.
  return Object.assign(
    toSummary(v, locale, deps.mediaUrl),
    specification(v),
    {
      register: v.register,
      cityId: v.city_id,
      category: { id: v.category_id, code: v.category_code, name: localName(v.category_name, v.category_name_i18n, locale) },
      color: { id: v.color_id, code: v.color_code, name: localName(v.color_name, v.color_name_i18n, locale), hex: v.color_hex },
      options: options.map((o) => ({ id: o.id, code: o.code, name: localName(o.name, o.name_i18n, locale) })),
      pictures: pictures.map((p) =>
        toPicture(deps.mediaUrl, p.id, p.storage_key, p.width, p.height, parseJson<StoredRendition[]>(p.renditions, [])),
      ),
      origin_country: country(v.origin_country_code, v.origin_country_name, v.origin_country_name_i18n, v.origin_country_id),
      first_registration_country: country(
        v.first_country_code,
        v.first_country_name,
        v.first_country_name_i18n,
        v.first_registration_country_id,
      ),
      seller: {
        id: v.owner_id,
        name: v.seller_name ?? v.seller_first_name,
        type: v.seller_type,
        memberSince: v.seller_since,
        trader: v.trader_legal_name
          ? {
              legalName: v.trader_legal_name,
              address: v.trader_address ?? '',
              registrationNumber: v.trader_registration_number ?? '',
              email: v.trader_email ?? '',
              phone: v.trader_phone ?? '',
            }
          : null,
      },
      updatedAt: v.updated_at,
      // A listing never repriced has no recorded prices: its one price is its current one, since it was published.
      priceHistory: prices.length
        ? prices.map((p) => ({ price: toMajor(Number(p.price_minor), p.minor_units), currency: p.currency_code, at: p.created_at }))
        : [{ price: toMajor(Number(v.price_minor), v.minor_units), currency: v.currency_code, at: v.created_at }],
      daysOnMarket: daysBetween(v.created_at, v.sold_at ?? nowIso()),
      soldAt: v.sold_at,
      soldPrice: owner && v.sold_price_minor !== null ? toMajor(Number(v.sold_price_minor), v.minor_units) : null,
      marketPrice: isRentalType(v.type_code)
        ? unrated(v.year, v.mileage, v.fuel_type_id)
        : await marketPrice(deps, {
            id: v.id,
            brand: v.brand,
            model: v.model,
            typeId: v.type_id,
            categoryId: v.category_id,
            minorUnits: v.minor_units,
            rate: Number(v.currency_rate),
            year: v.year,
            mileage: v.mileage,
            fuelTypeId: v.fuel_type_id,
            priceMinor: Number(v.price_minor),
            stored: v,
          }),
      canEdit: owner,
      canDelete: owner || Boolean(viewer?.permissions.includes('delete_vehicle')),
    },
    interactions,
  );
}
