/*
 * The SPEC §5 field rules, written once for every side: the API builds its schemas from them, and
 * the storefront and back office check a form with them before the round trip, with the same
 * message keys (under `api.` in the locale files). Plain values and functions: nothing here
 * needs Node.
 */

/** A phone number: an optional `+`, digits, spaces, dots, dashes and brackets; 6 to 15 digits. */
export const PHONE = { pattern: /^\+?[0-9][0-9 ().-]{5,22}$/, minDigits: 6, maxDigits: 15, message: 'auth.phoneInvalid' } as const;

/** 2 to 30 letters, digits, dots, dashes and underscores. */
export const USERNAME = {
  min: 2,
  max: 30,
  pattern: /^[\p{L}\p{N}._-]+$/u,
  lengthMessage: 'auth.usernameLength',
  charsMessage: 'auth.usernameChars',
} as const;

/** First and last names: 2 to 30 characters. */
export const PERSON_NAME = { min: 2, max: 30 } as const;

/**
 * A name (first, last, display, a contact's or a support request's) is one line of visible text:
 * no C0 or C1 control character (NUL, BEL, a line break, DEL…) and none of the bidi embedding,
 * override and isolate marks (U+202A–U+202E, U+2066–U+2069), which turn the text after them around
 * wherever the name is shown; and not only invisible characters.
 */
export const NAME_TEXT = {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  unsafe: /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u,
  message: 'validation.nameChars',
} as const;

/** White space and the characters that show nothing: zero-width space and joiners, word joiner, byte-order mark. */
const INVISIBLE = /[\s\u200b-\u200d\u2060\ufeff]/gu;

/** Whether a text shows anything: one of only spaces and zero-width characters is empty. */
export const hasVisibleText = (value: string): boolean => value.replace(INVISIBLE, '') !== '';

/** Whether a typed name follows the name rule (NAME_TEXT). */
export const isSafeName = (value: string): boolean => !NAME_TEXT.unsafe.test(value) && hasVisibleText(value);

/** A name someone else gave (an identity provider's claims) with the characters NAME_TEXT refuses taken out. */
export const withoutUnsafeNameChars = (value: string): string => value.replace(new RegExp(NAME_TEXT.unsafe.source, 'gu'), '');

/** 8 to 128 characters, any characters. */
export const PASSWORD = { min: 8, max: 128, shortMessage: 'auth.passwordTooShort', longMessage: 'auth.passwordTooLong' } as const;

/**
 * An email address of at most 254 characters. The API checks it with zod's email rule; `pattern`
 * is the quick check a form makes before sending (something, an @, a domain with a dot).
 */
export const EMAIL = { max: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, message: 'validation.invalidEmail' } as const;

/** A contact message to a seller: at most 2,000 characters. */
export const CONTACT_MESSAGE = { max: 2000 } as const;

/**
 * The links on a member's profile: at most 5, each a web address (http or https only: never a
 * `javascript:` or `data:` one, which would run or show something else when followed) of at most
 * 300 characters.
 */
export const PROFILE_URL = { max: 300, count: 5, message: 'user.urlScheme' } as const;

/** Whether a typed profile link (surrounding spaces ignored) follows the profile link rule. */
export function isProfileUrl(value: string): boolean {
  const text = value.trim();
  if (text.length > PROFILE_URL.max || !/^https?:\/\/[^\s]/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const digits = (value: string) => value.replace(/\D/g, '').length;

/** Whether a typed phone number (surrounding spaces ignored) follows the phone rule. */
export function isPhone(value: string): boolean {
  const text = value.trim();
  const count = digits(text);
  return PHONE.pattern.test(text) && count >= PHONE.minDigits && count <= PHONE.maxDigits;
}

/** Whether a typed email address (surrounding spaces ignored) passes a form's quick check. */
export const isEmail = (value: string): boolean => value.trim().length <= EMAIL.max && EMAIL.pattern.test(value.trim());

/** Whether a trimmed text is between `min` and `max` characters long. */
export const isBetween = (value: string, { min, max }: { min: number; max: number }): boolean =>
  value.trim().length >= min && value.trim().length <= max;
