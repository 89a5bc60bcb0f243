import { createHash, timingSafeEqual } from 'node:crypto';
import { migrationStatus } from '@autoroute/db';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { dependencyFailed } from '../../../core/dependencies.ts';
import { AppError } from '../../../core/errors.ts';
import { clientAddress, fromTrustedProxy } from '../../../core/request.ts';
import { pingDatabase } from '../../../domain/health/health.data.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { failure, jsonContent } from '../../openapi.ts';
import { peerAddress } from '../../request.ts';
import { createRouter } from '../../router.ts';

/** A database slower than this is as good as down to a load balancer. */
const READY_TIMEOUT_MS = 2000;

const NO_STORE = { 'Cache-Control': 'no-store' };

export const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['System'],
  summary: 'Liveness: the process answers (no database call)',
  responses: {
    200: { description: 'Alive', ...jsonContent(z.object({ status: z.literal('ok') })) },
  },
});

const Readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable', 'timeout', 'unchecked']),
  // ahead: a newer release migrated the database (unknownMigrations); this process serves on, not ready.
  migrations: z.enum(['ok', 'pending', 'ahead', 'missing', 'unchecked']),
  draining: z.boolean(),
  pendingMigrations: z.array(z.string()),
  unknownMigrations: z.array(z.string()),
  reason: z.string().optional(),
});
type Readiness = z.infer<typeof Readiness>;

export const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  tags: ['System'],
  summary: 'Readiness: the database answers, has every migration of this release and none newer, the process is not shutting down',
  responses: {
    200: { description: 'Ready for traffic', ...jsonContent(Readiness) },
    503: { description: 'Not ready: the body says why', ...jsonContent(Readiness) },
  },
});

const metrics = createRoute({
  method: 'get',
  path: '/metrics',
  tags: ['System'],
  summary: 'Prometheus metrics (METRICS_TOKEN bearer when set, else loopback clients only)',
  // The token when METRICS_TOKEN is set; without it, none (the client's address decides).
  security: [{ metricsToken: [] }, {}],
  responses: {
    200: { description: 'Prometheus text format', content: { 'text/plain': { schema: z.string() } } },
    401: failure('METRICS_TOKEN_REQUIRED: METRICS_TOKEN is set and the bearer token is not it'),
    403: failure('METRICS_LOCAL_ONLY: no METRICS_TOKEN is set and the client is not on this machine'),
  },
});

const timedOut = Symbol('timed out');
async function within<T>(ms: number, work: Promise<T>): Promise<T | typeof timedOut> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function readiness(deps: Deps): Promise<Readiness> {
  const state: Readiness = {
    status: 'unavailable',
    database: 'unchecked',
    migrations: 'unchecked',
    draining: false,
    pendingMigrations: [],
    unknownMigrations: [],
  };
  if (deps.lifecycle.draining) return { ...state, draining: true, reason: 'The server is shutting down.' };
  const seconds = READY_TIMEOUT_MS / 1000;
  try {
    // One query answers both: the database is up, and what it has applied. A query of one small
    // table: cheap enough for every probe, and a database migrated a moment ago shows at once.
    const status = await within(READY_TIMEOUT_MS, migrationStatus(deps.db));
    if (status === timedOut) {
      dependencyFailed(deps.metrics, deps.log, 'database', new Error(`no answer to /readyz within ${seconds} s`));
      return { ...state, database: 'timeout', reason: `The database did not answer within ${seconds} s.` };
    }
    if (status.unknown.length) {
      return {
        ...state,
        database: 'ok',
        migrations: 'ahead',
        pendingMigrations: status.pending,
        unknownMigrations: status.unknown,
        reason: `The database is ahead of this release: ${status.unknown.length} migration(s) unknown to it (${status.unknown.join(', ')}); a newer release has migrated it.`,
      };
    }
    if (status.pending.length) {
      return {
        ...state,
        database: 'ok',
        migrations: 'pending',
        pendingMigrations: status.pending,
        reason: `${status.pending.length} migration(s) of this version are not applied to the database.`,
      };
    }
    return { ...state, status: 'ready', database: 'ok', migrations: 'ok' };
  } catch (err) {
    // The migration table could not be read: a database that answers was never migrated.
    const up = await within(READY_TIMEOUT_MS, pingDatabase(deps.db)).then(
      (r) => r !== timedOut,
      () => false,
    );
    if (!up) dependencyFailed(deps.metrics, deps.log, 'database', err);
    else deps.log.warn({ err }, 'readiness check failed');
    return up
      ? { ...state, database: 'ok', migrations: 'missing', reason: 'The database has no migration table: it was never migrated.' }
      : { ...state, database: 'unreachable', reason: 'The database does not answer.' };
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/**
 * With METRICS_TOKEN, its bearer; without, loopback clients only, by the address the rate limits
 * see (core/request.ts: clientAddress). A loopback address that still has X-Forwarded-For entries
 * left of it is a local proxy nobody vouched for: whoever is behind it is unknown, so it is refused.
 */
function mayReadMetrics(c: Context<AppEnv>, deps: Deps): void {
  const token = deps.config.metricsToken;
  if (token) {
    const given = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) {
      throw new AppError(401, 'METRICS_TOKEN_REQUIRED', {}, undefined, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    return;
  }
  // No socket at all: an in-process app.request(), which only the process itself can make.
  const { ip, unvouched } = clientAddress(peerAddress(c), c.req.header('x-forwarded-for'), deps.config.trustProxy);
  const forwarded = unvouched || (c.req.header('forwarded') !== undefined && !fromTrustedProxy(peerAddress(c), deps.config.trustProxy));
  if ((ip !== 'local' && !isLoopback(ip)) || forwarded) throw new AppError(403, 'METRICS_LOCAL_ONLY');
}

/** Unsigned probes at the root for load balancers and Prometheus (DESIGN §1, §2a). */
export function probesRoutes(deps: Deps) {
  return createRouter()
    .openapi(healthz, (c) => c.json({ status: 'ok' as const }, 200, NO_STORE))
    .openapi(readyz, async (c) => {
      const state = await readiness(deps);
      return state.status === 'ready' ? c.json(state, 200, NO_STORE) : c.json(state, 503, NO_STORE);
    })
    .openapi(metrics, async (c) => {
      mayReadMetrics(c, deps);
      const { registry } = deps.metrics;
      return c.text(await registry.metrics(), 200, { ...NO_STORE, 'Content-Type': registry.contentType });
    });
}
