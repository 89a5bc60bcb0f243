import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** The moderation queue (docs/decisions/057): cases to take and decide, appeals to answer; no create or edit form. */
export const moderationCases = {
  list: lazy(() => import('./ModerationList.tsx').then((m) => ({ default: m.ModerationList }))),
  show: lazy(() => import('./ModerationShow.tsx').then((m) => ({ default: m.ModerationShow }))),
  recordRepresentation: (record: RaRecord) => `#${record.id} ${record.targetLabel ?? ''}`.trim(),
};
