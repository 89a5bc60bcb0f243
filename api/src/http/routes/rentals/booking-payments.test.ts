import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Booking } from '@autoroute/contract/rentals';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripeFor } from '../../../domain/billing/stripe.ts';
import { runBookingClock } from '../../../domain/rentals/bookings.service.ts';
import { addDays, localDay } from '../../../domain/rentals/time.ts';
import { type ApiError, createTestApp, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import { makeDayRental, shiftBooking } from '../../../testing-rentals.ts';

// A booking's money on the renter's card (issue 36 item 3, docs/decisions/065-booking-payments.md):
// Stripe's own library against a local fake of its API, the app's webhook signed as Stripe signs it.
// The price is authorized at the checkout and captured at acceptance; the deposit is held on the card
// at pickup and let go after the claim window; what ends early gives back what the card gave.

const secret = 'whsec_booking_secret';
const signer = new Stripe('sk_test_fake');
let t: TestApp;
let fake: Server;
let owner: TestMember;
let renter: TestMember;
let rental: number;
const db = () => t.database.db;
const today = localDay(new Date(), 'Europe/Paris');
const day = (n: number) => addDays(today, n);

/** What the fake was asked: method, path, form body, idempotency key. */
interface Call {
  method: string;
  path: string;
  body: Record<string, string>;
  key: string | undefined;
}
let calls: Call[] = [];
let down = false;
let declineDeposits = false;
const sessions = new Map<string, string>();
const asked = (method: string, path: RegExp) => calls.filter((c) => c.method === method && path.test(c.path));

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return Object.fromEntries(new URLSearchParams(text));
};

function stripeFake(req: IncomingMessage, body: Record<string, string>): [number, object] {
  const path = (req.url ?? '').split('?')[0]!;
  const method = req.method ?? 'GET';
  if (down) return [500, { error: { type: 'api_error', message: 'Stripe is down' } }];
  /** The id a path names, when it has this shape. */
  const named = (shape: RegExp) => shape.exec(path)?.[1];
  const session = named(/^\/v1\/checkout\/sessions\/([^/]+)$/);
  const expiring = named(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
  const capturing = named(/^\/v1\/payment_intents\/([^/]+)\/capture$/);
  const cancelling = named(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
  const intent = named(/^\/v1\/payment_intents\/([^/]+)$/);
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const id = `cs_test_${sessions.size + 1}`;
    sessions.set(id, 'open');
    return [200, { id, object: 'checkout.session', status: 'open', url: `https://checkout.stripe.test/c/pay/${id}` }];
  }
  if (session && method === 'GET') return [200, { id: session, object: 'checkout.session', status: sessions.get(session) ?? 'open' }];
  if (expiring) {
    sessions.set(expiring, 'expired');
    return [200, { id: expiring, object: 'checkout.session', status: 'expired' }];
  }
  if (capturing) return [200, { id: capturing, object: 'payment_intent', status: 'succeeded' }];
  if (cancelling) return [200, { id: cancelling, object: 'payment_intent', status: 'canceled' }];
  if (intent && method === 'GET')
    return [200, { id: intent, object: 'payment_intent', status: 'succeeded', customer: 'cus_renter', payment_method: 'pm_card' }];
  if (method === 'POST' && path === '/v1/payment_intents') {
    if (declineDeposits)
      return [
        402,
        { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card was declined.' } },
      ];
    return [200, { id: `pi_deposit_${calls.length}`, object: 'payment_intent', status: 'requires_capture', amount: Number(body.amount) }];
  }
  if (method === 'POST' && path === '/v1/refunds')
    return [200, { id: `re_${calls.length}`, object: 'refund', amount: Number(body.amount) }];
  return [404, { error: { type: 'invalid_request_error', message: `Unknown path ${path}` } }];
}

const call = (method: string, path: string, who?: TestMember, json?: unknown) =>
  t.request(`/api/v1${path}`, { method, ...(json !== undefined && { json }), headers: { ...who?.headers } });
const data = async <T>(res: Response, status = 200): Promise<T> => {
  if (res.status !== status) throw new Error(`${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
};
const errorOf = (res: Response) => readJson<ApiError>(res);
const book = (start: string, end: string) =>
  call('POST', '/bookings', renter, { vehicleId: rental, start, end, driverAge: 30, licenceYears: 5, message: null });
const read = async (id: number, who: TestMember = renter) => data<Booking>(await call('GET', `/bookings/${id}`, who));
const row = (id: number) => db().selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const notices = (userId: number) =>
  db().selectFrom('notifications').select('message').where('user_id', '=', userId).where('kind', '=', 'booking').orderBy('id').execute();
const clock = (now: Date) => runBookingClock(db(), now, stripeFor(t.deps.config));
const instantBook = (on: boolean) =>
  db()
    .updateTable('rental_terms')
    .set({ instant_book: on ? 1 : 0 })
    .where('vehicle_id', '=', rental)
    .execute();

let events = 0;
/** Stripe's webhook: the renter completed the checkout of `session`, authorizing `paymentIntent`. */
const completed = (bookingId: number, session: string, paymentIntent: string) => {
  const payload = JSON.stringify({
    id: `evt_booking_${++events}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: 'unpaid',
        status: 'complete',
        payment_intent: paymentIntent,
        metadata: { bookingId: String(bookingId) },
      },
    },
  });
  return deliver(payload);
};
const deliver = (payload: string) =>
  t.app.request('/api/v1/payments/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) },
  });

const shift = (id: number, by: number) => shiftBooking(db(), id, by);

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const body = await readBody(req);
    calls.push({
      method: req.method ?? 'GET',
      path: (req.url ?? '').split('?')[0]!,
      body,
      key: req.headers['idempotency-key'] as string | undefined,
    });
    const [status, answer] = stripeFake(req, body);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  const { port } = fake.address() as AddressInfo;
  t = await createTestApp({
    vehicles: 1,
    env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: secret, PUBLIC_URL: 'https://cars.example.test' },
    stripeApi: { host: '127.0.0.1', port, protocol: 'http' },
  });
  owner = await t.member('oscar');
  renter = await t.member('rita');
  const [a] = await db().selectFrom('vehicles').select('id').orderBy('id').limit(1).execute();
  rental = a!.id;
  await makeDayRental(db(), rental, owner.id, 6000);
  const terms = await call('PUT', `/rentals/${rental}/terms`, owner, {
    timeZone: 'Europe/Paris',
    minDays: 1,
    maxDays: 60,
    noticeHours: 24,
    depositMinor: 40000,
    cancellation: 'moderate',
  });
  expect(terms.status).toBe(200);
});
afterAll(async () => {
  await t?.destroy();
  fake?.close();
});
beforeEach(() => {
  calls = [];
  down = false;
  declineDeposits = false;
});

describe('a booking paid by card', () => {
  it('waits for the card: a checkout that only authorizes the price, the owner told once the card is confirmed', async () => {
    const made = await data<Booking & { checkoutUrl?: string }>(await book(day(20), day(23)), 201);
    expect(made).toMatchObject({ state: 'requested', paymentState: 'card_pending', depositState: 'none', actions: ['pay', 'cancel'] });
    expect(made.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const [session] = asked('POST', /^\/v1\/checkout\/sessions$/);
    expect(session?.body).toMatchObject({
      mode: 'payment',
      'payment_intent_data[capture_method]': 'manual',
      'payment_intent_data[setup_future_usage]': 'off_session',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': String(made.totalMinor),
      'metadata[bookingId]': String(made.id),
      success_url: `https://cars.example.test/my/bookings/${made.id}?card=done`,
    });
    // A request without a confirmed card: the owner hears nothing yet and may not accept it.
    expect(await notices(owner.id)).toEqual([]);
    const ownerList = async () => (await data<{ id: number }[]>(await call('GET', '/bookings?side=owner', owner))).map((b) => b.id);
    expect(await ownerList()).not.toContain(made.id);
    expect((await data<{ id: number }[]>(await call('GET', '/bookings?side=renter', renter))).map((b) => b.id)).toContain(made.id);
    expect((await read(made.id, owner)).actions).toEqual(['decline']);
    const refused = await call('POST', `/bookings/${made.id}/accept`, owner);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('BOOKING_CARD_PENDING');
    // Back from a closed checkout, the renter opens it again; the owner cannot pay for them.
    expect((await call('POST', `/bookings/${made.id}/pay`, owner)).status).toBe(403);
    const again = await data<{ url: string }>(await call('POST', `/bookings/${made.id}/pay`, renter));
    expect(again.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);

    const sessionId = (await row(made.id)).payment_ref!;
    expect((await completed(made.id, sessionId, 'pi_price_1')).status).toBe(200);
    const authorized = await read(made.id, owner);
    expect(authorized).toMatchObject({ paymentState: 'authorized', actions: ['accept', 'decline'] });
    expect(Date.parse(authorized.expiresAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await notices(owner.id)).at(-1)?.message).toContain(`#${made.id}`);
    expect(await ownerList()).toContain(made.id);
    // Stripe delivers again: nothing changes twice.
    const told = (await notices(owner.id)).length;
    await completed(made.id, sessionId, 'pi_price_1');
    expect(await notices(owner.id)).toHaveLength(told);

    // Acceptance takes the authorized price, once; the deposit waits for the pickup.
    const accepted = await data<Booking>(await call('POST', `/bookings/${made.id}/accept`, owner));
    expect(accepted).toMatchObject({ state: 'accepted', paymentState: 'paid', depositState: 'due_at_pickup' });
    const captures = asked('POST', /^\/v1\/payment_intents\/pi_price_1\/capture$/);
    expect(captures).toHaveLength(1);
    expect(captures[0]?.key).toBe(`booking-${made.id}-capture`);
  });

  it('holds the deposit on the same card at pickup, and lets it go after the claim window', async () => {
    const made = await data<Booking>(await book(day(30), day(32)), 201);
    await completed(made.id, (await row(made.id)).payment_ref!, 'pi_price_2');
    await data<Booking>(await call('POST', `/bookings/${made.id}/accept`, owner));
    await shift(made.id, (Date.parse(made.startAt) - Date.now()) / 3_600_000 + 1);
    const report = { odometer: 12_000, fuel: 90, damage: null, pictures: [] };
    const active = await data<Booking>(await call('POST', `/bookings/${made.id}/pickup`, owner, report));
    expect(active).toMatchObject({ state: 'active', paymentState: 'paid', depositState: 'held' });
    const [hold] = asked('POST', /^\/v1\/payment_intents$/);
    expect(hold?.body).toMatchObject({
      amount: '40000',
      currency: 'eur',
      customer: 'cus_renter',
      payment_method: 'pm_card',
      capture_method: 'manual',
      confirm: 'true',
      off_session: 'true',
    });
    const held = await row(made.id);
    expect(held.deposit_ref).toMatch(/^pi_deposit_/);
    expect((await notices(renter.id)).at(-1)?.message).toContain(`#${made.id}`);

    // A long rental: the hold is placed anew before Stripe lets it lapse (7 days), the old one let go.
    await db()
      .updateTable('bookings')
      .set({ deposit_held_at: new Date(Date.now() - 6.5 * 86_400_000).toISOString() })
      .where('id', '=', made.id)
      .execute();
    expect(await clock(new Date())).toMatchObject({ depositRenewed: 1 });
    const renewed = await row(made.id);
    expect(renewed.deposit_ref).not.toBe(held.deposit_ref);
    expect(asked('POST', new RegExp(`^/v1/payment_intents/${held.deposit_ref}/cancel$`))).toHaveLength(1);

    await data<Booking>(await call('POST', `/bookings/${made.id}/return`, renter, { ...report, odometer: 12_400 }));
    const releaseAt = Date.parse((await row(made.id)).deposit_release_at!);
    expect(await clock(new Date(releaseAt - 60_000))).not.toHaveProperty('depositReleased');
    expect(await clock(new Date(releaseAt + 60_000))).toMatchObject({ depositReleased: 1 });
    expect(asked('POST', new RegExp(`^/v1/payment_intents/${renewed.deposit_ref}/cancel$`))).toHaveLength(1);
    expect(await read(made.id)).toMatchObject({ depositState: 'released' });
  });

  it('a deposit the card refuses is to be paid in person, both sides told', async () => {
    const made = await data<Booking>(await book(day(40), day(41)), 201);
    await completed(made.id, (await row(made.id)).payment_ref!, 'pi_price_3');
    await data<Booking>(await call('POST', `/bookings/${made.id}/accept`, owner));
    await shift(made.id, (Date.parse(made.startAt) - Date.now()) / 3_600_000 + 1);
    declineDeposits = true;
    const ownerNotices = (await notices(owner.id)).length;
    const active = await data<Booking>(
      await call('POST', `/bookings/${made.id}/pickup`, renter, { odometer: 1, fuel: 50, damage: null, pictures: [] }),
    );
    expect(active).toMatchObject({ state: 'active', depositState: 'declined' });
    expect(await notices(owner.id)).toHaveLength(ownerNotices + 1);
  });

  it('gives back what the card gave: a declined request lets the authorization go, a cancellation refunds the policy’s share', async () => {
    const declined = await data<Booking>(await book(day(50), day(51)), 201);
    await completed(declined.id, (await row(declined.id)).payment_ref!, 'pi_price_4');
    expect(await data<Booking>(await call('POST', `/bookings/${declined.id}/decline`, owner, { reason: null }))).toMatchObject({
      state: 'declined',
      paymentState: 'released',
    });
    expect(asked('POST', /^\/v1\/payment_intents\/pi_price_4\/cancel$/)).toHaveLength(1);
    expect(asked('POST', /capture$/)).toHaveLength(0);

    // Moderate: more than 5 days before pickup, all of it back.
    const cancelled = await data<Booking>(await book(day(52), day(54)), 201);
    await completed(cancelled.id, (await row(cancelled.id)).payment_ref!, 'pi_price_5');
    await data<Booking>(await call('POST', `/bookings/${cancelled.id}/accept`, owner));
    const after = await data<Booking>(await call('POST', `/bookings/${cancelled.id}/cancel`, renter, { reason: null }));
    expect(after).toMatchObject({ state: 'cancelled', paymentState: 'refunded', refundMinor: cancelled.totalMinor });
    const [refund] = asked('POST', /^\/v1\/refunds$/);
    expect(refund?.body).toMatchObject({ payment_intent: 'pi_price_5', amount: String(cancelled.totalMinor) });
  });

  it('a card never confirmed: the booking expires within the hour, its checkout closed, the owner never bothered', async () => {
    const made = await data<Booking>(await book(day(60), day(61)), 201);
    expect(Date.parse(made.expiresAt!)).toBeLessThanOrEqual(Date.now() + 3_600_000);
    const session = (await row(made.id)).payment_ref!;
    expect(await clock(new Date(Date.parse(made.expiresAt!) + 60_000))).toMatchObject({ expired: 1 });
    expect(await read(made.id)).toMatchObject({ state: 'expired', paymentState: 'none' });
    expect(asked('POST', new RegExp(`^/v1/checkout/sessions/${session}/expire$`))).toHaveLength(1);
    expect((await notices(owner.id)).some((n) => n.message.includes(`#${made.id}`))).toBe(false);
    // The card comes after all (a checkout completed just before it closed): nothing is kept.
    await completed(made.id, session, 'pi_price_late');
    expect(asked('POST', /^\/v1\/payment_intents\/pi_price_late\/cancel$/)).toHaveLength(1);
    expect(await read(made.id)).toMatchObject({ state: 'expired', paymentState: 'released' });
  });

  it('an instant booking is accepted, and its price taken, once the card is confirmed', async () => {
    await instantBook(true);
    try {
      const made = await data<Booking>(await book(day(70), day(72)), 201);
      expect(made).toMatchObject({ state: 'requested', paymentState: 'card_pending', instant: true });
      await completed(made.id, (await row(made.id)).payment_ref!, 'pi_price_6');
      expect(await read(made.id)).toMatchObject({ state: 'accepted', paymentState: 'paid', depositState: 'due_at_pickup' });
      expect(asked('POST', /^\/v1\/payment_intents\/pi_price_6\/capture$/)).toHaveLength(1);
    } finally {
      await instantBook(false);
    }
  });

  it('Stripe out of reach: acceptance answers 502 in the owner’s language and changes nothing; tried again, it goes through', async () => {
    const made = await data<Booking>(await book(day(80), day(81)), 201);
    await completed(made.id, (await row(made.id)).payment_ref!, 'pi_price_7');
    down = true;
    const failed = await call('POST', `/bookings/${made.id}/accept?lng=fr_FR`, owner);
    expect(failed.status).toBe(502);
    const error = await errorOf(failed);
    expect(error.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(error.error).toMatch(/^Le service de paiement/);
    expect(await read(made.id, owner)).toMatchObject({ state: 'requested', paymentState: 'authorized' });
    down = false;
    expect(await data<Booking>(await call('POST', `/bookings/${made.id}/accept`, owner))).toMatchObject({
      state: 'accepted',
      paymentState: 'paid',
    });
    // The retry carried the same key: Stripe would answer the first capture, not take the price twice.
    expect(new Set(asked('POST', /^\/v1\/payment_intents\/pi_price_7\/capture$/).map((c) => c.key))).toEqual(
      new Set([`booking-${made.id}-capture`]),
    );
  });
});
