import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** Members' plans with their payments: a read-only list behind the dashboard's "Active subscriptions". */
export const subscriptions = {
  list: lazy(() => import('./SubscriptionList.tsx').then((m) => ({ default: m.SubscriptionList }))),
  recordRepresentation: (record: RaRecord) => `#${record.id} ${record.plan ?? ''}`.trim(),
};
