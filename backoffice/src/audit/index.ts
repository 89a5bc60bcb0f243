import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** The audit log: a read-only list of the console's writes, each unfolding into before and after. */
export const audit = {
  list: lazy(() => import('./AuditList.tsx').then((m) => ({ default: m.AuditList }))),
  recordRepresentation: (record: RaRecord) => `#${record.id}`,
};
