import { lazy } from 'react';

/** Listing moderation: no create or edit form, only featuring and (with delete_vehicle) deleting. */
export const vehicles = {
  list: lazy(() => import('./VehicleList.tsx').then((m) => ({ default: m.VehicleList }))),
  recordRepresentation: 'title',
};
