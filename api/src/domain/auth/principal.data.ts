import type { Database } from '@autoroute/db';
import type { Kysely } from 'kysely';

/** Who is calling: the user id, the session, and the permissions of their roles. */
export interface Principal {
  userId: number;
  sessionId: string;
  roles: string[];
  permissions: string[];
  emailVerified: boolean;
}

/** Roles and the union of their permissions, for one user. */
export async function loadAccess(db: Kysely<Database>, userId: number): Promise<{ roles: string[]; permissions: string[] }> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .leftJoin('role_permissions as rp', 'rp.role_id', 'r.id')
    .leftJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select(['r.name as role', 'p.name as permission'])
    .where('ur.user_id', '=', userId)
    .execute();
  return {
    roles: [...new Set(rows.map((r) => r.role))].sort(),
    permissions: [...new Set(rows.map((r) => r.permission).filter((p): p is string => Boolean(p)))].sort(),
  };
}
