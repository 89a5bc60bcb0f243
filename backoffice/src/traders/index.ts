import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** Traders' identities to check (DSA art. 30-31, decision 054): a queue, and the decision on one; no create or delete. */
export const traders = {
  list: lazy(() => import('./TraderList.tsx').then((m) => ({ default: m.TraderList }))),
  edit: lazy(() => import('./TraderEdit.tsx').then((m) => ({ default: m.TraderEdit }))),
  recordRepresentation: (record: RaRecord) => String(record.legalName ?? record.id),
};
