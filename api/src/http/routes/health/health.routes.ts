import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../../../core/errors.ts';
import { pingDatabase } from '../../../domain/health/health.data.ts';
import type { Deps } from '../../context.ts';
import { jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';

export const health = createRoute({
  method: 'get',
  path: '/',
  tags: ['System'],
  summary: 'Liveness and database reachability',
  responses: {
    200: {
      description: 'Up',
      ...jsonContent(z.object({ data: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }) })),
    },
  },
});

export function healthRoutes(deps: Deps) {
  return createRouter().openapi(health, async (c) => {
    try {
      await pingDatabase(deps.db);
    } catch {
      throw new AppError(503, 'SERVICE_UNAVAILABLE');
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { status: 'ok' as const, database: deps.dialect } }, 200);
  });
}
