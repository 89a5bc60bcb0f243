import { SavedSearch as ContractSavedSearch } from '@autoroute/contract/saved-searches';
import {
  SavedSearchInput as DomainSavedSearchInput,
  SavedSearchPatch as DomainSavedSearchPatch,
} from '../../../domain/saved-searches/saved-searches.inputs.ts';
import { named } from '../../openapi.ts';

export const SavedSearchInput = named(DomainSavedSearchInput, 'SavedSearchInput');
export const SavedSearchPatch = named(DomainSavedSearchPatch, 'SavedSearchPatch');

/** A saved search (@autoroute/contract/saved-searches), named in the API document. */
export const SavedSearch = named(ContractSavedSearch, 'SavedSearch');
