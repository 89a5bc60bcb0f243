import { Notification as ContractNotification } from '@autoroute/contract/notifications';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const NotificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1).openapi({ example: 1 }),
  perPage: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
  unread: boolParam.default(false).openapi({ type: 'boolean', description: 'Only the new (unread) ones' }),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** The inbox's answers (@autoroute/contract/notifications), named in the API document. */
export const Notification = named(ContractNotification, 'Notification');
