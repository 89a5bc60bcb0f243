import { type AdminAction, type AdminResource, DELETE_VEHICLE, permissionName } from '@autoroute/contract/permissions';
import { RESOURCE_NAMES, RESOURCES } from '@autoroute/contract/resources';

/**
 * react-admin names screens by their API path (`fuel-types`), SPEC §6 names permissions by resource
 * kind (`admin.fueltype.index`). The declared resources carry their permission name; the hand-written
 * screens add theirs here.
 */
const PERMISSION_OF: Readonly<Record<string, AdminResource>> = {
  ...Object.fromEntries(RESOURCE_NAMES.map((name) => [name, RESOURCES[name].permission])),
  dashboard: 'dashboard',
  users: 'user',
  roles: 'role',
  vehicles: 'vehicle',
  'support-requests': 'support',
  subscriptions: 'subscription',
  payments: 'payment',
  contacts: 'contact',
  settings: 'setting',
  audit: 'audit',
  // Checking a trader's identity is an edit of their account: read under admin.user.index, decided under admin.user.update.
  traders: 'user',
  'moderation-cases': 'moderation',
  bookings: 'booking',
  // A job's run history is part of the job: whoever may see the job may see its runs.
  'datacron-runs': 'datacron',
};

/** react-admin's actions (list, edit, export, …) as SPEC §6's four. */
const ACTION_OF: Readonly<Record<string, AdminAction>> = {
  list: 'index',
  show: 'index',
  read: 'index',
  export: 'index',
  create: 'create',
  clone: 'create',
  edit: 'update',
  // Starting a scheduled job by hand changes nothing in its definition, yet it acts: it takes the update right.
  run: 'update',
  delete: 'delete',
};

/** The permission a screen action needs, or null for anything the console does not know (denied). */
export function permissionFor(resource: string, action: string): string | null {
  const kind = PERMISSION_OF[resource];
  const verb = ACTION_OF[action];
  if (!kind || !verb) return null;
  // SPEC §3: deleting a vehicle is its own action name, not admin.vehicle.delete.
  if (kind === 'vehicle' && verb === 'delete') return DELETE_VEHICLE;
  return permissionName(kind, verb);
}

export const canDo = (permissions: readonly string[], resource: string, action: string): boolean => {
  const needed = permissionFor(resource, action);
  return needed !== null && permissions.includes(needed);
};

/** SPEC §6 isAdmin: any admin permission (the vehicle delete action counts too). */
export const isAdmin = (permissions: readonly string[]): boolean => permissions.some((p) => p.startsWith('admin.') || p === DELETE_VEHICLE);
