import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { type Metrics, UNMATCHED } from '../../core/metrics.ts';
import type { AppEnv } from '../context.ts';

/**
 * Counts and times each request by the pattern of the route that answers it (`/api/v1/vehicles/:id`,
 * never the path with its ids), also when a middleware refused it first. In-process calls from the
 * storefront's pages are not HTTP requests: the page that made them is measured by the server.
 */
export const requestMetrics = (metrics: Metrics) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.env?.inProcess === true) return next();
    const started = performance.now();
    await next();
    metrics.request(c.req.method, routeOf(c), c.res.status, (performance.now() - started) / 1000);
  });

/** The pattern of the route that answered (`/api/v1/vehicles/:id`), or UNMATCHED when none did. */
export function routeOf(c: Context<AppEnv>): string {
  // Middleware is registered for ALL methods; the first route of the request's method is the one that answers.
  for (const r of matchedRoutes(c)) if (r.method !== 'ALL') return r.path;
  return UNMATCHED;
}
