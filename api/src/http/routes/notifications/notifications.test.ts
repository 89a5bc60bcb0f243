import { DEMO_PASSWORD } from '@autoroute/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import type { loginRoute } from '../auth/auth.routes.ts';
import type { deleteAllRoute, deleteRoute, listRoute, readAllRoute, readRoute } from './notifications.routes.ts';

let t: TestApp;
/** Two sellers, each with a listing of their own, signed in. */
let alice: { id: number; token: string; vehicle: number };
let bob: { id: number; token: string; vehicle: number };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(email: string): Promise<string> {
  const res = await t.request('/api/v1/auth/login', { method: 'POST', json: { email, password: DEMO_PASSWORD } });
  expect(res.status).toBe(200);
  return (await readJson<RouteJson<typeof loginRoute, 200>>(res)).security.accessToken;
}

/** A visitor's message to the seller of `vehicle`, through the contact form: it lives in Messages. */
async function message(vehicle: number, text: string) {
  const res = await t.request(`/api/v1/vehicles/${vehicle}/contact`, {
    method: 'POST',
    json: { firstname: 'Jean', lastname: 'Dupont', phone: '+33 6 98 76 54 32', email: 'jean@example.test', message: text },
  });
  expect(res.status).toBe(201);
}

/** A notification as the price-drop announcement writes it (a fixture: the announcement has its own tests). */
async function notify(userId: number, vehicle: number, text: string) {
  await t.database.db
    .insertInto('notifications')
    .values({ user_id: userId, vehicle_id: vehicle, kind: 'price_drop', from_name: 'Autoroute', message: text })
    .execute();
  await new Promise((r) => setTimeout(r, 5));
}

const rowsOf = (userId: number) =>
  t.database.db
    .selectFrom('notifications')
    .select(['id', 'read_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'price_drop')
    .orderBy('id')
    .execute();

const inbox = async (token: string, query = '') =>
  readJson<RouteJson<typeof listRoute, 200>>(await t.request(`/api/v1/notifications${query}`, { headers: auth(token) }));

beforeAll(async () => {
  t = await createTestApp({ vehicles: 30 });
  const rows = await t.database.db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .select(['v.id', 'u.id as owner', 'u.email'])
    .where('v.sold', '=', 0)
    .orderBy('v.id')
    .execute();
  const first = rows[0]!;
  const second = rows.find((r) => r.owner !== first.owner)!;
  alice = { id: first.owner, token: await signIn(first.email), vehicle: first.id };
  bob = { id: second.owner, token: await signIn(second.email), vehicle: second.id };
  for (const text of ['First question', 'Second question', 'Third question']) await notify(alice.id, alice.vehicle, text);
  await notify(bob.id, bob.vehicle, 'A question for Bob');
  // Messages live in Messages, with their own count: never in the inbox too.
  await message(alice.vehicle, 'A message in Messages');
});
afterAll(() => t.destroy());

describe('the notifications inbox (SPEC §2 /notifications/, §3, §4)', () => {
  it('asks the visitor to sign in', async () => {
    expect((await t.request('/api/v1/notifications')).status).toBe(401);
    expect((await t.request('/api/v1/notifications/read-all', { method: 'POST' })).status).toBe(401);
    expect((await t.request('/api/v1/notifications', { method: 'DELETE' })).status).toBe(401);
  });

  it('lists my notifications newest first, with sender, vehicle and the unread count', async () => {
    const body = await inbox(alice.token, '?perPage=2');
    expect(body.meta).toEqual({ total: 3, page: 1, perPage: 2, pages: 2, unread: 3 });
    expect(body.data.map((n: { message: string }) => n.message)).toEqual(['Third question', 'Second question']);
    const title = (await t.database.db.selectFrom('vehicles').select('title').where('id', '=', alice.vehicle).executeTakeFirstOrThrow())
      .title;
    expect(body.data[0]).toMatchObject({
      kind: 'price_drop',
      from: { name: 'Autoroute', userId: null },
      vehicle: { id: alice.vehicle, title },
      email: null,
      phone: null,
      read: false,
      readAt: null,
    });
    const page2 = await inbox(alice.token, '?perPage=2&page=2');
    expect(page2.data.map((n: { message: string }) => n.message)).toEqual(['First question']);
    expect((await inbox(bob.token)).data.map((n: { message: string }) => n.message)).toEqual(['A question for Bob']);
  });

  it('marks one read, and lists only the new ones when asked', async () => {
    const [first] = await rowsOf(alice.id);
    const res = await t.request(`/api/v1/notifications/${first!.id}/read`, { method: 'PATCH', headers: auth(alice.token) });
    expect(res.status).toBe(200);
    const body = await readJson<RouteJson<typeof readRoute, 200>>(res);
    expect(body.data).toMatchObject({ id: first!.id, read: true, message: 'First question' });
    expect(body.meta).toEqual({ unread: 2 });
    const readAt = body.data.readAt;
    // Reading again keeps the first reading time.
    const again = await readJson<RouteJson<typeof readRoute, 200>>(
      await t.request(`/api/v1/notifications/${first!.id}/read`, { method: 'PATCH', headers: auth(alice.token) }),
    );
    expect(again.data.readAt).toBe(readAt);
    const unread = await inbox(alice.token, '?unread=true');
    expect(unread.meta).toMatchObject({ total: 2, unread: 2 });
    expect(unread.data.every((n: { read: boolean }) => !n.read)).toBe(true);
  });

  it("answers 404 for someone else's notification and leaves it as it was", async () => {
    const [bobs] = await rowsOf(bob.id);
    for (const [method, path] of [
      ['PATCH', `/api/v1/notifications/${bobs!.id}/read`],
      ['DELETE', `/api/v1/notifications/${bobs!.id}`],
    ] as const) {
      const res = await t.request(path, { method, headers: auth(alice.token) });
      expect(res.status).toBe(404);
      expect(await readJson<ApiError>(res)).toEqual({ error: 'Notification not found.', code: 'NOTIFICATION_NOT_FOUND' });
    }
    const unknown = await t.request('/api/v1/notifications/999999/read', { method: 'PATCH', headers: auth(alice.token) });
    expect(await readJson<ApiError>(unknown)).toEqual({ error: 'Notification not found.', code: 'NOTIFICATION_NOT_FOUND' });
    expect(await rowsOf(bob.id)).toEqual([{ id: bobs!.id, read_at: null }]);
  });

  it("marks all of mine read, and none of anyone else's", async () => {
    const res = await t.request('/api/v1/notifications/read-all', { method: 'POST', headers: auth(alice.token) });
    expect(res.status).toBe(200);
    expect(await readJson<RouteJson<typeof readAllRoute, 200>>(res)).toEqual({ data: { count: 2 }, meta: { unread: 0 } });
    expect((await rowsOf(alice.id)).every((r) => r.read_at !== null)).toBe(true);
    expect((await rowsOf(bob.id)).every((r) => r.read_at === null)).toBe(true);
    expect((await inbox(bob.token)).meta.unread).toBe(1);
  });

  it('deletes one of mine, then all of mine, leaving the others', async () => {
    const [first] = await rowsOf(alice.id);
    const res = await t.request(`/api/v1/notifications/${first!.id}`, { method: 'DELETE', headers: auth(alice.token) });
    expect(res.status).toBe(200);
    expect((await readJson<RouteJson<typeof deleteRoute, 200>>(res)).data).toEqual({ count: 1 });
    expect(await rowsOf(alice.id)).toHaveLength(2);
    expect((await t.request(`/api/v1/notifications/${first!.id}`, { method: 'DELETE', headers: auth(alice.token) })).status).toBe(404);

    const all = await t.request('/api/v1/notifications', { method: 'DELETE', headers: auth(alice.token) });
    expect(all.status).toBe(200);
    expect(await readJson<RouteJson<typeof deleteAllRoute, 200>>(all)).toEqual({ data: { count: 2 }, meta: { unread: 0 } });
    expect(await rowsOf(alice.id)).toEqual([]);
    expect(await rowsOf(bob.id)).toHaveLength(1);
    expect(await inbox(alice.token)).toEqual({ data: [], meta: { total: 0, page: 1, perPage: 20, pages: 0, unread: 0 } });
  });

  it('leaves a buyer’s message to Messages: neither listed, counted, marked nor deleted here', async () => {
    const [conversationNotice] = await t.database.db
      .selectFrom('notifications')
      .select(['id', 'read_at'])
      .where('user_id', '=', alice.id)
      .where('kind', '=', 'contact')
      .execute();
    expect(conversationNotice).toMatchObject({ read_at: null });
    const fragment = await t.request('/api/v1/me/fragment', { headers: auth(alice.token) });
    expect((await readJson<{ data: { unread: number; messages: number } }>(fragment)).data).toMatchObject({ unread: 0, messages: 1 });
    expect((await inbox(alice.token)).data.map((n: { kind: string }) => n.kind)).not.toContain('contact');
    const read = await t.request(`/api/v1/notifications/${conversationNotice!.id}/read`, { method: 'PATCH', headers: auth(alice.token) });
    expect(read.status).toBe(404);
    expect((await t.request('/api/v1/notifications', { method: 'DELETE', headers: auth(alice.token) })).status).toBe(200);
    const kept = await t.database.db.selectFrom('notifications').select('read_at').where('id', '=', conversationNotice!.id).execute();
    expect(kept).toEqual([{ read_at: null }]);
  });

  it('refuses a malformed id or query', async () => {
    expect((await t.request('/api/v1/notifications/abc/read', { method: 'PATCH', headers: auth(alice.token) })).status).toBe(422);
    expect((await t.request('/api/v1/notifications?perPage=1000', { headers: auth(alice.token) })).status).toBe(422);
  });
});
