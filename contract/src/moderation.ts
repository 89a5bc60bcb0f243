import { z } from 'zod';
import { msg } from './messages.ts';

/*
 * The moderation queue (trust & safety, docs/decisions/057-moderation.md): what a case, a decision
 * and an appeal are, declared once for the API, the console and the storefront's statement page.
 */

/** A listing's state: only a published one is in public reads. */
export const LISTING_MODERATION = ['published', 'pending', 'held', 'removed'] as const;
export type ListingModeration = (typeof LISTING_MODERATION)[number];

export const CASE_STATUSES = ['open', 'in_review', 'decided', 'appealed', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_TARGET_KINDS = ['listing', 'seller', 'message', 'review'] as const;
export type CaseTargetKind = (typeof CASE_TARGET_KINDS)[number];

export const DECISION_ACTIONS = ['no_action', 'warn', 'hold', 'remove', 'suspend'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** What may be decided about each kind of target (a seller is not held, a message not suspended). */
export const ACTIONS_BY_TARGET: Record<CaseTargetKind, readonly DecisionAction[]> = {
  listing: DECISION_ACTIONS,
  seller: ['no_action', 'warn', 'suspend'],
  message: ['no_action', 'warn', 'remove', 'suspend'],
  review: ['no_action', 'warn', 'remove'],
};

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/**
 * The ground of a restriction (DSA art. 17(3)(d)/(e)): a clause of the terms of use, or the law that
 * makes the content illegal. Labels and explanations are translated (`api.moderation.grounds.*`).
 */
export const MODERATION_GROUNDS = [
  'terms_fraud',
  'terms_misleading',
  'terms_prohibited',
  'terms_duplicate',
  'terms_offensive',
  'terms_spam',
  'terms_trader_disclosure',
  'law_illegal_content',
  'law_unfair_practices',
  'law_stolen_property',
] as const;
export type ModerationGround = (typeof MODERATION_GROUNDS)[number];

/** How long the person concerned may appeal a decision (DSA art. 20(1): at least six months). */
export const APPEAL_DAYS = 183;
export const FACTS_MAX = 2000;
export const APPEAL_MIN = 10;
export const APPEAL_MAX = 2000;

/** A moderator's decision on a case: a restriction needs its ground; the facts are always told. */
export const DecisionBody = z
  .object({
    action: z.enum(DECISION_ACTIONS, { error: msg('moderation.actionInvalid') }),
    ground: z.enum(MODERATION_GROUNDS, { error: msg('moderation.groundInvalid') }).optional(),
    facts: z
      .string({ error: msg('moderation.factsRequired') })
      .trim()
      .min(1, { error: msg('moderation.factsRequired') })
      .max(FACTS_MAX, { error: msg('moderation.factsTooLong') }),
    unfounded: z.boolean().default(false),
  })
  .refine((d) => d.action === 'no_action' || d.ground !== undefined, { path: ['ground'], error: msg('moderation.groundRequired') });
export type DecisionBody = z.infer<typeof DecisionBody>;

/** The person concerned appeals once, saying why. */
export const AppealBody = z.object({
  text: z
    .string({ error: msg('moderation.appealTooShort') })
    .trim()
    .min(APPEAL_MIN, { error: msg('moderation.appealTooShort') })
    .max(APPEAL_MAX, { error: msg('moderation.appealTooLong') }),
});
export type AppealBody = z.infer<typeof AppealBody>;

/** A moderator's answer to an appeal: the decision stands, or is reversed (the content is restored). */
export const AppealDecisionBody = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: msg('moderation.outcomeInvalid') }),
  facts: z
    .string({ error: msg('moderation.factsRequired') })
    .trim()
    .min(1, { error: msg('moderation.factsRequired') })
    .max(FACTS_MAX, { error: msg('moderation.factsTooLong') }),
});
export type AppealDecisionBody = z.infer<typeof AppealDecisionBody>;
