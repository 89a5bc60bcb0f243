import { msg } from '@autoroute/contract/messages';
import { FREQUENCIES, FREQUENCY_DESCRIPTION } from '@autoroute/contract/saved-searches';
import { z } from 'zod';
import { VehicleListQuery } from '../vehicles/query.ts';

const Name = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(1, { error: msg('validation.required') })
  .max(80, { error: msg('savedSearch.nameLength') });
const Frequency = z.enum(FREQUENCIES, { error: msg('savedSearch.frequency') }).meta({ description: FREQUENCY_DESCRIPTION });

export const SavedSearchInput = z
  .object({
    name: Name,
    query: VehicleListQuery.meta({
      description: 'Exactly the query of GET /vehicles (its parameters as an object), checked by the same schema',
    }),
    frequency: Frequency.default('daily'),
  })
  .strict();
export type SavedSearchInput = z.infer<typeof SavedSearchInput>;

export const SavedSearchPatch = z
  .object({
    name: Name,
    query: VehicleListQuery,
    frequency: Frequency,
    viewed: z.literal(true).meta({ description: 'The member looked at its results: "new since your last visit" starts again from now' }),
  })
  .partial()
  .strict();
export type SavedSearchPatch = z.infer<typeof SavedSearchPatch>;
