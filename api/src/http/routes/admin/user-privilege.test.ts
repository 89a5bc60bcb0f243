import { hashPassword } from '@autoroute/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../domain/user/user.data.ts';
import { type ApiError, createTestApp, readJson, type TestApp, type TestMember } from '../../../testing.ts';

/*
 * Issue 31 item 1: nobody changes, resets, suspends or deletes an account holding a right they could
 * not grant. Every route that changes a user, as every kind of caller, on every kind of account:
 * the status, the account untouched when refused, and the audit entry when an administrator writes.
 */

let t: TestApp;
let serial = 0;
const PASSWORD = 'the target passphrase';
const NEW_PASSWORD = 'an attacker passphrase';
let passwordHash: string;

/** Who calls: nobody, another member, the account's own user, or an administrator of some kind. */
type Actor = 'anonymous' | 'stranger' | 'self' | `only ${UserPermission}` | 'ADMIN' | 'SUPADMIN';
type UserPermission = 'admin.user.index' | 'admin.user.create' | 'admin.user.update' | 'admin.user.delete';
const SINGLE: UserPermission[] = ['admin.user.index', 'admin.user.create', 'admin.user.update', 'admin.user.delete'];
/** The account acted on: a plain member, a SUPADMIN, or one holding a right ADMIN lacks (changing roles). */
type Target = 'member' | 'SUPADMIN' | 'role manager';

const actors: Partial<Record<Actor, TestMember>> = {};

interface Account {
  id: number;
  email: string;
  /** Signed in: only when the account acts on itself. */
  headers?: { authorization: string };
}

/** A fresh account of the kind (made directly: the sign-up itself is tested elsewhere), with the email provider linked. */
async function account(kind: Target): Promise<Account> {
  const n = ++serial;
  const email = `target${n}@example.test`;
  const db = t.database.db;
  const id = await createMember(db, {
    email,
    username: `target${n}`,
    firstName: 'Tar',
    lastName: 'Get',
    phone: '+33612345678',
    passwordHash,
    locale: 'en_US',
    emailVerified: true,
  });
  if (kind === 'SUPADMIN') await t.grant(id, [], 'SUPADMIN');
  if (kind === 'role manager') await t.grant(id, ['admin.role.index', 'admin.role.update']);
  const provider = await db.selectFrom('providers').select('id').where('code', '=', 'email').executeTakeFirstOrThrow();
  await db
    .insertInto('user_providers')
    .values({ user_id: id, provider_id: provider.id, address: email, is_notifiable: 1, linked_at: new Date().toISOString() })
    .execute();
  return { id, email };
}

/** Everything a write could change of an account: its row (password hash, status, names), roles, preferences, providers. */
async function state(userId: number) {
  const db = t.database.db;
  const [user, roles, preferences, providers] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute(),
    db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_providers').selectAll().where('user_id', '=', userId).orderBy('provider_id').execute(),
  ]);
  return { user, roles, preferences, providers };
}

const auditRows = (userId: number) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['user_id', 'action', 'resource', 'before', 'after'])
    .where('resource', '=', 'users')
    .where('record_id', '=', String(userId))
    .execute();

interface Route {
  name: string;
  /** The user permission an administrator needs. */
  needs: 'admin.user.update' | 'admin.user.delete';
  /** What an allowed call answers (a link with no proved code passes the gate and stops at the code). */
  ok: number;
  /** Whether an allowed call changes the account (and so is audited). */
  changes: boolean;
  /** Whether the admin console's route: the user themself goes through /user/{id}, never there. */
  console?: boolean;
  call(target: Account, headers: Record<string, string>, self: boolean): Promise<Response>;
}

let emailProvider: number;
const ROUTES: Route[] = [
  {
    name: 'PUT /admin/users/{id} (own roles, new password)',
    needs: 'admin.user.update',
    ok: 200,
    changes: true,
    console: true,
    async call(target, headers) {
      const root = actors.SUPADMIN!;
      const record = await readJson<Record<string, unknown>>(
        await t.request(`/api/v1/admin/users/${target.id}`, { headers: root.headers }),
      );
      return t.request(`/api/v1/admin/users/${target.id}`, {
        method: 'PUT',
        headers,
        json: { ...record, lastName: 'Taken', password: NEW_PASSWORD },
      });
    },
  },
  {
    name: 'PUT /admin/users/{id} (suspend)',
    needs: 'admin.user.update',
    ok: 200,
    changes: true,
    console: true,
    async call(target, headers) {
      const root = actors.SUPADMIN!;
      const record = await readJson<Record<string, unknown>>(
        await t.request(`/api/v1/admin/users/${target.id}`, { headers: root.headers }),
      );
      return t.request(`/api/v1/admin/users/${target.id}`, { method: 'PUT', headers, json: { ...record, status: 'suspended' } });
    },
  },
  {
    name: 'DELETE /admin/users/{id}',
    needs: 'admin.user.delete',
    ok: 200,
    changes: true,
    console: true,
    call: (target, headers) => t.request(`/api/v1/admin/users/${target.id}`, { method: 'DELETE', headers }),
  },
  ...(['PATCH', 'PUT'] as const).map(
    (method): Route => ({
      name: `${method} /user/{id} (new password)`,
      needs: 'admin.user.update',
      ok: 200,
      changes: true,
      call: (target, headers, self) =>
        t.request(`/api/v1/user/${target.id}`, {
          method,
          headers,
          json: { lastName: 'Taken', newPassword: NEW_PASSWORD, ...(self && { currentPassword: PASSWORD }) },
        }),
    }),
  ),
  {
    name: 'DELETE /user/{id}',
    needs: 'admin.user.delete',
    ok: 200,
    changes: true,
    call: (target, headers, self) =>
      t.request(`/api/v1/user/${target.id}`, { method: 'DELETE', headers, json: self ? { password: PASSWORD } : {} }),
  },
  {
    name: 'PUT /user/{id}/notification-settings',
    needs: 'admin.user.update',
    ok: 200,
    changes: true,
    call: (target, headers) =>
      t.request(`/api/v1/user/${target.id}/notification-settings`, {
        method: 'PUT',
        headers,
        json: { type: 'none', email: false, mobile: false, communication: false, marketing: false, social: false, security: false },
      }),
  },
  {
    name: 'PUT /user/{id}/is-notifiable',
    needs: 'admin.user.update',
    ok: 200,
    changes: true,
    call: (target, headers) =>
      t.request(`/api/v1/user/${target.id}/is-notifiable`, {
        method: 'PUT',
        headers,
        json: { providerId: emailProvider, isNotifiable: false },
      }),
  },
  {
    name: 'DELETE /user/{id}/provider',
    needs: 'admin.user.update',
    ok: 200,
    changes: true,
    call: (target, headers) =>
      t.request(`/api/v1/user/${target.id}/provider`, { method: 'DELETE', headers, json: { providerId: emailProvider } }),
  },
  {
    name: 'POST /user/{id}/provider (no proved code)',
    needs: 'admin.user.update',
    ok: 400,
    changes: false,
    call: (target, headers) =>
      t.request(`/api/v1/user/${target.id}/provider`, {
        method: 'POST',
        headers: { ...headers, 'x-process-id': 'y'.repeat(43) },
        json: { providerId: emailProvider },
      }),
  },
  {
    name: 'POST /user/{id}/provider/code',
    needs: 'admin.user.update',
    ok: 200,
    changes: false,
    call: (target, headers) =>
      t.request(`/api/v1/user/${target.id}/provider/code`, {
        method: 'POST',
        headers: { ...headers, 'x-forwarded-for': `203.0.113.${++serial % 250}` },
        json: { providerId: emailProvider },
      }),
  },
];

/** What the rule says: [status, error code of a refusal]. */
function expected(route: Route, actor: Actor, target: Target): [number, string?] {
  if (actor === 'anonymous') return [401, 'UNAUTHORIZED'];
  if (actor === 'stranger') return [403, 'FORBIDDEN'];
  if (actor === 'self') return route.console ? [403, 'FORBIDDEN'] : [route.ok];
  if (actor === 'SUPADMIN') return [route.ok];
  if (actor !== 'ADMIN' && actor !== `only ${route.needs}`) return [403, 'FORBIDDEN'];
  // ADMIN, or the single right the route needs: only on an account holding nothing more.
  return target === 'member' ? [route.ok] : [403, 'ACCOUNT_OUTRANKS'];
}

const ACTORS: Actor[] = ['anonymous', 'stranger', 'self', ...SINGLE.map((p) => `only ${p}` as const), 'ADMIN', 'SUPADMIN'];
const TARGETS: Target[] = ['member', 'SUPADMIN', 'role manager'];
const CASES = ROUTES.flatMap((route) =>
  ACTORS.flatMap((actor) =>
    // The user themself is one account; the others act on each kind.
    (actor === 'self' ? (['member'] as Target[]) : TARGETS).map((target) => [route.name, actor, target] as const),
  ),
);

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  passwordHash = await hashPassword(PASSWORD);
  emailProvider = (await t.database.db.selectFrom('providers').select('id').where('code', '=', 'email').executeTakeFirstOrThrow()).id;
  actors.SUPADMIN = await t.member('privroot');
  await t.grant(actors.SUPADMIN.id, [], 'SUPADMIN');
  actors.ADMIN = await t.member('privadmin');
  await t.grant(actors.ADMIN.id, [], 'ADMIN');
  actors.stranger = await t.member('privstranger');
  for (const permission of SINGLE) {
    const holder = await t.member(`priv-${permission.split('.')[2]}`);
    await t.grant(holder.id, [permission]);
    actors[`only ${permission}`] = holder;
  }
});
afterAll(() => t.destroy());

describe('every route that changes a user asks one rule (issue 31 item 1)', () => {
  it.each(CASES)('%s as %s on a %s', async (routeName, actor, targetKind) => {
    const route = ROUTES.find((r) => r.name === routeName)!;
    let target = await account(targetKind);
    let headers: Record<string, string> = {};
    if (actor === 'self') {
      const me = await t.member(`privself${++serial}`);
      target = { id: me.id, email: me.email, headers: me.headers };
      await t.database.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', me.id).execute();
      await t.database.db
        .insertInto('user_providers')
        .values({ user_id: me.id, provider_id: emailProvider, address: me.email, is_notifiable: 1, linked_at: new Date().toISOString() })
        .execute();
      headers = me.headers;
    } else if (actor !== 'anonymous') headers = actors[actor]!.headers;
    const before = await state(target.id);
    const res = await route.call(target, headers, actor === 'self');
    const [status, code] = expected(route, actor, targetKind);
    expect(res.status).toBe(status);
    const audit = await auditRows(target.id);
    if (code || status !== 200) {
      if (code) expect((await readJson<ApiError>(res)).code).toBe(code);
      // Refused: the account is as it was (its password still the same), and nothing is logged.
      expect(await state(target.id)).toEqual(before);
      expect(audit).toEqual([]);
      return;
    }
    if (route.changes) expect(await state(target.id)).not.toEqual(before);
    if (actor === 'self' || !route.changes) expect(audit).toEqual([]);
    else {
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ user_id: actors[actor as 'ADMIN']!.id, resource: 'users' });
    }
  });
});

describe('the attacks of issue 31', () => {
  const login = (email: string, password: string) =>
    t.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'x-forwarded-for': `192.0.2.${++serial % 250}` },
      json: { email, password },
    });

  it('an ADMIN cannot take a SUPADMIN’s password through the console or the settings route', async () => {
    const victim = await account('SUPADMIN');
    const root = actors.SUPADMIN!;
    const record = await readJson<Record<string, unknown>>(await t.request(`/api/v1/admin/users/${victim.id}`, { headers: root.headers }));
    const console = await t.request(`/api/v1/admin/users/${victim.id}?lng=fr_FR`, {
      method: 'PUT',
      headers: actors.ADMIN!.headers,
      json: { ...record, password: NEW_PASSWORD },
    });
    expect(console.status).toBe(403);
    expect(await readJson<ApiError>(console)).toEqual({
      code: 'ACCOUNT_OUTRANKS',
      error:
        'Ce compte détient des droits que vous n’avez pas : seul un administrateur qui les détient tous peut le modifier, le suspendre ou le supprimer.',
    });
    const settings = await t.request(`/api/v1/user/${victim.id}`, {
      method: 'PATCH',
      headers: actors.ADMIN!.headers,
      json: { newPassword: NEW_PASSWORD },
    });
    expect(settings.status).toBe(403);
    expect((await login(victim.email, NEW_PASSWORD)).status).toBe(401);
    expect((await login(victim.email, PASSWORD)).status).toBe(200);
  });

  it('the delete right alone removes no SUPADMIN through /user/{id}', async () => {
    const victim = await account('SUPADMIN');
    const res = await t.request(`/api/v1/user/${victim.id}`, { method: 'DELETE', headers: actors['only admin.user.delete']!.headers });
    expect(res.status).toBe(403);
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', victim.id).executeTakeFirst()).toEqual({ id: victim.id });
  });

  it('logs an administrator’s password reset through /user/{id}, the password shown as set only', async () => {
    const member = await account('member');
    const res = await t.request(`/api/v1/user/${member.id}`, {
      method: 'PATCH',
      headers: actors.ADMIN!.headers,
      json: { bio: 'Reset by support', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    const [row] = await auditRows(member.id);
    expect(row).toMatchObject({ user_id: actors.ADMIN!.id, action: 'update' });
    expect(JSON.parse(row!.before!)).toMatchObject({ id: member.id, bio: null });
    expect(JSON.parse(row!.after!)).toMatchObject({ id: member.id, bio: 'Reset by support', password: '[redacted]' });
    expect(row!.after).not.toContain(NEW_PASSWORD);
    expect((await login(member.email, NEW_PASSWORD)).status).toBe(200);
  });
});
