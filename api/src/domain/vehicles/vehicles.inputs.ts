import { msg } from '@autoroute/contract/messages';
import { VEHICLE_FIELDS as F, FIRST_YEAR, lastYear, MAX_OPTIONS, MAX_PICTURES, MAX_PRICE, VIN } from '@autoroute/contract/vehicle-fields';
import { z } from 'zod';

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

const ids = (field: string, max: number) =>
  z
    .array(requiredId(field), { error: typeError('validation.invalid', field) })
    .min(1, { error: msg(`vehicle.required.${field}`) })
    .max(max);

const fields = {
  title: requiredText('title', F.title.max).meta({ example: 'Renault Clio 1.0 90 hp' }),
  brand: requiredText('brand', F.brand.max).meta({ example: 'Renault' }),
  model: requiredText('model', F.model.max).meta({ example: 'Clio' }),
  register: optionalText(F.register.max).meta({ description: 'Registration plate', example: 'AB-123-CD' }),
  year: requiredInt('year')
    .min(FIRST_YEAR, { error: msg('vehicle.yearRange') })
    .refine((y) => y <= lastYear(), { error: msg('vehicle.yearRange') })
    .meta({ example: 2021 }),
  price: z
    .number({ error: typeError('validation.notNumber', 'price') })
    .positive({ error: msg('vehicle.pricePositive') })
    .max(MAX_PRICE)
    .meta({ description: 'In the currency major unit; at most as many decimals as the currency has', example: 12500.5 }),
  currencyId: requiredId('currencyId'),
  countryId: requiredId('countryId'),
  cityId: requiredId('cityId').meta({ description: 'A city of countryId' }),
  address: optionalText(F.address.max),
  postal_code: optionalText(F.postal_code.max),
  sold: z
    .boolean({ error: typeError('validation.invalid') })
    .optional()
    .meta({ description: 'Marks the listing sold (sets sold_at) or back on sale; kept as is when omitted' }),
  soldPrice: z
    .number({ error: typeError('validation.notNumber', 'soldPrice') })
    .positive({ error: msg('vehicle.pricePositive') })
    .max(MAX_PRICE)
    .nullable()
    .optional()
    .meta({
      description:
        'The price it sold at, in its currency, for a sold listing only (422 otherwise); shown to its owner alone. Kept when omitted, forgotten when it goes back on sale',
      example: 11800,
    }),
  categoryId: requiredId('categoryId'),
  colorId: requiredId('colorId'),
  mileage: requiredInt('mileage').min(F.mileage.min).max(F.mileage.max).meta({ description: 'km' }),
  fuelTypeId: requiredId('fuelTypeId'),
  typeId: requiredId('typeId').meta({ description: 'For sale or for rent (types)' }),
  transmissionId: requiredId('transmissionId'),
  engine_size: optionalNumber(F.engine_size.min, F.engine_size.max).meta({ description: 'Litres' }),
  number_of_doors: requiredInt('number_of_doors').min(F.number_of_doors.min).max(F.number_of_doors.max),
  number_of_seats: requiredInt('number_of_seats').min(F.number_of_seats.min).max(F.number_of_seats.max),
  vin: z
    .string({ error: typeError('validation.invalid') })
    .trim()
    .regex(VIN, { error: msg('vehicle.vinFormat') })
    .nullable()
    .optional()
    .meta({ example: 'VF1RJA00567123456' }),
  insurance_expiry_date: optionalDate.meta({ example: '2027-03-31' }),
  options: ids('options', MAX_OPTIONS).meta({ description: 'Option ids, at least one' }),
  pictures: ids('pictures', MAX_PICTURES).meta({
    description: 'Ids of pictures uploaded by the caller (POST /api/v1/pictures), in display order: the first is the cover',
  }),
  description: requiredText('description', F.description.max),
  // Electric and power: the battery fields are required for electric and plug-in hybrid vehicles.
  battery_capacity: optionalNumber(F.battery_capacity.min, F.battery_capacity.max).meta({ description: 'kWh' }),
  battery_type: optionalText(F.battery_type.max),
  battery_health: optionalInt(F.battery_health.min, F.battery_health.max).meta({ description: '%' }),
  charging_time: optionalNumber(F.charging_time.min, F.charging_time.max).meta({ description: 'Hours' }),
  fast_charging: optionalFlag,
  battery_range: optionalInt(F.battery_range.min, F.battery_range.max).meta({ description: 'km' }),
  battery_consumption: optionalNumber(F.battery_consumption.min, F.battery_consumption.max).meta({ description: 'kWh per 100 km' }),
  fiscal_power: optionalInt(F.fiscal_power.min, F.fiscal_power.max).meta({ description: 'CV' }),
  din_power: optionalInt(F.din_power.min, F.din_power.max).meta({ description: 'HP' }),
  engine_power: optionalInt(F.engine_power.min, F.engine_power.max).meta({ description: 'kW' }),
  torque: optionalInt(F.torque.min, F.torque.max).meta({ description: 'Nm' }),
  range: optionalInt(F.range.min, F.range.max).meta({ description: 'km' }),
  // History and environment.
  registration_date: optionalDate,
  number_of_owners: optionalInt(F.number_of_owners.min, F.number_of_owners.max),
  is_first_hand: optionalFlag,
  emissions_standard: optionalText(F.emissions_standard.max),
  co2_emissions: optionalInt(F.co2_emissions.min, F.co2_emissions.max).meta({ description: 'g/km' }),
  euro_standard: optionalText(F.euro_standard.max),
  critair: optionalText(F.critair.max),
  maintenance_history: optionalText(F.maintenance_history.max),
  accident_history: optionalText(F.accident_history.max),
  // Dimensions.
  length: optionalNumber(F.length.min, F.length.max).meta({ description: 'm' }),
  width: optionalNumber(F.width.min, F.width.max).meta({ description: 'm' }),
  height: optionalNumber(F.height.min, F.height.max).meta({ description: 'm' }),
  weight: optionalInt(F.weight.min, F.weight.max).meta({ description: 'kg' }),
  wheelbase: optionalInt(F.wheelbase.min, F.wheelbase.max).meta({ description: 'mm' }),
  trunk_volume: optionalInt(F.trunk_volume.min, F.trunk_volume.max).meta({ description: 'L' }),
  upholstery: optionalText(F.upholstery.max),
  // Origin.
  origin: optionalText(F.origin.max),
  originCountryId: optionalId.meta({ description: 'Answered as origin_country' }),
  import_status: optionalText(F.import_status.max),
  imported: optionalFlag,
  firstRegistrationCountryId: optionalId.meta({ description: 'Answered as first_registration_country' }),
};

/** POST and PUT: the whole vehicle. Unknown fields are refused, so a typo never passes silently. */
export const VehicleInput = z.object(fields).strict();
export type VehicleInput = z.infer<typeof VehicleInput>;

/** PATCH: any subset of the same fields, e.g. `{ "sold": true }`. */
export const VehiclePatch = z.object(fields).partial().strict();
export type VehiclePatch = z.infer<typeof VehiclePatch>;
