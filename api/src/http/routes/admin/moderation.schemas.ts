import {
  CASE_STATUSES,
  CASE_TARGET_KINDS,
  AppealBody as DomainAppealBody,
  AppealDecisionBody as DomainAppealDecisionBody,
  DecisionBody as DomainDecisionBody,
  LISTING_MODERATION,
} from '@autoroute/contract/moderation';
import { ListingSignal } from '@autoroute/contract/trust';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

export const DecisionBody = named(DomainDecisionBody, 'ModerationDecisionBody');
export const AppealDecisionBody = named(DomainAppealDecisionBody, 'ModerationAppealDecisionBody');
export const AppealBody = named(DomainAppealBody, 'ModerationAppealBody');

const caseFields = {
  id: z.number(),
  targetKind: z.enum(CASE_TARGET_KINDS),
  targetId: z.number(),
  targetLabel: z
    .string()
    .openapi({ description: 'The listing’s title, the seller’s user name, the start of a message or review, when the case opened' }),
  targetState: z
    .enum(LISTING_MODERATION)
    .nullable()
    .openapi({ description: 'A listing’s state now; null for other targets or a listing gone' }),
  subjectUserId: z.number().nullable().openapi({ description: 'Whose content it is: told each decision, may appeal' }),
  subjectName: z.string().nullable(),
  status: z.enum(CASE_STATUSES),
  risk: z.number().openapi({ description: 'Reasons, distinct reporters and fraud signals weighed: the queue’s order' }),
  reporters: z.number(),
  reasons: z.array(z.string()),
  assigneeName: z.string().nullable(),
  appeal: z.string().nullable(),
  appealedAt: z.string().nullable(),
  openedAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
};

export const ModerationCase = named(z.object(caseFields), 'ModerationCase');

const Decision = named(
  z.object({
    id: z.number(),
    stage: z.enum(['decision', 'appeal']),
    action: z.string().openapi({ description: 'no_action, warn, hold, remove, suspend; on an appeal upheld or reversed' }),
    ground: z.string().nullable(),
    facts: z.string(),
    automated: z.boolean(),
    unfounded: z.boolean(),
    decidedBy: z.string().nullable(),
    statement: z.string().nullable().openapi({ description: 'The statement of reasons as sent, in the language of the person concerned' }),
    decidedAt: z.string(),
  }),
  'ModerationDecision',
);

export const ModerationCaseDetail = named(
  z.object({
    ...caseFields,
    reports: z.array(
      z.object({
        id: z.number(),
        reason: z.string(),
        details: z.string().nullable(),
        reporterName: z.string(),
        reporterEmail: z.string(),
        member: z.boolean(),
        goodFaith: z.boolean(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    signals: z.array(ListingSignal),
    decisions: z.array(Decision),
  }),
  'ModerationCaseDetail',
);

export const Transparency = named(
  z.object({
    from: z.string(),
    to: z.string(),
    reports: z.array(z.object({ reason: z.string(), targetKind: z.string(), count: z.number() })),
    decisions: z.array(
      z.object({ stage: z.string(), action: z.string(), ground: z.string().nullable(), automated: z.boolean(), count: z.number() }),
    ),
    appeals: z.number(),
    decided: z.number(),
    medianHoursToDecide: z.number().nullable(),
  }),
  'ModerationTransparency',
);

export const MyDecision = named(
  z.object({
    id: z.number(),
    targetKind: z.enum(CASE_TARGET_KINDS),
    targetId: z.number(),
    targetLabel: z.string(),
    status: z.enum(CASE_STATUSES),
    appeal: z.string().nullable(),
    appealedAt: z.string().nullable(),
    appealUntil: z.string().nullable(),
    canAppeal: z.boolean(),
    statements: z.array(
      z.object({
        id: z.number(),
        stage: z.enum(['decision', 'appeal']),
        action: z.string(),
        automated: z.boolean(),
        text: z.string(),
        decidedAt: z.string(),
      }),
    ),
  }),
  'MyModerationDecision',
);
