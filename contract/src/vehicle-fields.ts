/*
 * The rules of a listing's fields (SPEC §3, §5), written once for every side: the API builds its
 * VehicleInput schema from them (api/src/domain/vehicles/vehicles.inputs.ts), and the seller
 * form checks the same bounds before the round trip (storefront/src/components/seller/vehicle-form.ts).
 * Plain values: nothing here needs Node or zod.
 */

/** The first year a listing may carry, and the last: next year's models are sold from this autumn. */
export const FIRST_YEAR = 1900;
export const lastYear = () => new Date().getUTCFullYear() + 1;
export const MAX_PRICE = 1_000_000_000;
export const MAX_PICTURES = 50;
export const MAX_OPTIONS = 100;

/** VIN: 17 letters and digits, never I, O or Q (ISO 3779), as the VIN module reads it (vin.ts). */
export { VIN } from './vin.ts';

/** The fuel types (their codes) whose battery facts are required. */
export const RECHARGEABLE_FUELS: readonly string[] = ['electric', 'plug_in_hybrid'];
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

export type VehicleFieldKind = 'text' | 'longtext' | 'int' | 'number' | 'ref' | 'date' | 'flag';

export interface VehicleFieldRule {
  kind: VehicleFieldKind;
  required?: boolean;
  /** Numbers: the smallest value. */
  min?: number;
  /** Text: most characters; numbers: the largest value (the year's is `lastYear()`). */
  max?: number;
}

const text = (max: number, required = false) => ({ kind: 'text' as const, max, required });
const longtext = (max: number, required = false) => ({ kind: 'longtext' as const, max, required });
const int = (min: number, max: number, required = false) => ({ kind: 'int' as const, min, max, required });
const number = (min: number, max: number) => ({ kind: 'number' as const, min, max, required: false });
const ref = (required = true) => ({ kind: 'ref' as const, required });
const date = { kind: 'date' as const, required: false };
const flag = { kind: 'flag' as const, required: false };

/** Every scalar field of a listing's input (VehicleInput's names), with its rule. */
export const VEHICLE_FIELDS = {
  title: text(120, true),
  brand: text(60, true),
  model: text(60, true),
  register: text(20),
  year: { kind: 'int', min: FIRST_YEAR, required: true },
  price: { kind: 'number', min: 0, max: MAX_PRICE, required: true },
  currencyId: ref(),
  countryId: ref(),
  cityId: ref(),
  address: text(200),
  postal_code: text(20),
  categoryId: ref(),
  colorId: ref(),
  mileage: int(0, 5_000_000, true),
  fuelTypeId: ref(),
  typeId: ref(),
  transmissionId: ref(),
  engine_size: number(0, 20),
  number_of_doors: int(1, 7, true),
  number_of_seats: int(1, 99, true),
  vin: text(17),
  insurance_expiry_date: date,
  description: longtext(5000, true),
  battery_capacity: number(0, 500),
  battery_type: text(60),
  battery_health: int(0, 100),
  charging_time: number(0, 100),
  fast_charging: flag,
  battery_range: int(0, 5000),
  battery_consumption: number(0, 200),
  fiscal_power: int(0, 500),
  din_power: int(0, 5000),
  engine_power: int(0, 4000),
  torque: int(0, 20000),
  range: int(0, 5000),
  registration_date: date,
  number_of_owners: int(0, 99),
  is_first_hand: flag,
  emissions_standard: text(60),
  co2_emissions: int(0, 2000),
  euro_standard: text(20),
  critair: text(10),
  maintenance_history: longtext(2000),
  accident_history: longtext(2000),
  length: number(0, 30),
  width: number(0, 10),
  height: number(0, 10),
  weight: int(0, 100000),
  wheelbase: int(0, 20000),
  trunk_volume: int(0, 20000),
  upholstery: text(60),
  origin: text(60),
  originCountryId: ref(false),
  import_status: text(60),
  imported: flag,
  firstRegistrationCountryId: ref(false),
} satisfies Record<string, VehicleFieldRule>;
export type VehicleFieldName = keyof typeof VEHICLE_FIELDS;
