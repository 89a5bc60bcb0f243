import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** The bookings of rentals (docs/decisions/062): a list and one booking with its history; an administrator may cancel one. */
export const bookings = {
  list: lazy(() => import('./BookingList.tsx').then((m) => ({ default: m.BookingList }))),
  show: lazy(() => import('./BookingShow.tsx').then((m) => ({ default: m.BookingShow }))),
  recordRepresentation: (record: RaRecord) => `#${record.id} ${record.title ?? ''}`.trim(),
};
