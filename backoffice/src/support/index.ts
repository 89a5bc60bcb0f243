import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** Support requests (docs/decisions/013-support-requests.md): a queue to read and resolve; no create or edit form. */
export const supportRequests = {
  list: lazy(() => import('./SupportRequestList.tsx').then((m) => ({ default: m.SupportRequestList }))),
  show: lazy(() => import('./SupportRequestShow.tsx').then((m) => ({ default: m.SupportRequestShow }))),
  recordRepresentation: (record: RaRecord) => `#${record.id} ${record.subject ?? ''}`.trim(),
};
