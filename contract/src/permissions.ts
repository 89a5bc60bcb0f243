/**
 * The permission vocabulary of SPEC §3 and §6: `admin.{resource}.{action}` for every admin-managed
 * resource kind, plus the single action name `delete_vehicle`. `vehicle` is added for listing
 * moderation in the back office (it is not in SPEC's list, which has no admin screen for vehicles),
 * `support` for the support requests (docs/decisions/013-support-requests.md): its `create` is
 * never asked, since requests come from the site, but every row of the matrix has four actions.
 * `subscription`, `payment` and `contact` (messages to sellers) are read-only lists behind the
 * dashboard's figures, `setting` the application settings (maintenance message); issue 13.
 * `audit` reads the audit log of console writes (docs/decisions/020-audit-log.md): only its `index`
 * is asked; the log is written by the writes themselves, never through the API.
 * `booking` the rentals' bookings (docs/decisions/062-console-bookings.md): `index` reads them and an
 * owner's cancellation record, `update` cancels one.
 */
export const ADMIN_RESOURCES = [
  'dashboard',
  'city',
  'country',
  'category',
  'color',
  'language',
  'option',
  'transmission',
  'cart',
  'provider',
  'theme',
  'type',
  'fueltype',
  'currency',
  'user',
  'role',
  'picture',
  'page',
  'datacron',
  'federer',
  'cartgroup',
  'cartdetail',
  'vehicle',
  'support',
  'subscription',
  'payment',
  'contact',
  'setting',
  'audit',
  'make',
  'model',
  'moderation',
  'booking',
] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

export const ADMIN_ACTIONS = ['index', 'create', 'update', 'delete'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const DELETE_VEHICLE = 'delete_vehicle';

export const permissionName = (resource: AdminResource, action: AdminAction): string => `admin.${resource}.${action}`;

export const ALL_PERMISSIONS: string[] = [
  ...ADMIN_RESOURCES.flatMap((r) => ADMIN_ACTIONS.map((a) => permissionName(r, a))),
  DELETE_VEHICLE,
];

export const ROLES = ['USER', 'ADMIN', 'SUPADMIN'] as const;
export type RoleName = (typeof ROLES)[number];

/**
 * What the seed says of each built-in role, in English: the console shows a role whose description is
 * still this one in its own language (`backoffice.resources.roles.builtIn.<role>`); a description an
 * administrator typed shows as typed.
 */
export const BUILT_IN_ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  USER: 'A member: lists vehicles, saves favourites, contacts sellers.',
  ADMIN: 'Runs the catalogue and reference data; cannot change roles.',
  SUPADMIN: 'Every right, including roles and permissions.',
};

/** SUPADMIN holds everything; ADMIN everything but changing roles; USER no admin right. */
export const ROLE_PERMISSIONS: Record<RoleName, string[]> = {
  SUPADMIN: ALL_PERMISSIONS,
  ADMIN: ALL_PERMISSIONS.filter((p) => !/^admin\.role\.(create|update|delete)$/.test(p)),
  USER: [],
};
