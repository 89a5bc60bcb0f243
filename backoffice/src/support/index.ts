import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { ICONS } from '../resources/icons.ts';

/** Support requests (docs/decisions/013-support-requests.md): a queue to read and resolve; no create or edit form. */
export const supportRequests = {
  list: lazy(() => import('./SupportRequestList.tsx').then((m) => ({ default: m.SupportRequestList }))),
  show: lazy(() => import('./SupportRequestShow.tsx').then((m) => ({ default: m.SupportRequestShow }))),
  icon: ICONS['support-requests'],
  recordRepresentation: (record: RaRecord) => `#${record.id} ${record.subject ?? ''}`.trim(),
};
