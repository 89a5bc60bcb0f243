import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, outboxMails, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { reportRoute } from '../reports/reports.routes.ts';
import type { contactRoute } from '../vehicles/interactions.routes.ts';
import type { createReviewRoute, receivedRoute, replyRoute, reviewableRoute, writtenRoute } from './reviews.routes.ts';

// Reviews of a seller (issue 35 item 6, docs/decisions/055-reviews.md), through the real app. TRUST_PROXY
// makes each member's address the one they sign in from, as behind the site's proxy: related accounts
// are those whose sessions share one.
type Created = RouteJson<typeof createReviewRoute, 201>;

let t: TestApp;
let seller: TestMember;
let buyer: TestMember;
let stranger: TestMember;
let listing: number;
const db = () => t.database.db;

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  t.request(`/api/v1${path}`, { method: 'POST', json, headers });
const get = (path: string, headers: Record<string, string> = {}) => t.request(`/api/v1${path}`, { headers });
const review = (conversationId: number, over: Record<string, unknown> = {}) => ({
  conversationId,
  rating: 4,
  communication: 5,
  accuracy: 3,
  recommend: true,
  body: 'Quick answers, the car was as described except a scratch on the door.',
  ...over,
});
const reviewRow = (id: number) => db().selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A buyer writes to the seller about the listing: the conversation's id. */
async function contact(who: TestMember): Promise<number> {
  await t.deps.limiters.reset('contactPerIp', 'local');
  await t.deps.limiters.reset('contactPerListing', String(listing));
  const res = await post(
    `/vehicles/${listing}/contact`,
    { firstname: 'Test', lastname: 'Buyer', phone: '+33612345678', email: who.email, message: 'Is it still available?' },
    who.headers,
  );
  expect(res.status).toBe(201);
  return (await readJson<RouteJson<typeof contactRoute, 201>>(res)).data.conversationId!;
}
/** The seller answers in the conversation. */
async function answer(conversationId: number) {
  expect((await post(`/conversations/${conversationId}/messages`, { body: 'Yes, come and see it.' }, seller.headers)).status).toBe(201);
}
async function reviewable(who: TestMember) {
  return (await readJson<RouteJson<typeof reviewableRoute, 200>>(await get('/me/reviews/reviewable', who.headers))).data;
}

beforeAll(async () => {
  t = await createTestApp({ vehicles: 1, env: { TRUST_PROXY: 'true' } });
  seller = await t.member('sabine');
  buyer = await t.member('bruno');
  stranger = await t.member('stella');
  listing = (await db().selectFrom('vehicles').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  // A fixture: the seeded listing becomes the seller's.
  await db().updateTable('vehicles').set({ owner_id: seller.id }).where('id', '=', listing).execute();
});
afterAll(() => t.destroy());
// Every conversation here is about the one listing, from the same address: each starts with the hour's allowance.
beforeEach(async () => {
  await t.deps.limiters.reset('contactPerIp', 'local');
  await t.deps.limiters.reset('contactPerListing', String(listing));
  await t.deps.limiters.reset('messagePerSender', `user:${seller.id}`);
});

describe('who may review a seller', () => {
  let conversation: number;
  beforeAll(async () => {
    conversation = await contact(buyer);
  });

  it('refuses a guest (401), a review without a conversation, and a stranger to the conversation (403 REVIEW_NO_CONVERSATION)', async () => {
    expect((await post('/reviews', review(conversation))).status).toBe(401);
    const none = await post('/reviews', review(999_999), buyer.headers);
    expect(none.status).toBe(403);
    expect(await readJson<ApiError>(none)).toMatchObject({
      code: 'REVIEW_NO_CONVERSATION',
      error: 'You can review a seller only after writing to them on Autoroute, from that conversation.',
    });
    const other = await post('/reviews', review(conversation), { ...stranger.headers, 'accept-language': 'fr-FR' });
    expect(other.status).toBe(403);
    expect(await readJson<ApiError>(other)).toMatchObject({
      code: 'REVIEW_NO_CONVERSATION',
      error: 'Vous ne pouvez évaluer un vendeur qu’après lui avoir écrit sur Autoroute, depuis cette conversation.',
    });
    expect(await db().selectFrom('reviews').select('id').execute()).toHaveLength(0);
  });

  it('waits for the seller’s answer (403 REVIEW_NO_ANSWER), and lists nothing to review until then', async () => {
    const res = await post('/reviews', review(conversation), buyer.headers);
    expect(res.status).toBe(403);
    expect((await readJson<ApiError>(res)).code).toBe('REVIEW_NO_ANSWER');
    expect(await reviewable(buyer)).toEqual([]);
  });

  it('refuses the seller reviewing themselves from their own conversation (403 REVIEW_OWN)', async () => {
    await answer(conversation);
    const res = await post('/reviews', review(conversation), seller.headers);
    expect(res.status).toBe(403);
    expect((await readJson<ApiError>(res)).code).toBe('REVIEW_OWN');
    expect(await reviewable(seller)).toEqual([]);
  });

  it('refuses bad stars, a missing recommendation and a short text with each field’s message (422), storing nothing', async () => {
    const res = await post('/reviews', review(conversation, { rating: 6, recommend: 'yes', body: 'Too short' }), buyer.headers);
    expect(res.status).toBe(422);
    const body = await readJson<ApiError>(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'rating', message: 'Choose from 1 to 5 stars.' }),
        expect.objectContaining({ path: 'recommend', message: 'Tell us whether you would recommend this seller.' }),
        expect.objectContaining({ path: 'body', message: 'Your review must be 20 to 2000 characters.' }),
      ]),
    );
    expect(await db().selectFrom('reviews').select('id').execute()).toHaveLength(0);
  });

  it('lists the conversation to review, publishes the buyer’s review, then refuses a second (409 REVIEW_EXISTS)', async () => {
    expect(await reviewable(buyer)).toEqual([
      expect.objectContaining({ conversationId: conversation, sellerId: seller.id, sellerName: 'Test Member', vehicleId: listing }),
    ]);
    const res = await post('/reviews', review(conversation), buyer.headers);
    expect(res.status).toBe(201);
    const { data } = await readJson<Created>(res);
    expect(data).toEqual({
      id: expect.any(Number),
      status: 'published',
      rejectedReason: null,
      message: 'Thank you: your review is published on the seller’s page.',
      sellerId: seller.id,
    });
    expect(await reviewRow(data.id)).toMatchObject({
      conversation_id: conversation,
      seller_id: seller.id,
      author_id: buyer.id,
      author_name: 'Test M.',
      vehicle_id: listing,
      rating: 4,
      communication: 5,
      accuracy: 3,
      recommend: 1,
      status: 'published',
      rejected_reason: null,
      language: 'en_US',
      published_at: expect.any(String),
    });
    const again = await post('/reviews', review(conversation, { rating: 1 }), buyer.headers);
    expect(again.status).toBe(409);
    expect((await readJson<ApiError>(again)).code).toBe('REVIEW_EXISTS');
    expect(await reviewable(buyer)).toEqual([]);
    const written = await readJson<RouteJson<typeof writtenRoute, 200>>(await get('/me/reviews/written', buyer.headers));
    expect(written.data).toEqual([expect.objectContaining({ id: data.id, status: 'published', recommend: true, reply: null })]);
  });

  it('refuses a review between accounts that signed in from the same address (403 REVIEW_RELATED_ACCOUNTS)', async () => {
    const twin = await t.member('tobias');
    const conversationId = await contact(twin);
    await answer(conversationId);
    expect(await reviewable(twin)).toHaveLength(1);
    // The twin signs in from the seller's address (the same household, or one person with two accounts).
    const sellerIp = (await db().selectFrom('sessions').select('ip').where('user_id', '=', seller.id).executeTakeFirstOrThrow()).ip!;
    const signin = await t.request('/api/v1/auth/login', {
      method: 'POST',
      json: { email: twin.email, password: twin.password },
      headers: { 'x-forwarded-for': sellerIp },
    });
    expect(signin.status).toBe(200);
    const res = await post('/reviews', review(conversationId), twin.headers);
    expect(res.status).toBe(403);
    expect(await readJson<ApiError>(res)).toMatchObject({
      code: 'REVIEW_RELATED_ACCOUNTS',
      error: 'Reviews between accounts used from the same place are not accepted.',
    });
    expect(await reviewable(twin)).toEqual([]);
  });

  it('answers the lists to members only (401)', async () => {
    for (const path of ['/me/reviews/reviewable', '/me/reviews/written', '/me/reviews/received'])
      expect((await get(path)).status).toBe(401);
  });
});

describe('the screening', () => {
  let screened = 0;
  it.each([
    ['an email address', 'Great seller, write to him at jo.seller@example.com for more cars.', 'contact'],
    ['a phone number', 'Great seller, call him on 06 12 34 56 78 before you go, he is nice.', 'contact'],
    ['a messenger', 'Great seller, he answers faster on WhatsApp than here, recommended.', 'contact'],
    ['a link', 'Great seller, see his other cars on www.example.com before you buy here.', 'link'],
  ])('keeps back a review with %s, telling the author why in their language', async (_what, body, reason) => {
    const author = await t.member(`scr${++screened}`);
    const conversationId = await contact(author);
    await answer(conversationId);
    const res = await post('/reviews', review(conversationId, { body }), { ...author.headers, 'accept-language': 'fr-FR' });
    expect(res.status).toBe(201);
    const { data } = await readJson<Created>(res);
    expect(data).toMatchObject({ status: 'rejected', rejectedReason: reason });
    expect(data.message).toMatch(/^Votre avis n’a pas été publié/);
    expect(await reviewRow(data.id)).toMatchObject({ status: 'rejected', rejected_reason: reason, published_at: null, language: 'fr_FR' });
    const written = await readJson<RouteJson<typeof writtenRoute, 200>>(await get('/me/reviews/written', author.headers));
    expect(written.data[0]).toMatchObject({ id: data.id, status: 'rejected', rejectedReason: reason });
    // Not shown to the seller, and not to be written again: the conversation had its review.
    const received = await readJson<RouteJson<typeof receivedRoute, 200>>(await get('/me/reviews/received', seller.headers));
    expect(received.data.map((r) => r.id)).not.toContain(data.id);
    expect((await post('/reviews', review(conversationId), author.headers)).status).toBe(409);
  });

  it('publishes prices, years and mileages, which are not phone numbers', async () => {
    const author = await t.member('numbers');
    const conversationId = await contact(author);
    await answer(conversationId);
    const res = await post(
      '/reviews',
      review(conversationId, { body: 'Paid 12 500 EUR for a 2019 car with 84 000 km, as announced. Fair deal.' }),
      author.headers,
    );
    expect((await readJson<Created>(res)).data.status).toBe('published');
  });
});

describe('the seller’s answer and reports of a review', () => {
  let published: number;
  let rejected: number;
  beforeAll(async () => {
    const author = await t.member('rosa');
    const first = await contact(author);
    await answer(first);
    published = (await readJson<Created>(await post('/reviews', review(first), author.headers))).data.id;
    const other = await t.member('rejected');
    const second = await contact(other);
    await answer(second);
    rejected = (
      await readJson<Created>(await post('/reviews', review(second, { body: 'Call me at +49 151 2345 6789 please.' }), other.headers))
    ).data.id;
  });

  it('lets only the reviewed seller answer (401, 403 REVIEW_NOT_SELLER), a published review only (404)', async () => {
    const reply = { body: 'Thank you for your visit!' };
    expect((await post(`/reviews/${published}/reply`, reply)).status).toBe(401);
    for (const who of [stranger, buyer]) {
      const res = await post(`/reviews/${published}/reply`, reply, who.headers);
      expect(res.status).toBe(403);
      expect((await readJson<ApiError>(res)).code).toBe('REVIEW_NOT_SELLER');
    }
    const hidden = await post(`/reviews/${rejected}/reply`, reply, seller.headers);
    expect(hidden.status).toBe(404);
    expect((await readJson<ApiError>(hidden)).code).toBe('REVIEW_NOT_FOUND');
    expect((await reviewRow(published)).reply).toBeNull();
  });

  it('refuses an answer with contact details (422, not stored), then takes one answer and refuses a second (409)', async () => {
    const dirty = await post(`/reviews/${published}/reply`, { body: 'Thanks! Mail me at sabine@example.com next time.' }, seller.headers);
    expect(dirty.status).toBe(422);
    expect(await readJson<ApiError>(dirty)).toMatchObject({
      code: 'REVIEW_REPLY_REJECTED',
      error: 'Your answer cannot be published with a link, an email address or a phone number: please remove them.',
    });
    expect((await reviewRow(published)).reply).toBeNull();
    const res = await post(`/reviews/${published}/reply`, { body: 'Thank you, the scratch is now repaired.' }, seller.headers);
    expect(res.status).toBe(200);
    const { data } = await readJson<RouteJson<typeof replyRoute, 200>>(res);
    expect(data).toMatchObject({ id: published, reply: 'Thank you, the scratch is now repaired.', repliedAt: expect.any(String) });
    const again = await post(`/reviews/${published}/reply`, { body: 'And thanks again.' }, seller.headers);
    expect(again.status).toBe(409);
    expect((await readJson<ApiError>(again)).code).toBe('REVIEW_ALREADY_ANSWERED');
    expect((await reviewRow(published)).reply).toBe('Thank you, the scratch is now repaired.');
    const received = await readJson<RouteJson<typeof receivedRoute, 200>>(await get('/me/reviews/received', seller.headers));
    expect(received.data.find((r) => r.id === published)).toMatchObject({ reply: 'Thank you, the scratch is now repaired.' });
  });

  it('takes a report of a published review from the seller, not from its author, nor of an unpublished one', async () => {
    const report = (targetId: number) => ({ targetKind: 'review', targetId, reason: 'offensive', goodFaith: true });
    const res = await post('/reports', report(published), seller.headers);
    expect(res.status).toBe(201);
    const { data } = await readJson<RouteJson<typeof reportRoute, 201>>(res);
    expect(await db().selectFrom('reports').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow()).toMatchObject({
      target_kind: 'review',
      target_id: published,
      reporter_user_id: seller.id,
    });
    expect(outboxMails(t.database.dir, seller.email).at(-1)!.text).toContain('thank you for reporting this review');
    const author = (await reviewRow(published)).author_id!;
    const own = await db().selectFrom('users').select('email').where('id', '=', author).executeTakeFirstOrThrow();
    const ownRes = await post('/reports', report(published), await headersOf(own.email));
    expect(ownRes.status).toBe(403);
    expect((await readJson<ApiError>(ownRes)).code).toBe('REPORT_OWN_TARGET');
    const hidden = await post('/reports', report(rejected), stranger.headers);
    expect(hidden.status).toBe(404);
    expect((await readJson<ApiError>(hidden)).code).toBe('REPORT_TARGET_NOT_FOUND');
  });
});

/** A member's bearer headers, signing in again with the test password. */
async function headersOf(email: string) {
  const res = await t.request('/api/v1/auth/login', { method: 'POST', json: { email, password: 'a long enough passphrase' } });
  const body = await readJson<{ security: { accessToken: string } }>(res);
  return { authorization: `Bearer ${body.security.accessToken}` };
}

describe('the invitation job', () => {
  const DAY = 86_400_000;
  const runJob = async () => {
    const job = await db().selectFrom('datacrons').select('id').where('handler', '=', 'review-invitations').executeTakeFirstOrThrow();
    const result = await t.deps.jobs.runNow(job.id);
    expect(result.status).toBe('finished');
    return result;
  };
  /** Moves a conversation's start back `days` (the clock of the test). */
  const age = (id: number, days: number) =>
    db()
      .updateTable('conversations')
      .set({ created_at: new Date(Date.now() - days * DAY).toISOString() } as never)
      .where('id', '=', id)
      .execute();

  it('mails each member buyer a week after the conversation began, once, in their language, with the form’s link', async () => {
    const french = await t.member('francoise');
    const fr = await db().selectFrom('languages').select('id').where('code', '=', 'fr_FR').executeTakeFirstOrThrow();
    await db().updateTable('users').set({ language_id: fr.id }).where('id', '=', french.id).execute();
    const quiet = await t.member('quiet');
    await db().updateTable('notification_preferences').set({ communication: 0 }).where('user_id', '=', quiet.id).execute();
    const unanswered = await t.member('unanswered');
    const recent = await t.member('recent');

    const due = await contact(french);
    await answer(due);
    const muted = await contact(quiet);
    await answer(muted);
    const silent = await contact(unanswered);
    const fresh = await contact(recent);
    await answer(fresh);
    for (const id of [due, muted, silent]) await age(id, 8);
    await age(fresh, 3);

    await runJob();
    const mails = outboxMails(t.database.dir, french.email).filter((m) => m.subject.startsWith('Comment s’est passé'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Comment s’est passé votre échange avec Test Member ?');
    expect(mails[0]!.text).toContain(`/reviews/new?conversation=${due}`);
    expect(mails[0]!.text).toContain('Bonjour Test, il y a une semaine vous avez écrit à Test Member');
    // Preferences say no communications: marked, not mailed; no answer, or too recent: left for later.
    expect(outboxMails(t.database.dir, quiet.email).filter((m) => m.subject.includes('Test Member'))).toHaveLength(0);
    expect(outboxMails(t.database.dir, unanswered.email).filter((m) => m.subject.includes('Test Member'))).toHaveLength(0);
    expect(outboxMails(t.database.dir, recent.email).filter((m) => m.subject.includes('Test Member'))).toHaveLength(0);
    const invited = await db()
      .selectFrom('conversations')
      .select(['id', 'review_invited_at'])
      .where('id', 'in', [due, muted, silent, fresh])
      .execute();
    expect(Object.fromEntries(invited.map((c) => [c.id, c.review_invited_at !== null]))).toEqual({
      [due]: true,
      [muted]: true,
      [silent]: false,
      [fresh]: false,
    });

    // Once: a second run sends nothing more; the recent one, a week old later, is invited then.
    await runJob();
    expect(outboxMails(t.database.dir, french.email).filter((m) => m.subject.startsWith('Comment s’est passé'))).toHaveLength(1);
    await age(fresh, 7.5);
    await runJob();
    const late = outboxMails(t.database.dir, recent.email).filter((m) => m.subject === 'How was your contact with Test Member?');
    expect(late).toHaveLength(1);
    expect(late[0]!.text).toContain(`/reviews/new?conversation=${fresh}`);
  });
});
