import {
  MyVehicleSummary as ContractMyVehicleSummary,
  SearchFacets as ContractSearchFacets,
  Vehicle as ContractVehicle,
  VehicleSummary as ContractVehicleSummary,
} from '@autoroute/contract/vehicles';
import { named } from '../../openapi.ts';
// The pictures and the market price a listing holds are named there: its document refers to them.
import '../pictures/pictures.schemas.ts';
import './market.schemas.ts';

/** The listing's answers, declared in @autoroute/contract/vehicles, named in the API document. */
export const VehicleSummary = named(ContractVehicleSummary, 'VehicleSummary');
export const Vehicle = named(ContractVehicle, 'Vehicle', { extends: VehicleSummary });
export const MyVehicleSummary = named(ContractMyVehicleSummary, 'MyVehicleSummary', { extends: VehicleSummary });
// Named for the document only: the search answer refers to SearchFacets.
named(ContractSearchFacets, 'SearchFacets');
