import { lazy } from 'react';
import { ICONS } from '../resources/icons.ts';

/** The application settings: one record, edited from the menu item (its "list" is the form). */
export const settings = {
  list: lazy(() => import('./SettingsEdit.tsx').then((m) => ({ default: m.SettingsEdit }))),
  icon: ICONS.settings,
};
