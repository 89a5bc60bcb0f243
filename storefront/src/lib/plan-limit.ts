/** The API's refusals that a better plan lifts (403 PLAN_LIMIT_*): their message links to /billing/. Kept apart: islands import it. */
export const isPlanLimit = (code: string | null | undefined): boolean => Boolean(code?.startsWith('PLAN_LIMIT_'));
