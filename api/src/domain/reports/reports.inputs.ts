import { msg } from '@autoroute/contract/messages';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGET_KINDS } from '@autoroute/contract/reports';
import { z } from 'zod';
import { Email, nameText } from '../auth/auth.inputs.ts';

/** An optional field: an empty string or null is the same as leaving it out. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** The fields the cross-field rules below read. */
const REFINED = ['reason', 'details', 'sessionId', 'code'];

/**
 * A notice of illegal or misleading content (DSA art. 16, docs/decisions/051-reports.md). A member
 * reports as their account; a guest gives a name and an email, and confirms the address with the
 * code a first call mails to it, by sending the same report again with `sessionId` and `code`.
 */
export const ReportBody = z
  .object({
    targetKind: z.enum(REPORT_TARGET_KINDS, { error: msg('report.targetKindInvalid') }),
    targetId: z
      .number({ error: msg('report.targetInvalid') })
      .int({ error: msg('report.targetInvalid') })
      .positive({ error: msg('report.targetInvalid') })
      .max(2147483647, { error: msg('report.targetInvalid') })
      .meta({ description: 'The listing, seller (account) or message reported' }),
    reason: z.enum(REPORT_REASONS, { error: msg('report.reasonInvalid') }),
    details: optional(
      z
        .string({ error: msg('report.detailsLength') })
        .trim()
        .max(REPORT_DETAILS_MAX, { error: msg('report.detailsLength') }),
    ).meta({ description: `What is wrong, up to ${REPORT_DETAILS_MAX} characters; required with the reason \`other\`` }),
    goodFaith: z.literal(true, { error: msg('report.goodFaithRequired') }).meta({
      description: 'The reporter states that the notice is accurate and complete, in good faith (DSA art. 16(2)(d))',
    }),
    name: optional(nameText('report.nameLength')).meta({
      description: 'Required for guests; ignored for members',
    }),
    email: optional(Email).meta({ description: 'Required for guests; ignored for members' }),
    sessionId: optional(z.string({ error: msg('report.codeInvalid') }).max(64, { error: msg('report.codeInvalid') })).meta({
      description: "A guest's second call: the sessionId the first answered",
    }),
    code: optional(z.string({ error: msg('report.codeInvalid') }).regex(/^\d{6}$/, { error: msg('report.codeInvalid') })).meta({
      description: "A guest's second call: the code mailed to their address",
    }),
  })
  .superRefine(
    (body, ctx) => {
      if (body.reason === 'other' && !body.details)
        ctx.addIssue({ code: 'custom', path: ['details'], message: msg('report.detailsRequired') });
      if (Boolean(body.sessionId) !== Boolean(body.code))
        ctx.addIssue({ code: 'custom', path: [body.code ? 'sessionId' : 'code'], message: msg('validation.required') });
    },
    {
      // Beside the other fields' problems, so a form sent with several hears of every one at once
      // (http/guest-body.ts); only once the body is an object and the fields it reads have parsed.
      when: (payload) => !payload.issues.some((issue) => !issue.path?.length || REFINED.includes(String(issue.path[0]))),
    },
  );
export type ReportBody = z.infer<typeof ReportBody>;
