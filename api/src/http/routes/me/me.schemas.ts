import { PersonalFragment as ContractPersonalFragment } from '@autoroute/contract/site';
import { named } from '../../openapi.ts';

/** The visitor's own part of a shared page (@autoroute/contract/site), named in the API document. */
export const PersonalFragment = named(ContractPersonalFragment, 'PersonalFragment');
