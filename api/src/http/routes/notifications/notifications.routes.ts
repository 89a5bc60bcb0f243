import { NotificationsMeta } from '@autoroute/contract/notifications';
import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../../../core/errors.ts';
import type { Principal } from '../../../domain/auth/principal.data.ts';
import { NotificationsQuery } from '../../../domain/notifications/notifications.inputs.ts';
import * as notifications from '../../../domain/notifications/notifications.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { Notification } from './notifications.schemas.ts';

const tags = ['Notifications'];
const signedOut = failure('Not signed in');
const unknown = failure('NOTIFICATION_NOT_FOUND: no such notification in your inbox');
const Counted = jsonContent(z.object({ data: z.object({ count: z.number() }), meta: z.object({ unread: z.number() }) }));

export const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'My inbox, newest first',
  middleware: requireUser(),
  request: { query: NotificationsQuery },
  responses: {
    200: { description: 'A page of notifications', ...jsonContent(z.object({ data: z.array(Notification), meta: NotificationsMeta })) },
    401: signedOut,
    422: failure('Invalid query'),
  },
});

export const readRoute = createRoute({
  method: 'patch',
  path: '/{id}/read',
  tags,
  summary: 'Mark one notification read',
  middleware: requireUser(),
  request: { params: IdParam },
  responses: {
    200: {
      description: 'The notification, now read',
      ...jsonContent(z.object({ data: Notification, meta: z.object({ unread: z.number() }) })),
    },
    401: signedOut,
    404: unknown,
  },
});

export const readAllRoute = createRoute({
  method: 'post',
  path: '/read-all',
  tags,
  summary: 'Mark every notification read',
  middleware: requireUser(),
  responses: { 200: { description: 'How many were marked', ...Counted }, 401: signedOut },
});

export const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Delete one notification',
  middleware: requireUser(),
  request: { params: IdParam },
  responses: { 200: { description: 'Deleted', ...Counted }, 401: signedOut, 404: unknown },
});

export const deleteAllRoute = createRoute({
  method: 'delete',
  path: '/',
  tags,
  summary: 'Delete every notification',
  middleware: requireUser(),
  responses: { 200: { description: 'How many were deleted', ...Counted }, 401: signedOut },
});

/** The signed-in caller's id (every route here is behind requireUser). */
function userId(principal: Principal | null): number {
  if (!principal) throw new AppError(401, 'UNAUTHORIZED');
  return principal.userId;
}

/** The inbox (SPEC §2 /notifications/, §4): list, mark one or all read, delete one or all. */
export function notificationsRoutes(deps: Deps) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await notifications.listNotifications(deps.db, userId(c.get('principal')), c.req.valid('query')), 200),
    )
    .openapi(readAllRoute, async (c) => c.json(await notifications.markAllRead(deps.db, userId(c.get('principal'))), 200))
    .openapi(readRoute, async (c) =>
      c.json(await notifications.markRead(deps.db, userId(c.get('principal')), c.req.valid('param').id), 200),
    )
    .openapi(deleteAllRoute, async (c) => c.json(await notifications.deleteAll(deps.db, userId(c.get('principal'))), 200))
    .openapi(deleteRoute, async (c) =>
      c.json(await notifications.deleteOne(deps.db, userId(c.get('principal')), c.req.valid('param').id), 200),
    );
}
