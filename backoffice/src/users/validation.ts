import { EMAIL, isEmail, isPhone, PASSWORD, PHONE, USERNAME } from '@autoroute/contract/fields';
import { type Check, requiredCheck } from '../resources/validation.ts';

/*
 * SPEC §5 account rules as the API checks them, from the same declarations (@autoroute/contract/fields)
 * and with its message keys: username, names, a valid email and phone, a password typed twice alike.
 */

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const between =
  (min: number, max: number, message: string): Check =>
  (value) => {
    const text = trimmed(value);
    return text !== '' && (text.length < min || text.length > max) ? { message } : undefined;
  };

export const usernameChecks = (label: string): Check[] => [
  requiredCheck(label),
  between(USERNAME.min, USERNAME.max, `api.${USERNAME.lengthMessage}`),
  (value) => (trimmed(value) !== '' && !USERNAME.pattern.test(trimmed(value)) ? { message: `api.${USERNAME.charsMessage}` } : undefined),
];

export const personNameChecks = (label: string, message: string): Check[] => [requiredCheck(label), between(2, 30, message)];

export const emailChecks = (label: string): Check[] => [
  requiredCheck(label),
  (value) => (trimmed(value) !== '' && !isEmail(trimmed(value)) ? { message: `api.${EMAIL.message}` } : undefined),
];

export const phoneCheck: Check = (value) => {
  const text = trimmed(value);
  return text === '' || isPhone(text) ? undefined : { message: `api.${PHONE.message}` };
};

export const passwordChecks = (label: string, required: boolean): Check[] => [
  ...(required ? [requiredCheck(label)] : []),
  (value) => {
    if (typeof value !== 'string' || value === '') return undefined;
    if (value.length < PASSWORD.min) return { message: `api.${PASSWORD.shortMessage}` };
    if (value.length > PASSWORD.max) return { message: `api.${PASSWORD.longMessage}` };
    return undefined;
  },
];

/** The confirmation must repeat the password (SPEC §5 mismatch message). */
export const confirmationCheck: Check = (value, ...rest: unknown[]) => {
  const values = rest[0] as { password?: string | null } | undefined;
  const password = values?.password ?? '';
  return (password || value) && value !== password ? { message: 'backoffice.users.passwordMismatch' } : undefined;
};
