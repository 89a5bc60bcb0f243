import { siteRedirect } from '@autoroute/contract/redirect';
import { ExternalProvider } from '@autoroute/contract/user';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { AppError } from '../../../core/errors.ts';
import { signInExternal } from '../../../domain/auth/external.service.ts';
import { beginSignIn, callbackUrl, completeSignIn, type PendingFlow } from '../../../domain/auth/federation.ts';
import { findFederer, listFederers } from '../../../domain/auth/federers.data.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { setSessionCookies } from '../../cookies.ts';
import { jsonContent } from '../../openapi.ts';
import { isHttps, requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';

/** The browser keeps the flow's secrets (state, nonce, PKCE verifier) in a signed cookie for ten minutes. */
const FLOW_COOKIE = 'EXTERNAL_FLOW';
const FLOW_PATH = '/api/v1/auth/external';
const FLOW_SECONDS = 600;

interface FlowCookie extends PendingFlow {
  federer: string;
  redirect: string;
  expires: number;
}

const Code = z.object({ code: z.string().min(1).max(60).openapi({ description: 'The federer code', example: 'google' }) });
const tags = ['Auth'];

export const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The federers one can sign in with (SPEC §2 /external/)',
  responses: {
    200: { description: 'Federers', ...jsonContent(z.object({ data: z.array(ExternalProvider) })) },
  },
});
const startRoute = createRoute({
  method: 'get',
  path: '/{code}',
  tags,
  summary:
    'Start signing in with a federer: redirects to it (OpenID Connect, authorization code with PKCE). A browser navigation, unsigned.',
  request: { params: Code, query: z.object({ redirect: z.string().max(500).optional() }) },
  responses: { 302: { description: 'To the provider, or to /external/error?code=…' } },
});
const callbackRoute = createRoute({
  method: 'get',
  path: '/{code}/callback',
  tags,
  summary: 'Where the provider sends the browser back: signs in and redirects to /external/success, or /external/error?code=…',
  request: { params: Code },
  responses: { 302: { description: 'To /external/success or /external/error' } },
});

export function externalRoutes(deps: Deps, secret: () => Promise<string>) {
  const failed = (c: Context<AppEnv>, error: unknown) => {
    const code = error instanceof AppError ? error.code : 'EXTERNAL_FAILED';
    if (!(error instanceof AppError)) (c.get('log') ?? deps.log).warn({ err: error }, 'federated sign-in failed');
    return c.redirect(`/external/error?code=${encodeURIComponent(code)}`, 302);
  };

  return createRouter()
    .openapi(listRoute, async (c) => c.json({ data: await listFederers(deps.db) }, 200))
    .openapi(startRoute, async (c) => {
      const { code } = c.req.valid('param');
      try {
        const federer = await findFederer(deps.db, code);
        if (!federer) throw new AppError(404, 'FEDERER_NOT_FOUND');
        const { url, flow } = await beginSignIn(federer, callbackUrl(deps.config.publicUrl, federer.code));
        const cookie: FlowCookie = {
          ...flow,
          federer: federer.code,
          // Only a path on this site, by the one check of redirects the pages use too.
          redirect: siteRedirect(c.req.valid('query').redirect, deps.config.publicUrl),
          expires: Date.now() + FLOW_SECONDS * 1000,
        };
        await setSignedCookie(c, FLOW_COOKIE, JSON.stringify(cookie), await secret(), {
          httpOnly: true,
          sameSite: 'Lax',
          secure: isHttps(c, deps.config),
          path: FLOW_PATH,
          maxAge: FLOW_SECONDS,
        });
        return c.redirect(url, 302);
      } catch (error) {
        return failed(c, error);
      }
    })
    .openapi(callbackRoute, async (c) => {
      const { code } = c.req.valid('param');
      const raw = await getSignedCookie(c, await secret(), FLOW_COOKIE);
      deleteCookie(c, FLOW_COOKIE, { path: FLOW_PATH });
      try {
        const info = requestInfo(c, deps.config.trustProxy);
        await deps.limiters.consume('loginPerIp', info.ip);
        let flow: FlowCookie | null = null;
        try {
          flow = raw ? (JSON.parse(raw) as FlowCookie) : null;
        } catch {}
        if (!flow || flow.federer !== code || flow.expires < Date.now()) throw new AppError(400, 'EXTERNAL_STATE');
        const federer = await findFederer(deps.db, code);
        if (!federer) throw new AppError(404, 'FEDERER_NOT_FOUND');
        // The provider redirected to our public callback address: the exchange must name it exactly.
        const current = new URL(callbackUrl(deps.config.publicUrl, federer.code));
        current.search = new URL(c.req.url).search;
        const claims = await completeSignIn(federer, current, flow);
        const result = await signInExternal(deps, await secret(), federer, claims, info);
        setSessionCookies(c, deps.config, result.security, false);
        return c.redirect(`/external/success?redirect=${encodeURIComponent(siteRedirect(flow.redirect, deps.config.publicUrl))}`, 302);
      } catch (error) {
        return failed(c, error);
      }
    });
}
