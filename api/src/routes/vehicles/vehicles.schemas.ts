import { z } from '@hono/zod-openapi';

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const;

export const VehicleListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1).openapi({ example: 1 }),
  perPage: z.coerce.number().int().min(1).max(100).default(24).openapi({ example: 24 }),
  sort: z.enum(SORTS).default('newest'),
  includeSold: boolParam.default(false).openapi({ type: 'boolean' }),
});
export type VehicleListQuery = z.infer<typeof VehicleListQuery>;

export const IdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2147483647)
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

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
  seller: z.object({ name: z.string(), type: z.enum(['individual', 'professional']), memberSince: z.string() }),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
}).openapi('Vehicle');

export const ListMeta = z.object({ total: z.number(), page: z.number(), perPage: z.number(), pages: z.number() });
