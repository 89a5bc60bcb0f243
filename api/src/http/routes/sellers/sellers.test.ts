import type { Vehicle } from '@autoroute/contract/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { myTraderRoute, saveMyTraderRoute, sellerRoute } from './sellers.routes.ts';

// Seller pages and verified traders (issue 35 items 4 and 5, docs/decisions/054), through the real app.
type Page = RouteJson<typeof sellerRoute, 200>['data'];
type Mine = RouteJson<typeof saveMyTraderRoute, 200>['data'];

let t: TestApp;
let seller: TestMember;
let dealer: TestMember;
let buyer: TestMember;
let admin: TestMember;
let member: TestMember;
let live: number;
let sold: number;
let dealerListing: number;
const db = () => t.database.db;

const page = async (id: number, query = '') => {
  const res = await t.request(`/api/v1/sellers/${id}${query}`);
  expect(res.status).toBe(200);
  return (await readJson<{ data: Page }>(res)).data;
};
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A conversation a buyer began `daysAgo`, answered by the seller `answerHours` later (null: never). */
async function conversation(sellerId: number, daysAgo: number, answerHours: number | null) {
  const asked = ago(daysAgo * DAY);
  const { id } = await db()
    .insertInto('conversations')
    .values({
      vehicle_id: live,
      title: 'A car',
      seller_id: sellerId,
      buyer_id: null,
      buyer_name: 'Guest',
      buyer_email: 'guest@example.test',
      created_at: asked,
      last_message_at: asked,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('messages')
    .values({ conversation_id: id, sender: 'buyer', body: 'Is it still for sale?', created_at: asked })
    .execute();
  if (answerHours !== null)
    await db()
      .insertInto('messages')
      .values({
        conversation_id: id,
        sender: 'seller',
        body: 'Yes.',
        created_at: new Date(Date.parse(asked) + answerHours * HOUR).toISOString(),
      })
      .execute();
}

const review = (sellerId: number, over: Record<string, unknown>) =>
  db()
    .insertInto('reviews')
    .values({
      seller_id: sellerId,
      author_id: buyer.id,
      author_name: 'Bianca R.',
      rating: 5,
      communication: 5,
      accuracy: 5,
      recommend: 1,
      body: 'A smooth sale.',
      language: 'en_US',
      status: 'published',
      published_at: ago(DAY),
      ...over,
    })
    .execute();

const TRADER = {
  legalName: 'Garage Dario SARL',
  address: '12 rue des Lilas, 69001 Lyon, France',
  registrationNumber: 'RCS Lyon 123 456 789',
  email: 'contact@garage-dario.example',
  phone: '+33 4 78 00 00 00',
};
const putTrader = (who: TestMember | null, json: unknown) =>
  t.request('/api/v1/me/trader', { method: 'PUT', json, headers: who?.headers ?? {} });
const decide = (who: TestMember | null, id: number, json: unknown) =>
  t.request(`/api/v1/admin/traders/${id}`, { method: 'PUT', json, headers: who?.headers ?? {} });

beforeAll(async () => {
  t = await createTestApp({ vehicles: 3 });
  seller = await t.member('sonia');
  dealer = await t.member('dario');
  buyer = await t.member('bianca');
  admin = await t.member('ada');
  member = await t.member('mallory');
  await t.grant(admin.id, ['admin.user.index', 'admin.user.update']);
  await db().updateTable('users').set({ last_name: 'martin' }).where('id', '=', seller.id).execute();
  await db().updateTable('users').set({ seller_type: 'professional', name: 'Garage Dario' }).where('id', '=', dealer.id).execute();
  const ids = (await db().selectFrom('vehicles').select('id').orderBy('id').execute()).map((r) => r.id);
  [live, sold, dealerListing] = ids as [number, number, number];
  await db().updateTable('vehicles').set({ owner_id: seller.id, sold: 0 }).where('id', 'in', [live, sold]).execute();
  await db()
    .updateTable('vehicles')
    .set({ sold: 1, sold_at: ago(DAY) })
    .where('id', '=', sold)
    .execute();
  await db().updateTable('vehicles').set({ owner_id: dealer.id, sold: 0 }).where('id', '=', dealerListing).execute();
  // Answered in 1 h, 3 h and 72 h (late), one never; one more began before the 90-day window.
  await conversation(seller.id, 2, 1);
  await conversation(seller.id, 5, 3);
  await conversation(seller.id, 10, 72);
  await conversation(seller.id, 20, null);
  await conversation(seller.id, 120, 0.1);
  // The dealer: two conversations, too few for figures.
  await conversation(dealer.id, 1, 1);
  await conversation(dealer.id, 2, 1);
  await review(seller.id, { rating: 5, communication: 4, accuracy: 5, recommend: 1, reply: 'Thank you!', replied_at: ago(HOUR) });
  await review(seller.id, { rating: 3, communication: 2, accuracy: 3, recommend: 0, published_at: ago(2 * DAY) });
  await review(seller.id, { rating: 1, communication: 1, accuracy: 1, recommend: 0, status: 'pending', published_at: null });
  await review(seller.id, { rating: 1, communication: 1, accuracy: 1, recommend: 0, status: 'rejected', published_at: null });
});
afterAll(() => t.destroy());

describe('GET /api/v1/sellers/{id}', () => {
  it('shows a private seller by first name and initial, with badges, counts, city and listings', async () => {
    const p = await page(seller.id);
    expect(p).toMatchObject({
      id: seller.id,
      name: 'Test M.',
      type: 'individual',
      badges: { emailVerified: true, phoneVerified: false, businessVerified: false },
      counts: { active: 1, sold: 1 },
      trader: null,
    });
    expect(p.city).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(p.listings.data.map((v) => v.id)).toEqual([live]);
    expect(p.listings.meta).toEqual({ page: 1, perPage: 12, total: 1, pages: 1 });
    expect(p.sold.map((v) => v.id)).toEqual([sold]);
    // The search's card shape.
    expect(p.listings.data[0]).toMatchObject({ title: expect.any(String), price: expect.any(Number), cover: expect.anything() });
  });

  it('computes the response rate within 48 h and the median first answer over the last 90 days', async () => {
    const p = await page(seller.id);
    // 2 of 4 answered within 48 h; answered after 60, 180 and 4320 minutes: the median is 180.
    expect(p.responses).toEqual({ rate: 0.5, medianMinutes: 180 });
  });

  it('hides the response figures under three conversations', async () => {
    expect((await page(dealer.id)).responses).toEqual({ rate: null, medianMinutes: null });
  });

  it('summarises and lists only the published reviews, newest first, with the seller’s reply', async () => {
    const p = await page(seller.id);
    expect(p.reviews.summary).toEqual({ count: 2, average: 4, communication: 3, accuracy: 4, recommendShare: 0.5 });
    expect(p.reviews.data.map((r) => [r.rating, r.reply])).toEqual([
      [5, 'Thank you!'],
      [3, null],
    ]);
    expect(p.reviews.data[0]).toMatchObject({ authorName: 'Bianca R.', recommend: true, body: 'A smooth sale.', language: 'en_US' });
    const none = await page(dealer.id);
    expect(none.reviews).toEqual({
      summary: { count: 0, average: null, communication: null, accuracy: null, recommendShare: null },
      data: [],
      meta: { page: 1, perPage: 10, total: 0, pages: 1 },
    });
  });

  it('shows the phone badge once an SMS code proved the account’s number', async () => {
    const sms = await db().selectFrom('providers').select('id').where('code', '=', 'sms').executeTakeFirstOrThrow();
    const { phone } = await db().selectFrom('users').select('phone').where('id', '=', seller.id).executeTakeFirstOrThrow();
    await db().insertInto('user_providers').values({ user_id: seller.id, provider_id: sms.id, address: phone }).execute();
    expect((await page(seller.id)).badges.phoneVerified).toBe(true);
    await db().deleteFrom('user_providers').where('user_id', '=', seller.id).execute();
  });

  it('answers 404 for no account and for a suspended seller, 422 for a page out of range', async () => {
    for (const id of [999_999, member.id]) {
      if (id === member.id) await db().updateTable('users').set({ status: 'suspended' }).where('id', '=', id).execute();
      const res = await t.request(`/api/v1/sellers/${id}`);
      expect(res.status).toBe(404);
      expect((await readJson<ApiError>(res)).code).toBe('SELLER_NOT_FOUND');
    }
    await db().updateTable('users').set({ status: 'active' }).where('id', '=', member.id).execute();
    expect((await t.request(`/api/v1/sellers/${seller.id}?page=0`)).status).toBe(422);
    expect((await t.request('/api/v1/sellers/abc')).status).toBe(422);
  });

  it('lists sellers with a live listing for the sitemap', async () => {
    const res = await t.request('/api/v1/sellers/sitemap');
    const { data } = await readJson<{ data: { id: number }[] }>(res);
    expect(data.map((s) => s.id)).toEqual(expect.arrayContaining([seller.id, dealer.id]));
    expect(data.map((s) => s.id)).not.toContain(buyer.id);
  });
});

describe('trader details (DSA art. 30-31)', () => {
  it('are entered by a professional seller only, signed in', async () => {
    expect((await putTrader(null, TRADER)).status).toBe(401);
    const privateSeller = await putTrader(seller, TRADER);
    expect(privateSeller.status).toBe(403);
    expect((await readJson<ApiError>(privateSeller)).code).toBe('TRADER_NOT_PROFESSIONAL');
    const bad = await putTrader(dealer, { ...TRADER, email: 'nope', legalName: '' });
    expect(bad.status).toBe(422);
    expect((await readJson<ApiError>(bad)).details?.map((d) => d.path).sort()).toEqual(['email', 'legalName']);
    expect(await db().selectFrom('traders').selectAll().execute()).toEqual([]);
    const res = await putTrader(dealer, TRADER);
    expect(res.status).toBe(200);
    expect((await readJson<{ data: Mine }>(res)).data).toMatchObject({ ...TRADER, status: 'pending', refusalReason: null });
    const mine = await t.request('/api/v1/me/trader', { headers: dealer.headers });
    expect((await readJson<RouteJson<typeof myTraderRoute, 200>>(mine)).data?.status).toBe('pending');
    // Not shown while pending.
    expect((await page(dealer.id)).trader).toBeNull();
  });

  it('are listed and decided by an administrator only, audited', async () => {
    expect((await t.request('/api/v1/me/trader')).status).toBe(401);
    // Another member reads their own details (none), never the dealer's.
    expect(await readJson(await t.request('/api/v1/me/trader', { headers: member.headers }))).toEqual({ data: null });
    expect((await t.request(`/api/v1/admin/traders/${dealer.id}`, { headers: member.headers })).status).toBe(403);
    expect((await t.request(`/api/v1/admin/traders/${dealer.id}`, { headers: admin.headers })).status).toBe(200);
    // Reading is not deciding: admin.user.index alone may list, not decide.
    const reader = await t.member('rhea');
    await t.grant(reader.id, ['admin.user.index']);
    expect((await t.request('/api/v1/admin/traders', { headers: reader.headers })).status).toBe(200);
    expect((await decide(reader, dealer.id, { decision: 'verify' })).status).toBe(403);
    expect((await t.request('/api/v1/admin/traders')).status).toBe(401);
    expect((await t.request('/api/v1/admin/traders', { headers: member.headers })).status).toBe(403);
    expect((await decide(member, dealer.id, { decision: 'verify' })).status).toBe(403);
    expect((await decide(null, dealer.id, { decision: 'verify' })).status).toBe(401);
    const list = await t.request(`/api/v1/admin/traders?filter=${encodeURIComponent('{"status":"pending"}')}`, { headers: admin.headers });
    expect(list.status).toBe(200);
    expect((await readJson<{ id: number; status: string }[]>(list)).map((r) => [r.id, r.status])).toEqual([[dealer.id, 'pending']]);
    const noReason = await decide(admin, dealer.id, { decision: 'refuse' });
    expect(noReason.status).toBe(422);
    expect((await readJson<ApiError>(noReason)).details?.[0]?.path).toBe('reason');
    expect((await decide(admin, 999_999, { decision: 'verify' })).status).toBe(404);
    const refused = await decide(admin, dealer.id, { decision: 'refuse', reason: 'The register number does not match the name.' });
    expect(refused.status).toBe(200);
    expect(await readJson(refused)).toMatchObject({ status: 'refused', refusalReason: 'The register number does not match the name.' });
    expect((await page(dealer.id)).badges.businessVerified).toBe(false);
    const verified = await decide(admin, dealer.id, { decision: 'verify' });
    expect(await readJson(verified)).toMatchObject({ status: 'verified', refusalReason: null });
    const audit = await db().selectFrom('audit_log').selectAll().where('resource', '=', 'traders').orderBy('id').execute();
    expect(audit.map((a) => [a.user_id, a.record_id, a.action])).toEqual([
      [admin.id, String(dealer.id), 'update'],
      [admin.id, String(dealer.id), 'update'],
    ]);
  });

  it('once verified, show on the seller’s page and listings; changed, they wait for a check again', async () => {
    const p = await page(dealer.id);
    expect(p).toMatchObject({ name: 'Garage Dario', type: 'professional', badges: { businessVerified: true }, trader: TRADER });
    const vehicle = await readJson<{ data: Vehicle }>(await t.request(`/api/v1/vehicles/${dealerListing}`));
    expect(vehicle.data.seller).toMatchObject({ id: dealer.id, trader: TRADER });
    // The same details again change nothing.
    expect((await readJson<{ data: Mine }>(await putTrader(dealer, TRADER))).data.status).toBe('verified');
    const changed = await putTrader(dealer, { ...TRADER, address: '1 place Bellecour, 69002 Lyon, France' });
    expect((await readJson<{ data: Mine }>(changed)).data.status).toBe('pending');
    expect((await page(dealer.id)).trader).toBeNull();
    const again = await readJson<{ data: Vehicle }>(await t.request(`/api/v1/vehicles/${dealerListing}`));
    expect(again.data.seller.trader).toBeNull();
  });
});

describe('what moves a kept seller page (migration 20261224_0011)', () => {
  const catalogue = async () => Number((await db().selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
  const listingVersion = async (id: number) =>
    Number((await db().selectFrom('vehicle_versions').select('version').where('vehicle_id', '=', id).executeTakeFirst())?.version ?? 0);

  it('a review, a badge, a suspension and a trader check move the catalogue; a message does not', async () => {
    let before = await catalogue();
    await review(seller.id, { body: 'Another one.' });
    expect(await catalogue()).toBeGreaterThan(before);
    before = await catalogue();
    await db().updateTable('users').set({ email_verified_at: null }).where('id', '=', member.id).execute();
    expect(await catalogue()).toBeGreaterThan(before);
    before = await catalogue();
    const { id } = await db().selectFrom('conversations').select('id').where('seller_id', '=', seller.id).executeTakeFirstOrThrow();
    await db().insertInto('messages').values({ conversation_id: id, sender: 'buyer', body: 'Still there?' }).execute();
    // A sign-in's columns move nothing either.
    await db().updateTable('users').set({ last_login_at: new Date().toISOString() }).where('id', '=', seller.id).execute();
    expect(await catalogue()).toBe(before);
    const listingBefore = await listingVersion(dealerListing);
    await decide(admin, dealer.id, { decision: 'verify' });
    expect(await catalogue()).toBeGreaterThan(before);
    expect(await listingVersion(dealerListing)).toBeGreaterThan(listingBefore);
  });
});
