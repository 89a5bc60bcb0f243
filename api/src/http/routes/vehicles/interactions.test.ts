import type { Vehicle as VehicleDetail } from '@autoroute/contract/vehicles';
import { hashPassword } from '@autoroute/db';
import { DEMO_PASSWORD } from '@autoroute/db/seed';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../core/limiters.ts';
import type { RequestInfo } from '../../../core/request.ts';
import { createMember } from '../../../domain/user/user.data.ts';
import { countView } from '../../../domain/vehicles/interactions.service.ts';
import { type ApiError, createTestApp, type Data, outboxMails, type RouteJson, readJson, type TestApp } from '../../../testing.ts';
import type { SignedIn } from '../auth/auth.routes.ts';
import type { myFavoritesRoute, myLikesRoute } from '../me/me.routes.ts';
import type { compareRoute, contactRoute, viewRoute } from './interactions.routes.ts';
import type { FavoriteState, LikeState } from './interactions.schemas.ts';

let t: TestApp;
let buyer: string;
let other: string;
let seller: { id: number; email: string; token: string };
/** Unsold vehicles of three different sellers, none of them the buyer's. */
let ids: number[];
let sellerVehicle: number;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(email: string, password: string): Promise<string> {
  const res = await t.request('/api/v1/auth/login', { method: 'POST', json: { email, password } });
  expect(res.status).toBe(200);
  return (await readJson<z.infer<typeof SignedIn>>(res)).security.accessToken;
}

async function member(username: string): Promise<string> {
  const email = `${username}@example.test`;
  await createMember(t.database.db, {
    email,
    username,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '+33 6 12 34 56 78',
    passwordHash: await hashPassword('a long enough passphrase'),
    locale: 'en_US',
    emailVerified: true,
  });
  return signIn(email, 'a long enough passphrase');
}

const count = async (table: 'likes' | 'favorites' | 'notifications' | 'vehicle_views') =>
  Number((await t.database.db.selectFrom(table).select(t.database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** Every mail the app wrote to `to`, oldest first. */
const mailsTo = (to: string) => outboxMails(t.database.dir, to);

const contact = {
  firstname: 'Jean',
  lastname: 'Dupont',
  phone: '+33 6 98 76 54 32',
  email: 'jean.dupont@example.test',
  message: 'Bonjour, is the car still available for a test drive on Saturday?',
};

const sendContact = (id: number, body: unknown = contact, headers: Record<string, string> = {}) =>
  t.request(`/api/v1/vehicles/${id}/contact`, { method: 'POST', json: body, headers });

async function resetContactLimits() {
  await t.deps.limiters.reset('contactPerIp', 'local');
  for (const id of [...ids, sellerVehicle]) await t.deps.limiters.reset('contactPerListing', String(id));
}

beforeAll(async () => {
  t = await createTestApp({ vehicles: 30 });
  const db = t.database.db;
  const rows = await db.selectFrom('vehicles').select(['id', 'owner_id']).where('sold', '=', 0).orderBy('id').execute();
  const owners = new Set<number>();
  ids = [];
  for (const r of rows) {
    if (owners.has(r.owner_id)) continue;
    owners.add(r.owner_id);
    ids.push(r.id);
    if (ids.length === 4) break;
  }
  sellerVehicle = ids.pop()!;
  const owner = await db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .select(['u.id', 'u.email'])
    .where('v.id', '=', sellerVehicle)
    .executeTakeFirstOrThrow();
  seller = { id: owner.id, email: owner.email, token: await signIn(owner.email, DEMO_PASSWORD) };
  buyer = await member('buyer');
  other = await member('other');
});
afterAll(() => t.destroy());

describe('likes (SPEC §4: a vehicle is liked or not)', () => {
  it('asks the visitor to sign in', async () => {
    const res = await t.request(`/api/v1/vehicles/${ids[0]}/like`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect((await readJson<ApiError>(res)).code).toBe('UNAUTHORIZED');
    expect(await count('likes')).toBe(0);
  });

  it('likes once however often it is asked, and takes the like back the same way', async () => {
    const id = ids[0]!;
    const first = await t.request(`/api/v1/vehicles/${id}/like`, { method: 'POST', headers: auth(buyer) });
    expect(first.status).toBe(201);
    expect((await readJson<Data<z.infer<typeof LikeState>>>(first)).data).toEqual({ liked: true, likes: 1 });
    const again = await t.request(`/api/v1/vehicles/${id}/like`, { method: 'POST', headers: auth(buyer) });
    expect(again.status).toBe(200);
    expect((await readJson<Data<z.infer<typeof LikeState>>>(again)).data).toEqual({ liked: true, likes: 1 });
    await t.request(`/api/v1/vehicles/${id}/like`, { method: 'POST', headers: auth(other) });

    const detail = (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${id}`, { headers: auth(buyer) }))).data;
    expect(detail).toMatchObject({ likes: 2, liked: true, favorite: false });
    const anonymous = (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${id}`))).data;
    expect(anonymous).toMatchObject({ likes: 2, liked: false, favorite: false, views: null });

    for (let i = 0; i < 2; i++) {
      const res = await t.request(`/api/v1/vehicles/${id}/like`, { method: 'DELETE', headers: auth(buyer) });
      expect(res.status).toBe(200);
      expect((await readJson<Data<z.infer<typeof LikeState>>>(res)).data).toEqual({ liked: false, likes: 1 });
    }
    expect((await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${id}`, { headers: auth(buyer) }))).data).toMatchObject({
      likes: 1,
      liked: false,
    });
    await t.request(`/api/v1/vehicles/${id}/like`, { method: 'DELETE', headers: auth(other) });
  });

  it('answers 404 for a vehicle that does not exist', async () => {
    const res = await t.request('/api/v1/vehicles/999999/like', { method: 'POST', headers: auth(buyer) });
    expect(res.status).toBe(404);
    expect((await readJson<ApiError>(res)).code).toBe('VEHICLE_NOT_FOUND');
    expect(await count('likes')).toBe(0);
  });
});

describe('favorites and my lists (SPEC §2 /favorites/)', () => {
  it('saves idempotently and lists my saved vehicles, most recently saved first, paginated', async () => {
    for (const id of [ids[0]!, ids[1]!, ids[2]!]) {
      const res = await t.request(`/api/v1/vehicles/${id}/favorite`, { method: 'POST', headers: auth(buyer) });
      expect(res.status).toBe(201);
      expect((await readJson<Data<z.infer<typeof FavoriteState>>>(res)).data).toEqual({ favorite: true });
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await t.request(`/api/v1/vehicles/${ids[1]}/favorite`, { method: 'POST', headers: auth(buyer) })).status).toBe(200);
    expect(await count('favorites')).toBe(3);

    const page = await readJson<RouteJson<typeof myFavoritesRoute, 200>>(
      await t.request('/api/v1/me/favorites?perPage=2', { headers: auth(buyer) }),
    );
    expect(page.data.map((v: { id: number }) => v.id)).toEqual([ids[2], ids[1]]);
    expect(page.meta).toEqual({ total: 3, page: 1, perPage: 2, pages: 2 });
    expect(page.data[0]).toHaveProperty('price');
    expect(page.data[0]).toHaveProperty('cover');
    const second = await readJson<RouteJson<typeof myFavoritesRoute, 200>>(
      await t.request('/api/v1/me/favorites?perPage=2&page=2', { headers: auth(buyer) }),
    );
    expect(second.data.map((v: { id: number }) => v.id)).toEqual([ids[0]]);

    expect(
      (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${ids[1]}`, { headers: auth(buyer) }))).data.favorite,
    ).toBe(true);
    expect(
      (await readJson<RouteJson<typeof myFavoritesRoute, 200>>(await t.request('/api/v1/me/favorites', { headers: auth(other) }))).data,
    ).toEqual([]);

    const removed = await t.request(`/api/v1/vehicles/${ids[1]}/favorite`, { method: 'DELETE', headers: auth(buyer) });
    expect((await readJson<Data<z.infer<typeof FavoriteState>>>(removed)).data).toEqual({ favorite: false });
    const after = await readJson<RouteJson<typeof myFavoritesRoute, 200>>(
      await t.request('/api/v1/me/favorites', { headers: auth(buyer) }),
    );
    expect(after.data.map((v: { id: number }) => v.id)).toEqual([ids[2], ids[0]]);
  });

  it('lists my liked vehicles', async () => {
    await t.request(`/api/v1/vehicles/${ids[1]}/like`, { method: 'POST', headers: auth(buyer) });
    const likes = await readJson<RouteJson<typeof myLikesRoute, 200>>(await t.request('/api/v1/me/likes', { headers: auth(buyer) }));
    expect(likes.data.map((v: { id: number }) => v.id)).toEqual([ids[1]]);
    expect(likes.meta.total).toBe(1);
  });

  it('keeps my lists to me', async () => {
    expect((await t.request('/api/v1/me/favorites')).status).toBe(401);
    expect((await t.request('/api/v1/me/likes')).status).toBe(401);
    expect((await t.request(`/api/v1/vehicles/${ids[0]}/favorite`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('compare (SPEC §5, §9: at most 3 vehicles)', () => {
  it('answers up to three whole vehicles in the order asked, as the detail does', async () => {
    const asked = [ids[2]!, ids[0]!, ids[1]!];
    const res = await t.request(`/api/v1/vehicles/compare?ids=${asked.join(',')}`, { headers: auth(buyer) });
    expect(res.status).toBe(200);
    const { data } = await readJson<RouteJson<typeof compareRoute, 200>>(res);
    expect(data.map((v: { id: number }) => v.id)).toEqual(asked);
    const detail = (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${asked[0]}`, { headers: auth(buyer) }))).data;
    expect(data[0]).toEqual(detail);
    expect(
      (await readJson<RouteJson<typeof compareRoute, 200>>(await t.request(`/api/v1/vehicles/compare?ids=${ids[0]}`))).data,
    ).toHaveLength(1);
  });

  it('refuses a fourth vehicle with COMPARE_LIMIT', async () => {
    const res = await t.request(`/api/v1/vehicles/compare?ids=${[...ids, sellerVehicle].join(',')}`);
    expect(res.status).toBe(422);
    expect(await readJson<ApiError>(res)).toEqual({ error: 'Compare allows at most 3 vehicles.', code: 'COMPARE_LIMIT' });
    const fr = await readJson<ApiError>(await t.request(`/api/v1/vehicles/compare?ids=1,2,3,4&lng=fr_FR`));
    expect(fr.error).toBe('La comparaison accepte au plus 3 véhicules.');
  });

  it('refuses missing or malformed ids with details', async () => {
    for (const query of ['', '?ids=', '?ids=1,abc', '?ids=1,,2', '?ids=-1', '?ids=0']) {
      const res = await t.request(`/api/v1/vehicles/compare${query}`);
      expect(res.status, query).toBe(422);
      const body = await readJson<ApiError>(res);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details![0]!.path).toBe('ids');
    }
  });

  it('answers 404 naming the unknown ids', async () => {
    const res = await t.request(`/api/v1/vehicles/compare?ids=${ids[0]},999999`);
    expect(res.status).toBe(404);
    const body = await readJson<ApiError>(res);
    expect(body.code).toBe('VEHICLE_NOT_FOUND');
    expect(body.details).toEqual([{ path: 'ids.1', message: 'Vehicle not found.' }]);
  });
});

describe('contacting a seller (SPEC §3 Contact message, §5)', () => {
  beforeEach(resetContactLimits);

  it('puts a visitor’s message in the seller’s inbox and mails it to them in their language', async () => {
    const fr = await t.database.db.selectFrom('languages').select('id').where('code', '=', 'fr_FR').executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ language_id: fr.id }).where('id', '=', seller.id).execute();
    const before = mailsTo(seller.email).length;

    const res = await sendContact(sellerVehicle, contact, { 'accept-language': 'de-DE' });
    expect(res.status).toBe(201);
    expect((await readJson<RouteJson<typeof contactRoute, 201>>(res)).data).toEqual({ sent: true, conversationId: null });

    const row = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seller.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      sender_id: null,
      vehicle_id: sellerVehicle,
      kind: 'contact',
      from_name: 'Jean Dupont',
      email: contact.email,
      phone: contact.phone,
      message: contact.message,
      read_at: null,
    });

    const mails = mailsTo(seller.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    const title = (await t.database.db.selectFrom('vehicles').select('title').where('id', '=', sellerVehicle).executeTakeFirstOrThrow())
      .title;
    expect(mail.subject).toBe(`Nouveau message concernant votre annonce « ${title} »`);
    expect(mail.text).toContain('Jean Dupont vous a envoyé un message');
    expect(mail.text).toContain(contact.message);
    expect(mail.text).toContain(contact.phone);
    expect(mail.text).toContain(contact.email);
    expect(mail.text).toContain(`/vehicles/${sellerVehicle}`);
  });

  it('records who wrote when a member writes, and lets them leave out the email', async () => {
    const me = (await t.database.db.selectFrom('users').select('id').where('email', '=', 'buyer@example.test').executeTakeFirstOrThrow())
      .id;
    const { email: _, ...withoutEmail } = contact;
    const res = await sendContact(sellerVehicle, { ...withoutEmail, email: '' }, auth(buyer));
    expect(res.status).toBe(201);
    const row = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seller.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.sender_id).toBe(me);
    expect(row.email).toBeNull();
  });

  it('does not mail a seller whose preferences say none, whose email switch is off, or whose messages topic is off by mail', async () => {
    for (const prefs of [
      { type: 'none', email: true },
      { type: 'all', email: false },
      {
        type: 'all',
        email: true,
        topics: { priceDrop: { inbox: true, email: true }, savedSearch: { inbox: true, email: true }, message: { email: false } },
      },
    ]) {
      const me = await readJson<Data<Record<string, unknown>>>(
        await t.request(`/api/v1/user/${seller.id}/notification-settings`, { headers: auth(seller.token) }),
      );
      const saved = await t.request(`/api/v1/user/${seller.id}/notification-settings`, {
        method: 'PUT',
        headers: auth(seller.token),
        json: { ...me.data, ...prefs },
      });
      expect(saved.status).toBe(200);
      const mails = mailsTo(seller.email).length;
      const notifications = await count('notifications');
      expect((await sendContact(sellerVehicle)).status).toBe(201);
      expect(await count('notifications')).toBe(notifications + 1);
      expect(mailsTo(seller.email)).toHaveLength(mails);
    }
    const mentions = await t.request(`/api/v1/user/${seller.id}/notification-settings`, {
      method: 'PUT',
      headers: auth(seller.token),
      json: {
        type: 'mentions',
        email: true,
        mobile: false,
        communication: true,
        marketing: false,
        social: true,
        security: true,
        topics: { priceDrop: { inbox: true, email: true }, savedSearch: { inbox: true, email: true }, message: { email: true } },
      },
    });
    expect(mentions.status).toBe(200);
    const mails = mailsTo(seller.email).length;
    await sendContact(sellerVehicle);
    expect(mailsTo(seller.email)).toHaveLength(mails + 1);
  });

  it.each(['firstname', 'lastname', 'phone', 'message'])('refuses a message without %s, and creates nothing', async (field) => {
    const notifications = await count('notifications');
    const body: Record<string, string> = { ...contact };
    delete body[field];
    const res = await sendContact(ids[0]!, body);
    expect(res.status).toBe(422);
    const error = await readJson<ApiError>(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details!.map((d: { path: string }) => d.path)).toEqual([field]);
    const blank = await readJson<ApiError>(await sendContact(ids[0]!, { ...contact, [field]: '   ' }));
    expect(blank.details!.map((d: { path: string }) => d.path)).toEqual([field]);
    expect(await count('notifications')).toBe(notifications);
  });

  it('refuses an invalid email and phone with messages in the request language', async () => {
    const res = await sendContact(ids[0]!, { ...contact, email: 'not-an-email', phone: 'call me' }, { 'accept-language': 'fr-FR' });
    expect(res.status).toBe(422);
    const { details } = await readJson<ApiError>(res);
    expect(details).toEqual([
      { path: 'phone', message: 'Saisissez un numéro de téléphone valide.' },
      { path: 'email', message: expect.any(String) },
    ]);
    const en = await readJson<ApiError>(await sendContact(ids[0]!, { ...contact, email: 'not-an-email', message: '' }));
    expect(en.details).toEqual([
      { path: 'email', message: 'Enter a valid email address.' },
      { path: 'message', message: 'Write a message to the seller.' },
    ]);
  });

  it('refuses a message to one’s own listing, and to a sold vehicle', async () => {
    const own = await sendContact(sellerVehicle, contact, auth(seller.token));
    expect(own.status).toBe(403);
    expect((await readJson<ApiError>(own)).code).toBe('CONTACT_OWN_VEHICLE');
    const sold = await t.database.db.selectFrom('vehicles').select('id').where('sold', '=', 1).executeTakeFirstOrThrow();
    const res = await sendContact(sold.id);
    expect(res.status).toBe(409);
    expect((await readJson<ApiError>(res)).code).toBe('VEHICLE_SOLD');
    expect((await sendContact(999999)).status).toBe(404);
  });

  it('slows a sender down after a few messages an hour (429 with Retry-After)', async () => {
    const notifications = await count('notifications');
    for (let i = 0; i < LIMITS.contactPerIp.points; i++) expect((await sendContact(ids[i % ids.length]!)).status).toBe(201);
    const res = await sendContact(ids[0]!);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readJson<ApiError>(res)).code).toBe('TOO_MANY_REQUESTS');
    expect(await count('notifications')).toBe(notifications + LIMITS.contactPerIp.points);
  });

  it('caps the messages one listing takes in an hour, whoever sends them', async () => {
    for (let i = 0; i < LIMITS.contactPerListing.points; i++) {
      if (i % LIMITS.contactPerIp.points === 0) await t.deps.limiters.reset('contactPerIp', 'local');
      expect((await sendContact(ids[1]!)).status).toBe(201);
    }
    await t.deps.limiters.reset('contactPerIp', 'local');
    expect((await sendContact(ids[1]!)).status).toBe(429);
    expect((await sendContact(ids[2]!)).status).toBe(201);
  });

  it('never shows the seller’s phone or email in the public vehicle API', async () => {
    const owner = await t.database.db.selectFrom('users').select(['email', 'phone']).where('id', '=', seller.id).executeTakeFirstOrThrow();
    for (const path of [
      `/api/v1/vehicles/${sellerVehicle}`,
      `/api/v1/vehicles/compare?ids=${sellerVehicle}`,
      '/api/v1/vehicles?perPage=100',
    ]) {
      const text = await (await t.request(path, { headers: auth(buyer) })).text();
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain(owner.phone!);
      expect(text).not.toContain(owner.phone!.slice(-6));
    }
  });
});

describe('listing views (issue 4 item 7)', () => {
  const view = (id: number, headers: Record<string, string> = {}) => t.request(`/api/v1/vehicles/${id}/view`, { method: 'POST', headers });

  it('counts each visitor once a day, stores no address, and shows the count to the owner only', async () => {
    const id = sellerVehicle;
    const viewsOf = () => t.database.db.selectFrom('vehicle_views').selectAll().where('vehicle_id', '=', id).execute();
    // A demo listing may come with a month of visits already: what follows adds to them.
    const seeded = await viewsOf();
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' };
    expect((await readJson<RouteJson<typeof viewRoute, 200>>(await view(id, ua))).data).toEqual({ counted: true });
    expect((await readJson<RouteJson<typeof viewRoute, 200>>(await view(id, ua))).data).toEqual({ counted: false });
    expect(
      (await readJson<RouteJson<typeof viewRoute, 200>>(await view(id, { 'user-agent': 'Mozilla/5.0 (Macintosh) Safari/17' }))).data,
    ).toEqual({ counted: true });
    expect((await readJson<RouteJson<typeof viewRoute, 200>>(await view(id, { ...ua, ...auth(buyer) }))).data).toEqual({ counted: true });
    expect(
      (await readJson<RouteJson<typeof viewRoute, 200>>(await view(id, { 'user-agent': 'another browser', ...auth(buyer) }))).data,
    ).toEqual({ counted: false });
    expect((await readJson<RouteJson<typeof viewRoute, 200>>(await view(id, auth(seller.token)))).data).toEqual({ counted: false });

    const rows = (await viewsOf()).filter((r) => !seeded.some((s) => s.visitor_hash === r.visitor_hash && s.day === r.day));
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.visitor_hash).toMatch(/^[\w-]{43}$/);
      expect(r.visitor_hash).not.toContain('local');
      expect(r.day).toBe(new Date().toISOString().slice(0, 10));
    }

    expect(
      (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${id}`, { headers: auth(seller.token) }))).data.views,
    ).toBe(seeded.length + 3);
    expect(
      (await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${id}`, { headers: auth(buyer) }))).data.views,
    ).toBeNull();
  });

  it('counts the same visitor again the next day', async () => {
    const id = ids[0]!;
    const req: RequestInfo = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0', locale: 'en_US' };
    const today = new Date('2026-03-01T10:00:00Z');
    expect(await countView(t.deps, id, null, req, today)).toBe(true);
    expect(await countView(t.deps, id, null, req, new Date('2026-03-01T23:59:00Z'))).toBe(false);
    expect(await countView(t.deps, id, null, req, new Date('2026-03-02T00:01:00Z'))).toBe(true);
    expect(await countView(t.deps, id, 12345, req, today)).toBe(true);
    expect(await countView(t.deps, id, 12345, req, new Date('2026-03-02T08:00:00Z'))).toBe(true);
  });

  it('answers 404 for an unknown vehicle', async () => {
    expect((await view(999999)).status).toBe(404);
  });
});
