import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError } from '../core/errors.ts';
import { localizeIssues } from '../core/validation.ts';
import type { AppEnv } from './context.ts';
import { ROUTE_MIDDLEWARE } from './openapi.ts';

/**
 * A router whose validation failures become our localized 422 envelope. Each route declared on it
 * keeps its middleware on its declaration, where the API document reads who may call it
 * (openapi.ts: documentOperations).
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        throw new AppError(422, 'VALIDATION_FAILED', {}, localizeIssues(result.error.issues, c.get('t')));
      }
    },
  });
  type Declared = { middleware?: unknown; [ROUTE_MIDDLEWARE]?: unknown };
  const declare = router.openapi as (route: Declared, ...rest: unknown[]) => unknown;
  router.openapi = ((route: Declared, ...rest: unknown[]) =>
    declare({ ...route, [ROUTE_MIDDLEWARE]: route.middleware }, ...rest)) as typeof router.openapi;
  return router;
}
