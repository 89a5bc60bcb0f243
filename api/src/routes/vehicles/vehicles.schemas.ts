import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';
import { Picture as StoredPicture } from '../pictures/pictures.schemas.ts';
import { MarketPrice, RATINGS, type Rating } from './market.schemas.ts';

/** A flag as a URL writes it (`true`, `1`…), or as JSON does (a saved search's query keeps booleans). */
const boolParam = z.preprocess(
  (v) => (typeof v === 'boolean' ? String(v) : v),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
);

export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'distance', 'deal'] as const;

/** A query parameter a search form may send empty: empty means "not set". */
const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const idParam = optionalParam(z.coerce.number().int().min(1).max(2147483647).openapi({ type: 'integer', example: 1 }));
const intParam = (min: number, max: number) => optionalParam(z.coerce.number().int().min(min).max(max).openapi({ type: 'integer' }));
const textParam = (max: number) => optionalParam(z.string().trim().max(max));
const priceParam = optionalParam(
  z.coerce
    .number()
    .min(0)
    .max(1_000_000_000_000)
    .openapi({ type: 'number', description: 'In the major unit of `currencyId`', example: 15000 }),
);

/** The facet filters: each facet is counted with every other active filter applied. */
/** How far around `nearCityId` a search looks when it names no radius (km). */
export const DEFAULT_RADIUS_KM = 50;

export const FACETS = ['categoryId', 'typeId', 'fuelTypeId', 'transmissionId', 'brand', 'colorId', 'countryId', 'cityId'] as const;

export const VehicleListQuery = z
  .object({
    q: textParam(200).openapi({ description: 'Words to find in title, brand, model and description; the last word may be a prefix' }),
    brand: textParam(100),
    model: textParam(100),
    categoryId: idParam,
    typeId: idParam,
    fuelTypeId: idParam,
    transmissionId: idParam,
    colorId: idParam,
    countryId: idParam,
    cityId: idParam,
    currencyId: idParam,
    minPrice: priceParam,
    maxPrice: priceParam,
    minYear: intParam(1900, 2100),
    maxYear: intParam(1900, 2100),
    maxMileage: intParam(0, 100_000_000),
    doors: intParam(1, 10),
    nearCityId: idParam.openapi({
      description: 'Listings in cities around this one (cities carry coordinates); each result then says its distanceKm',
    }),
    radiusKm: intParam(5, 500).openapi({ description: `How far around nearCityId, in km (default ${DEFAULT_RADIUS_KM})` }),
    rating: optionalParam(
      // A comma list in a URL (`great,good`); a saved search's query may keep it as a list.
      z
        .preprocess(
          (v) => (typeof v === 'string' ? [...new Set(v.split(',').map((r) => r.trim()))] : v),
          z
            .array(z.string())
            .min(1)
            .refine((list) => list.every((r) => (RATINGS as readonly string[]).includes(r)), {
              error: msg('validation.invalidChoice', { options: RATINGS.join(', ') }),
            })
            .transform((list) => list as Rating[]),
        )
        .openapi({
          type: 'string',
          description: `Fair-price ratings to keep, comma separated: ${RATINGS.join(', ')} (unknown: too few comparables)`,
          example: 'great,good',
        }),
    ),
    includeSold: boolParam.default(false).openapi({ type: 'boolean' }),
    sort: z.enum(SORTS).default('newest').openapi({
      description:
        '`relevance` ranks featured listings first, then by the words of `q` (newest first without `q`); `distance` (with nearCityId) nearest first; `deal` the best deals first (price furthest below its market estimate), unrated listings last',
    }),
    page: z.coerce.number().int().min(1).max(10000).default(1).openapi({ example: 1 }),
    perPage: z.coerce.number().int().min(1).max(100).default(24).openapi({ example: 24 }),
  })
  .superRefine((v, ctx) => {
    // SPEC §2 and §5: price filtering needs a currency chosen first.
    if (v.currencyId === undefined) {
      for (const field of ['minPrice', 'maxPrice'] as const) {
        if (v[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: msg('validation.priceNeedsCurrency') });
      }
    }
    // Around a city: the distance needs its city, and so does a radius.
    if (v.nearCityId === undefined) {
      if (v.sort === 'distance') ctx.addIssue({ code: 'custom', path: ['sort'], message: msg('validation.distanceNeedsCity') });
      if (v.radiusKm !== undefined) ctx.addIssue({ code: 'custom', path: ['nearCityId'], message: msg('validation.distanceNeedsCity') });
    }
    for (const [min, max] of [
      ['minPrice', 'maxPrice'],
      ['minYear', 'maxYear'],
    ] as const) {
      const low = v[min];
      const high = v[max];
      if (low !== undefined && high !== undefined && low > high) {
        ctx.addIssue({ code: 'custom', path: [min], message: msg('validation.minAboveMax') });
      }
    }
  });
export type VehicleListQuery = z.infer<typeof VehicleListQuery>;

const Ref = z.object({ id: z.number(), code: z.string().nullable(), name: z.string() });
const Currency = z.object({ id: z.number(), code: z.string(), symbol: z.string(), name: z.string() });
const Picture = z.object({ id: z.number(), url: z.string(), width: z.number(), height: z.number() });

export const VehicleSummary = z
  .object({
    id: z.number(),
    title: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.number(),
    price: z.number().openapi({ description: 'In the currency major unit', example: 12500.5 }),
    currency: Currency,
    mileage: z.number(),
    fuel_type: Ref,
    transmission: Ref,
    type: Ref,
    city: z.object({ id: z.number(), name: z.string() }),
    country: z.object({ id: z.number(), code: z.string(), name: z.string() }),
    cover: Picture.nullable(),
    sold: z.boolean(),
    featured: z.boolean(),
    seller_type: z.enum(['individual', 'professional']),
    createdAt: z.string(),
    distanceKm: z.number().nullable().openapi({ description: 'From nearCityId to its city, in km, on a search around a city; else null' }),
    rating: z.enum(RATINGS).openapi({
      description:
        'The price against similar listings (same make, model, currency and type, near in year and mileage), as the market job last computed it: great ≤ −15 %, good ≤ −5 %, fair within 5 %, high < +15 %, overpriced beyond; unknown with fewer than 5 comparables',
    }),
    marketEstimate: z
      .number()
      .nullable()
      .openapi({ description: 'The median price of the comparables, in the currency’s major unit; null when too few' }),
  })
  .openapi('VehicleSummary');

const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();

export const Vehicle = VehicleSummary.extend({
  register: nullableString,
  cityId: z.number(),
  address: nullableString,
  postal_code: nullableString,
  category: Ref,
  color: Ref.extend({ hex: z.string() }),
  engine_size: nullableNumber,
  number_of_doors: z.number(),
  number_of_seats: z.number(),
  vin: nullableString,
  insurance_expiry_date: nullableString,
  options: z.array(Ref),
  description: z.string(),
  pictures: z.array(StoredPicture),
  battery_capacity: nullableNumber,
  battery_type: nullableString,
  battery_health: nullableNumber,
  charging_time: nullableNumber,
  fast_charging: z.boolean().nullable(),
  battery_range: nullableNumber,
  battery_consumption: nullableNumber,
  fiscal_power: nullableNumber,
  din_power: nullableNumber,
  engine_power: nullableNumber,
  torque: nullableNumber,
  range: nullableNumber,
  registration_date: nullableString,
  number_of_owners: nullableNumber,
  is_first_hand: z.boolean().nullable(),
  emissions_standard: nullableString,
  co2_emissions: nullableNumber,
  euro_standard: nullableString,
  critair: nullableString,
  maintenance_history: nullableString,
  accident_history: nullableString,
  length: nullableNumber,
  width: nullableNumber,
  height: nullableNumber,
  weight: nullableNumber,
  wheelbase: nullableNumber,
  trunk_volume: nullableNumber,
  upholstery: nullableString,
  origin: nullableString,
  origin_country: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  import_status: nullableString,
  imported: z.boolean().nullable(),
  first_registration_country: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  seller: z.object({ name: z.string(), type: z.enum(['individual', 'professional']), memberSince: z.string() }),
  updatedAt: z.string(),
  priceHistory: z
    .array(z.object({ price: z.number(), currency: z.string(), at: z.string() }))
    .openapi({ description: 'Every price it has had, oldest first, with the time it took it; one entry while it never changed' }),
  daysOnMarket: z.number().int().openapi({ description: 'Whole days from its publication until it sold, or until today' }),
  soldAt: nullableString.openapi({ description: 'When it was marked sold' }),
  soldPrice: nullableNumber.openapi({ description: 'The price it sold at, as its seller gave it: for its owner only, else null' }),
  marketPrice: MarketPrice,
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  likes: z.number(),
  liked: z.boolean().openapi({ description: 'Whether the caller liked it (false when signed out)' }),
  favorite: z.boolean().openapi({ description: 'Whether the caller saved it (false when signed out)' }),
  views: z.number().nullable().openapi({ description: 'Visitors per day, added up: for its owner only, else null' }),
}).openapi('Vehicle');

const IdFacet = z.array(z.object({ id: z.number(), name: z.string(), count: z.number() }));

export const SearchFacets = z
  .object({
    categoryId: IdFacet,
    typeId: IdFacet,
    fuelTypeId: IdFacet,
    transmissionId: IdFacet,
    brand: z.array(z.object({ value: z.string(), count: z.number() })),
    colorId: IdFacet,
    countryId: IdFacet,
    cityId: IdFacet,
  })
  .openapi('SearchFacets', {
    description: 'Counts per value of each facet, with every other active filter applied; most frequent first',
  });
export type SearchFacets = z.infer<typeof SearchFacets>;

export const ListMeta = z.object({
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  pages: z.number(),
  facets: SearchFacets.optional().openapi({ description: 'On the vehicle search' }),
  countsAsOf: z.string().nullable().optional().openapi({
    description:
      'On the vehicle search: null when the total and facet counts are exact; else when they were counted. A broad search (tens of thousands of matches) answers its counts for up to 30 s after a listing changed, while they are counted again. The listings of the page are always current.',
    example: null,
  }),
});
