import type { Principal } from '../../auth/principal.ts';
import { createRouter, type Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { deleteAllRoute, deleteRoute, listRoute, readAllRoute, readRoute } from './notifications.schemas.ts';
import * as notifications from './notifications.service.ts';

/** The signed-in caller's id (every route here is behind requireUser). */
function userId(principal: Principal | null): number {
  if (!principal) throw new AppError(401, 'UNAUTHORIZED');
  return principal.userId;
}

/** The inbox (SPEC §2 /notifications/, §4): list, mark one or all read, delete one or all. */
export function notificationsRoutes(deps: Deps) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await notifications.listNotifications(deps, userId(c.get('principal')), c.req.valid('query')), 200),
    )
    .openapi(readAllRoute, async (c) => c.json(await notifications.markAllRead(deps, userId(c.get('principal'))), 200))
    .openapi(readRoute, async (c) => c.json(await notifications.markRead(deps, userId(c.get('principal')), c.req.valid('param').id), 200))
    .openapi(deleteAllRoute, async (c) => c.json(await notifications.deleteAll(deps, userId(c.get('principal'))), 200))
    .openapi(deleteRoute, async (c) =>
      c.json(await notifications.deleteOne(deps, userId(c.get('principal')), c.req.valid('param').id), 200),
    );
}
