import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';

/*
 * The vehicle form (SPEC §3, §5). Field names are the ones the read side returns; a reference the
 * response shows as an object (currency, city, fuel_type…) is sent as its id (currencyId, cityId,
 * fuelTypeId…), as `cityId` already is in the response.
 */

/**
 * A type error's message: the field's own "… is required." when a required field is missing or
 * null, else "must be a (whole) number" or "not valid". Range and format checks keep their own messages.
 */
const typeError =
  (fallback: 'validation.notNumber' | 'validation.invalid', requiredField?: string) =>
  (issue: { code?: string; input?: unknown; expected?: string }) => {
    if (issue.code !== 'invalid_type') return undefined;
    if (requiredField && (issue.input === undefined || issue.input === null)) return msg(`vehicle.required.${requiredField}`);
    return msg(issue.expected === 'int' && typeof issue.input === 'number' ? 'validation.notInteger' : fallback);
  };

const requiredText = (field: string, max: number) =>
  z
    .string({ error: typeError('validation.invalid', field) })
    .trim()
    .min(1, { error: msg(`vehicle.required.${field}`) })
    .max(max);
const requiredInt = (field: string) => z.number({ error: typeError('validation.notNumber', field) }).int();
const requiredId = (field: string) => requiredInt(field).min(1).max(2147483647);

const number = () => z.number({ error: typeError('validation.notNumber') });
const optionalText = (max: number) =>
  z
    .string({ error: typeError('validation.invalid') })
    .trim()
    .max(max)
    .nullable()
    .optional();
const optionalInt = (min: number, max: number) => number().int().min(min).max(max).nullable().optional();
const optionalNumber = (min: number, max: number) => number().min(min).max(max).nullable().optional();
const optionalId = number().int().min(1).max(2147483647).nullable().optional();
const optionalDate = z.iso
  .date({ error: msg('validation.invalidDate') })
  .nullable()
  .optional();
const optionalFlag = z
  .boolean({ error: typeError('validation.invalid') })
  .nullable()
  .optional();

export const MAX_PRICE = 1_000_000_000;
export const MAX_PICTURES = 50;
export const MAX_OPTIONS = 100;

/**
 * VIN: 17 letters and digits, never I, O or Q (ISO 3779), in either case. Both cases are spelled out
 * rather than flagged `i`: the API document carries the pattern as written, without its flags, and a
 * client checking against it must accept the lower-case VINs the API accepts.
 */
const VIN = /^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$/;

/** The first year a listing may carry, and the last: next year's models are sold from this autumn. */
export const FIRST_YEAR = 1900;
export const lastYear = () => new Date().getUTCFullYear() + 1;

const ids = (field: string, max: number) =>
  z
    .array(requiredId(field), { error: typeError('validation.invalid', field) })
    .min(1, { error: msg(`vehicle.required.${field}`) })
    .max(max);

const fields = {
  title: requiredText('title', 120).openapi({ example: 'Renault Clio 1.0 90 hp' }),
  brand: requiredText('brand', 60).openapi({ example: 'Renault' }),
  model: requiredText('model', 60).openapi({ example: 'Clio' }),
  register: optionalText(20).openapi({ description: 'Registration plate', example: 'AB-123-CD' }),
  year: requiredInt('year')
    .min(FIRST_YEAR, { error: msg('vehicle.yearRange') })
    .refine((y) => y <= lastYear(), { error: msg('vehicle.yearRange') })
    .openapi({ example: 2021 }),
  price: z
    .number({ error: typeError('validation.notNumber', 'price') })
    .positive({ error: msg('vehicle.pricePositive') })
    .max(MAX_PRICE)
    .openapi({ description: 'In the currency major unit; at most as many decimals as the currency has', example: 12500.5 }),
  currencyId: requiredId('currencyId'),
  countryId: requiredId('countryId'),
  cityId: requiredId('cityId').openapi({ description: 'A city of countryId' }),
  address: optionalText(200),
  postal_code: optionalText(20),
  sold: z
    .boolean({ error: typeError('validation.invalid') })
    .optional()
    .openapi({ description: 'Marks the listing sold (sets sold_at) or back on sale; kept as is when omitted' }),
  soldPrice: z
    .number({ error: typeError('validation.notNumber', 'soldPrice') })
    .positive({ error: msg('vehicle.pricePositive') })
    .max(MAX_PRICE)
    .nullable()
    .optional()
    .openapi({
      description:
        'The price it sold at, in its currency, for a sold listing only (422 otherwise); shown to its owner alone. Kept when omitted, forgotten when it goes back on sale',
      example: 11800,
    }),
  categoryId: requiredId('categoryId'),
  colorId: requiredId('colorId'),
  mileage: requiredInt('mileage').min(0).max(5_000_000).openapi({ description: 'km' }),
  fuelTypeId: requiredId('fuelTypeId'),
  typeId: requiredId('typeId').openapi({ description: 'For sale or for rent (types)' }),
  transmissionId: requiredId('transmissionId'),
  engine_size: optionalNumber(0, 20).openapi({ description: 'Litres' }),
  number_of_doors: requiredInt('number_of_doors').min(1).max(7),
  number_of_seats: requiredInt('number_of_seats').min(1).max(99),
  vin: z
    .string({ error: typeError('validation.invalid') })
    .trim()
    .regex(VIN, { error: msg('vehicle.vinFormat') })
    .nullable()
    .optional()
    .openapi({ example: 'VF1RJA00567123456' }),
  insurance_expiry_date: optionalDate.openapi({ example: '2027-03-31' }),
  options: ids('options', MAX_OPTIONS).openapi({ description: 'Option ids, at least one' }),
  pictures: ids('pictures', MAX_PICTURES).openapi({
    description: 'Ids of pictures uploaded by the caller (POST /api/v1/pictures), in display order: the first is the cover',
  }),
  description: requiredText('description', 5000),
  // Electric and power: the battery fields are required for electric and plug-in hybrid vehicles.
  battery_capacity: optionalNumber(0, 500).openapi({ description: 'kWh' }),
  battery_type: optionalText(60),
  battery_health: optionalInt(0, 100).openapi({ description: '%' }),
  charging_time: optionalNumber(0, 100).openapi({ description: 'Hours' }),
  fast_charging: optionalFlag,
  battery_range: optionalInt(0, 5000).openapi({ description: 'km' }),
  battery_consumption: optionalNumber(0, 200).openapi({ description: 'kWh per 100 km' }),
  fiscal_power: optionalInt(0, 500).openapi({ description: 'CV' }),
  din_power: optionalInt(0, 5000).openapi({ description: 'HP' }),
  engine_power: optionalInt(0, 4000).openapi({ description: 'kW' }),
  torque: optionalInt(0, 20000).openapi({ description: 'Nm' }),
  range: optionalInt(0, 5000).openapi({ description: 'km' }),
  // History and environment.
  registration_date: optionalDate,
  number_of_owners: optionalInt(0, 99),
  is_first_hand: optionalFlag,
  emissions_standard: optionalText(60),
  co2_emissions: optionalInt(0, 2000).openapi({ description: 'g/km' }),
  euro_standard: optionalText(20),
  critair: optionalText(10),
  maintenance_history: optionalText(2000),
  accident_history: optionalText(2000),
  // Dimensions.
  length: optionalNumber(0, 30).openapi({ description: 'm' }),
  width: optionalNumber(0, 10).openapi({ description: 'm' }),
  height: optionalNumber(0, 10).openapi({ description: 'm' }),
  weight: optionalInt(0, 100000).openapi({ description: 'kg' }),
  wheelbase: optionalInt(0, 20000).openapi({ description: 'mm' }),
  trunk_volume: optionalInt(0, 20000).openapi({ description: 'L' }),
  upholstery: optionalText(60),
  // Origin.
  origin: optionalText(60),
  originCountryId: optionalId.openapi({ description: 'Answered as origin_country' }),
  import_status: optionalText(60),
  imported: optionalFlag,
  firstRegistrationCountryId: optionalId.openapi({ description: 'Answered as first_registration_country' }),
};

/** POST and PUT: the whole vehicle. Unknown fields are refused, so a typo never passes silently. */
export const VehicleInput = z.object(fields).strict().openapi('VehicleInput');
export type VehicleInput = z.infer<typeof VehicleInput>;

/** PATCH: any subset of the same fields, e.g. `{ "sold": true }`. */
export const VehiclePatch = z.object(fields).partial().strict().openapi('VehiclePatch');
export type VehiclePatch = z.infer<typeof VehiclePatch>;

/** The battery fields an electric or plug-in hybrid vehicle must give (a petrol car has no battery). */
export const ELECTRIC_REQUIRED = [
  'battery_capacity',
  'battery_type',
  'battery_health',
  'charging_time',
  'fast_charging',
  'battery_range',
  'battery_consumption',
] as const;
export const RECHARGEABLE_FUELS = ['electric', 'plug_in_hybrid'];

export const MyVehiclesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1).openapi({ example: 1 }),
  perPage: z.coerce.number().int().min(1).max(100).default(24).openapi({ example: 24 }),
});
export type MyVehiclesQuery = z.infer<typeof MyVehiclesQuery>;
