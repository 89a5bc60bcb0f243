import { z } from 'zod';
import { msg } from './messages.ts';
import { SELLER_TYPES, TraderIdentity } from './user.ts';

/*
 * A listing as the API answers it (SPEC §3 vehicle): its summary in lists, its whole page, its market
 * price and the search's list meta, declared once for the API, which names them in its document
 * (VehicleSummary, Vehicle, Picture, MarketPrice, SearchFacets), and the clients that read them.
 */

/** Ratings of a price against its market, from the best deal to the worst (issue 17). */
export const MARKET_RATINGS = ['great', 'good', 'fair', 'high', 'overpriced', 'unknown'] as const;
export type MarketRating = (typeof MARKET_RATINGS)[number];

/** Which listings a price is compared with, from the narrowest: its make and model, its segment and body, its segment. */
export const MARKET_SCOPES = ['model', 'body', 'segment'] as const;

/** The orders of a search (`sort`). */
export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc', 'distance', 'deal'] as const;
export type Sort = (typeof SORTS)[number];

/** The facet filters: each facet is counted with every other active filter applied. */
export const FACETS = ['categoryId', 'typeId', 'fuelTypeId', 'transmissionId', 'brand', 'colorId', 'countryId', 'cityId'] as const;
export type FacetName = (typeof FACETS)[number];

export const MarketPrice = z.object({
  estimate: z
    .number()
    .nullable()
    .meta({ description: 'The median price of the comparables, in the currency’s major unit; null when too few' }),
  low: z.number().nullable().meta({ description: 'First quartile' }),
  high: z.number().nullable().meta({ description: 'Third quartile' }),
  comparables: z.number().int().meta({ description: 'How many listings were compared' }),
  confidence: z.enum(['low', 'medium', 'high']).nullable().meta({ description: 'low: 5–9 comparables, medium: 10–29, high: 30 or more' }),
  rating: z.enum(MARKET_RATINGS).meta({
    description: 'great ≤ −15 %, good ≤ −5 %, fair within 5 %, high < +15 %, overpriced beyond; unknown with fewer than 5 comparables',
  }),
  basis: z
    .object({
      scope: z.enum(MARKET_SCOPES).meta({
        description:
          'model: the same make and model; body: the same segment and body (the model’s listings were too few); segment: the same segment',
      }),
      minYear: z.number().int(),
      maxYear: z.number().int(),
      minMileage: z.number().int().nullable(),
      maxMileage: z.number().int().nullable(),
      sameFuel: z.boolean(),
    })
    .meta({
      description:
        'Which listings were compared: of the same type, live or sold in the last 180 days, prices converted to one currency at the administrators’ rates; a listing’s figures are those the market job stored',
    }),
});
export type MarketPrice = z.infer<typeof MarketPrice>;

export const Rendition = z.object({
  width: z.number(),
  height: z.number(),
  format: z.enum(['avif', 'webp', 'jpeg', 'png']),
  url: z.string().meta({ example: '/media/pictures/3f/3f9c…/640.webp' }),
});

/** A listing's picture with its renditions (SPEC §3 picture). */
export const Picture = z.object({
  id: z.number(),
  url: z.string().meta({ description: 'The full picture, upright, without metadata', example: '/media/pictures/3f/3f9c…/full.jpg' }),
  width: z.number(),
  height: z.number(),
  renditions: z.array(Rendition),
});
export type Picture = z.infer<typeof Picture>;

const Ref = z.object({ id: z.number(), code: z.string().nullable(), name: z.string() });
const Currency = z.object({ id: z.number(), code: z.string(), symbol: z.string(), name: z.string() });
const Cover = z.object({ id: z.number(), url: z.string(), width: z.number(), height: z.number() });

export const VehicleSummary = z.object({
  id: z.number(),
  title: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number(),
  price: z.number().meta({ description: 'In the currency major unit', example: 12500.5 }),
  currency: Currency,
  mileage: z.number(),
  fuel_type: Ref,
  transmission: Ref,
  type: Ref,
  city: z.object({ id: z.number(), name: z.string() }),
  country: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  cover: Cover.nullable(),
  sold: z.boolean(),
  featured: z.boolean(),
  seller_type: z.enum(SELLER_TYPES),
  createdAt: z.string(),
  distanceKm: z.number().nullable().meta({ description: 'From nearCityId to its city, in km, on a search around a city; else null' }),
  rating: z.enum(MARKET_RATINGS).meta({
    description:
      'The price against similar listings (same type and make and model, or segment when the model is rare, near in year and mileage, in any currency), as the market job last computed it: great ≤ −15 %, good ≤ −5 %, fair within 5 %, high < +15 %, overpriced beyond; unknown with fewer than 5 comparables',
  }),
  marketEstimate: z
    .number()
    .nullable()
    .meta({ description: 'The median price of the comparables, in the currency’s major unit; null when too few' }),
});
export type VehicleSummary = z.infer<typeof VehicleSummary>;

const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();

/** A listing's page: its summary and every field of SPEC §3, with what the caller may do with it. */
/** One of my listings (GET /me/vehicles): with the price it sold at, which only its owner sees. */
export const MyVehicleSummary = VehicleSummary.extend({
  soldPrice: nullableNumber.meta({ description: 'The price it sold at, as I gave it when marking it sold; null when not given' }),
  moderation: z.enum(['published', 'pending', 'held', 'removed']).meta({
    description: 'published; pending (waits for a moderator), held or removed by a decision: out of public reads (docs/decisions/057)',
  }),
  caseId: z.number().nullable().meta({ description: 'The moderation case whose statement explains a state other than published' }),
});
export type MyVehicleSummary = z.infer<typeof MyVehicleSummary>;

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
  pictures: z.array(Picture),
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
  seller: z.object({
    id: z.number().meta({ description: 'The seller’s account: their page is /sellers/{id}' }),
    name: z.string(),
    type: z.enum(SELLER_TYPES),
    memberSince: z.string(),
    trader: TraderIdentity.nullable().meta({ description: 'A professional seller’s verified identity (DSA art. 30-31); null otherwise' }),
  }),
  updatedAt: z.string(),
  priceHistory: z
    .array(z.object({ price: z.number(), currency: z.string(), at: z.string() }))
    .meta({ description: 'Every price it has had, oldest first, with the time it took it; one entry while it never changed' }),
  daysOnMarket: z.number().int().meta({ description: 'Whole days from its publication until it sold, or until today' }),
  soldAt: nullableString.meta({ description: 'When it was marked sold' }),
  soldPrice: nullableNumber.meta({ description: 'The price it sold at, as its seller gave it: for its owner only, else null' }),
  marketPrice: MarketPrice,
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  likes: z.number(),
  liked: z.boolean().meta({ description: 'Whether the caller liked it (false when signed out)' }),
  favorite: z.boolean().meta({ description: 'Whether the caller saved it (false when signed out)' }),
  views: z.number().nullable().meta({ description: 'Visitors per day, added up: for its owner only, else null' }),
});
export type Vehicle = z.infer<typeof Vehicle>;

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
  .meta({
    description: 'On the vehicle search: counts per value of each facet, with every other active filter applied; most frequent first',
  });
export type SearchFacets = z.infer<typeof SearchFacets>;

/** A list's page: where it is and, on the vehicle search, its facet counts. */
export const ListMeta = z.object({
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  pages: z.number(),
  facets: SearchFacets.optional(),
  countsAsOf: z.string().nullable().optional().meta({
    description:
      'On the vehicle search: null when the total and facet counts are exact; else when they were counted. A broad search (tens of thousands of matches) answers its counts for up to 30 s after a listing changed, while they are counted again. The listings of the page are always current.',
    example: null,
  }),
  countsEstimated: z.boolean().optional().meta({
    description:
      'On the vehicle search: true when the total and facet counts are estimated from a sample of the listings (one in 32) instead of counted, as a broad search of a large catalogue is; the listings of the page are exact.',
    example: false,
  }),
  pricedTypeId: z.number().nullable().optional().meta({
    description:
      'On the vehicle search with a price bound or a price order: the type (sale, daily or monthly rent) whose prices it compares — the one asked, else sales, as a sale price and a rent never share a price range or order; null without one.',
    example: 1,
  }),
});
export type ListMeta = z.infer<typeof ListMeta>;

/** A page of a list. */
export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

/**
 * Why the back office removed a listing (issue 33): one of these grounds, and the moderator's note.
 * The seller is told both, in their language; `other` needs the note to say what it was.
 */
export const REMOVAL_GROUNDS = ['fraud', 'prohibited', 'misleading', 'duplicate', 'offensive', 'other'] as const;
export type RemovalGround = (typeof REMOVAL_GROUNDS)[number];
export const REMOVAL_NOTE_MAX = 1000;
export const VehicleRemoval = z
  .object({
    ground: z.enum(REMOVAL_GROUNDS),
    note: z.string().trim().max(REMOVAL_NOTE_MAX).default(''),
  })
  .refine((r) => r.ground !== 'other' || r.note.length > 0, { path: ['note'], error: msg('admin.removalNoteRequired') });
export type VehicleRemoval = z.infer<typeof VehicleRemoval>;
