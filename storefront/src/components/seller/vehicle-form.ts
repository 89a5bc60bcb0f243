import {
  ELECTRIC_REQUIRED,
  FIRST_YEAR,
  lastYear,
  MAX_OPTIONS,
  MAX_PICTURES,
  MAX_PRICE,
  RECHARGEABLE_FUELS,
  VEHICLE_FIELDS,
  type VehicleFieldName,
  type VehicleFieldRule,
  VIN,
} from '@autoroute/contract/vehicle-fields';
import type { TFunction } from 'i18next';
import type { UserConfig, VehicleDetail } from '../../lib/types.ts';

/*
 * The vehicle form's facts (SPEC §3, §5): its fields, the sections they are grouped in, the rules
 * the API applies to them and the same messages, so the form answers before the round trip. The
 * field names are the API's input names (VehicleInput), so a 422 lands on the right field.
 */

/** The reference lists the form offers: the part of GET /api/v1/user/config it uses. */
export type FormConfig = Pick<
  UserConfig,
  'categories' | 'types' | 'fuelTypes' | 'transmissions' | 'options' | 'colors' | 'countries' | 'cities' | 'currencies' | 'makes'
> & { limits: Pick<UserConfig['limits'], 'pictureMaxBytes' | 'pictureTypes'> };

export const SECTIONS = ['main', 'pictures', 'electric', 'history', 'dimensions', 'origin'] as const;
export type SectionId = (typeof SECTIONS)[number];

/** The reference list a `ref` field chooses from. */
type ListName = 'types' | 'categories' | 'currencies' | 'fuelTypes' | 'transmissions' | 'colors' | 'countries' | 'cities';

/** A field of the form: its rule (@autoroute/contract/vehicle-fields, as the API applies it) and where the form shows it. */
export interface FieldDef extends VehicleFieldRule {
  name: VehicleFieldName;
  section: SectionId;
  /** Required only for an electric or plug-in hybrid vehicle (the API's ELECTRIC_REQUIRED). */
  electric?: boolean;
  list?: ListName;
}

const ELECTRIC: ReadonlySet<string> = new Set(ELECTRIC_REQUIRED);
const field = (name: VehicleFieldName, section: SectionId, list?: ListName): FieldDef => ({
  name,
  section,
  ...VEHICLE_FIELDS[name],
  ...(ELECTRIC.has(name) ? { electric: true } : {}),
  ...(list ? { list } : {}),
});

/** Every scalar field, in the order the form shows them (the first invalid one gets the focus). */
const FIELDS: FieldDef[] = [
  field('title', 'main'),
  field('typeId', 'main', 'types'),
  field('price', 'main'),
  field('currencyId', 'main', 'currencies'),
  field('brand', 'main'),
  field('model', 'main'),
  field('categoryId', 'main', 'categories'),
  field('year', 'main'),
  field('mileage', 'main'),
  field('fuelTypeId', 'main', 'fuelTypes'),
  field('transmissionId', 'main', 'transmissions'),
  field('colorId', 'main', 'colors'),
  field('number_of_doors', 'main'),
  field('number_of_seats', 'main'),
  field('engine_size', 'main'),
  field('register', 'main'),
  field('vin', 'main'),
  field('insurance_expiry_date', 'main'),
  field('countryId', 'main', 'countries'),
  field('cityId', 'main', 'cities'),
  field('address', 'main'),
  field('postal_code', 'main'),
  field('description', 'main'),
  // Electric and power.
  field('battery_capacity', 'electric'),
  field('battery_type', 'electric'),
  field('battery_health', 'electric'),
  field('charging_time', 'electric'),
  field('fast_charging', 'electric'),
  field('battery_range', 'electric'),
  field('battery_consumption', 'electric'),
  field('fiscal_power', 'electric'),
  field('din_power', 'electric'),
  field('engine_power', 'electric'),
  field('torque', 'electric'),
  field('range', 'electric'),
  // History and environment.
  field('registration_date', 'history'),
  field('number_of_owners', 'history'),
  field('is_first_hand', 'history'),
  field('emissions_standard', 'history'),
  field('co2_emissions', 'history'),
  field('euro_standard', 'history'),
  field('critair', 'history'),
  field('maintenance_history', 'history'),
  field('accident_history', 'history'),
  // Dimensions.
  field('length', 'dimensions'),
  field('width', 'dimensions'),
  field('height', 'dimensions'),
  field('weight', 'dimensions'),
  field('wheelbase', 'dimensions'),
  field('trunk_volume', 'dimensions'),
  field('upholstery', 'dimensions'),
  // Origin.
  field('origin', 'origin'),
  field('originCountryId', 'origin', 'countries'),
  field('import_status', 'origin'),
  field('imported', 'origin'),
  field('firstRegistrationCountryId', 'origin', 'countries'),
];

export const fieldsOf = (section: SectionId) => FIELDS.filter((f) => f.section === section);
export const fieldNamed = (name: string) => FIELDS.find((f) => f.name === name);

/** The main section's groups, in form order; the options and the description follow them. */
export const MAIN_GROUPS = {
  listing: ['title', 'typeId', 'price', 'currencyId'],
  vehicle: [
    'brand',
    'model',
    'categoryId',
    'year',
    'mileage',
    'fuelTypeId',
    'transmissionId',
    'colorId',
    'number_of_doors',
    'number_of_seats',
    'engine_size',
    'register',
    'vin',
    'insurance_expiry_date',
  ],
  location: ['countryId', 'cityId', 'address', 'postal_code'],
} as const;

/** A picture of the form: uploaded (id and url known), on its way, or refused. */
export interface PictureItem {
  /** Stable in this browser, for React and for drag and drop. */
  key: string;
  id?: number;
  url?: string;
  thumb?: string;
  name?: string;
  status: 'done' | 'uploading' | 'error';
  progress?: number;
  error?: string;
  /** A refusal that may pass on a second try (network, timeout, server error). */
  retryable?: boolean;
  /** Refused by the seller's plan (403 PLAN_LIMIT_PHOTOS): the message links to the plans. */
  planLimit?: boolean;
}

/** What the inputs hold: scalar fields as typed (strings), options and pictures as lists. */
export interface FormValues {
  fields: Record<string, string>;
  options: number[];
  pictures: PictureItem[];
}

export type Errors = Record<string, string | undefined>;

export const emptyValues = (): FormValues => ({
  fields: Object.fromEntries(FIELDS.map((f) => [f.name, ''])),
  options: [],
  pictures: [],
});

const str = (v: number | string | boolean | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The edit form's starting point: the vehicle as GET /api/v1/vehicles/{id} answers it. */
export function fromVehicle(v: VehicleDetail): FormValues {
  const values = emptyValues();
  const record = v as unknown as Record<string, number | string | boolean | null>;
  for (const f of FIELDS) values.fields[f.name] = str(record[f.name]);
  Object.assign(values.fields, {
    typeId: str(v.type.id),
    categoryId: str(v.category.id),
    currencyId: str(v.currency.id),
    fuelTypeId: str(v.fuel_type.id),
    transmissionId: str(v.transmission.id),
    colorId: str(v.color.id),
    countryId: str(v.country.id),
    cityId: str(v.cityId),
    originCountryId: str(v.origin_country?.id),
    firstRegistrationCountryId: str(v.first_registration_country?.id),
  });
  values.options = v.options.map((o) => o.id);
  values.pictures = v.pictures.map((p) => ({ key: `picture-${p.id}`, id: p.id, url: p.url, thumb: p.url, status: 'done' }));
  return values;
}

/** The part worth keeping (a draft, or the comparison that says whether anything changed). */
function persistable(values: FormValues): FormValues {
  return {
    fields: values.fields,
    options: values.options,
    pictures: values.pictures
      .filter((p) => p.status === 'done' && p.id !== undefined)
      .map(({ key, id, url, thumb }) => ({ key, id, url, thumb, status: 'done' })),
  };
}

export const sameValues = (a: FormValues, b: FormValues) => JSON.stringify(persistable(a)) === JSON.stringify(persistable(b));

/** The messages of the API (locale namespace `api`), with {{min}} and {{max}} left in to fill later. */
export interface Messages {
  required: Record<string, string>;
  yearRange: string;
  pricePositive: string;
  priceDecimals: string;
  vinFormat: string;
  cityCountry: string;
  modelOfBrand: string;
  notNumber: string;
  notInteger: string;
  invalidDate: string;
  tooSmall: string;
  tooBig: string;
  tooLong: string;
  tooManyItems: string;
}

/** The messages the API answers with, for the form to say the same (the page resolves them for its island). */
export function vehicleMessages(t: TFunction): Messages {
  const keep = (key: string, name: 'min' | 'max') => t(key, { [name]: `{{${name}}}` });
  return {
    required: t('api:vehicle.required', { returnObjects: true }) as Record<string, string>,
    yearRange: t('api:vehicle.yearRange'),
    pricePositive: t('api:vehicle.pricePositive'),
    priceDecimals: t('api:vehicle.priceDecimals'),
    vinFormat: t('api:vehicle.vinFormat'),
    cityCountry: t('api:vehicle.cityCountry'),
    modelOfBrand: t('api:vehicle.modelOfBrand'),
    notNumber: t('api:validation.notNumber'),
    notInteger: t('api:validation.notInteger'),
    invalidDate: t('api:validation.invalidDate'),
    tooSmall: keep('api:validation.tooSmall', 'min'),
    tooBig: keep('api:validation.tooBig', 'max'),
    tooLong: keep('api:validation.tooLong', 'max'),
    tooManyItems: keep('api:validation.tooManyItems', 'max'),
  };
}

/** Fills {{name}} placeholders of a text resolved on the server. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Decimal places of a number as written (12500.5 → 1), counted as the API counts them. */
function decimals(n: number): number {
  const [mantissa = '', exponent = '0'] = String(n).split('e');
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent));
}

/** Brands compare as the API compares them: case aside, accents count. */
const same = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;
export const makeOf = (config: Pick<FormConfig, 'makes'>, brand: string) => config.makes.find((m) => same(m.name, brand));

export const isRechargeable = (config: Pick<FormConfig, 'fuelTypes'>, fuelTypeId: string) => {
  const code = config.fuelTypes.find((f) => String(f.id) === fuelTypeId)?.code;
  return code ? RECHARGEABLE_FUELS.includes(code) : false;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) =>
  DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/**
 * The API's rules for the vehicle (VehicleInput and the service's checks), with its messages. `bad`
 * names number inputs whose text the browser could not read as a number. Errors come in form order.
 */
export function validate(values: FormValues, config: FormConfig, m: Messages, bad: ReadonlySet<string> = new Set()): Errors {
  const errors: Errors = {};
  const f = values.fields;
  const electric = isRechargeable(config, f.fuelTypeId ?? '');
  for (const field of FIELDS) {
    const raw = f[field.name] ?? '';
    const value = raw.trim();
    const required = field.required || (field.electric && electric);
    const error = (() => {
      if (bad.has(field.name)) return m.notNumber;
      if (value === '') return required ? m.required[field.name] : undefined;
      switch (field.kind) {
        case 'text':
        case 'longtext':
          if (field.name === 'vin') return VIN.test(value) ? undefined : m.vinFormat;
          return field.max !== undefined && value.length > field.max ? fill(m.tooLong, { max: field.max }) : undefined;
        case 'date':
          return validDate(value) ? undefined : m.invalidDate;
        case 'int':
        case 'number': {
          const n = Number(value);
          if (!Number.isFinite(n)) return m.notNumber;
          if (field.kind === 'int' && !Number.isInteger(n)) return m.notInteger;
          if (field.name === 'year') return n < FIRST_YEAR || n > lastYear() ? m.yearRange : undefined;
          if (field.name === 'price') {
            if (n <= 0) return m.pricePositive;
            if (n > MAX_PRICE) return fill(m.tooBig, { max: MAX_PRICE });
            const currency = config.currencies.find((c) => String(c.id) === f.currencyId);
            return currency && decimals(n) > currency.minorUnits ? m.priceDecimals : undefined;
          }
          if (field.min !== undefined && n < field.min) return fill(m.tooSmall, { min: field.min });
          if (field.max !== undefined && n > field.max) return fill(m.tooBig, { max: field.max });
          return undefined;
        }
        case 'ref':
          if (field.name === 'cityId') {
            const city = config.cities.find((c) => String(c.id) === value);
            return city && f.countryId && String(city.countryId) !== f.countryId ? m.cityCountry : undefined;
          }
          return undefined;
        default:
          return undefined;
      }
    })();
    if (error) errors[field.name] = error;
    // A brand the catalogue knows must come with one of its models; another brand is taken as written.
    if (field.name === 'model' && !error && value) {
      const make = makeOf(config, f.brand ?? '');
      if (make && !make.models.some((model) => same(model.name, value))) errors.model = m.modelOfBrand;
    }
    if (field.name === 'postal_code') {
      // The options come after the location in the form, before the description.
      if (values.options.length === 0) errors.options = m.required.options;
      else if (values.options.length > MAX_OPTIONS) errors.options = fill(m.tooManyItems, { max: MAX_OPTIONS });
    }
    if (field.name === 'description') {
      const pictures = values.pictures.filter((p) => p.status === 'done').length;
      if (pictures === 0) errors.pictures = m.required.pictures;
      else if (pictures > MAX_PICTURES) errors.pictures = fill(m.tooManyItems, { max: MAX_PICTURES });
    }
  }
  return errors;
}

/** The body of POST /api/v1/vehicles and PUT /api/v1/vehicles/{id}: empty optional fields are null. */
export function toInput(values: FormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = (values.fields[field.name] ?? '').trim();
    if (value === '') {
      // A missing required field is left out, so the API names it as missing.
      if (!field.required) input[field.name] = null;
      continue;
    }
    if (field.kind === 'int' || field.kind === 'number' || field.kind === 'ref') input[field.name] = Number(value);
    else if (field.kind === 'flag') input[field.name] = value === 'true';
    else input[field.name] = value;
  }
  input.options = values.options;
  input.pictures = values.pictures.filter((p) => p.status === 'done' && p.id !== undefined).map((p) => p.id);
  return input;
}

const integer = (v: string | undefined) => (v && /^\d+$/.test(v.trim()) ? Number(v) : undefined);
const positive = (v: string | undefined) => {
  const n = Number(v);
  return v?.trim() && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The body of POST /api/v1/price-check for what the form holds; null while the facts it needs are missing. */
export function priceCheckInput(f: Record<string, string>, vehicleId: number | null = null): Record<string, unknown> | null {
  const brand = f.brand?.trim();
  const model = f.model?.trim();
  const year = integer(f.year);
  const mileage = integer(f.mileage);
  const currencyId = integer(f.currencyId);
  if (!brand || !model || year === undefined || year < 1900 || mileage === undefined || !currencyId) return null;
  const optional = (name: string, value: number | undefined) => (value === undefined || value === 0 ? {} : { [name]: value });
  return {
    brand,
    model,
    year,
    mileage,
    currencyId,
    ...optional('fuelTypeId', integer(f.fuelTypeId)),
    ...optional('categoryId', integer(f.categoryId)),
    ...optional('typeId', integer(f.typeId)),
    ...optional('price', positive(f.price)),
    // The listing being edited is not one of its own comparables.
    ...(vehicleId !== null && { vehicleId }),
  };
}

/** Where a path of the API's error details is shown: `options.2` on the options, `pictures.1` on the pictures. */
export const fieldOfPath = (path: string) => path.split('.')[0] ?? path;

export const sectionOf = (name: string): SectionId =>
  name === 'pictures' ? 'pictures' : name === 'options' ? 'main' : (FIELDS.find((f) => f.name === name)?.section ?? 'main');

/** A draft per signed-in user and per form (a new listing, or one vehicle), kept in localStorage. */
export const draftKey = (userId: number, vehicleId: number | null) => `vehicle-draft:${userId}:${vehicleId ?? 'new'}`;

export function loadDraft(key: string): FormValues | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as { values?: FormValues };
    const values = draft.values;
    if (!values || typeof values.fields !== 'object' || !Array.isArray(values.options) || !Array.isArray(values.pictures)) return null;
    return { fields: { ...emptyValues().fields, ...values.fields }, options: values.options, pictures: values.pictures };
  } catch {
    return null;
  }
}

export function saveDraft(key: string, values: FormValues): void {
  try {
    localStorage.setItem(key, JSON.stringify({ values: persistable(values), savedAt: new Date().toISOString() }));
  } catch {}
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {}
}
