import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';
import type { AppEnv } from '../context.ts';

const VALID_ID = /^[\w.-]{8,128}$/;

/** The request's id: the caller's X-Request-Id when it is sane, else a new one. */
export const requestIdOf = (incoming: string | undefined): string => (incoming && VALID_ID.test(incoming) ? incoming : randomUUID());

/** Gives each request an id (kept from X-Request-Id when sane), a child logger, and one log line when it ends. */
export const requestContext = (log: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const requestId = requestIdOf(c.req.header('x-request-id'));
    const child = log.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', child);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const entry = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) child.error(entry, 'request failed');
    else child.info(entry, 'request');
  });
