import { dateTimeFormat, type Locale, numberFormat } from '@autoroute/locales';
import type { TFunction } from 'i18next';
import type { VehicleDetail } from './types.ts';

/** The vehicle's full sheet (SPEC §3): one list of groups and fields serves the vehicle page and /compare. */
const SHEET_GROUPS = ['electric', 'history', 'dimensions', 'origin', 'papers'] as const;
type SheetGroupKey = (typeof SHEET_GROUPS)[number];

type SheetField =
  | 'battery_capacity'
  | 'battery_type'
  | 'battery_health'
  | 'charging_time'
  | 'fast_charging'
  | 'battery_range'
  | 'battery_consumption'
  | 'range'
  | 'fiscal_power'
  | 'din_power'
  | 'engine_power'
  | 'torque'
  | 'registration_date'
  | 'number_of_owners'
  | 'is_first_hand'
  | 'emissions_standard'
  | 'co2_emissions'
  | 'euro_standard'
  | 'critair'
  | 'maintenance_history'
  | 'accident_history'
  | 'length'
  | 'width'
  | 'height'
  | 'weight'
  | 'wheelbase'
  | 'trunk_volume'
  | 'upholstery'
  | 'origin'
  | 'origin_country'
  | 'import_status'
  | 'imported'
  | 'first_registration_country'
  | 'vin'
  | 'register'
  | 'insurance_expiry_date';

/** What the sheet reads of a vehicle: the API's own field names. */
export type SheetVehicle = Pick<VehicleDetail, SheetField>;

interface SheetRow {
  key: SheetField;
  label: string;
  value: string;
}
export interface SheetGroup {
  key: SheetGroupKey;
  title: string;
  rows: SheetRow[];
}
interface CompareRow {
  key: SheetField;
  label: string;
  /** One per vehicle, in order; null where that vehicle has no value. */
  values: (string | null)[];
  differs: boolean;
}
export interface CompareGroup {
  key: SheetGroupKey;
  title: string;
  rows: CompareRow[];
}

/**
 * The words the demo catalogue and common listings use for the sheet's text fields, each with its
 * locale key: shown in the page's language; any other text shows as its seller wrote it.
 */
const KNOWN_VALUES: Record<string, string> = {
  'Zero emission': 'zeroEmission',
  'Full dealer service history': 'fullDealerHistory',
  'Partial service history': 'partialHistory',
  'Full independent garage history': 'fullGarageHistory',
  'No accident reported': 'noAccident',
  'Minor bodywork repair, documented': 'minorRepair',
  Cloth: 'cloth',
  Leather: 'leather',
  Alcantara: 'alcantara',
  'Synthetic leather': 'syntheticLeather',
  'Cloth and leather': 'clothAndLeather',
  Imported: 'imported',
  Local: 'local',
  Cleared: 'cleared',
  'Not imported': 'notImported',
  'Lithium-ion NMC': 'lithiumNmc',
  'Lithium-ion LFP': 'lithiumLfp',
  'Lithium-ion NCA': 'lithiumNca',
};

/** Formatters in the locale's digits and words; units without an Intl name come from the locale files. */
function sheetFormat(locale: Locale, t: TFunction) {
  const unit = (unit: string, max = 1) => {
    const f = numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: max });
    return (n: number) => f.format(n);
  };
  const plain = numberFormat(locale, { maximumFractionDigits: 1 });
  const number = (n: number) => plain.format(n);
  const worded = (key: string) => (n: number) => t(`sheet.units.${key}`, { value: number(n) });
  // Gregorian in every locale (ar-SA would default to the Hijri calendar): the model year beside it is Gregorian too.
  const date = dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC', calendar: 'gregory' });
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return {
    number,
    km: unit('kilometer', 0),
    hours: unit('hour'),
    metres: unit('meter', 2),
    mm: unit('millimeter', 0),
    kg: unit('kilogram', 0),
    litres: unit('liter', 0),
    percent: (n: number) => percent.format(n / 100),
    kwh: worded('kwh'),
    kw: worded('kw'),
    hp: worded('hp'),
    cv: worded('cv'),
    nm: worded('nm'),
    gkm: worded('gkm'),
    kwh100: worded('kwh100'),
    yesNo: (b: boolean) => (b ? t('sheet.yes') : t('sheet.no')),
    words: (text: string) => {
      const key = KNOWN_VALUES[text];
      return key ? t(`sheet.values.${key}`) : text;
    },
    date: (iso: string) => {
      const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
      return Number.isNaN(d.getTime()) ? iso : date.format(d);
    },
  };
}
type Format = ReturnType<typeof sheetFormat>;

type Read = (v: SheetVehicle, f: Format) => string | null;
const num =
  (key: SheetField, as: (f: Format) => (n: number) => string): Read =>
  (v, f) => {
    const n = v[key];
    return typeof n === 'number' && Number.isFinite(n) ? as(f)(n) : null;
  };
const text =
  (key: SheetField): Read =>
  (v, f) => {
    const s = v[key];
    return typeof s === 'string' && s.trim() ? f.words(s.trim()) : null;
  };
const bool =
  (key: SheetField): Read =>
  (v, f) => {
    const b = v[key];
    return typeof b === 'boolean' ? f.yesNo(b) : null;
  };
const date =
  (key: SheetField): Read =>
  (v, f) => {
    const s = v[key];
    return typeof s === 'string' && s ? f.date(s) : null;
  };
const country =
  (key: 'origin_country' | 'first_registration_country'): Read =>
  (v) =>
    v[key]?.name ?? null;

const FIELDS: Record<SheetGroupKey, [SheetField, Read][]> = {
  electric: [
    ['battery_capacity', num('battery_capacity', (f) => f.kwh)],
    ['battery_type', text('battery_type')],
    ['battery_health', num('battery_health', (f) => f.percent)],
    ['charging_time', num('charging_time', (f) => f.hours)],
    ['fast_charging', bool('fast_charging')],
    ['battery_range', num('battery_range', (f) => f.km)],
    ['battery_consumption', num('battery_consumption', (f) => f.kwh100)],
    ['range', num('range', (f) => f.km)],
    ['fiscal_power', num('fiscal_power', (f) => f.cv)],
    ['din_power', num('din_power', (f) => f.hp)],
    ['engine_power', num('engine_power', (f) => f.kw)],
    ['torque', num('torque', (f) => f.nm)],
  ],
  history: [
    ['registration_date', date('registration_date')],
    ['number_of_owners', num('number_of_owners', (f) => f.number)],
    ['is_first_hand', bool('is_first_hand')],
    ['emissions_standard', text('emissions_standard')],
    ['co2_emissions', num('co2_emissions', (f) => f.gkm)],
    ['euro_standard', text('euro_standard')],
    // A sticker class is a number (0 to 5), written in the locale's digits.
    ['critair', (v, f) => (v.critair && /^\d$/.test(v.critair.trim()) ? f.number(Number(v.critair)) : text('critair')(v, f))],
    ['maintenance_history', text('maintenance_history')],
    ['accident_history', text('accident_history')],
  ],
  dimensions: [
    ['length', num('length', (f) => f.metres)],
    ['width', num('width', (f) => f.metres)],
    ['height', num('height', (f) => f.metres)],
    ['weight', num('weight', (f) => f.kg)],
    ['wheelbase', num('wheelbase', (f) => f.mm)],
    ['trunk_volume', num('trunk_volume', (f) => f.litres)],
    ['upholstery', text('upholstery')],
  ],
  origin: [
    ['origin', text('origin')],
    ['origin_country', country('origin_country')],
    ['import_status', text('import_status')],
    ['imported', bool('imported')],
    ['first_registration_country', country('first_registration_country')],
  ],
  papers: [
    ['vin', text('vin')],
    ['register', text('register')],
    ['insurance_expiry_date', date('insurance_expiry_date')],
  ],
};

/** The groups of one vehicle that have values, each with only its filled rows. */
export function vehicleSheet(v: SheetVehicle, locale: Locale, t: TFunction): SheetGroup[] {
  const f = sheetFormat(locale, t);
  return SHEET_GROUPS.map((key) => ({
    key,
    title: t(`sheet.groups.${key}`),
    rows: FIELDS[key].flatMap(([field, read]) => {
      const value = read(v, f);
      return value === null ? [] : [{ key: field, label: t(`sheet.fields.${field}`), value }];
    }),
  })).filter((g) => g.rows.length > 0);
}

/** The same groups side by side: a row stays when any vehicle fills it, and differs when the values are not all equal. */
export function compareSheet(vehicles: SheetVehicle[], locale: Locale, t: TFunction): CompareGroup[] {
  const f = sheetFormat(locale, t);
  return SHEET_GROUPS.map((key) => ({
    key,
    title: t(`sheet.groups.${key}`),
    rows: FIELDS[key].flatMap(([field, read]) => {
      const values = vehicles.map((v) => read(v, f));
      if (values.every((x) => x === null)) return [];
      return [{ key: field, label: t(`sheet.fields.${field}`), values, differs: vehicles.length > 1 && new Set(values).size > 1 }];
    }),
  })).filter((g) => g.rows.length > 0);
}
