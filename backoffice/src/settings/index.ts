import { lazy } from 'react';

/** The application settings: one record, edited from the menu item (its "list" is the form). */
export const settings = {
  list: lazy(() => import('./SettingsEdit.tsx').then((m) => ({ default: m.SettingsEdit }))),
};
