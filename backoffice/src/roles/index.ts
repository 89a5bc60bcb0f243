import { lazy } from 'react';

/** Roles and their permissions (SPEC §6), edited as a matrix. */
export const roles = {
  list: lazy(() => import('./RoleList.tsx').then((m) => ({ default: m.RoleList }))),
  create: lazy(() => import('./RoleCreate.tsx').then((m) => ({ default: m.RoleCreate }))),
  edit: lazy(() => import('./RoleEdit.tsx').then((m) => ({ default: m.RoleEdit }))),
  recordRepresentation: 'name',
};
