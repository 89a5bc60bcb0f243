import type { ListingSignal, SignalKind, SignalSeverity } from '@autoroute/contract/trust';
import { lastYear } from '@autoroute/contract/vehicle-fields';
import { decodeVin } from '@autoroute/contract/vin';
import { estimateMarket, referencePrice } from '@autoroute/db';
import type { TrustConfig } from '../../core/config.ts';
import { notFound } from '../../core/errors.ts';
import { toMajor } from '../../core/reference.ts';
import { BANDS, bandNeighbours, bandRadius, bandsOf, distanceOfHalves, halvesOf } from '../../media/phash.ts';
import type { DomainDeps } from '../deps.ts';
import {
  countLiveListings,
  findSignalSubject,
  findSignals,
  hashedPictures,
  liveListingsWithVin,
  pictureCandidates,
  replaceSignals,
} from './signals.data.ts';

/*
 * Fraud signals (docs/decisions/052): the rules, computed when a listing is written. Each rule
 * answers the facts that raised it; the moderator reads them with an explanation.
 */

type Db = DomainDeps['db'];
type Details = Record<string, unknown>;

interface Signal {
  kind: SignalKind;
  severity: SignalSeverity;
  details: Details;
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/**
 * What the VIN says against the listing: its form, its check digit (North America only, where
 * position 9 must hold it), and the make and model year it encodes. The model year is compared
 * only where the VIN's cycle is known (North America): elsewhere position 10 is the maker's to use
 * before 2009, and a code means a year every 30. A year either side is allowed: a model year is
 * often sold, and registered, in the calendar year before it.
 */
export function vinSignals(vin: string, listing: { brand: string; year: number }, latest = lastYear()): Signal[] {
  const read = decodeVin(vin, latest);
  if (!read.ok) return [{ kind: 'vin_format', severity: 'high', details: { vin, reason: read.reason, length: vin.length } }];
  const d = read.decoded;
  const signals: Signal[] = [];
  if (d.check === 'mismatch') {
    signals.push({ kind: 'vin_check_digit', severity: 'high', details: { vin: d.vin, expected: d.expectedCheckDigit, found: d.vin[8] } });
  }
  const mismatch: Details = {};
  if (d.make !== null && !sameName(d.make, listing.brand)) mismatch.make = { decoded: d.make, listed: listing.brand };
  if (d.check !== 'unchecked' && d.year !== null && Math.abs(d.year - listing.year) > 1) {
    mismatch.year = { decoded: d.year, listed: listing.year };
  }
  if (Object.keys(mismatch).length) signals.push({ kind: 'vin_mismatch', severity: 'medium', details: { vin: d.vin, ...mismatch } });
  return signals;
}

/** The same VIN for sale elsewhere: under another seller (a copied VIN, a cloned car), or the seller's own duplicate listing. */
function duplicateSignals(vin: string, ownerId: number, others: readonly { id: number; owner_id: number }[]): Signal[] {
  const theirs = others.filter((o) => o.owner_id !== ownerId);
  const own = others.filter((o) => o.owner_id === ownerId);
  const signals: Signal[] = [];
  if (theirs.length) {
    signals.push({
      kind: 'vin_duplicate_other_seller',
      severity: 'high',
      details: { vin, listings: theirs.map((o) => o.id), sellers: [...new Set(theirs.map((o) => o.owner_id))] },
    });
  }
  if (own.length) signals.push({ kind: 'vin_duplicate_same_seller', severity: 'low', details: { vin, listings: own.map((o) => o.id) } });
  return signals;
}

/** A price under `ratio` of the market estimate (both in the listing's currency, major units). */
function priceSignal(price: number, estimate: number | null, ratio: number, currency: string, comparables: number): Signal[] {
  if (estimate === null || estimate <= 0 || price >= estimate * ratio) return [];
  const share = Math.round((price / estimate) * 100) / 100;
  return [
    { kind: 'price_far_below_market', severity: 'medium', details: { price, estimate, currency, share, threshold: ratio, comparables } },
  ];
}

/** A private seller with more live listings than a private person usually sells: a dealer posing as one, or a scam run. */
function privateSellerSignal(sellerType: string, live: number, limit: number): Signal[] {
  if (sellerType === 'professional' || live <= limit) return [];
  return [{ kind: 'private_seller_many_listings', severity: 'low', details: { sellerType, liveListings: live, limit } }];
}

interface PhotoMatch {
  /** The listing's picture and the other listing's picture it resembles. */
  picture: number;
  match: number;
  listing: number;
  seller: number;
  distance: number;
}

/**
 * The listing's pictures near a picture of another listing for sale (docs/decisions/053): the
 * candidates share a band value within the pigeonhole radius, then each is measured exactly.
 */
async function photoMatches(db: Db, vehicleId: number, maxDistance: number): Promise<PhotoMatch[]> {
  const own = await hashedPictures(db, vehicleId);
  if (!own.length) return [];
  const radius = bandRadius(maxDistance);
  const bands = Array.from({ length: BANDS }, (_, i) => [
    ...new Set(own.flatMap((p) => bandNeighbours(bandsOf(p.phash)[i] as number, radius))),
  ]);
  const candidates = await pictureCandidates(db, vehicleId, bands);
  const mine = own.map((p) => ({ id: p.id, halves: halvesOf(p.phash) }));
  return candidates.flatMap((c) => {
    const halves = halvesOf(c.phash);
    return mine.flatMap((p) => {
      const distance = distanceOfHalves(p.halves, halves);
      return distance <= maxDistance ? [{ picture: p.id, match: c.id, listing: c.vehicle_id, seller: c.owner_id, distance }] : [];
    });
  });
}

/** Near-duplicate photos under another seller (a stolen or recycled photo: high) or the seller's own other listing (low). */
function photoSignals(ownerId: number, matches: readonly PhotoMatch[], threshold: number): Signal[] {
  const signal = (kind: SignalKind, severity: SignalSeverity, found: readonly PhotoMatch[]): Signal[] => {
    if (!found.length) return [];
    const listings = [...new Set(found.map((m) => m.listing))].sort((a, b) => a - b);
    const details: Details = {
      listings,
      distance: Math.min(...found.map((m) => m.distance)),
      threshold,
      matches: found.map(({ picture, match, listing, distance }) => ({ picture, match, listing, distance })),
    };
    if (kind === 'photo_duplicate_other_seller') details.sellers = [...new Set(found.map((m) => m.seller))].sort((a, b) => a - b);
    return [{ kind, severity, details }];
  };
  return [
    ...signal(
      'photo_duplicate_other_seller',
      'high',
      matches.filter((m) => m.seller !== ownerId),
    ),
    ...signal(
      'photo_duplicate_same_seller',
      'low',
      matches.filter((m) => m.seller === ownerId),
    ),
  ];
}

/** Computes the listing's signals and stores them in place of the ones it had: call it in the write's transaction. */
export async function refreshSignals(db: Db, trust: TrustConfig, vehicleId: number): Promise<void> {
  const v = await findSignalSubject(db, vehicleId);
  if (!v) return;
  const signals: Signal[] = [];
  if (v.vin) {
    signals.push(...vinSignals(v.vin, v));
    signals.push(...duplicateSignals(v.vin, v.owner_id, await liveListingsWithVin(db, v.vin, v.id)));
  }
  const priceMinor = Number(v.price_minor);
  const currency = { minorUnits: v.minor_units, rate: Number(v.rate) };
  const figures = await estimateMarket(
    db,
    { brand: v.brand, model: v.model, typeId: v.type_id },
    {
      id: v.id,
      categoryId: v.category_id,
      year: v.year,
      mileage: v.mileage,
      fuelTypeId: v.fuel_type_id,
      priceRef: referencePrice(priceMinor, v.minor_units, currency.rate),
    },
    currency,
  );
  const estimate = figures.estimateMinor === null ? null : toMajor(figures.estimateMinor, v.minor_units);
  signals.push(...priceSignal(toMajor(priceMinor, v.minor_units), estimate, trust.priceBelowRatio, v.currency, figures.comparables));
  signals.push(...privateSellerSignal(v.seller_type, await countLiveListings(db, v.owner_id), trust.privateListings));
  signals.push(...photoSignals(v.owner_id, await photoMatches(db, v.id, trust.photoDistance), trust.photoDistance));
  await replaceSignals(
    db,
    vehicleId,
    signals.map((s) => ({ kind: s.kind, severity: s.severity, details: JSON.stringify(s.details) })),
  );
}

const EXPLAIN: Record<SignalKind, (d: Details) => string> = {
  vin_format: (d) =>
    `The VIN "${d.vin}" is not a VIN: ${d.reason === 'length' ? `${d.length} characters instead of 17` : 'it holds I, O, Q or a sign'}.`,
  vin_check_digit: (d) =>
    `The VIN ${d.vin} carries ${d.found} in position 9 where its check digit is ${d.expected}: a typo or a forged VIN.`,
  vin_mismatch: (d) => {
    const make = d.make as { decoded: string; listed: string } | undefined;
    const year = d.year as { decoded: number; listed: number } | undefined;
    const parts = [
      ...(make ? [`a ${make.decoded} where the listing says ${make.listed}`] : []),
      ...(year ? [`model year ${year.decoded} where the listing says ${year.listed}`] : []),
    ];
    return `The VIN ${d.vin} decodes to ${parts.join(' and ')}.`;
  },
  vin_duplicate_other_seller: (d) =>
    `The VIN ${d.vin} is also for sale under another seller (listing ${(d.listings as number[]).join(', ')}).`,
  vin_duplicate_same_seller: (d) => `The seller lists the VIN ${d.vin} again (listing ${(d.listings as number[]).join(', ')}).`,
  price_far_below_market: (d) =>
    `The price, ${d.price} ${d.currency}, is ${Math.round(Number(d.share) * 100)} % of the market estimate of ${d.estimate} ${d.currency} (${d.comparables} comparables); the threshold is ${Math.round(Number(d.threshold) * 100)} %.`,
  photo_duplicate_other_seller: (d) =>
    `A photo of this listing is a near-duplicate of a photo of another seller's listing for sale (listing ${(d.listings as number[]).join(', ')}; ${d.distance} bits of 64 apart, the threshold is ${d.threshold}): a stolen or recycled photo.`,
  photo_duplicate_same_seller: (d) =>
    `A photo of this listing is a near-duplicate of a photo of the seller's other listing for sale (listing ${(d.listings as number[]).join(', ')}; ${d.distance} bits of 64 apart, the threshold is ${d.threshold}): the same car listed twice?`,
  private_seller_many_listings: (d) => `A private seller with ${d.liveListings} listings for sale (more than ${d.limit}).`,
};

const RANK: Record<SignalSeverity, number> = { high: 0, medium: 1, low: 2 };

/** The listing's signals as a moderator reads them, highest severity first. */
export async function listingSignals(db: Db, vehicleId: number): Promise<ListingSignal[]> {
  const rows = await findSignals(db, vehicleId);
  if (!rows) throw notFound('VEHICLE_NOT_FOUND');
  return rows
    .map((r) => {
      const kind = r.kind as SignalKind;
      const details = JSON.parse(r.details) as Details;
      return { kind, severity: r.severity, explanation: EXPLAIN[kind](details), details, createdAt: r.created_at };
    })
    .sort((a, b) => RANK[a.severity] - RANK[b.severity]);
}
