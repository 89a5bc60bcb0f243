import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';
import { ContactBody as DomainContactBody } from '../../../domain/vehicles/interactions.inputs.ts';
import { named } from '../../openapi.ts';

/**
 * `ids=1,2,3`: positive ids separated by commas. How many may be compared is a business rule
 * (SPEC §9: 3) checked by the service, so that going over it answers its own code, COMPARE_LIMIT.
 */
export const CompareQuery = z.object({
  ids: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, { error: msg('validation.required') })
    .max(200)
    .regex(/^\d{1,10}(\s*,\s*\d{1,10})*$/, { error: msg('compare.idsFormat') })
    .transform((s) => [...new Set(s.split(',').map((id) => Number(id.trim())))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2147483647), { error: msg('compare.idsFormat') })
    .openapi({ param: { name: 'ids', in: 'query' }, example: '1,2,3', type: 'string' }),
});

export const ContactBody = named(DomainContactBody, 'ContactMessage');

export const LikeState = named(z.object({ liked: z.boolean(), likes: z.number() }), 'LikeState');
export const FavoriteState = named(z.object({ favorite: z.boolean() }), 'FavoriteState');
