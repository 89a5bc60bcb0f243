import { referencePrice } from '../prices.ts';
import type { NewVehicle } from '../schema.ts';
import { toFlag } from '../util.ts';
import type { MakeSpec, ModelSpec, Segment } from './data/makes.ts';
import type { Random } from './random.ts';

/*
 * Generates coherent listings: the year lies in the model's production span, mileage follows age,
 * price follows the new price, age and mileage, electric fields exist only for electric drives,
 * emissions follow fuel and year. Prices are converted from EUR at rough rates per currency.
 */

/**
 * Units of each currency for one euro, rounded as a marketplace would quote them at the end of 2026:
 * the seed's prices are made in euros and converted at these, and they are the rates a new
 * installation starts with (`currencies.rate`, kept by an administrator afterwards).
 */
export const EUR_RATES: Record<string, number> = {
  EUR: 1,
  GBP: 0.85,
  CHF: 0.94,
  SEK: 11.4,
  NOK: 11.6,
  DKK: 7.46,
  PLN: 4.3,
  CZK: 25.2,
  RON: 4.97,
  TRY: 35,
  RUB: 100,
  USD: 1.08,
  CAD: 1.47,
  MXN: 18.5,
  BRL: 5.9,
  ARS: 1050,
  MAD: 10.8,
  DZD: 145,
  TND: 3.4,
  EGP: 53,
  SAR: 4.05,
  AED: 3.97,
  CNY: 7.8,
  JPY: 163,
  KRW: 1480,
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

/** Seventeen characters of VIN_CHARS (an array of them was made per character: half the cost of a listing). */
function vin(r: Random): string {
  let out = '';
  for (let i = 0; i < 17; i++) out += VIN_CHARS[Math.floor(r.next() * VIN_CHARS.length)];
  return out;
}

function plate(r: Random): string {
  const letter = () => VIN_CHARS[r.int(0, 22)];
  return `${letter()}${letter()}-${r.int(100, 999)}-${letter()}${letter()}`;
}

/** How a segment's cars lose value, how far they are driven and what they rent for. */
interface SegmentMarket {
  /** Share of the new price lost in the first year, then each year of the next four, then each later year. */
  depreciation: [firstYear: number, early: number, late: number];
  /** Below this no car of the segment sells (EUR): an old runabout still fetches a few thousand. */
  floorEur: number;
  /** Kilometres a private owner drives a year. */
  kmPerYear: number;
  /** Price of a day's rental of a recent car: a fixed part plus a share of the new price (EUR). */
  dayRent: [baseEur: number, newPriceDivisor: number];
}

const SEGMENT_MARKET: Record<Segment, SegmentMarket> = {
  economy: { depreciation: [0.15, 0.12, 0.08], floorEur: 1200, kmPerYear: 11_000, dayRent: [12, 700] },
  family: { depreciation: [0.18, 0.12, 0.07], floorEur: 1500, kmPerYear: 14_000, dayRent: [12, 700] },
  premium: { depreciation: [0.22, 0.14, 0.09], floorEur: 2500, kmPerYear: 16_000, dayRent: [15, 600] },
  luxury: { depreciation: [0.2, 0.13, 0.08], floorEur: 5000, kmPerYear: 15_000, dayRent: [20, 550] },
  sports: { depreciation: [0.12, 0.08, 0.04], floorEur: 6000, kmPerYear: 7000, dayRent: [20, 450] },
  supercar: { depreciation: [0.08, 0.05, 0.02], floorEur: 60_000, kmPerYear: 3500, dayRent: [0, 230] },
  utility: { depreciation: [0.15, 0.11, 0.08], floorEur: 2000, kmPerYear: 22_000, dayRent: [25, 600] },
};

/** A month's rental costs about this many days' (long-term discount). */
const DAYS_PER_RENTED_MONTH = 18;
/** Rental fleets are recent: a rented car is at most this many years older than the model's last year. */
const RENTAL_MAX_AGE = 4;
/** A battery-electric car loses this much more of its value in its first year. */
const ELECTRIC_FIRST_YEAR = 0.05;
/** The first year a drive was sold in Europe, hybrids earlier at the Japanese makes. */
const FUEL_FROM: Record<string, number> = { hybrid: 2012, plug_in_hybrid: 2015 };
const EARLY_HYBRID_MAKES = new Set(['Toyota', 'Lexus', 'Honda']);

/** Share of the new price a car keeps at this age (in whole years) in this segment, before mileage. */
function retainedValue(segment: Segment, age: number, electric: boolean): number {
  if (age <= 0) return 0.95;
  const [firstYear, early, late] = SEGMENT_MARKET[segment].depreciation;
  return (1 - firstYear - (electric ? ELECTRIC_FIRST_YEAR : 0)) * (1 - early) ** Math.min(age - 1, 4) * (1 - late) ** Math.max(0, age - 5);
}

/**
 * Price effect of mileage against the segment's usual for the age: 3 % per year's worth of driving
 * above it (a Ferrari's extra 20,000 km weigh more than a van's), at most 40 % off or 20 % on.
 */
function mileageFactor(segment: Segment, age: number, mileage: number): number {
  const perYear = SEGMENT_MARKET[segment].kmPerYear;
  const usual = Math.max(age, 0.1) * perYear;
  return Math.min(1.2, Math.max(0.6, 1 - (0.03 * (mileage - usual)) / perYear));
}

/** French fiscal horsepower (CV): CO₂/45 + (kW/40)^1.6; an electric car's counts its 30-minute power, about 45 % of its peak. */
function fiscalPower(kw: number, co2: number, electric: boolean): number {
  return Math.max(1, Math.round(co2 / 45 + ((electric ? kw * 0.45 : kw) / 40) ** 1.6));
}

/** Torque per kW: high-revving supercar engines give little, diesels and small electric motors much. */
function torquePerKw(fuel: string, segment: Segment, kw: number): number {
  if (segment === 'supercar' || (segment === 'sports' && kw > 250)) return 1.45;
  if (fuel === 'electric') return kw <= 150 ? 2.6 : 2.0;
  return { diesel: 3.1, hybrid: 2.0, plug_in_hybrid: 2.4, lpg: 2.0, hydrogen: 2.25 }[fuel] ?? 2.2;
}

/** Fuel burnt (litres per 100 km, WLTP-like) by a combustion car of this power and weight. */
function litresPer100(fuel: string, kw: number, weightKg: number): number {
  const petrol = 2 + 0.016 * kw + 0.002 * weightKg;
  return fuel === 'diesel' ? petrol * 0.8 : fuel === 'hybrid' ? petrol * 0.8 : fuel === 'lpg' ? petrol * 1.25 : petrol;
}

/** Grams of CO₂ from a litre of each fuel. */
const CO2_PER_LITRE: Record<string, number> = { petrol: 23.7, diesel: 26.4, hybrid: 23.7, lpg: 16.5 };

/** A listing price rounded as sellers do: three significant figures, at least to the hundred. */
function askingPrice(value: number): number {
  const step = Math.max(100, 10 ** (Math.floor(Math.log10(Math.max(value, 1))) - 2));
  return round(value, step);
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
  const market = SEGMENT_MARKET[model.segment];
  const lastYear = Math.min(model.years[1], CURRENT_YEAR);
  // A drive exists only from the year it was sold: a 2008 Golf is no plug-in hybrid.
  const fromYear = (f: string) =>
    Math.max(model.years[0], 2005, f === 'hybrid' && EARLY_HYBRID_MAKES.has(make.name) ? 2005 : (FUEL_FROM[f] ?? 2005));
  const possible = model.fuels.filter((f) => fromYear(f) <= lastYear);
  const fuel = r.pick(possible.length ? possible : model.fuels);
  const electric = fuel === 'electric';
  const rechargeable = electric || fuel === 'plug_in_hybrid';

  const typeRoll = r.next();
  const typeCode = typeRoll < 0.86 ? 'sale' : typeRoll < 0.95 ? 'rent_day' : 'rent_month';
  const rental = typeCode !== 'sale';
  const firstYear = Math.min(lastYear, rental ? Math.max(fromYear(fuel), lastYear - RENTAL_MAX_AGE) : fromYear(fuel));
  const year = r.int(firstYear, lastYear);
  const age = CURRENT_YEAR - year;
  // Rental cars run about twice a private owner's distance.
  const perYear = market.kmPerYear * (rental ? 2 : 1);
  const mileage = age === 0 ? r.int(5, 3000) : round(age * perYear * Math.max(0.25, 1 + 0.55 * r.gauss()), 100);
  const owners = rental ? 1 : age <= 1 ? 1 : Math.min(5, 1 + Math.floor(age / 4 + r.next() * 1.5));

  // A bigger engine gives more power: the model's power span is shared out over its engine sizes.
  const sizes = model.engineSizes;
  const fitting = sizes.filter((s) => (fuel === 'diesel' ? s >= 1.5 : true));
  const engine = electric || sizes.length === 0 ? null : r.pick(fitting.length ? fitting : sizes.slice(-1));
  const [lowKw, highKw] = model.powerKw;
  const slot = engine === null ? 0 : sizes.indexOf(engine);
  const slots = engine === null ? 1 : sizes.length;
  const kw = r.int(Math.round(lowKw + ((highKw - lowKw) * slot) / slots), Math.round(lowKw + ((highKw - lowKw) * (slot + 1)) / slots));

  const litres = electric || fuel === 'hydrogen' ? 0 : litresPer100(fuel, kw, model.weightKg) * (1 + 0.03 * r.gauss());
  const co2 =
    electric || fuel === 'hydrogen'
      ? 0
      : fuel === 'plug_in_hybrid'
        ? Math.round(25 + kw * 0.06)
        : Math.round(litres * (CO2_PER_LITRE[fuel] ?? 23.7));
  const tankLitres = 30 + model.weightKg * 0.015;

  const rate = place.rate;
  let price: number;
  if (rental) {
    const [base, divisor] = market.dayRent;
    const day = (base + model.newPriceEur / divisor) * Math.max(0.8, 1 - 0.04 * age) * (1 + 0.08 * r.gauss());
    price = typeCode === 'rent_day' ? round(day * rate, 1) : round(day * DAYS_PER_RENTED_MONTH * rate, 10);
  } else {
    const value =
      model.newPriceEur * retainedValue(model.segment, age, electric) * mileageFactor(model.segment, age, mileage) * (1 + 0.1 * r.gauss());
    price = askingPrice(Math.max(market.floorEur, value) * rate);
  }

  const color = r.pick(lookup.colors);
  // Electric cars and supercars have no clutch pedal; Japanese full hybrids use a power-split CVT.
  const transmission =
    electric || model.segment === 'supercar'
      ? 'automatic'
      : fuel === 'hybrid' && EARLY_HYBRID_MAKES.has(make.name)
        ? 'cvt'
        : r.chance(0.55)
          ? 'automatic'
          : r.chance(0.85)
            ? 'manual'
            : 'semi_automatic';
  const registered = `${year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
  const imported = r.chance(0.12);
  const battery = rechargeable ? model.battery : undefined;
  const health = battery ? Math.max(70, 100 - age * 2 - r.int(0, 4)) : null;
  // The power stays out of the title: the page writes it in the reader's unit words (hp, ch, PS…).
  const title = `${make.name} ${model.name}${engine ? ` ${engine.toFixed(1)}` : ''}`;

  const row: NewVehicle = {
    owner_id: ownerId,
    title,
    brand: make.name,
    model: model.name,
    register: plate(r),
    year,
    price_minor: Math.round(price * 100),
    price_ref_minor: referencePrice(Math.round(price * 100), 2, place.rate),
    currency_id: place.currency,
    country_id: place.country,
    city_id: r.pick(place.cities),
    address: `${r.int(1, 180)} ${r.pick(['Station Road', 'Market Street', 'Harbour Avenue', 'Park Lane', 'Mill Road', 'Church Street', 'Garden Way'])}`,
    postal_code: String(r.int(10000, 95999)),
    sold: toFlag(r.chance(0.07)),
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
    vin: vin(r),
    insurance_expiry_date: `${CURRENT_YEAR + r.int(0, 1)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
    description: describe(r, { make: make.name, model: model.name, year, mileage, owners, fuel, rental }),
    battery_capacity: battery?.capacityKwh ?? null,
    battery_type: battery ? r.pick(BATTERY_TYPES) : null,
    battery_health: health,
    charging_time: battery?.chargingTimeH ?? null,
    fast_charging: battery ? toFlag(electric) : null,
    // What the battery takes the car today, worn by its age.
    battery_range: battery && health ? Math.round((battery.rangeKm * health) / 100) : null,
    battery_consumption: battery?.consumptionKwh100 ?? null,
    fiscal_power: fiscalPower(kw, co2, electric),
    din_power: Math.round(kw * 1.36),
    engine_power: kw,
    torque: round(kw * torquePerKw(fuel, model.segment, kw) * (1 + 0.05 * r.gauss()), 5),
    // What a full tank (or a full battery) takes the car: a plug-in hybrid's tank plus its battery.
    // An electric car has one range, its battery's (above): never a second, contradicting figure.
    range: electric
      ? null
      : fuel === 'hydrogen'
        ? 650
        : Math.round((tankLitres * 100) / (fuel === 'plug_in_hybrid' ? litresPer100('petrol', kw, model.weightKg) : litres)) +
          (battery?.rangeKm ?? 0),
    registration_date: registered,
    number_of_owners: owners,
    is_first_hand: toFlag(owners === 1),
    emissions_standard: electric ? 'Zero emission' : euroStandard(year),
    co2_emissions: co2,
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
    imported: toFlag(imported),
    first_registration_country_id: imported ? r.pick(lookup.countryIds) : place.country,
    created_at: createdAt,
    updated_at: createdAt,
  };
  return { row, options: r.sample(lookup.optionIds, r.int(4, 12)), colorCode: color.code, categoryCode: model.category };
}
