import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../core/limiters.ts';
import {
  type ApiError,
  createTestApp,
  latestCode,
  outboxMails,
  type RouteJson,
  readJson,
  type TestApp,
  type TestMember,
} from '../../../testing.ts';
import type { contactRoute } from '../vehicles/interactions.routes.ts';
import type { reportRoute } from './reports.routes.ts';

// Reports of content (EU Digital Services Act art. 16, docs/decisions/051-reports.md), through the real app.
type Created = RouteJson<typeof reportRoute, 201>;
type Pending = RouteJson<typeof reportRoute, 202>;

let t: TestApp;
let reporter: TestMember;
let seller: TestMember;
let buyer: TestMember;
let stranger: TestMember;
let listing: number;
/** A message the buyer wrote to the seller about the listing. */
let message: number;
const db = () => t.database.db;

const send = (body: unknown, headers: Record<string, string> = {}) => t.request('/api/v1/reports', { method: 'POST', json: body, headers });
const report = (over: Record<string, unknown> = {}) => ({
  targetKind: 'listing',
  targetId: listing,
  reason: 'misleading_price',
  goodFaith: true,
  ...over,
});
const stored = () => db().selectFrom('reports').selectAll().orderBy('id').execute();
const row = (id: number) => db().selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  // The reports here are of notices, not of the hold that enough of them cause (moderation.test.ts).
  t = await createTestApp({ vehicles: 2, env: { TRUST_HOLD_REPORTS: '100' } });
  reporter = await t.member('rita');
  seller = await t.member('sergio');
  buyer = await t.member('bianca');
  stranger = await t.member('stefan');
  listing = (await db().selectFrom('vehicles').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  // A fixture: the seeded listing becomes the seller's.
  await db().updateTable('vehicles').set({ owner_id: seller.id }).where('id', '=', listing).execute();
  const contact = await t.request(`/api/v1/vehicles/${listing}/contact`, {
    method: 'POST',
    headers: buyer.headers,
    json: {
      firstname: 'Bianca',
      lastname: 'Rossi',
      phone: '+39 333 123 4567',
      email: buyer.email,
      message: 'Pay me by wire first, then I ship.',
    },
  });
  expect(contact.status).toBe(201);
  const conversationId = (await readJson<RouteJson<typeof contactRoute, 201>>(contact)).data.conversationId!;
  message = (await db().selectFrom('messages').select('id').where('conversation_id', '=', conversationId).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.destroy());
// Every request here comes from the same address: each test starts with the hour's allowance.
beforeEach(async () => {
  for (const name of ['reportPerIp', 'verifyPerIp', 'codePerIp'] as const) await t.deps.limiters.reset(name, 'local');
  for (const m of [reporter, seller, buyer, stranger]) await t.deps.limiters.reset('reportPerReporter', `user:${m.id}`);
});

describe('POST /api/v1/reports by a member', () => {
  it('stores a member’s report of a listing with their account’s name, address and language, and acknowledges it by mail', async () => {
    const res = await send(report({ details: 'The price in the photos is twice the one shown.' }), reporter.headers);
    expect(res.status).toBe(201);
    const { data } = await readJson<Created>(res);
    expect(data).toEqual({ id: expect.any(Number), status: 'open' });
    expect(await row(data.id)).toMatchObject({
      target_kind: 'listing',
      target_id: listing,
      reason: 'misleading_price',
      details: 'The price in the photos is twice the one shown.',
      reporter_user_id: reporter.id,
      reporter_email: reporter.email,
      reporter_language: 'en_US',
      good_faith: 1,
      status: 'open',
    });
    const mail = outboxMails(t.database.dir, reporter.email).at(-1)!;
    expect(mail.subject).toBe(`We have received your report #${data.id}`);
    expect(mail.text).toContain('thank you for reporting this listing');
    expect(mail.text).toContain(`Your report number is ${data.id}`);
  });

  it('refuses the same report twice from the same member (409), and takes another reason for the same listing', async () => {
    const before = (await stored()).length;
    const again = await send(report(), reporter.headers);
    expect(again.status).toBe(409);
    expect(await readJson<ApiError>(again)).toMatchObject({
      code: 'REPORT_DUPLICATE',
      error: 'You have already reported this for this reason: our team is reviewing it.',
    });
    const french = await send(report(), { ...reporter.headers, 'accept-language': 'fr-FR' });
    expect((await readJson<ApiError>(french)).error).toBe('Vous avez déjà fait ce signalement pour ce motif : notre équipe l’examine.');
    expect(await stored()).toHaveLength(before);
    expect((await send(report({ reason: 'misleading_photos' }), reporter.headers)).status).toBe(201);
  });

  it('refuses a report of one’s own listing, or of oneself (403)', async () => {
    const own = await send(report(), seller.headers);
    expect(own.status).toBe(403);
    expect((await readJson<ApiError>(own)).code).toBe('REPORT_OWN_TARGET');
    const self = await send(report({ targetKind: 'seller', targetId: seller.id }), seller.headers);
    expect((await readJson<ApiError>(self)).code).toBe('REPORT_OWN_TARGET');
    expect(
      (await send(report({ targetKind: 'seller', targetId: seller.id, reason: 'dealer_posing_as_private' }), reporter.headers)).status,
    ).toBe(201);
  });

  it('takes a message’s report from the other participant only', async () => {
    const strangers = await send(
      report({ targetKind: 'message', targetId: message, reason: 'fraud_or_advance_payment' }),
      stranger.headers,
    );
    expect(strangers.status).toBe(403);
    expect(await readJson<ApiError>(strangers)).toMatchObject({
      code: 'REPORT_NOT_PARTICIPANT',
      error: 'You can only report a message of a conversation you take part in.',
    });
    const writers = await send(report({ targetKind: 'message', targetId: message, reason: 'fraud_or_advance_payment' }), buyer.headers);
    expect((await readJson<ApiError>(writers)).code).toBe('REPORT_OWN_TARGET');
    const sellers = await send(report({ targetKind: 'message', targetId: message, reason: 'fraud_or_advance_payment' }), seller.headers);
    expect(sellers.status).toBe(201);
    const { data } = await readJson<Created>(sellers);
    expect(await row(data.id)).toMatchObject({ target_kind: 'message', target_id: message, reporter_user_id: seller.id });
    expect(outboxMails(t.database.dir, seller.email).at(-1)!.text).toContain('thank you for reporting this message');
  });

  it('answers 404 for a listing, seller or message that does not exist', async () => {
    for (const targetKind of ['listing', 'seller', 'message']) {
      const res = await send(report({ targetKind, targetId: 987654 }), reporter.headers);
      expect(res.status, targetKind).toBe(404);
      expect(await readJson<ApiError>(res)).toMatchObject({
        code: 'REPORT_TARGET_NOT_FOUND',
        error: 'What you are reporting does not exist or is no longer online.',
      });
    }
  });

  it('asks for details with the reason “other” (422), in the request language', async () => {
    const res = await send(report({ reason: 'other', details: '   ' }), { ...reporter.headers, 'accept-language': 'fr-FR' });
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details).toEqual([
      { path: 'details', message: 'Expliquez ce qui ne va pas lorsque vous choisissez « Autre ».' },
    ]);
    expect(
      (await send(report({ reason: 'other', details: 'The seller asked for a deposit by gift card.' }), reporter.headers)).status,
    ).toBe(201);
  });

  it('refuses bad input with a 4xx and each field’s message, never a 5xx, and stores nothing', async () => {
    const before = (await stored()).length;
    const empty = await send({}, reporter.headers);
    expect(empty.status).toBe(422);
    expect((await readJson<ApiError>(empty)).details!.map((d) => d.path)).toEqual(['targetKind', 'targetId', 'reason', 'goodFaith']);
    const bad = await send(
      { targetKind: 'car', targetId: 'abc', reason: 'ugly', details: 'x'.repeat(2001), goodFaith: false },
      reporter.headers,
    );
    expect((await readJson<ApiError>(bad)).details).toEqual([
      { path: 'targetKind', message: 'Choose what you are reporting: a listing, a seller or a message.' },
      { path: 'targetId', message: 'This is not a valid listing, seller or message number.' },
      { path: 'reason', message: 'Choose a reason from the list.' },
      { path: 'details', message: 'The details must be at most 2000 characters.' },
      { path: 'goodFaith', message: 'Please confirm that your report is accurate and made in good faith.' },
    ]);
    for (const body of [
      report({ targetId: 1e20 }),
      report({ targetId: -1 }),
      report({ targetId: 1.5 }),
      report({ details: 42 }),
      report({ code: '12ab' }),
      [],
      'report',
      null,
    ]) {
      const res = await send(body, reporter.headers);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const malformed = await t.request('/api/v1/reports', {
      method: 'POST',
      body: '{"targetKind":',
      headers: { ...reporter.headers, 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await stored()).toHaveLength(before);
  });

  it('slows a reporter down after a few reports an hour (429 with Retry-After)', async () => {
    const reasons = ['sold_or_unavailable', 'misleading_mileage', 'wrong_vin', 'duplicate', 'wrong_category', 'spam'];
    for (const reason of reasons.slice(0, LIMITS.reportPerReporter.points))
      expect((await send(report({ reason }), stranger.headers)).status).toBe(201);
    const res = await send(report({ reason: reasons[LIMITS.reportPerReporter.points] }), stranger.headers);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readJson<ApiError>(res)).code).toBe('TOO_MANY_REQUESTS');
  });

  it('slows an address down whoever reports from it (429)', async () => {
    for (let i = 0; i < LIMITS.reportPerIp.points; i++) await send(report({ targetId: 987654 }), i % 2 ? reporter.headers : buyer.headers);
    const res = await send(report({ reason: 'offensive' }), seller.headers);
    expect(res.status).toBe(429);
  });
});

describe('POST /api/v1/reports by a guest', () => {
  const guest = { name: 'Gaëlle Morel', email: 'Gaelle.Morel@Example.test' };

  it('asks a guest for their name and email', async () => {
    const res = await send(report({ reason: 'spam' }));
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details!.map((d) => d.path)).toEqual(['name', 'email']);
  });

  it('tells a guest every problem of the form at once: details with “other” beside the statement, name and email', async () => {
    const res = await send(report({ reason: 'other', goodFaith: false }));
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details!.map((d) => d.path)).toEqual(['details', 'goodFaith', 'name', 'email']);
  });

  it('mails a guest a code (202), stores nothing until the same report comes back with it, then acknowledges in French', async () => {
    const body = report({ reason: 'stolen_or_illegal', details: 'Cette voiture est signalée volée.', ...guest });
    const before = (await stored()).length;
    const first = await send(body, { 'accept-language': 'fr-FR' });
    expect(first.status).toBe(202);
    const { data } = await readJson<Pending>(first);
    expect(data).toEqual({ sessionId: expect.any(String), expiresIn: 600 });
    expect(await stored()).toHaveLength(before);
    const address = 'gaelle.morel@example.test';
    expect(outboxMails(t.database.dir, address).at(-1)!.subject).toBe('Confirmez votre signalement sur Autoroute');
    const code = latestCode(t.database.dir, address);

    // A wrong code, or the code sent with another report, confirms nothing.
    const wrong = await send({ ...body, sessionId: data.sessionId, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect((await readJson<ApiError>(wrong)).code).toBe('CODE_INVALID');
    const other = await send({ ...body, reason: 'spam', sessionId: data.sessionId, code });
    expect(other.status).toBe(400);
    expect(await stored()).toHaveLength(before);

    const asked = await send(body, { 'accept-language': 'fr-FR' });
    const sessionId = (await readJson<Pending>(asked)).data.sessionId;
    const confirmed = await send({ ...body, sessionId, code: latestCode(t.database.dir, address) }, { 'accept-language': 'fr-FR' });
    expect(confirmed.status).toBe(201);
    const { data: created } = await readJson<Created>(confirmed);
    expect(await row(created.id)).toMatchObject({
      reporter_user_id: null,
      reporter_name: 'Gaëlle Morel',
      reporter_email: address,
      reporter_language: 'fr_FR',
      reason: 'stolen_or_illegal',
    });
    const mail = outboxMails(t.database.dir, address).at(-1)!;
    expect(mail.subject).toBe(`Nous avons bien reçu votre signalement n° ${created.id}`);
    expect(mail.text).toContain('Bonjour, merci de nous avoir signalé cette annonce.');
    expect(mail.text).toContain(`Le numéro de votre signalement est ${created.id}`);

    // The same guest, by address, cannot report it again for that reason.
    const again = await send({ ...body, email: address.toUpperCase() });
    expect(again.status).toBe(409);
    expect((await readJson<ApiError>(again)).code).toBe('REPORT_DUPLICATE');
  });

  it('refuses a guest’s report of a message of a conversation they are not in', async () => {
    const res = await send(report({ targetKind: 'message', targetId: message, ...guest }));
    expect(res.status).toBe(403);
    expect((await readJson<ApiError>(res)).code).toBe('REPORT_NOT_PARTICIPANT');
  });

  it('takes a guest buyer’s report of the seller’s answer, by the address they wrote from, once confirmed', async () => {
    const address = 'guest.buyer@example.test';
    const contact = await t.request(`/api/v1/vehicles/${listing}/contact`, {
      method: 'POST',
      json: {
        firstname: 'Gino',
        lastname: 'Bruni',
        phone: '+39 333 765 4321',
        email: address,
        message: 'Is it still for sale?',
        shareContact: false,
      },
    });
    expect(contact.status).toBe(201);
    const conversation = await db().selectFrom('conversations').select('id').where('buyer_email', '=', address).executeTakeFirstOrThrow();
    const answer = await t.request(`/api/v1/conversations/${conversation.id}/messages`, {
      method: 'POST',
      json: { body: 'Yes. Send a deposit by gift card to book it.' },
      headers: seller.headers,
    });
    expect(answer.status).toBe(201);
    const reply = await db()
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversation.id)
      .where('sender', '=', 'seller')
      .executeTakeFirstOrThrow();
    const body = report({
      targetKind: 'message',
      targetId: reply.id,
      reason: 'fraud_or_advance_payment',
      name: 'Gino Bruni',
      email: address,
    });
    const asked = await send(body);
    expect(asked.status).toBe(202);
    const { sessionId } = (await readJson<Pending>(asked)).data;
    const confirmed = await send({ ...body, sessionId, code: latestCode(t.database.dir, address) });
    expect(confirmed.status).toBe(201);
    const { data } = await readJson<Created>(confirmed);
    expect(await row(data.id)).toMatchObject({
      target_kind: 'message',
      target_id: reply.id,
      reporter_user_id: null,
      reporter_email: address,
    });
    // Their own message is not theirs to report.
    const own = await db()
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversation.id)
      .where('sender', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect((await readJson<ApiError>(await send({ ...body, targetId: own.id }))).code).toBe('REPORT_OWN_TARGET');
  });
});
