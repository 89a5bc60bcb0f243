import { CRON_MESSAGES, cronProblem } from '@autoroute/contract/cron';
import { CODE_PATTERN, type FieldDef, HEX_PATTERN } from '@autoroute/contract/resources';

/*
 * The admin forms check what the API checks (api/src/http/routes/admin/resources.schemas.ts), with the
 * API's own message keys, so a user reads the same sentence before and after sending.
 */

export type Problem = { message: string; args?: Record<string, unknown> };
/** react-admin's validator shape; `isRequired` puts the asterisk on the label. */
export type Check = ((value: unknown) => Problem | undefined) & { isRequired?: boolean };

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** SPEC §5: "Name is required.", the label already in the user's language. */
export function requiredCheck(label: string): Check {
  const check: Check = (value) => (isBlank(value) ? { message: 'api.admin.required', args: { field: label } } : undefined);
  check.isRequired = true;
  return check;
}

/** A limit is required but may be unlimited: null is a value, nothing is not. */
function requiredLimitCheck(label: string): Check {
  const check: Check = (value) =>
    value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value))
      ? { message: 'api.admin.required', args: { field: label } }
      : undefined;
  check.isRequired = true;
  return check;
}

const text =
  (test: (value: string) => Problem | undefined): Check =>
  (value) =>
    typeof value === 'string' && value.trim() !== '' ? test(value.trim()) : undefined;

const maxLength = (max: number): Check => text((v) => (v.length > max ? { message: 'api.validation.tooLong', args: { max } } : undefined));

function numberCheck(min: number, max: number, integer: boolean): Check {
  return (value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isNaN(n)) return { message: 'api.validation.notNumber' };
    if (integer && !Number.isInteger(n)) return { message: 'api.validation.notInteger' };
    if (n < min) return { message: 'api.validation.tooSmall', args: { min } };
    if (n > max) return { message: 'api.validation.tooBig', args: { max } };
    return undefined;
  };
}

/** Every check of one declared field; `label` is its translated label (for the required message). */
export function checksFor(field: FieldDef, label: string): Check[] {
  const checks: Check[] = [];
  if (field.kind === 'limit') checks.push(requiredLimitCheck(label));
  else if (field.required && !['boolean', 'translations', 'content'].includes(field.kind)) checks.push(requiredCheck(label));
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'secret':
      checks.push(maxLength(field.max ?? 500));
      break;
    case 'url':
      checks.push(
        maxLength(field.max ?? 500),
        text((v) => (isUrl(v) ? undefined : { message: 'api.validation.invalidUrl' })),
      );
      break;
    case 'code':
      checks.push(
        maxLength(field.max ?? 40),
        text((v) => (CODE_PATTERN.test(v) ? undefined : { message: 'api.validation.invalidCode' })),
      );
      break;
    case 'hex':
      checks.push(text((v) => (HEX_PATTERN.test(v) ? undefined : { message: 'api.validation.invalidHex' })));
      break;
    case 'cron':
      checks.push(
        maxLength(field.max ?? 120),
        text((v) => {
          const problem = cronProblem(v);
          return problem ? { message: `api.${CRON_MESSAGES[problem]}` } : undefined;
        }),
      );
      break;
    case 'integer':
    case 'limit':
      checks.push(numberCheck(field.min ?? 0, field.max ?? 2147483647, true));
      break;
    case 'decimal':
      checks.push(numberCheck(field.min ?? -1_000_000, field.max ?? 1_000_000, false));
      break;
    case 'money':
      checks.push(numberCheck(0, 1_000_000_000, false));
      break;
    case 'translations':
      // One check per language input: each text at most `max`.
      checks.push(maxLength(field.max ?? 500));
      break;
    default:
      break;
  }
  return checks;
}

/** The parts of a page's text in each language (kind `content`), and their longest length. */
export const CONTENT_PARTS = ['title', 'summary', 'body'] as const;
const contentMax = (field: FieldDef, part: (typeof CONTENT_PARTS)[number]) =>
  part === 'title' ? 200 : part === 'summary' ? 500 : (field.max ?? 100_000);

/** The checks of one part of a page's text in one language: English needs a title and a body, as on the server. */
export function contentChecks(field: FieldDef, locale: string, part: (typeof CONTENT_PARTS)[number], label: string): Check[] {
  const checks: Check[] = [];
  if (locale === 'en_US' && part !== 'summary') checks.push(requiredCheck(label));
  checks.push(maxLength(contentMax(field, part)));
  return checks;
}

/** Runs checks as react-admin does: the first problem wins. */
export const firstProblem = (checks: Check[], value: unknown): Problem | undefined => {
  for (const check of checks) {
    const problem = check(value);
    if (problem) return problem;
  }
  return undefined;
};
