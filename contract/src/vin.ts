/*
 * Vehicle identification numbers (ISO 3779), read once for every side: the API checks a listing's
 * VIN with `VIN` (through vehicle-fields.ts), and the seller form fills make, year (and, where the
 * maker encodes it, model and fuel) from `decodeVin`. Plain values: nothing here needs Node.
 *
 * A VIN is 17 characters: the world manufacturer identifier (1–3), the vehicle descriptor (4–8),
 * a check digit in North America (9), the model year (10), the plant (11) and a serial (12–17).
 */

/**
 * 17 letters and digits, never I, O or Q, in either case. Both cases are spelled out rather than
 * flagged `i`: the API document carries the pattern as written, without its flags, and a client
 * checking against it must accept the lower-case VINs the API accepts.
 */
export const VIN = /^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$/;

/** The value of each character in the check digit's sum (49 CFR 565.15): letters transliterated, digits as they are. */
const VALUES: Record<string, number> = Object.fromEntries([
  ...'0123456789'.split('').map((d, i) => [d, i]),
  ...'ABCDEFGH'.split('').map((c, i) => [c, i + 1]),
  ...'JKLMN'.split('').map((c, i) => [c, i + 1]),
  ['P', 7],
  ['R', 9],
  ...'STUVWXYZ'.split('').map((c, i) => [c, i + 2]),
]);
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit a VIN should carry in position 9: 0–9, or X for 10. */
export function checkDigitOf(vin: string): string {
  const upper = vin.toUpperCase();
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (VALUES[upper[i] ?? ''] ?? 0) * (WEIGHTS[i] ?? 0);
  const digit = sum % 11;
  return digit === 10 ? 'X' : String(digit);
}

/** Position 10's codes, from 1980 (A) on; the list comes round every 30 years (A is 1980 and 2010). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_MODEL_YEAR = 1980;

/**
 * The model year of position 10: of the years it may mean, the latest not after `latest`; null for a
 * code naming no year. `cycle` narrows it to one 30-year cycle (1980 or 2010) when the VIN says which.
 */
export function modelYearOf(code: string, latest: number, cycle?: 1980 | 2010): number | null {
  const index = YEAR_CODES.indexOf(code.toUpperCase());
  if (index < 0) return null;
  if (cycle !== undefined && cycle + index <= latest) return cycle + index;
  let year = FIRST_MODEL_YEAR + index;
  while (year + 30 <= latest) year += 30;
  return year <= latest ? year : null;
}

/**
 * World manufacturer identifiers of the makes the catalogue sells, by their first three characters
 * (a few makers are known by two). Names are the catalogue's make names (the `makes` table), so a
 * decoded make matches its row; identifiers shared by several makes are left out.
 */
const WMI: Record<string, string> = {
  // France
  VF1: 'Renault',
  VF3: 'Peugeot',
  VR3: 'Peugeot',
  VF7: 'Citroën',
  VR7: 'Citroën',
  VR1: 'DS',
  UU1: 'Dacia',
  // Germany, Austria, Czechia, Spain, Hungary
  WVW: 'Volkswagen',
  WVG: 'Volkswagen',
  WV1: 'Volkswagen',
  WV2: 'Volkswagen',
  '1VW': 'Volkswagen',
  '3VW': 'Volkswagen',
  '9BW': 'Volkswagen',
  WAU: 'Audi',
  WA1: 'Audi',
  WUA: 'Audi',
  TRU: 'Audi',
  WBA: 'BMW',
  WBS: 'BMW',
  WBY: 'BMW',
  '4US': 'BMW',
  '5UX': 'BMW',
  '5YM': 'BMW',
  WDB: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz',
  WDD: 'Mercedes-Benz',
  W1K: 'Mercedes-Benz',
  W1N: 'Mercedes-Benz',
  W1V: 'Mercedes-Benz',
  '4JG': 'Mercedes-Benz',
  '55S': 'Mercedes-Benz',
  W0L: 'Opel',
  W0V: 'Opel',
  WP0: 'Porsche',
  WP1: 'Porsche',
  TMB: 'Skoda',
  VSS: 'SEAT',
  WME: 'Smart',
  WMW: 'Mini',
  // Italy
  ZFA: 'Fiat',
  ZAR: 'Alfa Romeo',
  ZFF: 'Ferrari',
  ZHW: 'Lamborghini',
  ZAM: 'Maserati',
  ZAC: 'Jeep',
  // Japan and their plants abroad
  JTD: 'Toyota',
  JTE: 'Toyota',
  JTM: 'Toyota',
  JTN: 'Toyota',
  JTK: 'Toyota',
  SB1: 'Toyota',
  VNK: 'Toyota',
  NMT: 'Toyota',
  '4T1': 'Toyota',
  '4T3': 'Toyota',
  '5TD': 'Toyota',
  '2T1': 'Toyota',
  '2T3': 'Toyota',
  JTH: 'Lexus',
  JTJ: 'Lexus',
  '2T2': 'Lexus',
  '58A': 'Lexus',
  JHM: 'Honda',
  JHL: 'Honda',
  SHH: 'Honda',
  SHS: 'Honda',
  '1HG': 'Honda',
  '2HG': 'Honda',
  '5FN': 'Honda',
  '5J6': 'Honda',
  JN1: 'Nissan',
  JN8: 'Nissan',
  SJN: 'Nissan',
  VSK: 'Nissan',
  '1N4': 'Nissan',
  '3N1': 'Nissan',
  '5N1': 'Nissan',
  JM1: 'Mazda',
  JMZ: 'Mazda',
  JM3: 'Mazda',
  '3MZ': 'Mazda',
  JA3: 'Mitsubishi',
  JA4: 'Mitsubishi',
  JMB: 'Mitsubishi',
  JMY: 'Mitsubishi',
  JF1: 'Subaru',
  JF2: 'Subaru',
  '4S3': 'Subaru',
  '4S4': 'Subaru',
  JS2: 'Suzuki',
  JS3: 'Suzuki',
  JSA: 'Suzuki',
  TSM: 'Suzuki',
  // Korea and their plants abroad
  KMH: 'Hyundai',
  KM8: 'Hyundai',
  TMA: 'Hyundai',
  NLH: 'Hyundai',
  '5NP': 'Hyundai',
  '5NM': 'Hyundai',
  KNA: 'Kia',
  KNC: 'Kia',
  KND: 'Kia',
  KNE: 'Kia',
  U5Y: 'Kia',
  U6Y: 'Kia',
  '5XX': 'Kia',
  '5XY': 'Kia',
  // United States and their plants abroad
  WF0: 'Ford',
  NM0: 'Ford',
  SFA: 'Ford',
  '1FA': 'Ford',
  '1FM': 'Ford',
  '1FT': 'Ford',
  '2FA': 'Ford',
  '2FM': 'Ford',
  '3FA': 'Ford',
  '1G1': 'Chevrolet',
  '1GC': 'Chevrolet',
  '1GN': 'Chevrolet',
  '2G1': 'Chevrolet',
  '3G1': 'Chevrolet',
  KL1: 'Chevrolet',
  '5YJ': 'Tesla',
  '7SA': 'Tesla',
  LRW: 'Tesla',
  XP7: 'Tesla',
  '1J4': 'Jeep',
  '1J8': 'Jeep',
  '1B3': 'Dodge',
  '2B3': 'Dodge',
  '1D7': 'Dodge',
  '3D7': 'Dodge',
  // Sweden, United Kingdom, China
  YV1: 'Volvo',
  YV4: 'Volvo',
  '7JR': 'Volvo',
  LYV: 'Volvo',
  LPS: 'Polestar',
  SAL: 'Land Rover',
  SAJ: 'Jaguar',
  LGX: 'BYD',
  LC0: 'BYD',
  LSJ: 'MG',
};

/** North American identifiers (the United States, Canada, Mexico; and the US's newer 7 range), where position 9 must hold the check digit. */
const NORTH_AMERICAN = /^([1-5]|7[F-HJ-NPR-Z])/;
export const isNorthAmerican = (wmi: string) => NORTH_AMERICAN.test(wmi.toUpperCase());

/** Tesla writes its model in position 4 (and builds electric cars only); other makers' descriptors are their own code. */
const TESLA_MODELS: Record<string, string> = { S: 'Model S', '3': 'Model 3', X: 'Model X', Y: 'Model Y' };

/** What a VIN says, as far as it says it: a field is null when the VIN does not encode it (or we do not know how). */
export interface DecodedVin {
  /** In capitals. */
  vin: string;
  /** Positions 1–3. */
  wmi: string;
  /** The make as the catalogue names it; null: a maker we do not know. */
  make: string | null;
  /** The model, only where its maker encodes it the same way in every VIN. */
  model: string | null;
  /** The fuel type's code, only where the maker builds one kind. */
  fuel: string | null;
  /** The model year of position 10 (the latest it may be); null for a code naming no year. */
  year: number | null;
  /**
   * Position 9 against the check digit: `valid`, `mismatch` (a typo, or a forged VIN), or
   * `unchecked` outside North America, where position 9 is the maker's to use.
   */
  check: 'valid' | 'mismatch' | 'unchecked';
  /** The check digit the VIN should carry. */
  expectedCheckDigit: string;
}

export type VinResult = { ok: true; decoded: DecodedVin } | { ok: false; reason: 'length' | 'characters' };

/** Reads a VIN (spaces and dashes typed in it aside); `latest` is the latest model year (vehicle-fields' lastYear()). */
export function decodeVin(input: string, latest: number): VinResult {
  const vin = input.replace(/[\s-]/g, '').toUpperCase();
  if (vin.length !== 17) return { ok: false, reason: 'length' };
  if (!VIN.test(vin)) return { ok: false, reason: 'characters' };
  const wmi = vin.slice(0, 3);
  const make = WMI[wmi] ?? null;
  const expected = checkDigitOf(vin);
  const tesla = make === 'Tesla';
  const northAmerican = isNorthAmerican(wmi);
  return {
    ok: true,
    decoded: {
      vin,
      wmi,
      make,
      model: tesla ? (TESLA_MODELS[vin[3] ?? ''] ?? null) : null,
      fuel: tesla ? 'electric' : null,
      // North American cars and light trucks say their cycle in position 7: a digit before 2010, a letter since.
      year: modelYearOf(vin[9] ?? '', latest, northAmerican ? (/\d/.test(vin[6] ?? '') ? 1980 : 2010) : undefined),
      check: !northAmerican ? 'unchecked' : vin[8] === expected ? 'valid' : 'mismatch',
      expectedCheckDigit: expected,
    },
  };
}
