import { ACTIONS_BY_TARGET, type CaseStatus, type CaseTargetKind, type DecisionAction, FACTS_MAX } from '@autoroute/contract/moderation';

/*
 * What the moderation screens decide on their own, apart from React: which actions a target takes,
 * what a form may send, how old a case reads. The API checks all of it again (docs/decisions/057).
 */

/** The actions offered for a kind of target, in the contract's order; every one for an unknown kind is never offered. */
export const actionsFor = (kind: string): readonly DecisionAction[] =>
  (ACTIONS_BY_TARGET as Record<string, readonly DecisionAction[] | undefined>)[kind] ?? [];

/** A decision that restricts something (anything but no action) is confirmed first and needs a ground. */
export const restricts = (action: DecisionAction | ''): boolean => action !== '' && action !== 'no_action';

/** Whether a case still waits for its first decision, and so can be taken or decided. */
export const isOpen = (status: CaseStatus | string): boolean => status === 'open' || status === 'in_review';

export interface DecisionDraft {
  action: DecisionAction | '';
  ground: string;
  facts: string;
  unfounded: boolean;
}

/** The decision's body as the API takes it, or the fields still wrong (their message keys) for this kind of target. */
export function decisionBody(
  kind: CaseTargetKind | string,
  draft: DecisionDraft,
):
  | { ok: true; body: { action: DecisionAction; ground?: string; facts: string; unfounded: boolean } }
  | { ok: false; errors: Partial<Record<'action' | 'ground' | 'facts', string>> } {
  const errors: Partial<Record<'action' | 'ground' | 'facts', string>> = {};
  const facts = draft.facts.trim();
  if (draft.action === '' || !actionsFor(kind).includes(draft.action)) errors.action = 'api.moderation.actionInvalid';
  if (restricts(draft.action) && !draft.ground) errors.ground = 'api.moderation.groundRequired';
  if (!facts) errors.facts = 'api.moderation.factsRequired';
  else if (facts.length > FACTS_MAX) errors.facts = 'api.moderation.factsTooLong';
  if (Object.keys(errors).length || draft.action === '') return { ok: false, errors };
  return {
    ok: true,
    body: {
      action: draft.action,
      ...(restricts(draft.action) && draft.ground ? { ground: draft.ground } : {}),
      facts,
      // Only a case closed without action can say its reports were manifestly unfounded.
      unfounded: draft.action === 'no_action' && draft.unfounded,
    },
  };
}

/** How long ago, in the largest whole unit (for Intl.RelativeTimeFormat): a case's age in the queue. */
export function age(since: string, now: number = Date.now()): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { value: hours, unit: 'hour' };
  return { value: Math.floor(hours / 24), unit: 'day' };
}

/** The default period of the transparency report: the calendar year so far, as YYYY-MM-DD. */
export function yearToDate(now: Date = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: `${to.slice(0, 4)}-01-01`, to };
}
