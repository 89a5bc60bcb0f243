import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const NotificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1).openapi({ example: 1 }),
  perPage: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
  unread: boolParam.default(false).openapi({ type: 'boolean', description: 'Only the new (unread) ones' }),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** SPEC §3 Notification: from (sender), vehicle, email, phone, message, read or new. */
export const Notification = z
  .object({
    id: z.number(),
    kind: z.string().openapi({ example: 'contact' }),
    from: z.object({ name: z.string().nullable(), userId: z.number().nullable() }),
    vehicle: z.object({ id: z.number(), title: z.string() }).nullable().openapi({ description: 'Null once the listing is deleted' }),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    message: z.string(),
    read: z.boolean(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
    conversationId: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The conversation a contact or a new message belongs to (issue 17), where to answer' }),
  })
  .openapi('Notification');

const NotificationsMeta = z.object({
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  pages: z.number(),
  unread: z.number().openapi({ description: 'Unread notifications in the whole inbox' }),
});

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
