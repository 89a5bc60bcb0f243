import { type Check, requiredCheck } from '../resources/validation.ts';

/*
 * SPEC §5 account rules as the API checks them (api/src/routes/auth/auth.schemas.ts), with its message
 * keys: username 2 to 30 letters, digits, dots, dashes and underscores; names 2 to 30; a valid email
 * and phone; a password of 8 to 128 characters, typed twice alike.
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
  between(2, 30, 'api.auth.usernameLength'),
  (value) => (trimmed(value) !== '' && !/^[\p{L}\p{N}._-]+$/u.test(trimmed(value)) ? { message: 'api.auth.usernameChars' } : undefined),
];

export const personNameChecks = (label: string, message: string): Check[] => [requiredCheck(label), between(2, 30, message)];

export const emailChecks = (label: string): Check[] => [
  requiredCheck(label),
  (value) =>
    trimmed(value) !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(trimmed(value)) ? { message: 'api.validation.invalidEmail' } : undefined,
];

export const phoneCheck: Check = (value) => {
  const text = trimmed(value);
  if (text === '') return undefined;
  const digits = text.replace(/\D/g, '').length;
  return /^\+?[0-9][0-9 ().-]{5,22}$/.test(text) && digits >= 6 && digits <= 15 ? undefined : { message: 'api.auth.phoneInvalid' };
};

export const passwordChecks = (label: string, required: boolean): Check[] => [
  ...(required ? [requiredCheck(label)] : []),
  (value) => {
    if (typeof value !== 'string' || value === '') return undefined;
    if (value.length < 8) return { message: 'api.auth.passwordTooShort' };
    if (value.length > 128) return { message: 'api.auth.passwordTooLong' };
    return undefined;
  },
];

/** The confirmation must repeat the password (SPEC §5 mismatch message). */
export const confirmationCheck: Check = (value, ...rest: unknown[]) => {
  const values = rest[0] as { password?: string | null } | undefined;
  const password = values?.password ?? '';
  return (password || value) && value !== password ? { message: 'backoffice.users.passwordMismatch' } : undefined;
};
