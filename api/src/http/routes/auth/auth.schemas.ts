import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';
import { CODE_PURPOSES, Email, NewPassword, nameText, Phone, Username } from '../../../domain/auth/auth.inputs.ts';
import { named } from '../../openapi.ts';

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
