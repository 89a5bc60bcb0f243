import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ErrorEnvelope as Envelope } from '@autoroute/contract/errors';
import { type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import { ACCESS, ACCESS_COOKIE, type Access, type Guard } from './middleware/auth.ts';
import { MAX_SKEW_MS } from './middleware/signature.ts';

/**
 * Names a schema in the API document, the one way to (a schema of `@autoroute/contract` or the
 * API's own): a component `name`, which every schema holding it refers to. The contract declares plain zod for every client; `.openapi(name)`
 * would name a copy, and the contract's own schemas that nest it (a listing's pictures) would still
 * write it out in full. This names the contract's own instance, so they refer to it. A schema the
 * contract made by extending a named one says so with `extends`, and the document writes only what
 * it adds (`allOf`), as `.extend` on a named schema does.
 */
export function named<T extends z.ZodType>(schema: T, name: string, options: { extends?: z.ZodObject } = {}): T {
  const parent = options.extends;
  const current = zodToOpenAPIRegistry.get(schema);
  const parentName = parent && zodToOpenAPIRegistry.get(parent)?._internal?.refId;
  if (parent && !parentName) throw new Error(`${name} extends a schema with no name in the API document`);
  const extendedFrom = parent && parentName ? { extendedFrom: { refId: parentName, schema: parent } } : {};
  zodToOpenAPIRegistry.add(schema, { ...current, _internal: { ...current?._internal, ...extendedFrom, refId: name } });
  return schema;
}

/** The error envelope every failure answers (@autoroute/contract/errors), named `Error` in the API document. */
export const ErrorEnvelope = named(Envelope, 'Error');

/** A JSON response or body of this schema, for route declarations. */
export const jsonContent = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { ...jsonContent(schema), required: true } });

/** An error response in the envelope, described by its codes. */
export const failure = (description: string) => ({ description, ...jsonContent(ErrorEnvelope) });

/** A database id in the path (`/{id}`): a positive integer that fits the column. */
export const IdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2147483647)
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

/*
 * The document's cross-cutting parts, derived from what is really mounted rather than written on
 * each of 200 routes: who may call an operation (the guards in its `middleware`, read from their
 * ACCESS mark), the request signature (the app's exemption list), and the error answers the
 * middleware in front of every route can give. `documentOperations` applies them once, in createApp,
 * after every router is mounted; a route's own declaration (a `security`, an `operationId`, a
 * response of the same status) is kept, and a standard code is added to the description it has.
 */

/** Where a route's declared middleware is kept for the document (set by createRouter). */
export const ROUTE_MIDDLEWARE: unique symbol = Symbol('route middleware');

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The access token of a session (`security.accessToken` in the sign-in answer), for clients that are not browsers. Short-lived: `POST /api/v1/auth/access-token` renews it.',
  },
  accessCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_COOKIE,
    description: `The same access token in the httpOnly \`${ACCESS_COOKIE}\` cookie the sign-in sets for browsers.`,
  },
  requestSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description:
      'Base64 HMAC-SHA256 keyed with the site’s signing key (the `API_SIGNING_KEY` configuration, which the pages hand to browsers: integrity and replay hygiene, not a secret) of the raw request body, or of the `X-Timestamp` value when the request has no body (GET, an empty body) or a multipart body. `signatureHeaders(key, body)` in `contract/src/signature.ts` computes both headers. Checked with `X-Timestamp`; a missing, stale or wrong pair answers 401 `BAD_SIGNATURE`.',
  },
  requestTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Timestamp',
    description: `The time of the request in milliseconds since 1970 (10 to 16 digits), within ${MAX_SKEW_MS / 60_000} minutes of the server's clock; signed in \`X-Signature\` when the request has no body.`,
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The `METRICS_TOKEN` configuration, when set (otherwise `/metrics` answers loopback clients only).',
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: 'Stripe’s own signature of the raw body, made with the webhook’s signing secret.',
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
type Requirement = Partial<Record<SchemeName, string[]>>;

/** The signature every signed request carries, whoever the caller is. */
const SIGNED: Requirement = { requestSignature: [], requestTimestamp: [] };

/** The error codes middleware in front of the routes answers, by status, with what each means. */
const STANDARD = {
  MALFORMED_JSON: { status: 400, text: 'the body is not valid JSON' },
  BAD_SIGNATURE: { status: 401, text: 'X-Signature or X-Timestamp is missing, more than 5 minutes off, or does not match' },
  UNAUTHORIZED: { status: 401, text: 'not signed in, or the session has ended' },
  EMAIL_NOT_VERIFIED: { status: 402, text: 'the account’s email address is not verified yet' },
  FORBIDDEN: { status: 403, text: 'the caller lacks the permission' },
  CROSS_SITE_REQUEST: { status: 403, text: 'a write whose Origin is another site' },
  NOT_FOUND: { status: 404, text: 'no record has this id' },
  PAYLOAD_TOO_LARGE: { status: 413, text: 'the body is over 1 MB' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, text: 'the body is not of the declared media type' },
  VALIDATION_FAILED: { status: 422, text: 'a parameter or field is invalid: `details` says which and why' },
  TOO_MANY_REQUESTS: { status: 429, text: 'over the attempts allowed; Retry-After says in how many seconds to try again' },
} as const;

/** The header a rate limit's 429 carries (core/limiters.ts). */
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds until the limit lets the caller try again', schema: { type: 'integer' } } };
type StandardCode = keyof typeof STANDARD;

/** What the guards among a route's middleware ask of the caller, or null when none is mounted. */
function accessOf(middleware: unknown): Access | null {
  const guards = (Array.isArray(middleware) ? middleware : [middleware]).flatMap((m) =>
    m && typeof m === 'function' && ACCESS in m ? [(m as Guard)[ACCESS]] : [],
  );
  if (guards.length === 0) return null;
  const permissions = guards.flatMap((g) => g.permissions ?? []);
  return { permissions, any: guards.some((g) => g.any), verifiedEmail: guards.some((g) => g.verifiedEmail) };
}

/** The security alternatives of a guarded route: the bearer token or the cookie, with its permissions as roles. */
function securityOf(access: Access): Requirement[] {
  const permissions = access.permissions ?? [];
  const roleSets = access.any && permissions.length > 1 ? permissions.map((p) => [p]) : [[...permissions]];
  return roleSets.flatMap((roles) => [{ bearerAuth: roles }, { accessCookie: roles }]);
}

type Responses = RouteConfig['responses'];

/** The responses with this standard code added: a new response, or the code added to the one of its status. */
function withCode(responses: Responses, code: StandardCode): Responses {
  const { status, text } = STANDARD[code];
  const line = `${code}: ${text}`;
  const existing = responses[status];
  const headers = code === 'TOO_MANY_REQUESTS' ? { headers: RETRY_AFTER } : {};
  if (!existing) return { ...responses, [status]: { ...failure(line), ...headers } };
  if (!('description' in existing)) return responses;
  // A route's own 404 names its own code (VEHICLE_NOT_FOUND): NOT_FOUND is not answered there.
  const description =
    code === 'NOT_FOUND' || existing.description?.includes(code) ? existing.description : `${existing.description}; ${line}`;
  return { ...responses, [status]: { ...existing, description, ...headers } };
}

const isJsonBody = (route: RouteConfig) => Object.keys(route.request?.body?.content ?? {}).some((type) => /json/i.test(type));
const BODILESS = new Set(['get', 'head', 'options']);

/** `GET /api/v1/admin/users/{id}` → `getAdminUsersById`: unique as its method and path are, and stable. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      return (param ? ['by', param] : [segment]).flatMap((s) => s.split(/[-_.]/));
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** The description of each tag an operation carries; the back office's resources share one. */
function tagDescription(tag: string): string {
  const own: Record<string, string> = {
    System: 'Health, readiness, metrics and what every page of the site shows',
    Auth: 'Signing up and in, one-time codes, passwords, tokens and federated sign-in (SPEC §4, §7)',
    Pages: 'The content pages (terms, privacy, about…) in the request language',
    User: 'A member’s account, providers and notification settings, and the storefront’s configuration',
    Billing: 'Plans, subscriptions and payments',
    Vehicles: 'Searching, reading and publishing listings, and a member’s likes, favourites and messages to sellers',
    Me: 'The signed-in member’s own listings, favourites and likes',
    Notifications: 'The signed-in member’s notifications',
    Support: 'Requests to the site’s support',
    Reports: 'Reports of illegal or misleading listings, sellers and messages (EU Digital Services Act art. 16)',
    Pictures: 'Uploading and deleting listing pictures',
    Admin: 'The back office: its dashboard and scheduled jobs',
  };
  const resource = /^Admin: (.+)$/.exec(tag)?.[1];
  return (
    own[tag] ??
    (resource ? `Back office: ${resource}, in the ra-data-simple-rest contract (DESIGN §2a), each action behind its admin permission` : tag)
  );
}

/**
 * Completes every route declared in the app's registry (see the note above) and registers the
 * security schemes. `isUnsigned` is the app's own list of paths the request signature skips.
 */
export function documentOperations(registry: OpenAPIHono['openAPIRegistry'], isUnsigned: (path: string) => boolean) {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent('securitySchemes', name, scheme);
  for (const def of registry.definitions) {
    if (def.type !== 'route') continue;
    const route = def.route as RouteConfig & { [ROUTE_MIDDLEWARE]?: unknown };
    const signed = !isUnsigned(route.path);
    const access = accessOf(route[ROUTE_MIDDLEWARE]);
    const codes: StandardCode[] = [];
    if (isJsonBody(route)) codes.push('MALFORMED_JSON', 'UNSUPPORTED_MEDIA_TYPE');
    if (signed) codes.push('BAD_SIGNATURE');
    if (access) codes.push('UNAUTHORIZED');
    if (access?.verifiedEmail) codes.push('EMAIL_NOT_VERIFIED');
    if (access?.permissions?.length) codes.push('FORBIDDEN');
    if (!BODILESS.has(route.method)) codes.push('CROSS_SITE_REQUEST');
    // An id that parses can still name no record; a fixed one (the settings' `site`) cannot.
    if (/\{id\}/.test(route.path) && route.request?.params?.safeParse({ id: '1' }).success) codes.push('NOT_FOUND');
    if (route.request?.body) codes.push('PAYLOAD_TOO_LARGE');
    const { params, query, body, headers, cookies } = route.request ?? {};
    if (params || query || body || headers || cookies) codes.push('VALIDATION_FAILED');
    // Rate limits are counted in the services: a route that has one declares its 429.
    if (route.responses[429]) codes.push('TOO_MANY_REQUESTS');
    let responses = route.responses;
    for (const code of codes) responses = withCode(responses, code);
    let security = (route.security as Requirement[] | undefined) ?? (access ? securityOf(access) : []);
    if (signed) security = security.length ? security.map((r) => ({ ...SIGNED, ...r })) : [SIGNED];
    def.route = {
      ...route,
      operationId: route.operationId ?? operationIdOf(route.method, route.path),
      security,
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
    };
  }
}

/** The document's `tags`: each one an operation carries, with its description. */
export function documentTags(registry: OpenAPIHono['openAPIRegistry']) {
  const names = new Set(registry.definitions.flatMap((def) => (def.type === 'route' ? (def.route.tags ?? []) : [])));
  return [...names].map((name) => ({ name, description: tagDescription(name) }));
}
