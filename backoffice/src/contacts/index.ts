import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** Messages to sellers: a read-only list behind the dashboard's figure of the same name. */
export const contacts = {
  list: lazy(() => import('./ContactList.tsx').then((m) => ({ default: m.ContactList }))),
  recordRepresentation: (record: RaRecord) => `#${record.id}`,
};
