import type { Locale } from '@autoroute/locales';
import type { Deps } from '../../context.ts';
import { validationFailed } from '../../errors.ts';
import { translator } from '../../i18n.ts';
import { toMajor } from '../../lib/reference.ts';
import type { Rating } from './market.schemas.ts';
import { comparablePrices, findCurrency } from './vehicles.data.ts';

/** Fewer comparables than this, even at the widest step: no estimate. */
const MIN_COMPARABLES = 5;

/**
 * The steps the comparables widen through until there are enough: years around the listing's,
 * its mileage within a share of itself (or any), the same fuel or any.
 */
const STEPS: { years: number; mileage: number | null; sameFuel: boolean }[] = [
  { years: 1, mileage: 0.3, sameFuel: true },
  { years: 2, mileage: 0.5, sameFuel: true },
  { years: 3, mileage: null, sameFuel: false },
];

/** A price's place against the estimate: under by 15 % or more is a great deal, over by 15 % overpriced. */
function rate(price: number, estimate: number): Exclude<Rating, 'unknown'> {
  const gap = (price - estimate) / estimate;
  if (gap <= -0.15) return 'great';
  if (gap <= -0.05) return 'good';
  if (gap <= 0.05) return 'fair';
  if (gap < 0.15) return 'high';
  return 'overpriced';
}

/** The value at a share of a sorted list, by linear interpolation (the median at 0.5). */
function quantile(sorted: number[], share: number): number {
  const at = (sorted.length - 1) * share;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

export interface MarketPrice {
  estimate: number | null;
  low: number | null;
  high: number | null;
  comparables: number;
  confidence: 'low' | 'medium' | 'high' | null;
  rating: Rating;
  /** Which listings were compared: the same make and model, these years and mileages (null: any). */
  basis: { minYear: number; maxYear: number; minMileage: number | null; maxMileage: number | null; sameFuel: boolean };
}

/**
 * What comparable listings say a vehicle is worth (issue 17): the median of their prices, between the
 * first and third quartiles, from the narrowest step with enough of them. Private sellers get the
 * same guidance as dealers. Prices in the currency's major unit.
 */
export async function marketPrice(
  deps: Pick<Deps, 'db' | 'dialect'>,
  v: {
    brand: string;
    model: string;
    currencyId: number;
    minorUnits: number;
    year: number;
    mileage: number;
    fuelTypeId: number | null;
    priceMinor: number | null;
    exceptId: number | null;
  },
): Promise<MarketPrice> {
  let basis: MarketPrice['basis'] | null = null;
  let prices: number[] = [];
  for (const step of STEPS) {
    const mileage: [number, number] | null =
      step.mileage === null ? null : [Math.floor(v.mileage * (1 - step.mileage)), Math.ceil(v.mileage * (1 + step.mileage) + 10_000)];
    basis = {
      minYear: v.year - step.years,
      maxYear: v.year + step.years,
      minMileage: mileage?.[0] ?? null,
      maxMileage: mileage?.[1] ?? null,
      sameFuel: step.sameFuel && v.fuelTypeId !== null,
    };
    prices = await comparablePrices(deps.db, deps.dialect, {
      brand: v.brand,
      model: v.model,
      currencyId: v.currencyId,
      years: [basis.minYear, basis.maxYear],
      mileage,
      fuelTypeId: step.sameFuel ? v.fuelTypeId : null,
      exceptId: v.exceptId,
    });
    if (prices.length >= MIN_COMPARABLES) break;
  }
  const major = (minor: number) => toMajor(Math.round(minor), v.minorUnits);
  if (prices.length < MIN_COMPARABLES || !basis) {
    return { estimate: null, low: null, high: null, comparables: prices.length, confidence: null, rating: 'unknown', basis: basis! };
  }
  const estimate = quantile(prices, 0.5);
  return {
    estimate: major(estimate),
    low: major(quantile(prices, 0.25)),
    high: major(quantile(prices, 0.75)),
    comparables: prices.length,
    confidence: prices.length >= 30 ? 'high' : prices.length >= 10 ? 'medium' : 'low',
    rating: v.priceMinor === null ? 'unknown' : rate(v.priceMinor, estimate),
    basis,
  };
}

/** The listing form's price check: the same estimate for a vehicle not published yet. */
export async function checkPrice(
  deps: Pick<Deps, 'db' | 'dialect'>,
  input: {
    brand: string;
    model: string;
    year: number;
    mileage: number;
    currencyId: number;
    fuelTypeId?: number | undefined;
    price?: number | undefined;
  },
  locale: Locale,
): Promise<MarketPrice> {
  const currency = await findCurrency(deps.db, input.currencyId);
  if (!currency) throw validationFailed([{ path: 'currencyId', message: translator(locale)('validation.invalid') }]);
  return marketPrice(deps, {
    brand: input.brand,
    model: input.model,
    currencyId: input.currencyId,
    minorUnits: currency.minor_units,
    year: input.year,
    mileage: input.mileage,
    fuelTypeId: input.fuelTypeId ?? null,
    priceMinor: input.price === undefined ? null : Math.round(input.price * 10 ** currency.minor_units),
    exceptId: null,
  });
}
