import { z } from 'zod';

/*
 * The answers of the sign-up and one-time-code steps (SPEC §4), declared once for the API and the
 * storefront's account forms.
 */

/** POST /auth/signup: the code is on its way to this address. */
export const SignupSent = z.object({ email: z.string(), sessionId: z.string() });
export type SignupSent = z.infer<typeof SignupSent>;

/** POST /auth/generate-otp: a code was sent, valid `expiresIn` seconds, sent again after `resendIn`. */
export const CodeSent = z.object({ sessionId: z.string(), expiresIn: z.number(), resendIn: z.number() });
export type CodeSent = z.infer<typeof CodeSent>;

/** POST /auth/verify-otp: the code was right; the process it opens, for the step that follows. */
export const CodeAccepted = z.object({ processId: z.string(), purpose: z.string() });
export type CodeAccepted = z.infer<typeof CodeAccepted>;

/** POST /user/{id}/provider/code: a code sent to link a messaging provider (the API names it `LinkCodeSent`). */
export const LinkCodeSent = z.object({
  sessionId: z.string(),
  email: z.string(),
  channel: z.string(),
  address: z.string(),
  expiresIn: z.number(),
  resendIn: z.number(),
});
export type LinkCodeSent = z.infer<typeof LinkCodeSent>;
