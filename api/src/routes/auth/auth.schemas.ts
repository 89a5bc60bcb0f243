import { EMAIL, isPhone, isSafeName, NAME_TEXT, PASSWORD, PERSON_NAME, PHONE, USERNAME } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';
import { isCommonPassword } from './passwords.ts';

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
  .openapi({ pattern: USERNAME.pattern.source });

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

export const LoginBody = named(
  z.object({
    email: z
      .string({ error: msg('validation.required') })
      .trim()
      .min(1, { error: msg('validation.required') })
      .max(254)
      .openapi({ description: 'Username or email' }),
    password: z
      .string({ error: msg('validation.required') })
      .min(1, { error: msg('validation.required') })
      .max(128),
    remember: z.boolean().optional(),
  }),
  'LoginBody',
);

/** SPEC §7 oauth-login: a client that ran the provider's flow itself hands over what it got. */
export const OAuthLoginBody = named(
  z.object({
    federer: z
      .string({ error: msg('validation.required') })
      .trim()
      .min(1, { error: msg('validation.required') })
      .max(60)
      .openapi({ description: 'The federer code' }),
    federerUserId: z
      .string({ error: msg('validation.required') })
      .trim()
      .min(1, { error: msg('validation.required') })
      .max(255)
      .openapi({ description: "The person's subject at the provider" }),
    email: Email,
    accessToken: z
      .string({ error: msg('validation.required') })
      .min(1, { error: msg('validation.required') })
      .max(8192),
    refreshToken: z.string().max(8192).nullish(),
    expiresAt: z.union([z.string().max(40), z.number()]).nullish(),
  }),
  'OAuthLoginBody',
);

export const AccessTokenBody = named(
  z.object({ refreshToken: z.string().min(10).max(200).optional(), sessionID: z.string().min(10).max(100).optional() }),
  'AccessTokenBody',
);

export const SignupBody = named(
  z.object({
    email: Email,
    password: NewPassword,
    username: Username,
    firstName: nameText('auth.firstNameLength'),
    lastName: nameText('auth.lastNameLength'),
    phone: Phone,
  }),
  'SignupBody',
);

const CODE_PURPOSES = ['verify_email', 'reset_password', 'link_provider'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const GenerateOtpBody = named(
  z.object({ email: Email, purpose: z.enum(CODE_PURPOSES).default('reset_password') }),
  'GenerateOtpBody',
);

export const VerifyOtpBody = named(
  z.object({
    email: Email,
    otp: z
      .string({ error: msg('validation.required') })
      .trim()
      .regex(/^\d{6}$/, { error: msg('auth.codeFormat') }),
    sessionId: z
      .string({ error: msg('validation.required') })
      .min(10)
      .max(100),
  }),
  'VerifyOtpBody',
);

export const ResetPasswordBody = named(z.object({ email: Email, password: NewPassword }), 'ResetPasswordBody');
export const VerifyEmailBody = named(z.object({ email: Email }), 'VerifyEmailBody');

export const ProcessIdHeader = z.object({
  'x-process-id': z
    .string({ error: msg('auth.processMissing') })
    .min(20, { error: msg('auth.processMissing') })
    .max(200),
});

export const Security = named(
  z.object({ accessToken: z.string(), refreshToken: z.string(), sessionID: z.string(), expiresAt: z.string() }),
  'Security',
);
