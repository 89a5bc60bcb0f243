import { z } from 'zod';

/*
 * Trust & safety (docs/decisions/052): the fraud signals the API computes when a listing is
 * written, as an administrator reads them.
 */

export const SIGNAL_KINDS = [
  'vin_format',
  'vin_check_digit',
  'vin_mismatch',
  'vin_duplicate_other_seller',
  'vin_duplicate_same_seller',
  'price_far_below_market',
  'private_seller_many_listings',
  'photo_duplicate_other_seller',
  'photo_duplicate_same_seller',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

export const SIGNAL_SEVERITIES = ['low', 'medium', 'high'] as const;
export type SignalSeverity = (typeof SIGNAL_SEVERITIES)[number];

export const ListingSignal = z.object({
  kind: z.enum(SIGNAL_KINDS),
  severity: z.enum(SIGNAL_SEVERITIES),
  explanation: z.string().meta({ description: 'What was found, in English, for the moderator' }),
  details: z.record(z.string(), z.unknown()).meta({
    description: 'The facts that raised it: the VIN, the check digit expected and found, the other listings, the price and the estimate…',
  }),
  createdAt: z.string().meta({ description: 'When the listing was last written and the signal computed' }),
});
export type ListingSignal = z.infer<typeof ListingSignal>;

export const ListingSignals = z.object({
  data: z.array(ListingSignal).meta({ description: 'Highest severity first; empty: nothing found' }),
});
