import type { NewVehicle } from '../schema.ts';
import type { MakeSpec, ModelSpec } from './data/makes.ts';
import type { Random } from './random.ts';

/*
 * Generates coherent listings: the year lies in the model's production span, mileage follows age,
 * price follows the new price, age and mileage, electric fields exist only for electric drives,
 * emissions follow fuel and year. Prices are converted from EUR at rough rates per currency.
 */

export const EUR_RATES: Record<string, number> = {
  EUR: 1,
  GBP: 0.85,
  CHF: 0.94,
  USD: 1.08,
  CAD: 1.47,
  MAD: 10.8,
  AED: 3.97,
  SAR: 4.05,
  BRL: 5.9,
  SEK: 11.4,
  NOK: 11.6,
  DKK: 7.46,
  PLN: 4.3,
  TRY: 35,
  JPY: 163,
  CNY: 7.8,
  MXN: 18.5,
};

/** Where a seller is: their listings are in this country, its cities and its currency. */
export interface Place {
  country: number;
  currency: number;
  /** Units of the currency for one euro. */
  rate: number;
  cities: number[];
}

export interface Lookup {
  category: Map<string, number>;
  fuel: Map<string, number>;
  transmission: Map<string, number>;
  type: Map<string, number>;
  colors: { id: number; code: string }[];
  optionIds: number[];
  countryIds: number[];
  /** ISO country code → country id, for a make's origin. */
  makeCountry: Map<string, number>;
}

export interface GeneratedVehicle {
  row: NewVehicle;
  options: number[];
  colorCode: string;
  categoryCode: string;
}

const CURRENT_YEAR = 2026;
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const BATTERY_TYPES = ['Lithium-ion NMC', 'Lithium-ion LFP', 'Lithium-ion NCA'];
const UPHOLSTERY = ['Cloth', 'Leather', 'Alcantara', 'Synthetic leather', 'Cloth and leather'];

const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

function euroStandard(year: number): string {
  if (year < 2011) return 'Euro 4';
  if (year < 2015) return 'Euro 5';
  if (year < 2019) return 'Euro 6b';
  if (year < 2021) return 'Euro 6c';
  return 'Euro 6d';
}

function critair(fuel: string, year: number): string {
  if (fuel === 'electric' || fuel === 'hydrogen') return '0';
  if (fuel === 'diesel') return year >= 2011 ? '2' : '3';
  return year >= 2011 ? '1' : '2';
}

function describe(
  r: Random,
  v: { make: string; model: string; year: number; mileage: number; owners: number; fuel: string; rental: boolean },
): string {
  const openers = v.rental
    ? [
        `${v.make} ${v.model} available to rent, clean and recently serviced.`,
        `Rent this ${v.year} ${v.make} ${v.model}: ideal for trips and long stays.`,
      ]
    : [
        `Well maintained ${v.year} ${v.make} ${v.model} with ${v.mileage.toLocaleString('en-US')} km.`,
        `For sale: ${v.make} ${v.model} from ${v.year}, ${v.mileage.toLocaleString('en-US')} km on the clock.`,
        `Lovely ${v.make} ${v.model}, first registered in ${v.year}.`,
      ];
  const history = [
    `${v.owners === 1 ? 'One owner' : `${v.owners} previous owners`}, full service history with invoices.`,
    'Serviced every year at an approved garage; the last service was done three months ago.',
    'Timing belt and brakes replaced recently; tyres have plenty of tread left.',
    'Non-smoker vehicle, always garaged, no pets.',
  ];
  const drive =
    v.fuel === 'electric'
      ? ['Charges overnight at home or in half an hour on a fast charger.', 'Battery certificate available on request.']
      : ['Smooth engine, no warning lights, drives perfectly.', 'Economical on the motorway and pleasant in town.'];
  const close = v.rental
    ? ['Insurance and assistance included; deposit required.', 'Pick-up and return at the address shown, flexible hours.']
    : [
        'Viewing welcome; test drive with proof of licence.',
        'Price slightly negotiable; no trade-ins.',
        'Technical inspection passed with no defects.',
      ];
  return [r.pick(openers), r.pick(history), r.pick(drive), r.pick(close)].join(' ');
}

function plate(r: Random): string {
  const letter = () => VIN_CHARS[r.int(0, 22)];
  return `${letter()}${letter()}-${r.int(100, 999)}-${letter()}${letter()}`;
}

export function generateVehicle(
  r: Random,
  makes: MakeSpec[],
  lookup: Lookup,
  place: Place,
  ownerId: number,
  createdAt: string,
): GeneratedVehicle {
  const make = r.pick(makes);
  const model: ModelSpec = r.pick(make.models);
  const fuel = r.pick(model.fuels);
  const electric = fuel === 'electric';
  const rechargeable = electric || fuel === 'plug_in_hybrid';
  const year = r.int(Math.max(model.years[0], 2005), Math.min(model.years[1], CURRENT_YEAR));
  const age = CURRENT_YEAR - year;
  const mileage = age === 0 ? r.int(5, 3000) : round(Math.max(500, age * 13000 * (1 + 0.35 * r.gauss())), 100);
  const owners = age <= 1 ? 1 : Math.min(5, 1 + Math.floor(age / 4 + r.next() * 1.5));
  const kw = r.int(model.powerKw[0], model.powerKw[1]);
  const engine = electric || model.engineSizes.length === 0 ? null : r.pick(model.engineSizes);

  const typeRoll = r.next();
  const typeCode = typeRoll < 0.86 ? 'sale' : typeRoll < 0.95 ? 'rent_day' : 'rent_month';
  const rate = place.rate;
  const value = model.newPriceEur * 0.86 ** age * Math.max(0.55, 1 - mileage / 600000);
  const eur = typeCode === 'sale' ? round(value, 100) : typeCode === 'rent_day' ? round(20 + value / 900, 1) : round(300 + value / 45, 10);
  const price = typeCode === 'sale' ? round(eur * rate, 100) : round(eur * rate, 1);

  const color = r.pick(lookup.colors);
  const transmission = electric ? 'automatic' : r.chance(0.55) ? 'automatic' : r.chance(0.85) ? 'manual' : 'semi_automatic';
  const registered = `${year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
  const imported = r.chance(0.12);
  const battery = rechargeable ? model.battery : undefined;
  const title = `${make.name} ${model.name}${engine ? ` ${engine.toFixed(1)}` : ''} ${Math.round(kw * 1.36)} hp`;

  const row: NewVehicle = {
    owner_id: ownerId,
    title,
    brand: make.name,
    model: model.name,
    register: plate(r),
    year,
    price_minor: Math.round(price * 100),
    currency_id: place.currency,
    country_id: place.country,
    city_id: r.pick(place.cities),
    address: `${r.int(1, 180)} ${r.pick(['Station Road', 'Market Street', 'Harbour Avenue', 'Park Lane', 'Mill Road', 'Church Street', 'Garden Way'])}`,
    postal_code: String(r.int(10000, 95999)),
    sold: r.chance(0.07) ? 1 : 0,
    featured: 0,
    category_id: lookup.category.get(model.category) ?? lookup.category.values().next().value!,
    color_id: color.id,
    mileage,
    fuel_type_id: lookup.fuel.get(fuel) ?? lookup.fuel.values().next().value!,
    type_id: lookup.type.get(typeCode)!,
    transmission_id: lookup.transmission.get(transmission)!,
    engine_size: engine,
    number_of_doors: model.doors,
    number_of_seats: model.seats,
    vin: Array.from({ length: 17 }, () => r.pick([...VIN_CHARS])).join(''),
    insurance_expiry_date: `${CURRENT_YEAR + r.int(0, 1)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
    description: describe(r, { make: make.name, model: model.name, year, mileage, owners, fuel, rental: typeCode !== 'sale' }),
    battery_capacity: battery?.capacityKwh ?? null,
    battery_type: battery ? r.pick(BATTERY_TYPES) : null,
    battery_health: battery ? Math.max(70, 100 - age * 2 - r.int(0, 4)) : null,
    charging_time: battery?.chargingTimeH ?? null,
    fast_charging: battery ? (electric ? 1 : 0) : null,
    battery_range: battery ? Math.round(battery.rangeKm * (1 - age * 0.015)) : null,
    battery_consumption: battery?.consumptionKwh100 ?? null,
    fiscal_power: Math.max(1, Math.round(kw / 12)),
    din_power: Math.round(kw * 1.36),
    engine_power: kw,
    torque: Math.round(kw * (electric ? 3.2 : fuel === 'diesel' ? 2.9 : 2.1)),
    range: battery ? battery.rangeKm : Math.round(650 + r.int(-120, 250)),
    registration_date: registered,
    number_of_owners: owners,
    is_first_hand: owners === 1 ? 1 : 0,
    emissions_standard: electric ? 'Zero emission' : euroStandard(year),
    co2_emissions:
      electric || fuel === 'hydrogen' ? 0 : Math.round((fuel === 'plug_in_hybrid' ? 35 : fuel === 'hybrid' ? 90 : 105) + kw * 0.35),
    euro_standard: electric ? null : euroStandard(year),
    critair: critair(fuel, year),
    maintenance_history: r.pick(['Full dealer service history', 'Partial service history', 'Full independent garage history']),
    accident_history: r.chance(0.9) ? 'No accident reported' : 'Minor bodywork repair, documented',
    length: model.lengthM,
    width: model.widthM,
    height: model.heightM,
    weight: model.weightKg,
    wheelbase: model.wheelbaseMm,
    trunk_volume: model.trunkL,
    upholstery: r.pick(UPHOLSTERY),
    origin: imported ? 'Imported' : 'Local',
    origin_country_id: lookup.makeCountry.get(make.country) ?? null,
    import_status: imported ? 'Cleared' : 'Not imported',
    imported: imported ? 1 : 0,
    first_registration_country_id: imported ? r.pick(lookup.countryIds) : place.country,
    created_at: createdAt,
    updated_at: createdAt,
  };
  return { row, options: r.sample(lookup.optionIds, r.int(4, 12)), colorCode: color.code, categoryCode: model.category };
}
