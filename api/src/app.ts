import { DEFAULT_LOCALE } from '@autoroute/locales';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { dependencyFailed, failedDependency, RETRY_AFTER_SECONDS } from './core/dependencies.ts';
import { AppError, STATUS_CODES } from './core/errors.ts';
import { translator } from './core/i18n.ts';
import { HSTS, isServedMethod, SERVED_METHODS, servedOverHttps } from './core/request.ts';
import { loadAuthSecret } from './domain/auth/secret.data.ts';
import type { Deps } from './http/context.ts';
import { authenticate, sameOrigin } from './http/middleware/auth.ts';
import { compressJson } from './http/middleware/compress.ts';
import { language } from './http/middleware/language.ts';
import { requestMetrics } from './http/middleware/metrics.ts';
import { publicReads } from './http/middleware/public-reads.ts';
import { requestContext } from './http/middleware/request-id.ts';
import { requestSignature } from './http/middleware/signature.ts';
import { wroteMarker } from './http/middleware/wrote.ts';
import { documentOperations, documentTags } from './http/openapi.ts';
import { peerAddress } from './http/request.ts';
import { createRouter } from './http/router.ts';
import { adminRoutes } from './http/routes/admin/admin.routes.ts';
import { authRoutes } from './http/routes/auth/auth.routes.ts';
import { externalRoutes } from './http/routes/auth/external.routes.ts';
import { paymentsRoutes, plansRoutes } from './http/routes/billing/billing.routes.ts';
import { calendarsRoutes } from './http/routes/calendars/calendars.routes.ts';
import { conversationsRoutes, guestConversationsRoutes } from './http/routes/conversations/conversations.routes.ts';
import { docsRoutes } from './http/routes/docs/docs.routes.ts';
import { healthRoutes } from './http/routes/health/health.routes.ts';
import { meRoutes } from './http/routes/me/me.routes.ts';
import { notificationsRoutes } from './http/routes/notifications/notifications.routes.ts';
import { pagesRoutes } from './http/routes/pages/pages.routes.ts';
import { picturesRoutes } from './http/routes/pictures/pictures.routes.ts';
import { probesRoutes } from './http/routes/probes/probes.routes.ts';
import { bookingsRoutes } from './http/routes/rentals/bookings.routes.ts';
import { rentalsRoutes } from './http/routes/rentals/rentals.routes.ts';
import { reportsRoutes } from './http/routes/reports/reports.routes.ts';
import { reviewsRoutes } from './http/routes/reviews/reviews.routes.ts';
import { myTraderRoutes, sellersRoutes } from './http/routes/sellers/sellers.routes.ts';
import { siteRoutes } from './http/routes/site/site.routes.ts';
import { supportRoutes } from './http/routes/support/support.routes.ts';
import { unsubscribeRoutes } from './http/routes/unsubscribe/unsubscribe.routes.ts';
import { userRoutes } from './http/routes/user/user.routes.ts';
import { marketRoutes } from './http/routes/vehicles/market.routes.ts';
import { vehiclesRoutes } from './http/routes/vehicles/vehicles.routes.ts';

export const API_BASE = '/api/v1';

/** Paths a client cannot sign: probes, the API's own documents, and webhooks signed by their sender. */
const UNSIGNED = [
  /^\/(healthz|readyz|metrics)$/,
  /^\/api\/v1\/health\/?$/,
  /^\/api\/v1\/openapi\.json$/,
  /^\/api\/v1\/docs(\/|$)/,
  /^\/api\/v1\/payments\/stripe\/webhook$/,
  // A mail's unsubscribe link: opened from the mail, posted by the mail client (RFC 8058).
  /^\/api\/v1\/unsubscribe\/[^/]+$/,
  // Federated sign-in: the browser is sent there and back by redirects.
  /^\/api\/v1\/auth\/external\/[^/]+(\/callback)?$/,
  // A listing's iCal feed: read by other platforms' calendars, the secret in its URL is the proof.
  /^\/api\/v1\/calendars\/[^/]+\.ics$/,
];
const isUnsigned = (path: string) => UNSIGNED.some((r) => r.test(path));
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The policy of the API's own pages: their scripts, styles and pictures from here only (Swagger UI
 * sets inline styles and draws its icons from data: URLs), no plugin, no framing, forms posting here.
 */
const API_PAGE_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/** Builds the API with its middleware: the server and the tests use this same app. */
export function createApp(deps: Deps) {
  const app = createRouter();

  app.use('*', requestMetrics(deps.metrics));
  app.use('*', requestContext(deps.log));
  app.use('*', compressJson());
  // HSTS by the server's one rule (core/request.ts), not Hono's default: only over HTTPS.
  app.use('*', async (c, next) => {
    await next();
    if (servedOverHttps(deps.config.publicUrl, deps.config.trustProxy, peerAddress(c), c.req.header('x-forwarded-proto')))
      c.header('Strict-Transport-Security', HSTS);
  });
  // Every HTML answer of the API (the reference at /docs, the unsubscribe page) carries a policy:
  // JSON needs none, and a page without one would run whatever an injection slipped into it.
  app.use('*', async (c, next) => {
    await next();
    if (/^text\/html/i.test(c.res.headers.get('content-type') ?? '') && !c.res.headers.has('content-security-policy'))
      c.res.headers.set('Content-Security-Policy', API_PAGE_POLICY);
  });
  // Kept public reads are answered here, with the headers the rest of the chain gave them (public-reads.ts).
  app.use('*', publicReads(deps.publicReads, deps.config.signingKey));
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'same-origin', xFrameOptions: 'DENY', strictTransportSecurity: false }));
  app.use('*', language());
  app.use('*', async (c, next) => {
    if (!isServedMethod(c.req.method)) throw new AppError(405, 'METHOD_NOT_ALLOWED', {}, undefined, { Allow: SERVED_METHODS.join(', ') });
    await next();
  });
  // Probes answer before the signature, origin and session middleware: a load balancer signs nothing,
  // and /healthz must not touch the database (reading a session does).
  app.route('/', probesRoutes(deps));
  app.use(
    '*',
    // Picture uploads carry their own 5 MB limit (SPEC §9), counted by their route as they stream.
    // GET and HEAD carry no body: the limit is not asked whether they do, since asking makes the
    // Node adapter build a full Fetch Request (signal, streams), a tenth of a cheap request's time.
    except(
      (c) =>
        BODILESS.has(c.req.method) || (c.req.path === `${API_BASE}/pictures` && /^multipart\//i.test(c.req.header('content-type') ?? '')),
      bodyLimit({
        maxSize: 1024 * 1024,
        onError: () => {
          throw new AppError(413, 'PAYLOAD_TOO_LARGE');
        },
      }),
    ),
  );
  app.use('*', sameOrigin(deps.config.publicUrl, deps.config.trustProxy));
  app.use('*', requestSignature(deps.config.signingKey, isUnsigned));
  let secret: Promise<string> | null = null;
  const authSecret = () => {
    secret ??= loadAuthSecret(deps.db).catch((error) => {
      secret = null;
      throw error;
    });
    return secret;
  };
  app.use('*', authenticate(deps, authSecret));
  app.use('*', wroteMarker(deps.config));

  app.route(`${API_BASE}/health`, healthRoutes(deps));
  app.route(`${API_BASE}/auth`, authRoutes(deps, authSecret));
  app.route(`${API_BASE}/auth/external`, externalRoutes(deps, authSecret));
  app.route(`${API_BASE}/pages`, pagesRoutes(deps));
  app.route(`${API_BASE}/site`, siteRoutes(deps));
  app.route(`${API_BASE}/user`, userRoutes(deps));
  app.route(`${API_BASE}/plans`, plansRoutes(deps));
  app.route(`${API_BASE}/payments`, paymentsRoutes(deps));
  app.route(`${API_BASE}/vehicles`, vehiclesRoutes(deps));
  app.route(`${API_BASE}/price-check`, marketRoutes(deps));
  app.route(`${API_BASE}/me/trader`, myTraderRoutes(deps));
  app.route(`${API_BASE}/me`, meRoutes(deps));
  app.route(`${API_BASE}/notifications`, notificationsRoutes(deps));
  app.route(`${API_BASE}/conversations`, conversationsRoutes(deps));
  app.route(`${API_BASE}/guest-conversations`, guestConversationsRoutes(deps));
  app.route(`${API_BASE}/support`, supportRoutes(deps));
  app.route(`${API_BASE}/reports`, reportsRoutes(deps));
  app.route(`${API_BASE}/sellers`, sellersRoutes(deps));
  app.route(`${API_BASE}/reviews`, reviewsRoutes(deps));
  app.route(`${API_BASE}/rentals`, rentalsRoutes(deps));
  app.route(`${API_BASE}/bookings`, bookingsRoutes(deps));
  app.route(`${API_BASE}/calendars`, calendarsRoutes(deps));
  app.route(`${API_BASE}/unsubscribe`, unsubscribeRoutes(deps, authSecret));
  app.route(`${API_BASE}/pictures`, picturesRoutes(deps));
  app.route(`${API_BASE}/admin`, adminRoutes(deps));
  app.route(`${API_BASE}/docs`, docsRoutes());

  documentOperations(app.openAPIRegistry, isUnsigned);
  const publicUrl = deps.config.publicUrl.replace(/\/+$/, '');
  app.doc31(`${API_BASE}/openapi.json`, {
    openapi: '3.1.0',
    info: {
      title: 'Autoroute API',
      version: '1.0.0',
      description:
        'Every request carries `X-Timestamp` (milliseconds) and `X-Signature`: base64 HMAC-SHA256 of the raw body, or of the timestamp when there is no body or it is multipart (the `requestSignature` security scheme says how; probes, this document and webhooks are exempt). Errors answer `{ error, code, details? }` with the status and codes each operation lists.',
      license: { name: 'Proprietary: the site’s terms of use', url: `${publicUrl}/terms` },
      contact: { name: 'Autoroute support', url: `${publicUrl}/help-center/` },
    },
    // The paths carry their /api/v1 prefix: the server is the site's public address (PUBLIC_URL).
    servers: [{ url: publicUrl, description: 'This deployment (PUBLIC_URL)' }],
    tags: documentTags(app.openAPIRegistry),
  });

  app.notFound((c) => {
    throw new AppError(404, 'ROUTE_NOT_FOUND', { method: c.req.method, path: c.req.path });
  });

  app.onError((err, c) => {
    const t = c.get('t') ?? translator(DEFAULT_LOCALE);
    let error: AppError;
    if (err instanceof AppError) error = err;
    else if (err instanceof HTTPException) {
      // Hono's own 4xx: malformed JSON from a validator, a bad Content-Type, and the like.
      const status = err.status >= 400 && err.status < 500 ? err.status : 500;
      const code = status === 400 && /json/i.test(err.message) ? 'MALFORMED_JSON' : (STATUS_CODES[status] ?? 'BAD_REQUEST');
      error = new AppError(status, code);
    } else if (failedDependency(err)) {
      // A dependency down or too slow is no fault of the request: try again shortly, maybe on another process.
      dependencyFailed(deps.metrics, c.get('log') ?? deps.log, failedDependency(err)!, err);
      error = new AppError(503, 'SERVICE_UNAVAILABLE', {}, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    } else {
      (c.get('log') ?? deps.log).error({ err }, 'unhandled error');
      error = new AppError(500, 'INTERNAL');
    }
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    const body: Record<string, unknown> = { error: t(`errors.${error.code}`, error.params), code: error.code };
    if (error.details) body.details = error.details;
    return c.json(body, error.status);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
