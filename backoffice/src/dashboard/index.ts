import { lazy } from 'react';

/** The home screen: figures for whoever holds admin.dashboard.index, a welcome otherwise. Loaded on first use. */
export const Dashboard = lazy(() => import('./Dashboard.tsx').then((m) => ({ default: m.Dashboard })));
