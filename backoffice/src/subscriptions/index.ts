import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { ICONS } from '../resources/icons.ts';

/** Members' plans with their payments: a read-only list behind the dashboard's "Active subscriptions". */
export const subscriptions = {
  list: lazy(() => import('./SubscriptionList.tsx').then((m) => ({ default: m.SubscriptionList }))),
  icon: ICONS.subscriptions,
  recordRepresentation: (record: RaRecord) => `#${record.id} ${record.plan ?? ''}`.trim(),
};
