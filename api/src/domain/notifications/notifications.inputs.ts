import { z } from 'zod';

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const NotificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1).meta({ example: 1 }),
  perPage: z.coerce.number().int().min(1).max(100).default(20).meta({ example: 20 }),
  unread: boolParam.default(false).meta({ type: 'boolean', description: 'Only the new (unread) ones' }),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;
