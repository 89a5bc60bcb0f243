import type { MarketRating as Rating } from '@autoroute/contract/vehicles';
import {
  estimateMarket,
  MARKET_STEPS,
  type MarketFigures,
  type MarketScope,
  marketBasis,
  referencePrice,
  type StoredMarket,
} from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { validationFailed } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import { toMajor } from '../../core/reference.ts';
import type { DomainDeps } from '../deps.ts';
import { findCurrency } from './references.data.ts';

export interface MarketPrice {
  estimate: number | null;
  low: number | null;
  high: number | null;
  comparables: number;
  confidence: 'low' | 'medium' | 'high' | null;
  rating: Rating;
  /** Which listings were compared: the same make and model (or segment and body, or segment), these years and mileages (null: any). */
  basis: { scope: MarketScope; minYear: number; maxYear: number; minMileage: number | null; maxMileage: number | null; sameFuel: boolean };
}

/** A vehicle as it is compared: what it is, and its price (minor units, null: nothing to rate). */
interface Compared {
  year: number;
  mileage: number;
  fuelTypeId: number | null;
  categoryId: number | null;
  minorUnits: number;
  /** Its currency's rate (db/src/prices.ts). */
  rate: number;
}

/** The answer for figures computed by `ComparableSet.estimate` (db/src/market.ts), the one way to compute them. */
function toMarketPrice(f: MarketFigures, v: Compared): MarketPrice {
  const major = (minor: number | null) => (minor === null ? null : toMajor(minor, v.minorUnits));
  const known = f.estimateMinor !== null;
  return {
    estimate: major(f.estimateMinor),
    low: major(f.lowMinor),
    high: major(f.highMinor),
    comparables: f.comparables,
    confidence: !known ? null : f.comparables >= 30 ? 'high' : f.comparables >= 10 ? 'medium' : 'low',
    rating: f.rating,
    basis: marketBasis(f.step, v),
  };
}

/**
 * A listing's market price (issue 17): the figures the market job stored with it, the same the
 * search's rating and best-deal order read. A listing the job has not reached yet (published in
 * the last minute) gets them computed now from its comparables, by the same code.
 */
export async function marketPrice(
  deps: Pick<DomainDeps, 'db' | 'dialect'>,
  v: Compared & {
    id: number;
    brand: string;
    model: string;
    typeId: number;
    priceMinor: number;
    stored: StoredMarket & { market_rating: Rating };
  },
): Promise<MarketPrice> {
  const s = v.stored;
  if (s.market_computed_at !== null && s.market_step !== null) {
    const minor = (x: number | string | null) => (x === null ? null : Number(x));
    return toMarketPrice(
      {
        estimateMinor: minor(s.market_estimate_minor),
        lowMinor: minor(s.market_low_minor),
        highMinor: minor(s.market_high_minor),
        comparables: Number(s.market_comparables),
        step: s.market_step,
        rating: s.market_rating,
        gap: Number(s.market_gap),
      },
      v,
    );
  }
  const figures = await estimateMarket(
    deps.db,
    { brand: v.brand, model: v.model, typeId: v.typeId },
    {
      id: v.id,
      categoryId: v.categoryId,
      year: v.year,
      mileage: v.mileage,
      fuelTypeId: v.fuelTypeId,
      priceRef: referencePrice(v.priceMinor, v.minorUnits, v.rate),
    },
    { minorUnits: v.minorUnits, rate: v.rate },
  );
  return toMarketPrice(figures, v);
}

/** The listing form's price check: the same estimate for a vehicle not published yet (`ip` counted against priceCheckPerIp). */
export async function checkPrice(
  deps: Pick<DomainDeps, 'db' | 'dialect' | 'limiters'>,
  input: {
    brand: string;
    model: string;
    year: number;
    mileage: number;
    currencyId: number;
    categoryId?: number | undefined;
    fuelTypeId?: number | undefined;
    typeId?: number | undefined;
    vehicleId?: number | undefined;
    price?: number | undefined;
  },
  locale: Locale,
  ip: string,
): Promise<MarketPrice> {
  await deps.limiters.consume('priceCheckPerIp', ip);
  const currency = await findCurrency(deps.db, input.currencyId);
  if (!currency) throw validationFailed([{ path: 'currencyId', message: translator(locale)('validation.invalid') }]);
  const v = {
    year: input.year,
    mileage: input.mileage,
    fuelTypeId: input.fuelTypeId ?? null,
    categoryId: input.categoryId ?? null,
    minorUnits: currency.minor_units,
    rate: Number(currency.rate),
  };
  const priceRef =
    input.price === undefined ? null : referencePrice(Math.round(input.price * 10 ** currency.minor_units), v.minorUnits, v.rate);
  const figures = await estimateMarket(
    deps.db,
    { brand: input.brand, model: input.model, typeId: input.typeId ?? null },
    { id: input.vehicleId ?? null, ...v, priceRef },
    v,
  );
  return toMarketPrice(figures, v);
}

/**
 * A rental's market price: none. A rent per day or per month is no sale price, and rentals are
 * not rated against the market (docs/decisions/061); the shape stays, every figure empty.
 */
export function unrated(year: number, mileage: number, fuelTypeId: number | null): MarketPrice {
  return {
    estimate: null,
    low: null,
    high: null,
    comparables: 0,
    confidence: null,
    rating: 'unknown',
    basis: marketBasis(MARKET_STEPS.length - 1, { year, mileage, fuelTypeId }),
  };
}
