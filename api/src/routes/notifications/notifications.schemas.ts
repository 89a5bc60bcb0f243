import { z } from '@hono/zod-openapi';

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

export const NotificationsMeta = z.object({
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  pages: z.number(),
  unread: z.number().openapi({ description: 'Unread notifications in the whole inbox' }),
});
