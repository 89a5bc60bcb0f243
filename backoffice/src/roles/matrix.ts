import {
  ADMIN_ACTIONS,
  ADMIN_RESOURCES,
  type AdminAction,
  type AdminResource,
  DELETE_VEHICLE,
  permissionName,
} from '@autoroute/contract/permissions';

/*
 * The permission matrix (rows: SPEC §3 resource kinds, columns: the four actions, plus the one action
 * name delete_vehicle), as pure functions over a role's permission list.
 */

const sorted = (set: Set<string>) => [...set].sort();

export function toggle(permissions: readonly string[], names: readonly string[], on: boolean): string[] {
  const set = new Set(permissions);
  for (const name of names) {
    if (on) set.add(name);
    else set.delete(name);
  }
  return sorted(set);
}

export const rowNames = (resource: AdminResource) => ADMIN_ACTIONS.map((a) => permissionName(resource, a));
export const columnNames = (action: AdminAction) => ADMIN_RESOURCES.map((r) => permissionName(r, action));

/** 'all', 'none' or 'some' of the given permissions are held (a checkbox: checked, unchecked, indeterminate). */
export function coverage(permissions: readonly string[], names: readonly string[]): 'all' | 'none' | 'some' {
  const held = names.filter((n) => permissions.includes(n)).length;
  if (held === 0) return 'none';
  return held === names.length ? 'all' : 'some';
}

export const ALL_NAMES = [...ADMIN_RESOURCES.flatMap(rowNames), DELETE_VEHICLE];
