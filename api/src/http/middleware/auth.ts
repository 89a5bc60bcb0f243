import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../core/errors.ts';
import { fromTrustedProxy, type TrustProxy } from '../../core/request.ts';
import { loadAccess } from '../../domain/auth/principal.data.ts';
import { findLiveSession } from '../../domain/auth/sessions.data.ts';
import { readAccessToken } from '../../domain/auth/tokens.ts';
import type { AppEnv, Deps } from '../context.ts';
import { peerAddress } from '../request.ts';

export const ACCESS_COOKIE = 'ACCESS_TOKEN';
export const REFRESH_COOKIE = 'REFRESH_TOKEN';
export const SESSION_COOKIE = 'SESSION';

/**
 * What a guard below asks of the caller, kept on the guard itself: the API document reads it from
 * each route's middleware to declare the operation's security and its 401/402/403 answers
 * (openapi.ts), so the document says what the mounted middleware really does.
 */
export interface Access {
  /** Permissions of SPEC §6: all of them, or (with `any`) at least one. */
  permissions?: readonly string[];
  any?: boolean;
  verifiedEmail?: boolean;
}
export const ACCESS: unique symbol = Symbol('access');
export type Guard = MiddlewareHandler<AppEnv> & { [ACCESS]: Access };
const guard = (handler: MiddlewareHandler<AppEnv>, access: Access): Guard => Object.assign(handler, { [ACCESS]: access });

/**
 * Reads the access token (Authorization: Bearer, else the httpOnly cookie) and, when its session is
 * still live and its user active, sets the principal. Checking the session on each request is what
 * makes "log out of all devices" and suspension take effect at once.
 */
export const authenticate = (deps: Deps, secret: () => Promise<string>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('principal', null);
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    const token = bearer ?? getCookie(c, ACCESS_COOKIE);
    if (token) {
      const claims = await readAccessToken(await secret(), token);
      const live = claims && (await findLiveSession(deps.db, claims.sessionId, claims.userId));
      if (claims && live) {
        const access = await loadAccess(deps.db, claims.userId);
        c.set('principal', {
          userId: claims.userId,
          sessionId: claims.sessionId,
          ...access,
          emailVerified: Boolean(live.email_verified_at),
        });
      }
    }
    await next();
  });

/** 401 when nobody is signed in. */
export const requireUser = () =>
  guard(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!c.get('principal')) throw new AppError(401, 'UNAUTHORIZED');
      await next();
    }),
    {},
  );

/** 401 when signed out, 403 without the permission (SPEC §6: `admin.{resource}.{action}` or an action name). */
export const requirePermission = (permission: string) =>
  guard(
    createMiddleware<AppEnv>(async (c, next) => {
      const principal = c.get('principal');
      if (!principal) throw new AppError(401, 'UNAUTHORIZED');
      if (!principal.permissions.includes(permission)) throw new AppError(403, 'FORBIDDEN');
      await next();
    }),
    { permissions: [permission] },
  );

/** 401 when signed out, 403 unless the caller holds at least one of these permissions. */
export const requireAnyPermission = (permissions: readonly string[]) =>
  guard(
    createMiddleware<AppEnv>(async (c, next) => {
      const principal = c.get('principal');
      if (!principal) throw new AppError(401, 'UNAUTHORIZED');
      if (!permissions.some((p) => principal.permissions.includes(p))) throw new AppError(403, 'FORBIDDEN');
      await next();
    }),
    { permissions, any: true },
  );

/** 402 for actions that need a verified address (SPEC §8: publishing, paying). */
export const requireVerifiedEmail = () =>
  guard(
    createMiddleware<AppEnv>(async (c, next) => {
      const principal = c.get('principal');
      if (!principal) throw new AppError(401, 'UNAUTHORIZED');
      if (!principal.emailVerified) throw new AppError(402, 'EMAIL_NOT_VERIFIED');
      await next();
    }),
    { verifiedEmail: true },
  );

/**
 * Cookie-authenticated writes from another site are refused (SameSite=Lax is the first guard; this
 * is the second): an unsafe method whose Origin is not ours answers 403 CROSS_SITE_REQUEST.
 */
export const sameOrigin = (publicUrl: string, trustProxy: TrustProxy) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && c.env?.inProcess !== true) {
      const origin = c.req.header('origin');
      if (origin && origin !== 'null') {
        // X-Forwarded-Host is anyone's to send unless a trusted proxy (the peer, hop 0) sets it.
        const host = (fromTrustedProxy(peerAddress(c), trustProxy) && c.req.header('x-forwarded-host')) || c.req.header('host');
        let originHost = '';
        try {
          originHost = new URL(origin).host;
        } catch {}
        if (originHost !== host && origin !== new URL(publicUrl).origin) throw new AppError(403, 'CROSS_SITE_REQUEST');
      } else if (origin === 'null') {
        throw new AppError(403, 'CROSS_SITE_REQUEST');
      }
    }
    await next();
  });
