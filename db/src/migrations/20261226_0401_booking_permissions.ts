import type { Kysely } from 'kysely';

/*
 * The bookings of rentals (docs/decisions/062): `admin.booking.*`. Databases
 * seeded before this migration get them for ADMIN and SUPADMIN here, as migration 20261201_0001 did
 * for its screens; a new database has no roles yet, and the seed grants them from the permission list.
 * Running it again grants nothing twice.
 */

const PERMISSIONS = ['booking'].flatMap((r) => ['index', 'create', 'update', 'delete'].map((a) => `admin.${r}.${a}`));
const ROLES = ['ADMIN', 'SUPADMIN'];

export async function up(db: Kysely<any>): Promise<void> {
  const roles = await db.selectFrom('roles').select('id').where('name', 'in', ROLES).execute();
  if (roles.length === 0) return;
  const known = await db.selectFrom('permissions').select('name').where('name', 'in', PERMISSIONS).execute();
  const missing = PERMISSIONS.filter((name) => !known.some((k) => k.name === name));
  if (missing.length) {
    await db
      .insertInto('permissions')
      .values(missing.map((name) => ({ name })))
      .execute();
  }
  const permissions = await db.selectFrom('permissions').select('id').where('name', 'in', PERMISSIONS).execute();
  const held = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission_id'])
    .where(
      'role_id',
      'in',
      roles.map((r) => r.id),
    )
    .where(
      'permission_id',
      'in',
      permissions.map((p) => p.id),
    )
    .execute();
  const grants = roles.flatMap((r) =>
    permissions
      .filter((p) => !held.some((h) => h.role_id === r.id && h.permission_id === p.id))
      .map((p) => ({ role_id: r.id, permission_id: p.id })),
  );
  if (grants.length) await db.insertInto('role_permissions').values(grants).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Grants go with their permissions (role_permissions cascades).
  await db.deleteFrom('permissions').where('name', 'in', PERMISSIONS).execute();
}
