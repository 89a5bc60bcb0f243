import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** Plan payments: a read-only list behind the dashboard's revenue by month. */
export const payments = {
  list: lazy(() => import('./PaymentList.tsx').then((m) => ({ default: m.PaymentList }))),
  recordRepresentation: (record: RaRecord) => `#${record.id}`,
};
