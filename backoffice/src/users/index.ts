import { lazy } from 'react';

/** Users (SPEC §2 users): hand-written, for the status choice, the roles and the password. */
export const users = {
  list: lazy(() => import('./UserList.tsx').then((m) => ({ default: m.UserList }))),
  create: lazy(() => import('./UserCreate.tsx').then((m) => ({ default: m.UserCreate }))),
  edit: lazy(() => import('./UserEdit.tsx').then((m) => ({ default: m.UserEdit }))),
  recordRepresentation: 'username',
};
