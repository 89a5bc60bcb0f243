import { EMAIL, isPhone, isSafeName, NAME_TEXT, PASSWORD, PERSON_NAME, PHONE, USERNAME } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { z } from 'zod';
import { isCommonPassword } from './passwords.ts';

// The account's fields as every form checks them (sign-up, settings, the console, contact): plain
// schemas of the domain; the HTTP schemas compose them, and their `.meta()` is what the API
// document says of a field.

export const Email = z
  .string({ error: msg('validation.required') })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: msg(EMAIL.message) }).max(EMAIL.max));

/** 8 to 128 characters, any characters, not one of the most common passwords. */
export const NewPassword = z
  .string({ error: msg('validation.required') })
  .min(PASSWORD.min, { error: msg(PASSWORD.shortMessage) })
  .max(PASSWORD.max, { error: msg(PASSWORD.longMessage) })
  .refine((p) => !isCommonPassword(p), { error: msg('auth.passwordTooCommon') });

export const Username = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(USERNAME.min, { error: msg(USERNAME.lengthMessage) })
  .max(USERNAME.max, { error: msg(USERNAME.lengthMessage) })
  .regex(USERNAME.pattern, { error: msg(USERNAME.charsMessage) })
  // The document's pattern is the regex's source without its `u` flag: JSON Schema (and so OpenAPI
  // 3.1) reads patterns as ECMA-262 with Unicode semantics, so `\p{L}` means there what it means here.
  .meta({ pattern: USERNAME.pattern.source });

/** A trimmed name of `min` to `max` characters (`key` otherwise) that follows the name rule (contract NAME_TEXT). */
export const nameText = (key: string, { min, max }: { min: number; max: number } = PERSON_NAME) =>
  z
    .string({ error: msg('validation.required') })
    .trim()
    .min(min, { error: msg(key), abort: true })
    .max(max, { error: msg(key) })
    .refine(isSafeName, { error: msg(NAME_TEXT.message) });

export const Phone = z
  .string({ error: msg('validation.required') })
  .trim()
  .regex(PHONE.pattern, { error: msg(PHONE.message) })
  .refine(isPhone, { error: msg(PHONE.message) });

export const CODE_PURPOSES = ['verify_email', 'reset_password', 'link_provider'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
