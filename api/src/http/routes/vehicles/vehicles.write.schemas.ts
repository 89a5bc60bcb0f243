import { VehicleInput as DomainVehicleInput, VehiclePatch as DomainVehiclePatch } from '../../../domain/vehicles/vehicles.inputs.ts';
import { named } from '../../openapi.ts';

/** POST and PUT: the whole vehicle (domain/vehicles/vehicles.inputs.ts), named in the API document. */
export const VehicleInput = named(DomainVehicleInput, 'VehicleInput');

/** PATCH: any subset of the same fields, e.g. `{ "sold": true }`. */
export const VehiclePatch = named(DomainVehiclePatch, 'VehiclePatch');
