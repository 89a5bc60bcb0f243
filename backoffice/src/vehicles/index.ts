import { lazy } from 'react';

/** Listing moderation: no create or edit form; read one whole, feature it, and (with delete_vehicle) remove it saying why. */
export const vehicles = {
  list: lazy(() => import('./VehicleList.tsx').then((m) => ({ default: m.VehicleList }))),
  show: lazy(() => import('./VehicleShow.tsx').then((m) => ({ default: m.VehicleShow }))),
  recordRepresentation: 'title',
};
