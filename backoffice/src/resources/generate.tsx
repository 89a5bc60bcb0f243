import { RESOURCES, type ResourceName } from '@autoroute/contract/resources';
import { type ComponentType, lazy } from 'react';

/*
 * The screens of a declared resource (contract/src/resources.ts), generated: one list, one create and one
 * edit component serve every resource, each reading its declaration from the resource context. They
 * load on first use (TOOLCHAIN pitfall 10), so the console's first download stays the shell's.
 */
const GeneratedList = lazy(() => import('./GeneratedList.tsx').then((m) => ({ default: m.GeneratedList })));
const GeneratedCreate = lazy(() => import('./GeneratedCreate.tsx').then((m) => ({ default: m.GeneratedCreate })));
const GeneratedEdit = lazy(() => import('./GeneratedEdit.tsx').then((m) => ({ default: m.GeneratedEdit })));

export interface ResourceDefinition {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  recordRepresentation?: string;
}

/** What `<Resource name=… {...definition} />` takes for a declared resource; hand-written folders override parts. */
export const generated = (name: ResourceName, overrides: ResourceDefinition = {}): ResourceDefinition => ({
  list: GeneratedList,
  create: GeneratedCreate,
  edit: GeneratedEdit,
  recordRepresentation: RESOURCES[name].title,
  ...overrides,
});
