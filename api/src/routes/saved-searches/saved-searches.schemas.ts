import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';
import { VehicleListQuery } from '../vehicles/vehicles.schemas.ts';

/** How many searches a member may keep (issue 17). */
export const SAVED_SEARCH_MAX = 20;
export const FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;

const Name = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(1, { error: msg('validation.required') })
  .max(80, { error: msg('savedSearch.nameLength') });
const Frequency = z
  .enum(FREQUENCIES, { error: msg('savedSearch.frequency') })
  .openapi({ description: '`instant`: within a minute of a match; `daily` or `weekly`: one digest; `off`: paused' });

export const SavedSearchInput = z
  .object({
    name: Name,
    query: VehicleListQuery.openapi({
      description: 'Exactly the query of GET /vehicles (its parameters as an object), checked by the same schema',
    }),
    frequency: Frequency.default('daily'),
  })
  .strict()
  .openapi('SavedSearchInput');
export type SavedSearchInput = z.infer<typeof SavedSearchInput>;

export const SavedSearchPatch = z
  .object({
    name: Name,
    query: VehicleListQuery,
    frequency: Frequency,
    viewed: z.literal(true).openapi({ description: 'The member looked at its results: "new since your last visit" starts again from now' }),
  })
  .partial()
  .strict()
  .openapi('SavedSearchPatch');
export type SavedSearchPatch = z.infer<typeof SavedSearchPatch>;

export const SavedSearch = z
  .object({
    id: z.number(),
    name: z.string(),
    query: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .openapi({ description: 'As GET /vehicles takes it, without page and page size' }),
    frequency: Frequency,
    /** Listings found since the member last opened it. */
    newSinceViewed: z.number().int().openapi({ description: 'Listings it found since the member last opened it' }),
    viewedAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('SavedSearch');
