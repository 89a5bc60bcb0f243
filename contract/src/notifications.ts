import { z } from 'zod';

/** SPEC §3 Notification: from (sender), vehicle, email, phone, message, read or new. */
export const Notification = z.object({
  id: z.number(),
  kind: z.string().meta({ example: 'contact' }),
  from: z.object({ name: z.string().nullable(), userId: z.number().nullable() }),
  vehicle: z.object({ id: z.number(), title: z.string() }).nullable().meta({ description: 'Null once the listing is deleted' }),
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
    .meta({ description: 'The conversation a contact or a new message belongs to (issue 17), where to answer' }),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsMeta = z.object({
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  pages: z.number(),
  unread: z.number().meta({ description: 'Unread notifications in the whole inbox' }),
});

/** GET /user/{id}/notifications: a page of the inbox. */
export interface NotificationList {
  data: Notification[];
  meta: z.infer<typeof NotificationsMeta>;
}
