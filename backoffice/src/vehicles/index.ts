import { lazy } from 'react';
import { ICONS } from '../resources/icons.ts';

/** Listing moderation: no create or edit form, only featuring and (with delete_vehicle) deleting. */
export const vehicles = {
  list: lazy(() => import('./VehicleList.tsx').then((m) => ({ default: m.VehicleList }))),
  icon: ICONS.vehicles,
  recordRepresentation: 'title',
};
