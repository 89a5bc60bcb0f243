import * as Answers from '@autoroute/contract/auth';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '../../../core/errors.ts';
import * as auth from '../../../domain/auth/auth.service.ts';
import { signInExternal } from '../../../domain/auth/external.service.ts';
import { claimsForAccessToken } from '../../../domain/auth/federation.ts';
import { findFederer } from '../../../domain/auth/federers.data.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { clearSessionCookies, setSessionCookies as setCookies } from '../../cookies.ts';
import { REFRESH_COOKIE, requireUser, SESSION_COOKIE } from '../../middleware/auth.ts';
import { failure, jsonBody, jsonContent } from '../../openapi.ts';
import { requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';
import { UserSchema } from '../user/user.schemas.ts';
import {
  AccessTokenBody,
  GenerateOtpBody,
  LoginBody,
  OAuthLoginBody,
  ProcessIdHeader,
  ResetPasswordBody,
  Security,
  SignupBody,
  VerifyEmailBody,
  VerifyOtpBody,
} from './auth.schemas.ts';

const common = {
  401: failure(
    'INVALID_CREDENTIALS: wrong email or password; UNAUTHORIZED: not signed in, or no live refresh token; REFRESH_REUSED: a refresh token used twice, its session is revoked; EXTERNAL_TOKEN_INVALID: the provider’s token was refused',
  ),
  422: failure('VALIDATION_FAILED: invalid input'),
  429: failure('Too many attempts (Retry-After)'),
};
export const SignedIn = z.object({ data: UserSchema, security: Security });
const Ok = z.object({ data: z.object({ ok: z.literal(true) }) });
export const CodeSent = z.object({ data: Answers.CodeSent });
const tags = ['Auth'];

export const loginRoute = createRoute({
  method: 'post',
  path: '/login',
  tags,
  summary: 'Sign in with username or email and password',
  request: jsonBody(LoginBody),
  responses: { 200: { description: 'Signed in', ...jsonContent(SignedIn) }, 403: failure('ACCOUNT_SUSPENDED'), ...common },
});
const oauthLoginRoute = createRoute({
  method: 'post',
  path: '/oauth-login',
  tags,
  summary: "Sign in with a federer's access token (the provider's userinfo endpoint must vouch for the same subject and a verified email)",
  request: jsonBody(OAuthLoginBody),
  responses: {
    200: { description: 'Signed in', ...jsonContent(SignedIn) },
    403: failure('ACCOUNT_SUSPENDED, EXTERNAL_EMAIL_UNVERIFIED'),
    404: failure('FEDERER_NOT_FOUND'),
    ...common,
  },
});
const accessTokenRoute = createRoute({
  method: 'post',
  path: '/access-token',
  tags,
  summary: 'Exchange the refresh token for new tokens (rotated; a reused one revokes its session); browsers may rely on cookies',
  request: { body: { ...jsonContent(AccessTokenBody), required: false } },
  responses: { 200: { description: 'New tokens', ...jsonContent(SignedIn) }, ...common },
});
const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  tags,
  summary: 'End this session',
  responses: { 200: { description: 'Signed out', ...jsonContent(Ok) } },
});
const logoutAllRoute = createRoute({
  method: 'post',
  path: '/logout-all',
  tags,
  summary: 'End every session of the signed-in user (all devices)',
  middleware: requireUser(),
  responses: { 200: { description: 'Signed out everywhere', ...jsonContent(Ok) }, ...common },
});
export const signupRoute = createRoute({
  method: 'post',
  path: '/signup',
  tags,
  request: jsonBody(SignupBody),
  summary: 'Create an account and send a code to verify the address (the same answer whether or not the address already has an account)',
  responses: {
    200: { description: 'Code sent', ...jsonContent(z.object({ data: Answers.SignupSent })) },
    409: failure('USERNAME_TAKEN'),
    ...common,
  },
});
const generateRoute = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    path,
    tags,
    summary,
    request: jsonBody(GenerateOtpBody),
    responses: {
      200: { description: 'Sent when the address has an account', ...jsonContent(CodeSent) },
      502: failure('PROVIDER_UNAVAILABLE: the message provider (Twilio for WhatsApp) refused or is out of reach'),
      ...common,
    },
  });
export const verifyOtpRoute = createRoute({
  method: 'post',
  path: '/verify-otp',
  tags,
  summary: 'Check a one-time code; answers the process id for the one follow-up it allows',
  request: jsonBody(VerifyOtpBody),
  responses: {
    200: { description: 'Code accepted', ...jsonContent(z.object({ data: Answers.CodeAccepted })) },
    400: failure('CODE_INVALID, CODE_EXPIRED, CODE_LOCKED'),
    ...common,
  },
});
const resetRoute = createRoute({
  method: 'post',
  path: '/reset-password',
  tags,
  summary: 'Set a new password (X-Process-Id from verify-otp); ends every session',
  request: { headers: ProcessIdHeader, ...jsonBody(ResetPasswordBody) },
  responses: { 200: { description: 'Password changed', ...jsonContent(Ok) }, 400: failure('PROCESS_INVALID'), ...common },
});
const verifyEmailRoute = createRoute({
  method: 'post',
  path: '/verify-email',
  tags,
  summary: 'Mark the address verified (X-Process-Id from verify-otp) and sign in',
  request: { headers: ProcessIdHeader, ...jsonBody(VerifyEmailBody) },
  responses: { 200: { description: 'Verified and signed in', ...jsonContent(SignedIn) }, 400: failure('PROCESS_INVALID'), ...common },
});

export function authRoutes(deps: Deps, secret: () => Promise<string>) {
  const info = (c: Context<AppEnv>) => requestInfo(c, deps.config.trustProxy);

  const setSessionCookies = (c: Context<AppEnv>, s: { accessToken: string; refreshToken: string; sessionID: string }, remember: boolean) =>
    setCookies(c, deps.config, s, remember);

  return createRouter()
    .openapi(loginRoute, async (c) => {
      const result = await auth.login(deps, await secret(), c.req.valid('json'), info(c));
      setSessionCookies(c, result.security, result.remember);
      return c.json({ data: result.data, security: result.security }, 200);
    })
    .openapi(oauthLoginRoute, async (c) => {
      const body = c.req.valid('json');
      const req = info(c);
      await deps.limiters.consume('loginPerIp', req.ip);
      const federer = await findFederer(deps.db, body.federer);
      if (!federer) throw new AppError(404, 'FEDERER_NOT_FOUND');
      const claims = await claimsForAccessToken(federer, body.accessToken, body.federerUserId);
      if (claims.email !== body.email) throw new AppError(401, 'EXTERNAL_TOKEN_INVALID');
      const result = await signInExternal(deps, await secret(), federer, claims, req);
      setSessionCookies(c, result.security, false);
      return c.json({ data: result.data, security: result.security }, 200);
    })
    .openapi(accessTokenRoute, async (c) => {
      const given = c.req.valid('json') ?? {};
      try {
        const result = await auth.refresh(
          deps.db,
          await secret(),
          given.refreshToken ?? getCookie(c, REFRESH_COOKIE),
          given.sessionID ?? getCookie(c, SESSION_COOKIE),
        );
        setSessionCookies(c, result.security, true);
        return c.json(result, 200);
      } catch (error) {
        clearSessionCookies(c);
        throw error;
      }
    })
    .openapi(logoutRoute, async (c) => {
      const principal = c.get('principal');
      if (principal) await auth.logout(deps.db, principal.sessionId);
      clearSessionCookies(c);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(logoutAllRoute, async (c) => {
      await auth.logoutAll(deps.db, c.get('principal')!.userId);
      clearSessionCookies(c);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(signupRoute, async (c) => c.json({ data: await auth.signup(deps, c.req.valid('json'), info(c)) }, 200))
    .openapi(generateRoute('/generate-otp', 'Send a one-time code by email'), async (c) => {
      const { email, purpose } = c.req.valid('json');
      return c.json({ data: await auth.generateCode(deps, email, purpose, 'email', info(c)) }, 200);
    })
    .openapi(generateRoute('/generate-whatsapp-otp', 'Send a one-time code by WhatsApp'), async (c) => {
      const { email, purpose } = c.req.valid('json');
      return c.json({ data: await auth.generateCode(deps, email, purpose, 'whatsapp', info(c)) }, 200);
    })
    .openapi(verifyOtpRoute, async (c) => c.json({ data: await auth.verifyCode(deps, c.req.valid('json'), info(c)) }, 200))
    .openapi(resetRoute, async (c) => {
      await auth.resetPassword(deps.db, c.req.valid('header')['x-process-id'], c.req.valid('json'));
      clearSessionCookies(c);
      return c.json({ data: { ok: true as const } }, 200);
    })
    .openapi(verifyEmailRoute, async (c) => {
      const result = await auth.verifyEmail(
        deps.db,
        await secret(),
        c.req.valid('header')['x-process-id'],
        c.req.valid('json').email,
        info(c),
      );
      setSessionCookies(c, result.security, false);
      return c.json({ data: result.data, security: result.security }, 200);
    });
}
