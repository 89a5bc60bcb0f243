import { msg } from '@autoroute/contract/messages';
import { TRADER_FIELDS } from '@autoroute/contract/sellers';
import { z } from 'zod';
import { Email, Phone } from '../auth/auth.inputs.ts';

const text = (key: string, min: number, max: number) =>
  z
    .string({ error: msg('validation.required') })
    .trim()
    .min(min, { error: msg(key), abort: true })
    .max(max, { error: msg(key) });

/** A professional seller's identity (DSA art. 30-31, decision 054), as they enter it in their settings. */
export const TraderInput = z.object({
  legalName: text('trader.legalNameLength', 2, TRADER_FIELDS.legalName).meta({ description: 'The registered legal name of the business' }),
  address: text('trader.addressLength', 5, TRADER_FIELDS.address).meta({ description: 'The registered address' }),
  registrationNumber: text('trader.registrationLength', 2, TRADER_FIELDS.registrationNumber).meta({
    description: 'The trade or company register number',
  }),
  email: Email.meta({ description: 'The contact address buyers are shown' }),
  phone: Phone.meta({ description: 'The contact number buyers are shown' }),
});
export type TraderInput = z.infer<typeof TraderInput>;

/** An administrator's check of a trader's details: verified, or refused with a reason told to the seller. */
export const TraderDecision = z
  .object({
    decision: z.enum(['verify', 'refuse'], { error: msg('trader.decisionInvalid') }),
    reason: z
      .string({ error: msg('trader.reasonLength') })
      .trim()
      .max(TRADER_FIELDS.reason, { error: msg('trader.reasonLength') })
      .optional()
      .meta({ description: 'Why they are refused: required to refuse' }),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'refuse' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: msg('trader.reasonRequired') });
  });
export type TraderDecision = z.infer<typeof TraderDecision>;
