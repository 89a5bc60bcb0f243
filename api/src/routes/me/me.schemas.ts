import { z } from '@hono/zod-openapi';

/**
 * What is the signed-in visitor's own on a page every visitor shares (docs/decisions/024-page-cache.md):
 * the header's name, premium badge and unread count, and, on a vehicle's page, their marks on it.
 */
export const PersonalFragment = z
  .object({
    firstName: z.string(),
    premium: z.boolean(),
    unread: z.number().int(),
    messages: z.number().int().openapi({ description: 'Unread messages over all my conversations (issue 17)' }),
    vehicle: z
      .object({ id: z.number().int(), liked: z.boolean(), favorite: z.boolean(), own: z.boolean() })
      .nullable()
      .openapi({ description: 'The visitor on the vehicle asked for; null when none was asked for or it does not exist' }),
  })
  .openapi('PersonalFragment');
