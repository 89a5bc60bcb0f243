import type { PersonalFragment } from '@autoroute/contract/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type Data, readJson, type TestApp, type TestMember } from '../../../testing.ts';

let t: TestApp;
let buyer: TestMember;
let seller: TestMember;
let listing: number;

const fragment = (member: TestMember | null, query = '') =>
  t.request(`/api/v1/me/fragment${query}`, { headers: member ? member.headers : {} });

beforeAll(async () => {
  t = await createTestApp({ vehicles: 3 });
  buyer = await t.member('fragmentbuyer');
  seller = await t.member('fragmentseller');
  const someone = await t.database.db.selectFrom('vehicles').select('id').where('sold', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  await t.database.db.updateTable('vehicles').set({ owner_id: seller.id }).where('id', '=', someone.id).execute();
  listing = someone.id;
});
afterAll(() => t.destroy());

describe('GET /api/v1/me/fragment: the signed-in visitor’s part of a shared page (decision 024)', () => {
  it('asks a visitor who is not signed in to sign in', async () => {
    const res = await fragment(null, `?vehicle=${listing}`);
    expect(res.status).toBe(401);
    expect((await readJson<ApiError>(res)).code).toBe('UNAUTHORIZED');
  });

  it('gives the header’s name, premium badge and unread count, never to be kept by a cache', async () => {
    const res = await fragment(buyer);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await readJson<Data<PersonalFragment>>(res)).data).toEqual({
      firstName: 'Test',
      premium: false,
      unread: 0,
      messages: 0,
      vehicle: null,
      sidebarItems: ['recents', 'home', 'applications', 'desktop', 'downloads', 'documents'],
      theme: null,
    });

    const cart = await t.database.db.selectFrom('carts').select('name').orderBy('id').executeTakeFirstOrThrow();
    await t.subscribe(buyer.id, cart.name);
    await t.database.db.updateTable('users').set({ first_name: 'Ada' }).where('id', '=', buyer.id).execute();
    expect((await readJson<Data<PersonalFragment>>(await fragment(buyer))).data).toMatchObject({ firstName: 'Ada', premium: true });
  });

  it('counts the messages a seller has not read yet, once: in Messages, not as a notification too', async () => {
    const contact = { firstname: 'Jean', lastname: 'Dupont', phone: '+33 6 98 76 54 32', message: 'Is it still available?' };
    const sent = await t.request(`/api/v1/vehicles/${listing}/contact`, { method: 'POST', json: contact });
    expect(sent.status).toBeLessThan(300);
    expect((await readJson<Data<PersonalFragment>>(await fragment(seller))).data).toMatchObject({ unread: 0, messages: 1 });
    expect((await readJson<Data<PersonalFragment>>(await fragment(buyer))).data).toMatchObject({ unread: 0, messages: 0 });
  });

  it('tells a visitor their marks on the vehicle, and its owner that it is theirs', async () => {
    expect((await readJson<Data<PersonalFragment>>(await fragment(buyer, `?vehicle=${listing}`))).data.vehicle).toEqual({
      id: listing,
      liked: false,
      favorite: false,
      own: false,
    });
    expect((await t.request(`/api/v1/vehicles/${listing}/like`, { method: 'POST', headers: buyer.headers })).status).toBe(201);
    expect((await t.request(`/api/v1/vehicles/${listing}/favorite`, { method: 'POST', headers: buyer.headers })).status).toBe(201);
    expect((await readJson<Data<PersonalFragment>>(await fragment(buyer, `?vehicle=${listing}`))).data.vehicle).toEqual({
      id: listing,
      liked: true,
      favorite: true,
      own: false,
    });
    expect((await readJson<Data<PersonalFragment>>(await fragment(seller, `?vehicle=${listing}`))).data.vehicle).toEqual({
      id: listing,
      liked: false,
      favorite: false,
      own: true,
    });
  });

  it('answers null for a vehicle that does not exist, and a clear 422 for one that cannot', async () => {
    expect((await readJson<Data<PersonalFragment>>(await fragment(buyer, '?vehicle=999999'))).data.vehicle).toBeNull();
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await t.request(`/api/v1/me/fragment?vehicle=${bad}&lng=fr_FR`, { headers: buyer.headers });
      expect(res.status).toBe(422);
      const body = await readJson<ApiError>(res);
      expect(body.details![0]!.path).toBe('vehicle');
      expect(body.error).not.toMatch(/invalid input/i);
    }
  });
});

describe('the session’s hint cookie for shared pages', () => {
  it('comes with the session, readable by scripts, and goes with it', async () => {
    const signedIn = await t.request('/api/v1/auth/login', { method: 'POST', json: { email: buyer.email, password: buyer.password } });
    expect(signedIn.status).toBe(200);
    const set = signedIn.headers.getSetCookie();
    const hint = set.find((c) => c.startsWith('SIGNED_IN='));
    expect(hint).toMatch(/^SIGNED_IN=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(set.find((c) => c.startsWith('ACCESS_TOKEN='))).toMatch(/HttpOnly/);

    const cookie = set.map((c) => c.split(';')[0]).join('; ');
    const out = await t.request('/api/v1/auth/logout', { method: 'POST', headers: { cookie } });
    expect(out.status).toBeLessThan(300);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('SIGNED_IN='))).toMatch(/^SIGNED_IN=;.*Max-Age=0/);
  });
});
