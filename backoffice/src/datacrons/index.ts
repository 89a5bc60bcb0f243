import { lazy } from 'react';
import { generated } from '../resources/generate.tsx';

/** Scheduled jobs: the generated screens, plus "Run now" and each job's run history. */
export const datacrons = generated('datacrons', {
  list: lazy(() => import('./DatacronList.tsx').then((m) => ({ default: m.DatacronList }))),
  edit: lazy(() => import('./DatacronEdit.tsx').then((m) => ({ default: m.DatacronEdit }))),
});
