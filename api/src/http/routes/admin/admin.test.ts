import { DELETE_VEHICLE } from '@autoroute/contract/permissions';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, outboxMails, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { dashboardRoute } from './admin.routes.ts';
import type { AdminRole } from './roles.routes.ts';
import type { AdminUser } from './users.routes.ts';
import type { AdminVehicle } from './vehicles.routes.ts';

type AdminUserRecord = z.infer<typeof AdminUser>;
type AdminRoleRecord = z.infer<typeof AdminRole>;
type AdminVehicleRecord = z.infer<typeof AdminVehicle>;
type DashboardAnswer = RouteJson<typeof dashboardRoute, 200>;

let t: TestApp;
let root: TestMember;
let member: TestMember;
let serial = 0;

const roleId = async (name: string) =>
  (await t.database.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 12, env: { TRUST_PROXY: 'true' } });
  root = await t.member('root');
  await t.grant(root.id, [], 'SUPADMIN');
  member = await t.member('plainmember');
});
afterAll(() => t.destroy());

const userBody = async (extra: Record<string, unknown> = {}) => {
  const n = ++serial;
  return {
    email: `made${n}@example.test`,
    username: `made${n}`,
    firstName: 'Made',
    lastName: 'ByAdmin',
    phone: '+33612345678',
    status: 'active',
    roleIds: [await roleId('USER')],
    password: 'a long enough passphrase',
    ...extra,
  };
};

/** One call per resource and action, as `who`; the object names the row each write needs. */
const ACTIONS: Record<string, Record<string, (who: TestMember | null) => Promise<Response>>> = {
  dashboard: { index: (who) => t.request('/api/v1/admin/dashboard', { headers: who?.headers ?? {} }) },
  user: {
    index: (who) => t.request('/api/v1/admin/users', { headers: who?.headers ?? {} }),
    create: async (who) => t.request('/api/v1/admin/users', { method: 'POST', json: await userBody(), headers: who?.headers ?? {} }),
    update: async (who) => {
      const made = await readJson<AdminUserRecord>(
        await t.request('/api/v1/admin/users', { method: 'POST', json: await userBody(), headers: root.headers }),
      );
      return t.request(`/api/v1/admin/users/${made.id}`, {
        method: 'PUT',
        json: { ...made, lastName: 'Edited' },
        headers: who?.headers ?? {},
      });
    },
    delete: async (who) => {
      const made = await readJson<AdminUserRecord>(
        await t.request('/api/v1/admin/users', { method: 'POST', json: await userBody(), headers: root.headers }),
      );
      return t.request(`/api/v1/admin/users/${made.id}`, { method: 'DELETE', headers: who?.headers ?? {} });
    },
  },
  role: {
    index: (who) => t.request('/api/v1/admin/roles', { headers: who?.headers ?? {} }),
    create: (who) =>
      t.request('/api/v1/admin/roles', {
        method: 'POST',
        json: { name: `Role ${++serial}`, permissions: [] },
        headers: who?.headers ?? {},
      }),
    update: async (who) => {
      const made = await readJson<AdminRoleRecord>(
        await t.request('/api/v1/admin/roles', {
          method: 'POST',
          json: { name: `Role ${++serial}`, permissions: [] },
          headers: root.headers,
        }),
      );
      return t.request(`/api/v1/admin/roles/${made.id}`, {
        method: 'PUT',
        json: { name: made.name, description: 'Edited', permissions: [] },
        headers: who?.headers ?? {},
      });
    },
    delete: async (who) => {
      const made = await readJson<AdminRoleRecord>(
        await t.request('/api/v1/admin/roles', {
          method: 'POST',
          json: { name: `Role ${++serial}`, permissions: [] },
          headers: root.headers,
        }),
      );
      return t.request(`/api/v1/admin/roles/${made.id}`, { method: 'DELETE', headers: who?.headers ?? {} });
    },
  },
  vehicle: {
    index: (who) => t.request('/api/v1/admin/vehicles', { headers: who?.headers ?? {} }),
    update: async (who) => {
      const v = await t.database.db.selectFrom('vehicles').select('id').orderBy('id').executeTakeFirstOrThrow();
      return t.request(`/api/v1/admin/vehicles/${v.id}`, { method: 'PUT', json: { featured: true }, headers: who?.headers ?? {} });
    },
    [DELETE_VEHICLE]: async (who) => {
      const v = await t.database.db.selectFrom('vehicles').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      return t.request(`/api/v1/admin/vehicles/${v.id}`, { method: 'DELETE', json: { ground: 'duplicate' }, headers: who?.headers ?? {} });
    },
  },
};
const SUCCESS: Record<string, number> = { index: 200, create: 201, update: 200, delete: 200, [DELETE_VEHICLE]: 200 };
const permissionOf = (resource: string, action: string) => (action === DELETE_VEHICLE ? DELETE_VEHICLE : `admin.${resource}.${action}`);

describe('the permission matrix of the hand-written admin screens (SPEC §6)', () => {
  it.each(Object.keys(ACTIONS))(
    '%s: anonymous 401, member 403, admin without the permission 403, with it and SUPADMIN succeed',
    async (resource) => {
      const actions = ACTIONS[resource]!;
      for (const [action, call] of Object.entries(actions)) {
        const lacking = await t.member(`lack-${resource}-${action}`.replace(/_/g, '-'));
        await t.grant(
          lacking.id,
          Object.keys(actions)
            .filter((a) => a !== action)
            .map((a) => permissionOf(resource, a)),
        );
        const holding = await t.member(`hold-${resource}-${action}`.replace(/_/g, '-'));
        await t.grant(holding.id, [permissionOf(resource, action)]);
        expect((await call(null)).status, `${resource} ${action} anonymous`).toBe(401);
        expect((await call(member)).status, `${resource} ${action} member`).toBe(403);
        expect((await call(lacking)).status, `${resource} ${action} without`).toBe(403);
        expect((await call(holding)).status, `${resource} ${action} with`).toBe(SUCCESS[action]);
        expect((await call(root)).status, `${resource} ${action} SUPADMIN`).toBe(SUCCESS[action]);
      }
    },
  );
});

describe('GET /api/v1/admin/dashboard', () => {
  it('counts from the database: live listings, new users, contacts this month, listings per category', async () => {
    const res = await t.request('/api/v1/admin/dashboard', { headers: root.headers });
    expect(res.status).toBe(200);
    const { data } = await readJson<DashboardAnswer>(res);
    const vehicles = await t.database.db.selectFrom('vehicles').select(['sold', 'category_id']).execute();
    const users = await t.database.db.selectFrom('users').select('id').execute();
    expect(data.live).toBe(vehicles.filter((v) => v.sold === 0).length);
    expect(data.newUsers).toBe(users.length);
    expect(data.listingsPerCategory.reduce((s, c) => s + c.count, 0)).toBe(data.live);
    expect(data.latestUsers).toHaveLength(5);
    expect(data.latestListings).toHaveLength(5);
    // The demo sellers' plans were paid when the catalogue was seeded, in euros.
    const paid = await t.database.db.selectFrom('payments').select(['amount_minor', 'paid_at']).where('status', '=', 'paid').execute();
    expect(paid.length).toBeGreaterThan(0);
    expect(data.revenueByMonth).toEqual([
      {
        month: paid[0]!.paid_at!.slice(0, 7),
        currency: 'EUR',
        amount: paid.reduce((sum, p) => sum + p.amount_minor, 0) / 100,
        link: { resource: 'payments', filter: { status: 'paid', paidMonth: paid[0]!.paid_at!.slice(0, 7), currency: 'EUR' } },
      },
    ]);
    // The daily history comes from the recompute-stats job, which has not run yet.
    expect(data.history).toEqual([]);
  });

  it('adds paid payments up by month in the major unit', async () => {
    const eur = await t.database.db.selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow();
    const cart = await t.database.db.selectFrom('carts').select('id').executeTakeFirstOrThrow();
    const paidAt = new Date().toISOString();
    const revenue = async () => {
      const { data } = await readJson<DashboardAnswer>(await t.request('/api/v1/admin/dashboard', { headers: root.headers }));
      return data.revenueByMonth.find((r) => r.month === paidAt.slice(0, 7) && r.currency === 'EUR')?.amount ?? 0;
    };
    const before = await revenue();
    for (const amount of [999, 1999]) {
      await t.database.db
        .insertInto('payments')
        .values({
          user_id: member.id,
          cart_id: cart.id,
          amount_minor: amount,
          currency_id: eur.id,
          provider: 'local',
          status: 'paid',
          paid_at: paidAt,
        })
        .execute();
    }
    expect(await revenue()).toBeCloseTo(before + 29.98, 2);
  });
});

describe('users in the back office (SPEC §2 user form, issue 5 item 4)', () => {
  it('creates a user with status and roles, refuses a taken email and a missing password, and lists with filters', async () => {
    const body = await userBody({ roleIds: [await roleId('USER'), await roleId('ADMIN')] });
    const res = await t.request('/api/v1/admin/users', { method: 'POST', json: body, headers: root.headers });
    expect(res.status).toBe(201);
    const made = await readJson<AdminUserRecord>(res);
    expect(made).toMatchObject({ email: body.email, status: 'active', roles: ['ADMIN', 'USER'], emailVerified: true });
    expect(made).not.toHaveProperty('password');

    const taken = await t.request('/api/v1/admin/users', {
      method: 'POST',
      json: { ...(await userBody()), email: body.email },
      headers: root.headers,
    });
    expect(taken.status).toBe(409);
    expect((await readJson<ApiError>(taken)).details).toEqual([
      { path: 'email', message: 'Another account already uses this email address.' },
    ]);
    const noPassword = await t.request('/api/v1/admin/users', {
      method: 'POST',
      json: await userBody({ password: '' }),
      headers: root.headers,
    });
    expect(noPassword.status).toBe(422);
    expect((await readJson<ApiError>(noPassword)).details![0]!.path).toBe('password');

    // LIKE's wildcards in a search match themselves: "%" finds no one.
    const wild = await t.request(`/api/v1/admin/users?filter=${encodeURIComponent('{"q":"%"}')}`, { headers: root.headers });
    expect(wild.headers.get('content-range')).toBe('users */0');
    const filter = encodeURIComponent(JSON.stringify({ q: body.username.toUpperCase(), roleId: await roleId('ADMIN') }));
    const list = await t.request(`/api/v1/admin/users?filter=${filter}`, { headers: root.headers });
    expect(list.headers.get('content-range')).toBe('users 0-0/1');
    expect((await readJson<AdminUserRecord[]>(list)).map((u) => u.id)).toEqual([made.id]);
  });

  it('suspending a user ends their sessions at once', async () => {
    const victim = await t.member('tobesuspended');
    expect((await t.request('/api/v1/me/vehicles', { headers: victim.headers })).status).toBe(200);
    const current = await readJson<AdminUserRecord>(await t.request(`/api/v1/admin/users/${victim.id}`, { headers: root.headers }));
    const res = await t.request(`/api/v1/admin/users/${victim.id}`, {
      method: 'PUT',
      json: { ...current, status: 'suspended' },
      headers: root.headers,
    });
    expect(res.status).toBe(200);
    expect((await readJson<AdminUserRecord>(res)).status).toBe('suspended');
    expect((await t.request('/api/v1/me/vehicles', { headers: victim.headers })).status).toBe(401);
    const refreshed = await t.request('/api/v1/auth/access-token', {
      method: 'POST',
      json: { refreshToken: victim.security.refreshToken, sessionID: victim.security.sessionID },
    });
    expect(refreshed.status).toBe(401);
    const again = await t.request('/api/v1/auth/login', { method: 'POST', json: { email: victim.email, password: victim.password } });
    expect((await readJson<ApiError>(again)).code).toBe('ACCOUNT_SUSPENDED');
  });

  it('only a SUPADMIN grants SUPADMIN, and nobody grants rights they lack', async () => {
    const admin = await t.member('plainadmin');
    await t.grant(admin.id, [], 'ADMIN');
    const target = await readJson<AdminUserRecord>(
      await t.request('/api/v1/admin/users', { method: 'POST', json: await userBody(), headers: root.headers }),
    );
    const grantSuper = await t.request(`/api/v1/admin/users/${target.id}`, {
      method: 'PUT',
      json: { ...target, roleIds: [...target.roleIds, await roleId('SUPADMIN')] },
      headers: admin.headers,
    });
    expect(grantSuper.status).toBe(403);
    expect((await readJson<ApiError>(grantSuper)).code).toBe('SUPADMIN_ONLY');

    // A custom role with the role rights but nothing else cannot hand out the user screens.
    const limited = await t.member('rolemanager');
    await t.grant(limited.id, ['admin.role.create', 'admin.role.index', 'admin.user.update', 'admin.user.index']);
    const escalate = await t.request('/api/v1/admin/roles', {
      method: 'POST',
      json: { name: 'Everything', permissions: ['admin.user.delete'] },
      headers: limited.headers,
    });
    expect(escalate.status).toBe(403);
    expect((await readJson<ApiError>(escalate)).code).toBe('GRANT_NOT_HELD');
    const adminRole = await t.request(`/api/v1/admin/users/${target.id}`, {
      method: 'PUT',
      json: { ...target, roleIds: [await roleId('ADMIN')] },
      headers: limited.headers,
    });
    expect(adminRole.status).toBe(403);
    expect(await t.database.db.selectFrom('roles').select('id').where('name', '=', 'Everything').executeTakeFirst()).toBeUndefined();
    const grantSuperByRoot = await t.request(`/api/v1/admin/users/${target.id}`, {
      method: 'PUT',
      json: { ...target, roleIds: [await roleId('SUPADMIN')] },
      headers: root.headers,
    });
    expect((await readJson<AdminUserRecord>(grantSuperByRoot)).roles).toEqual(['SUPADMIN']);
  });

  it('nobody takes away from a role a right they do not hold: it would demote every holder', async () => {
    const manager = await t.member('roletrimmer');
    await t.grant(manager.id, ['admin.role.index', 'admin.role.update', 'admin.user.index']);
    const adminRoleId = await roleId('ADMIN');
    const before = await readJson<{ name: string; permissions: string[] }>(
      await t.request(`/api/v1/admin/roles/${adminRoleId}`, { headers: root.headers }),
    );
    expect(before.permissions).toContain('admin.user.delete');
    const trimmed = await t.request(`/api/v1/admin/roles/${adminRoleId}`, {
      method: 'PUT',
      json: { name: before.name, permissions: before.permissions.filter((p) => p !== 'admin.user.delete') },
      headers: manager.headers,
    });
    expect(trimmed.status).toBe(403);
    expect((await readJson<ApiError>(trimmed)).code).toBe('GRANT_NOT_HELD');
    const after = await readJson<{ permissions: string[] }>(
      await t.request(`/api/v1/admin/roles/${adminRoleId}`, { headers: root.headers }),
    );
    expect(after.permissions).toEqual(before.permissions);
  });

  it('an administrator cannot remove their own last admin right, suspend or delete themself', async () => {
    const admin = await t.member('selfish');
    await t.grant(admin.id, [], 'ADMIN');
    const me = await readJson<AdminUserRecord>(await t.request(`/api/v1/admin/users/${admin.id}`, { headers: admin.headers }));
    const cases: [Record<string, unknown>, string][] = [
      [{ roleIds: [await roleId('USER')] }, 'LAST_ADMIN_RIGHT'],
      [{ status: 'suspended' }, 'CANNOT_SUSPEND_SELF'],
    ];
    for (const [change, code] of cases) {
      const res = await t.request(`/api/v1/admin/users/${admin.id}`, { method: 'PUT', json: { ...me, ...change }, headers: admin.headers });
      expect(res.status).toBe(409);
      expect((await readJson<ApiError>(res)).code).toBe(code);
    }
    const del = await t.request(`/api/v1/admin/users/${admin.id}`, { method: 'DELETE', headers: admin.headers });
    expect((await readJson<ApiError>(del)).code).toBe('CANNOT_DELETE_SELF');
    expect((await readJson<AdminUserRecord>(await t.request(`/api/v1/admin/users/${admin.id}`, { headers: admin.headers }))).roles).toEqual(
      ['ADMIN', 'USER'],
    );

    // Nor through the role they hold: emptying it would lock them out.
    const own = await t.member('ownrole');
    await t.grant(own.id, ['admin.role.update', 'admin.role.index']);
    const [role] = await readJson<AdminRoleRecord[]>(
      await t.request(
        `/api/v1/admin/roles?filter=${encodeURIComponent('{"q":"test-role-"}')}&sort=${encodeURIComponent('["id","DESC"]')}`,
        { headers: own.headers },
      ),
    );
    const emptied = await t.request(`/api/v1/admin/roles/${role!.id}`, {
      method: 'PUT',
      json: { name: role!.name, permissions: [] },
      headers: own.headers,
    });
    expect((await readJson<ApiError>(emptied)).code).toBe('LAST_ADMIN_RIGHT');
  });

  it('keeps the last SUPADMIN', async () => {
    const solo = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const only = await solo.member('onlyroot');
      await solo.grant(only.id, [], 'SUPADMIN');
      const me = await readJson<AdminUserRecord>(await solo.request(`/api/v1/admin/users/${only.id}`, { headers: only.headers }));
      const supadmin = me.roleIds as number[];
      const admin = (await solo.database.db.selectFrom('roles').select('id').where('name', '=', 'ADMIN').executeTakeFirstOrThrow()).id;
      const res = await solo.request(`/api/v1/admin/users/${only.id}`, {
        method: 'PUT',
        json: { ...me, roleIds: [admin] },
        headers: only.headers,
      });
      expect(res.status).toBe(409);
      expect((await readJson<ApiError>(res)).code).toBe('LAST_SUPADMIN');
      expect(
        (await readJson<AdminUserRecord>(await solo.request(`/api/v1/admin/users/${only.id}`, { headers: only.headers }))).roleIds,
      ).toEqual(supadmin);
      // Nor through the member's own settings, password and all.
      const gone = await solo.request(`/api/v1/user/${only.id}`, {
        method: 'DELETE',
        json: { password: only.password },
        headers: only.headers,
      });
      expect(gone.status).toBe(409);
      expect((await readJson<ApiError>(gone)).code).toBe('LAST_SUPADMIN');
      expect((await solo.request(`/api/v1/admin/users/${only.id}`, { headers: only.headers })).status).toBe(200);
    } finally {
      await solo.destroy();
    }
  });
});

describe('roles (issue 5 item 4)', () => {
  it('saves a permission set, refuses unknown permissions, protects built-in roles, and a role in use', async () => {
    const res = await t.request('/api/v1/admin/roles', {
      method: 'POST',
      json: {
        name: 'Catalogue editor',
        description: 'Colours and cities',
        permissions: ['admin.color.index', 'admin.color.update', 'admin.city.index'],
      },
      headers: root.headers,
    });
    expect(res.status).toBe(201);
    const role = await readJson<AdminRoleRecord>(res);
    expect(role).toMatchObject({
      name: 'Catalogue editor',
      permissions: ['admin.city.index', 'admin.color.index', 'admin.color.update'],
      users: 0,
    });

    const unknown = await t.request(`/api/v1/admin/roles/${role.id}`, {
      method: 'PUT',
      json: { name: role.name, permissions: ['admin.rocket.launch'] },
      headers: root.headers,
    });
    expect(unknown.status).toBe(422);
    const missingName = await t.request('/api/v1/admin/roles', { method: 'POST', json: { permissions: [] }, headers: root.headers });
    expect((await readJson<ApiError>(missingName)).details).toEqual([{ path: 'name', message: 'Name is required.' }]);

    for (const name of ['SUPADMIN', 'USER']) {
      const id = await roleId(name);
      const rename = await t.request(`/api/v1/admin/roles/${id}`, {
        method: 'PUT',
        json: { name: `${name}X`, permissions: [] },
        headers: root.headers,
      });
      expect(rename.status).toBe(409);
      expect((await readJson<ApiError>(rename)).code).toBe('ROLE_PROTECTED');
      expect((await t.request(`/api/v1/admin/roles/${id}`, { method: 'DELETE', headers: root.headers })).status).toBe(409);
    }

    const holder = await t.member('editor');
    await t.database.db.insertInto('user_roles').values({ user_id: holder.id, role_id: role.id }).execute();
    const inUse = await t.request(`/api/v1/admin/roles/${role.id}`, { method: 'DELETE', headers: root.headers });
    expect(inUse.status).toBe(409);
    expect((await readJson<ApiError>(inUse)).error).toMatch(/User: 1/);
    // The role's permissions take effect on the holder's next request.
    expect((await t.request('/api/v1/admin/colors', { headers: holder.headers })).status).toBe(200);
    expect((await t.request('/api/v1/admin/countries', { headers: holder.headers })).status).toBe(403);
  });
});

describe('listing moderation (issue 5 item 5)', () => {
  it('lists every listing with filters, features one, and removes one with delete_vehicle', async () => {
    const filter = encodeURIComponent(JSON.stringify({ sold: false }));
    const res = await t.request(`/api/v1/admin/vehicles?filter=${filter}&range=${encodeURIComponent('[0,99]')}`, { headers: root.headers });
    const live = await t.database.db.selectFrom('vehicles').select('id').where('sold', '=', 0).execute();
    expect(res.headers.get('content-range')).toMatch(new RegExp(`/${live.length}$`));
    const rows = await readJson<AdminVehicleRecord[]>(res);
    expect(rows.every((v) => v.sold === false)).toBe(true);
    expect(rows[0]).toMatchObject({ id: expect.any(Number), title: expect.any(String), currency: expect.stringMatching(/^[A-Z]{3}$/) });

    const id = rows[0]!.id;
    const featured = await t.request(`/api/v1/admin/vehicles/${id}`, { method: 'PUT', json: { featured: true }, headers: root.headers });
    expect((await readJson<AdminVehicleRecord>(featured)).featured).toBe(true);
    const bad = await t.request(`/api/v1/admin/vehicles/${id}`, { method: 'PUT', json: { featured: 'yes' }, headers: root.headers });
    expect(bad.status).toBe(422);
    const badFilter = await t.request(`/api/v1/admin/vehicles?filter=${encodeURIComponent('{"sold":"no"}')}`, { headers: root.headers });
    expect(badFilter.status).toBe(422);

    const gone = await t.request(`/api/v1/admin/vehicles/${id}`, { method: 'DELETE', json: { ground: 'fraud' }, headers: root.headers });
    expect(gone.status).toBe(200);
    expect(await t.database.db.selectFrom('vehicles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await t.request(`/api/v1/admin/vehicles/${id}`, { headers: root.headers })).status).toBe(404);
  });

  it("names each listing's city and country in the console's language", async () => {
    const v = await t.database.db
      .selectFrom('vehicles as v')
      .innerJoin('cities as ci', 'ci.id', 'v.city_id')
      .innerJoin('countries as co', 'co.id', 'v.country_id')
      .select(['v.id', 'ci.name_i18n as city', 'co.name_i18n as country'])
      .executeTakeFirstOrThrow();
    const ar = await readJson<AdminVehicleRecord>(await t.request(`/api/v1/admin/vehicles/${v.id}?lng=ar_SA`, { headers: root.headers }));
    expect(ar.city).toBe(JSON.parse(v.city ?? '{}').ar_SA);
    expect(ar.country).toBe(JSON.parse(v.country ?? '{}').ar_SA);
    expect(ar.city).toMatch(/\p{Script=Arabic}/u);
  });
});

describe('a listing as a moderator sees it, and its removal (issue 33 item 11)', () => {
  const listingOf = async (ownerLanguage: string) => {
    const v = await t.database.db
      .selectFrom('vehicles')
      .select(['id', 'title', 'owner_id'])
      .where('sold', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const language = await t.database.db.selectFrom('languages').select('id').where('code', '=', ownerLanguage).executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ language_id: language.id }).where('id', '=', v.owner_id).execute();
    return v;
  };

  it('shows one listing whole: its fields, pictures, seller, and featured by an administrator and by plan apart', async () => {
    const v = await listingOf('en_US');
    await t.database.db.updateTable('vehicles').set({ featured: 0, plan_featured: 1 }).where('id', '=', v.id).execute();
    const one = await readJson<AdminVehicleRecord>(await t.request(`/api/v1/admin/vehicles/${v.id}`, { headers: root.headers }));
    expect(one).toMatchObject({ id: v.id, featured: false, planFeatured: true });
    expect(one.listing).toMatchObject({ id: v.id, title: v.title, pictures: expect.any(Array), description: expect.any(String) });
    const owner = await t.database.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', v.owner_id)
      .executeTakeFirstOrThrow();
    expect(one.seller).toMatchObject({ id: v.owner_id, email: owner.email, username: owner.username, listings: expect.any(Number) });
    // The list stays light: no whole listing in its rows, but both featured flags.
    const filter = encodeURIComponent(JSON.stringify({ id: [v.id] }));
    const [row] = await readJson<AdminVehicleRecord[]>(
      await t.request(`/api/v1/admin/vehicles?filter=${filter}`, { headers: root.headers }),
    );
    expect(row).toMatchObject({ featured: false, planFeatured: true });
    expect(row?.listing).toBeUndefined();
  });

  it('refuses a removal without a ground, with an unknown one, or "other" without a note, in the console\'s language', async () => {
    const v = await listingOf('en_US');
    const remove = (json: unknown, lng = 'en_US') =>
      t.request(`/api/v1/admin/vehicles/${v.id}?lng=${lng}`, { method: 'DELETE', json, headers: root.headers });
    expect((await remove({})).status).toBe(422);
    expect((await remove({ ground: 'boring' })).status).toBe(422);
    const other = await remove({ ground: 'other', note: '   ' }, 'fr_FR');
    expect(other.status).toBe(422);
    expect((await readJson<ApiError>(other)).details?.[0]?.message).toMatch(/« Autre »/);
    const none = await t.request(`/api/v1/admin/vehicles/${v.id}`, { method: 'DELETE', headers: root.headers });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
    expect(await t.database.db.selectFrom('vehicles').select('id').where('id', '=', v.id).executeTakeFirst()).toBeDefined();
  });

  it('removes a listing saying why: the seller is told in their language, the audit log keeps the ground and the note', async () => {
    const v = await listingOf('fr_FR');
    const res = await t.request(`/api/v1/admin/vehicles/${v.id}`, {
      method: 'DELETE',
      json: { ground: 'misleading', note: 'Le kilométrage affiché est faux.' },
      headers: root.headers,
    });
    expect(res.status).toBe(200);
    expect(await t.database.db.selectFrom('vehicles').select('id').where('id', '=', v.id).executeTakeFirst()).toBeUndefined();
    const notice = await t.database.db
      .selectFrom('notifications')
      .select(['message', 'kind', 'mail_pending'])
      .where('user_id', '=', v.owner_id)
      .where('kind', '=', 'listing_removed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.message).toBe(
      `Votre annonce « ${v.title} » a été retirée par nos modérateurs : des informations trompeuses ou fausses. Leur note : Le kilométrage affiché est faux.`,
    );
    expect(notice.mail_pending).toBe(1);
    // The mail job sends it, in French, with the way to ask the support team.
    const job = await t.database.db
      .selectFrom('datacrons')
      .select('id')
      .where('handler', '=', 'send-notification-mail')
      .executeTakeFirstOrThrow();
    await t.deps.jobs.runNow(job.id);
    const owner = await t.database.db.selectFrom('users').select('email').where('id', '=', v.owner_id).executeTakeFirstOrThrow();
    const mail = outboxMails(t.database.dir, owner.email).find((m) => m.subject === 'Votre annonce a été retirée');
    expect(mail?.text).toContain('Leur note : Le kilométrage affiché est faux.');
    expect(mail?.text).toContain('/help-center/');
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('resource', '=', 'vehicles')
      .where('record_id', '=', String(v.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('delete');
    expect(JSON.parse(entry.after ?? '{}')).toEqual({ removalGround: 'misleading', removalNote: 'Le kilométrage affiché est faux.' });
    expect(JSON.parse(entry.before ?? '{}')).toMatchObject({ id: v.id, title: v.title });
  });
});

describe('the roles a user form offers (issue 13 item 12a)', () => {
  it('offers an ADMIN exactly the roles a user write by them accepts: not SUPADMIN, not a role with rights they lack', async () => {
    const admin = await t.member('offeradmin');
    await t.grant(admin.id, [], 'ADMIN');
    // A role holding a right ADMIN lacks (editing roles), and one within ADMIN's rights.
    const wide = await readJson<AdminRoleRecord>(
      await t.request('/api/v1/admin/roles', {
        method: 'POST',
        json: { name: `Role editors ${++serial}`, permissions: ['admin.role.update'] },
        headers: root.headers,
      }),
    );
    const narrow = await readJson<AdminRoleRecord>(
      await t.request('/api/v1/admin/roles', {
        method: 'POST',
        json: { name: `Colour keepers ${++serial}`, permissions: ['admin.color.index'] },
        headers: root.headers,
      }),
    );
    const offered = await readJson<AdminRoleRecord[]>(
      await t.request(`/api/v1/admin/roles?filter=${encodeURIComponent('{"grantable":true}')}&range=[0,99]`, { headers: admin.headers }),
    );
    const names = offered.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['USER', 'ADMIN', narrow.name]));
    expect(names).not.toContain('SUPADMIN');
    expect(names).not.toContain(wide.name);

    // Every role, offered or not, is accepted by a user write exactly when it is offered.
    const all = await readJson<AdminRoleRecord[]>(await t.request('/api/v1/admin/roles?range=[0,99]', { headers: admin.headers }));
    for (const role of all) {
      const target = await readJson<AdminUserRecord>(
        await t.request('/api/v1/admin/users', { method: 'POST', json: await userBody(), headers: root.headers }),
      );
      const res = await t.request(`/api/v1/admin/users/${target.id}`, {
        method: 'PUT',
        json: { ...target, roleIds: [...target.roleIds, role.id] },
        headers: admin.headers,
      });
      expect(res.status === 200, `${role.name}: ${res.status}`).toBe(names.includes(role.name));
    }
    // A SUPADMIN is offered everything.
    const all4root = await readJson<AdminRoleRecord[]>(
      await t.request(`/api/v1/admin/roles?filter=${encodeURIComponent('{"grantable":true}')}&range=[0,99]`, { headers: root.headers }),
    );
    expect(all4root.map((r) => r.name)).toContain('SUPADMIN');
  });
});
