import { z } from 'zod';

/*
 * Reports of illegal or misleading content (EU Digital Services Act art. 16, docs/decisions/051-reports.md):
 * what can be reported and why, declared once for the API and the screens that will send them.
 */

export const REPORT_TARGET_KINDS = ['listing', 'seller', 'message', 'review'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_REASONS = [
  'fraud_or_advance_payment',
  'sold_or_unavailable',
  'misleading_price',
  'misleading_mileage',
  'misleading_photos',
  'wrong_vin',
  'duplicate',
  'wrong_category',
  'stolen_or_illegal',
  'offensive',
  'spam',
  'dealer_posing_as_private',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest explanation a reporter may give; `other` needs one. */
export const REPORT_DETAILS_MAX = 2000;

/** A report stored: its number, quoted in the acknowledgement mail. */
export const ReportCreated = z.object({
  id: z.number().meta({ description: 'The report number, quoted in the acknowledgement mail' }),
  status: z.literal('open'),
});

/** A guest's report waiting for the code mailed to their address. */
export const ReportPending = z.object({
  sessionId: z.string().meta({ description: 'Send it back with the mailed code, and the same report, to confirm it' }),
  expiresIn: z.number().int().meta({ description: 'Seconds the code stays valid' }),
});
