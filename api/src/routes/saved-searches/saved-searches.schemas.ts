import { msg } from '@autoroute/contract/messages';
import { SavedSearch as ContractSavedSearch, FREQUENCIES, FREQUENCY_DESCRIPTION } from '@autoroute/contract/saved-searches';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';
import { VehicleListQuery } from '../vehicles/vehicles.schemas.ts';

const Name = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(1, { error: msg('validation.required') })
  .max(80, { error: msg('savedSearch.nameLength') });
const Frequency = z.enum(FREQUENCIES, { error: msg('savedSearch.frequency') }).openapi({ description: FREQUENCY_DESCRIPTION });

export const SavedSearchInput = named(
  z
    .object({
      name: Name,
      query: VehicleListQuery.openapi({
        description: 'Exactly the query of GET /vehicles (its parameters as an object), checked by the same schema',
      }),
      frequency: Frequency.default('daily'),
    })
    .strict(),
  'SavedSearchInput',
);
export type SavedSearchInput = z.infer<typeof SavedSearchInput>;

export const SavedSearchPatch = named(
  z
    .object({
      name: Name,
      query: VehicleListQuery,
      frequency: Frequency,
      viewed: z
        .literal(true)
        .openapi({ description: 'The member looked at its results: "new since your last visit" starts again from now' }),
    })
    .partial()
    .strict(),
  'SavedSearchPatch',
);
export type SavedSearchPatch = z.infer<typeof SavedSearchPatch>;

/** A saved search (@autoroute/contract/saved-searches), named in the API document. */
export const SavedSearch = named(ContractSavedSearch, 'SavedSearch');
