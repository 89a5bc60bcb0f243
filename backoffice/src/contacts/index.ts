import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { ICONS } from '../resources/icons.ts';

/** Messages to sellers: a read-only list behind the dashboard's figure of the same name. */
export const contacts = {
  list: lazy(() => import('./ContactList.tsx').then((m) => ({ default: m.ContactList }))),
  icon: ICONS.contacts,
  recordRepresentation: (record: RaRecord) => `#${record.id}`,
};
