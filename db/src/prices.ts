/**
 * Prices in different currencies compared (issue 33): each currency has a `rate`, the units of it
 * worth one unit of the reference (the currency whose rate is 1, the euro in the seed), which an
 * administrator keeps. A listing's `price_ref_minor` is its price in hundredths of the reference,
 * written by triggers whenever its price or currency or that currency's rate changes (migration
 * 20261217_0001), so that the search filters and sorts every listing by one scale and the market
 * compares a listing with its comparables whatever their currencies.
 */

/** The stored reference price: the price over its currency's rate, in hundredths, rounded half up, as the triggers compute it. */
export function referencePrice(priceMinor: number, minorUnits: number, rate: number): number {
  return Math.floor((priceMinor / 10 ** minorUnits / rate) * 100 + 0.5);
}

/** A reference price (hundredths) in the minor units of a currency of this rate, rounded to a whole one. */
export function fromReference(refMinor: number, minorUnits: number, rate: number): number {
  return Math.round((refMinor / 100) * rate * 10 ** minorUnits);
}

/** A price in the major unit of a currency, as hundredths of the reference. */
export function majorToReference(major: number, rate: number): number {
  return (major / rate) * 100;
}
