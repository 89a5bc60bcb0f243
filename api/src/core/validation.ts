import { MESSAGE_PREFIX } from '@autoroute/contract/messages';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ErrorDetail } from './errors.ts';

/** The text of a `msg()` in the request's language. */
export function translateMsg(message: string, t: TFunction): string {
  const bar = message.indexOf('|');
  const key = message.slice(MESSAGE_PREFIX.length, bar < 0 ? undefined : bar);
  if (bar < 0) return t(key);
  const params = JSON.parse(message.slice(bar + 1)) as Record<string, string | number>;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && value.startsWith(MESSAGE_PREFIX)) params[name] = translateMsg(value, t);
  }
  return t(key, params);
}

/** Turns zod issues into the envelope's `details`, each message in the request's language. */
export function localizeIssues(issues: z.core.$ZodIssue[], t: TFunction): ErrorDetail[] {
  return issues.map((issue) => ({ path: issue.path.join('.') || '(root)', message: localizeIssue(issue, t) }));
}

function localizeIssue(issue: z.core.$ZodIssue, t: TFunction): string {
  if (issue.message?.startsWith(MESSAGE_PREFIX)) return translateMsg(issue.message, t);
  switch (issue.code) {
    case 'invalid_type': {
      // zod reports the input only when asked; its default message still says what it received.
      const missing = 'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
      if (missing) return t('validation.required');
      if (issue.expected === 'number' || issue.expected === 'int') return t('validation.notNumber');
      return t('validation.invalidType', { expected: issue.expected });
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? t('validation.required') : t('validation.tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.tooFewItems', { min });
      return t('validation.tooSmall', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return t('validation.tooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.tooManyItems', { max });
      return t('validation.tooBig', { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.invalidEmail');
      if (issue.format === 'url') return t('validation.invalidUrl');
      if (issue.format === 'date' || issue.format === 'datetime') return t('validation.invalidDate');
      return t('validation.invalidFormat');
    case 'invalid_value':
      return t('validation.invalidChoice', { options: issue.values.map(String).join(', ') });
    case 'not_multiple_of':
      return issue.divisor === 1 ? t('validation.notInteger') : t('validation.invalid');
    case 'unrecognized_keys':
      return t('validation.unknownField', { keys: issue.keys.join(', ') });
    default:
      return t('validation.invalid');
  }
}
