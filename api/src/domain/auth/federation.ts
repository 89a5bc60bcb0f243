import { absoluteUrl } from '@autoroute/contract/runtime-config';
import * as oidc from 'openid-client';
import { AppError } from '../../core/errors.ts';

/** A federer as an administrator configured it (SPEC §3): an OpenID Connect provider and our client there. */
export interface FedererClient {
  id: number;
  code: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  updatedAt: string;
}

/** What we keep from the provider about the person: enough to find, link or create the account. */
export interface ExternalClaims {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  preferredUsername: string | null;
}

/** The secrets of one authorization request, kept in the browser's flow cookie until the callback. */
export interface PendingFlow {
  state: string;
  nonce: string;
  verifier: string;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/**
 * The provider's metadata, discovered from its issuer and cached for an hour (a federer edited in
 * the back office gets a new entry: its `updatedAt` is part of the key). Plain http is accepted
 * only for a provider on this machine, as in development and tests.
 */
function configurationFor(federer: FedererClient): Promise<oidc.Configuration> {
  const key = `${federer.id}:${federer.updatedAt}:${federer.issuer}:${federer.clientId}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(federer.issuer);
  const insecure = issuer.protocol === 'http:' && LOOPBACK.test(issuer.hostname);
  const config = oidc
    .discovery(
      issuer,
      federer.clientId,
      federer.clientSecret ?? undefined,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : {},
    )
    .catch((error: unknown) => {
      discovered.delete(key);
      throw error;
    });
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** Where the provider sends the browser back: it must be registered with the provider as is. */
export const callbackUrl = (publicUrl: string, code: string) =>
  absoluteUrl(publicUrl, `/api/v1/auth/external/${encodeURIComponent(code)}/callback`);

/** Starts the authorization-code flow with PKCE (S256), a state and a nonce. */
export async function beginSignIn(federer: FedererClient, redirectUri: string): Promise<{ url: string; flow: PendingFlow }> {
  const config = await configurationFor(federer).catch(() => {
    throw new AppError(502, 'EXTERNAL_UNAVAILABLE');
  });
  const flow: PendingFlow = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, flow };
}

function readClaims(claims: Record<string, unknown>, fallbackSubject?: string): ExternalClaims {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const subject = text(claims.sub) ?? fallbackSubject;
  const email = text(claims.email)?.toLowerCase();
  if (!subject || !email) throw new AppError(400, 'EXTERNAL_EMAIL_MISSING');
  return {
    subject,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    preferredUsername: text(claims.preferred_username),
  };
}

/**
 * Finishes the flow at the callback: checks state, nonce and PKCE, exchanges the code, validates
 * the ID token and reads the person's claims (from the ID token, else the userinfo endpoint).
 */
export async function completeSignIn(federer: FedererClient, callback: URL, flow: PendingFlow): Promise<ExternalClaims> {
  const error = callback.searchParams.get('error');
  if (error) throw new AppError(400, error === 'access_denied' ? 'EXTERNAL_DENIED' : 'EXTERNAL_FAILED');
  const config = await configurationFor(federer).catch(() => {
    throw new AppError(502, 'EXTERNAL_UNAVAILABLE');
  });
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch {
    throw new AppError(400, 'EXTERNAL_FAILED');
  }
  const idClaims = tokens.claims() as Record<string, unknown> | undefined;
  if (idClaims && typeof idClaims.email === 'string') return readClaims(idClaims);
  const info = await oidc.fetchUserInfo(config, tokens.access_token, String(idClaims?.sub ?? oidc.skipSubjectCheck)).catch(() => {
    throw new AppError(400, 'EXTERNAL_FAILED');
  });
  return readClaims(info as Record<string, unknown>);
}

/**
 * For clients that ran the flow themselves (SPEC §7 oauth-login): the access token is only trusted
 * once the provider's userinfo endpoint answers for it with the same subject.
 */
export async function claimsForAccessToken(federer: FedererClient, accessToken: string, subject: string): Promise<ExternalClaims> {
  const config = await configurationFor(federer).catch(() => {
    throw new AppError(502, 'EXTERNAL_UNAVAILABLE');
  });
  const info = await oidc.fetchUserInfo(config, accessToken, subject).catch(() => {
    throw new AppError(401, 'EXTERNAL_TOKEN_INVALID');
  });
  return readClaims(info as Record<string, unknown>, subject);
}
