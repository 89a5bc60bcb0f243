import { z } from 'zod';

/** A page of a list a member reads (their listings, likes, messages…): 24 a page unless asked. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1).meta({ example: 1 }),
  perPage: z.coerce.number().int().min(1).max(100).default(24).meta({ example: 24 }),
});
export type PageQuery = z.infer<typeof PageQuery>;
