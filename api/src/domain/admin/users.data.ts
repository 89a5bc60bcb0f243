import { type Database, type DialectName, nowIso, type UserStatus } from '@autoroute/db';
import type { Kysely } from 'kysely';
import { inIdOrder } from '../../core/in-order.ts';
import { inForce } from '../billing/billing.data.ts';
import { containsAny, idPage, type ListQuery, type SortColumns } from './list-page.data.ts';

type Db = Kysely<Database>;

/** Users as the console shows them (roles, premium, verified), in the order of `ids`; ids no user has are left out. */
export async function userRecords(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const now = nowIso();
  const [rows, roles, premium] = await Promise.all([
    db.selectFrom('users as u').selectAll('u').where('u.id', 'in', ids).execute(),
    db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['ur.user_id', 'r.id', 'r.name'])
      .where('ur.user_id', 'in', ids)
      .orderBy('r.name')
      .execute(),
    db.selectFrom('subscriptions').select('user_id').where('user_id', 'in', ids).where(inForce('subscriptions', now)).execute(),
  ]);
  return inIdOrder(ids, rows, (u) => {
    const own = roles.filter((r) => r.user_id === u.id);
    return {
      id: u.id,
      email: u.email,
      username: u.username,
      firstName: u.first_name,
      lastName: u.last_name,
      phone: u.phone,
      status: u.status,
      roleIds: own.map((r) => r.id),
      roles: own.map((r) => r.name),
      sellerType: u.seller_type,
      emailVerified: Boolean(u.email_verified_at),
      isPremium: premium.some((p) => p.user_id === u.id),
      createdAt: u.created_at,
      lastLoginAt: u.last_login_at,
    };
  });
}

export interface UserFilter {
  /** Text in the email, the username, the first or the last name. */
  q?: string;
  status?: UserStatus;
  ids?: number[];
  createdSince?: string;
  /** Holding any of these roles. */
  roleIds?: number[];
}

/** One page of the ids of the users the filter keeps, sorted by `sort` (ties by id), and how many it keeps. */
export function userIdPage(db: Db, dialect: DialectName, f: UserFilter, sort: SortColumns, query: ListQuery) {
  let base = db.selectFrom('users as u');
  const text = f.q;
  if (text !== undefined)
    base = base.where((eb) => containsAny(eb, ['u.email', 'u.username', 'u.first_name', 'u.last_name'], text, dialect));
  if (f.status) base = base.where('u.status', '=', f.status);
  if (f.ids) base = base.where('u.id', 'in', f.ids);
  if (f.createdSince) base = base.where('u.created_at', '>=', f.createdSince);
  const roles = f.roleIds;
  if (roles)
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('user_roles as ur').select('ur.user_id').whereRef('ur.user_id', '=', 'u.id').where('ur.role_id', 'in', roles),
      ),
    );
  return idPage(base, { id: 'u.id', sort }, query);
}
