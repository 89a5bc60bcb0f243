import { msg } from '@autoroute/contract/messages';
import { MARKET_RATINGS as RATINGS, type MarketRating as Rating, SORTS } from '@autoroute/contract/vehicles';
import { z } from 'zod';

// A search's criteria, as a URL or a saved search's stored JSON writes them: one plain schema the
// search, the saved searches and the alert jobs read; the HTTP route takes it as its query (its
// `.meta()` descriptions are what the API document says of each parameter).

/** A flag as a URL writes it (`true`, `1`…), or as JSON does (a saved search's query keeps booleans). */
const boolParam = z.preprocess(
  (v) => (typeof v === 'boolean' ? String(v) : v),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
);

/** A query parameter a search form may send empty: empty means "not set". */
const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const idParam = optionalParam(z.coerce.number().int().min(1).max(2147483647).meta({ type: 'integer', example: 1 }));
const intParam = (min: number, max: number) => optionalParam(z.coerce.number().int().min(min).max(max).meta({ type: 'integer' }));
const textParam = (max: number) => optionalParam(z.string().trim().max(max));
const priceParam = optionalParam(
  z.coerce
    .number()
    .min(0)
    .max(1_000_000_000_000)
    .meta({ type: 'number', description: 'In the major unit of `currencyId`', example: 15000 }),
);

/** How far around `nearCityId` a search looks when it names no radius (km). */
export const DEFAULT_RADIUS_KM = 50;

export const VehicleListQuery = z
  .object({
    q: textParam(200).meta({ description: 'Words to find in title, brand, model and description; the last word may be a prefix' }),
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
    nearCityId: idParam.meta({
      description: 'Listings in cities around this one (cities carry coordinates); each result then says its distanceKm',
    }),
    radiusKm: intParam(5, 500).meta({ description: `How far around nearCityId, in km (default ${DEFAULT_RADIUS_KM})` }),
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
        .meta({
          type: 'string',
          description: `Fair-price ratings to keep, comma separated: ${RATINGS.join(', ')} (unknown: too few comparables)`,
          example: 'great,good',
        }),
    ),
    includeSold: boolParam.default(false).meta({ type: 'boolean' }),
    sort: z.enum(SORTS).default('newest').meta({
      description:
        '`relevance` ranks featured listings first, then by the words of `q` (newest first without `q`); `distance` (with nearCityId) nearest first; `deal` the best deals first (price furthest below its market estimate), unrated listings last',
    }),
    page: z.coerce.number().int().min(1).max(10000).default(1).meta({ example: 1 }),
    perPage: z.coerce.number().int().min(1).max(100).default(24).meta({ example: 24 }),
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
