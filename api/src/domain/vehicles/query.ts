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

/** A calendar day as a URL writes it (YYYY-MM-DD), a real one. */
const dayParam = optionalParam(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg('validation.invalidDate') })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
      error: msg('validation.invalidDate'),
    })
    .meta({ format: 'date', example: '2027-07-01' }),
);

/** The longest range an availability search may ask (days). */
const MAX_AVAILABLE_DAYS = 730;

/** Whole days from one calendar day to another. */
const daysApart = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

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
    availableFrom: dayParam.meta({
      description:
        "Rental listings free from this day (the listing's local day, YYYY-MM-DD) until `availableTo`: no booking that holds the car and no block of its owner on those days, and a length its terms allow; with availableTo",
    }),
    availableTo: dayParam.meta({
      description: `The day the car is returned (exclusive: the nights end the day before), after availableFrom and at most ${MAX_AVAILABLE_DAYS} days from it`,
    }),
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
    // An availability search needs both days, the return after the pickup, within two years.
    const { availableFrom: from, availableTo: to } = v;
    if ((from === undefined) !== (to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [from === undefined ? 'availableFrom' : 'availableTo'],
        message: msg('validation.availableBothDays'),
      });
    } else if (from !== undefined && to !== undefined) {
      const days = daysApart(from, to);
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['availableTo'], message: msg('validation.availableToAfterFrom') });
      else if (days > MAX_AVAILABLE_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['availableTo'], message: msg('validation.availableTooLong', { max: MAX_AVAILABLE_DAYS }) });
      }
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
