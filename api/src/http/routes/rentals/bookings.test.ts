import type { Booking } from '@autoroute/contract/rentals';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCancelBooking, runBookingClock } from '../../../domain/rentals/bookings.service.ts';
import { addDays, localDay } from '../../../domain/rentals/time.ts';
import { type ApiError, createTestApp, outboxMails, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import { makeDayRental, shiftBooking } from '../../../testing-rentals.ts';

// Rentals with bookings (issue 36, docs/decisions/059-rentals-and-bookings.md), through the real app on
// the engine the run is on: terms, blocks, availability, quotes, and every transition of the booking's
// state machine with its audit trail, notices and money; 20 requests at once for the same dates.

let t: TestApp;
let owner: TestMember;
let renter: TestMember;
let other: TestMember;
let admin: TestMember;
let rental: number;
let sale: number;
const db = () => t.database.db;
const today = localDay(new Date(), 'Europe/Paris');
const day = (n: number) => addDays(today, n);

const call = (method: string, path: string, who?: TestMember, json?: unknown, headers: Record<string, string> = {}) =>
  t.request(`/api/v1${path}`, { method, ...(json !== undefined && { json }), headers: { ...who?.headers, ...headers } });
const data = async <T>(res: Response, status = 200): Promise<T> => {
  if (res.status !== status) throw new Error(`${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
};
const errorOf = (res: Response) => readJson<ApiError>(res);
const book = (start: string, end: string, who: TestMember | undefined = renter, over: Record<string, unknown> = {}) =>
  call('POST', '/bookings', who, { vehicleId: rental, start, end, driverAge: 30, licenceYears: 5, message: null, ...over });
const terms = (over: Record<string, unknown> = {}) =>
  call('PUT', `/rentals/${rental}/terms`, owner, {
    timeZone: 'Europe/Paris',
    discount3: 5,
    discount7: 10,
    discount30: 20,
    minDays: 1,
    maxDays: 60,
    noticeHours: 24,
    depositMinor: 50000,
    kmPerDay: 200,
    extraKmMinor: 30,
    cancellation: 'moderate',
    ...over,
  });
const events = (id: number) => db().selectFrom('booking_events').selectAll().where('booking_id', '=', id).orderBy('id').execute();
const notices = (userId: number) =>
  db()
    .selectFrom('notifications')
    .select(['message', 'kind'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'booking')
    .orderBy('id')
    .execute();
const runJob = async (handler: string) => {
  const job = await db().selectFrom('datacrons').select('id').where('handler', '=', handler).executeTakeFirstOrThrow();
  const result = await t.deps.jobs.runNow(job.id);
  if (result.status !== 'finished') throw new Error(`${handler}: ${result.status}`);
  return result.run.summary;
};
const shift = (id: number, by: number) => shiftBooking(db(), id, by);

beforeAll(async () => {
  t = await createTestApp({ vehicles: 2, ...(process.env.DEBUG_LOG && { log: (await import('pino')).pino({ level: 'error' }) }) });
  owner = await t.member('olga');
  renter = await t.member('rene');
  other = await t.member('otto');
  admin = await t.member('ada');
  await t.grant(admin.id, ['admin.booking.index']);
  const [a, b] = await db().selectFrom('vehicles').select('id').orderBy('id').limit(2).execute();
  rental = a!.id;
  sale = b!.id;
  await makeDayRental(db(), rental, owner.id, 5000);
  const types = await db().selectFrom('types').select(['id', 'code']).execute();
  await db()
    .updateTable('vehicles')
    .set({ owner_id: owner.id, type_id: types.find((x) => x.code === 'sale')!.id, sold: 0 })
    .where('id', '=', sale)
    .execute();
});
afterAll(() => t.destroy());

describe('a rental listing’s terms', () => {
  it('reads defaults in the country’s zone before the owner writes any, to everyone', async () => {
    const read = await data<{ timeZone: string; unit: string; priceMinor: number; cancellation: string; refundSchedule: unknown[] }>(
      await call('GET', `/rentals/${rental}/terms`),
    );
    expect(read).toMatchObject({ timeZone: 'Europe/Paris', unit: 'day', priceMinor: 5000, cancellation: 'moderate' });
    expect(read.refundSchedule).toEqual([
      { hoursBefore: 120, refundPercent: 100 },
      { hoursBefore: 24, refundPercent: 50 },
    ]);
  });

  it('is written by its owner only, and refused for a listing for sale', async () => {
    expect((await call('PUT', `/rentals/${rental}/terms`, undefined, { timeZone: 'Europe/Paris' })).status).toBe(401);
    const stranger = await call('PUT', `/rentals/${rental}/terms`, other, { timeZone: 'Europe/Paris' });
    expect(stranger.status).toBe(403);
    const forSale = await call('PUT', `/rentals/${sale}/terms`, owner, { timeZone: 'Europe/Paris' });
    expect(forSale.status).toBe(422);
    expect((await errorOf(forSale)).code).toBe('RENTAL_NOT_RENTAL');
    expect((await call('GET', `/rentals/999999/terms`)).status).toBe(404);
    const written = await data<{ discount7: number; depositMinor: number }>(await terms());
    expect(written).toMatchObject({ discount7: 10, depositMinor: 50000 });
    expect(await db().selectFrom('rental_terms').select('discount_7').where('vehicle_id', '=', rental).executeTakeFirst()).toEqual({
      discount_7: 10,
    });
  });

  it('refuses bad terms with a localized message beside the field, changing nothing', async () => {
    const res = await terms({ minDays: 10, maxDays: 5, timeZone: 'Mars/Olympus' });
    expect(res.status).toBe(422);
    const body = await errorOf(res);
    expect(body.details?.map((d) => d.path).sort()).toEqual(['maxDays', 'timeZone']);
    const fr = await call(
      'PUT',
      `/rentals/${rental}/terms`,
      owner,
      { timeZone: 'Europe/Paris', minDays: 10, maxDays: 5 },
      { 'accept-language': 'fr-FR' },
    );
    expect(fr.status).toBe(422);
    expect((await errorOf(fr)).details?.[0]?.path).toBe('maxDays');
    expect(await db().selectFrom('rental_terms').select('min_days').where('vehicle_id', '=', rental).executeTakeFirst()).toEqual({
      min_days: 1,
    });
  });
});

describe('quotes, blocks and availability', () => {
  it('prices a range line by line with the discount of its length and the deposit apart', async () => {
    const q = await data<{ days: number; lines: unknown[]; totalMinor: number; depositMinor: number; kmIncluded: number }>(
      await call('GET', `/rentals/${rental}/quote?start=${day(10)}&end=${day(17)}`),
    );
    expect(q.days).toBe(7);
    expect(q.lines).toEqual([
      { kind: 'rent', days: 7, rateMinor: 5000, amountMinor: 35000 },
      { kind: 'discount', percent: 10, amountMinor: -3500 },
      { kind: 'total', amountMinor: 31500 },
      { kind: 'deposit', amountMinor: 50000 },
    ]);
    expect(q).toMatchObject({ totalMinor: 31500, depositMinor: 50000, kmIncluded: 1400 });
  });

  it('refuses ranges the terms do not allow, each with its reason', async () => {
    const codes = async (start: string, end: string) =>
      (await errorOf(await call('GET', `/rentals/${rental}/quote?start=${start}&end=${end}`))).code;
    expect(await codes(day(10), day(10))).toBe('BOOKING_RANGE_INVALID');
    expect(await codes(day(0), day(2))).toBe('BOOKING_TOO_SOON');
    expect(await codes(day(10), day(80))).toBe('BOOKING_TOO_LONG');
    expect(await codes(day(400), day(402))).toBe('BOOKING_TOO_FAR');
    expect((await call('GET', `/rentals/${rental}/quote?start=2026-02-30&end=${day(3)}`)).status).toBe(422);
  });

  it('lets the owner close a range and a weekday, shown as blocked and refused to renters, then free them', async () => {
    expect((await call('POST', `/rentals/${rental}/blocks`, other, { kind: 'once', startsOn: day(30), endsOn: day(32) })).status).toBe(403);
    expect((await call('POST', `/rentals/${rental}/blocks`, undefined, { kind: 'once', startsOn: day(30), endsOn: day(32) })).status).toBe(
      401,
    );
    const once = await data<{ id: number }>(
      await call('POST', `/rentals/${rental}/blocks`, owner, { kind: 'once', startsOn: day(30), endsOn: day(32), note: 'Service' }),
      201,
    );
    const weekday = new Date(`${day(40)}T00:00:00Z`).getUTCDay();
    const weekly = await data<{ id: number }>(
      await call('POST', `/rentals/${rental}/blocks`, owner, { kind: 'weekly', weekday, startsOn: day(35) }),
      201,
    );
    const a = await data<{ unavailable: { day: string; reason: string }[] }>(
      await call('GET', `/rentals/${rental}/availability?from=${day(29)}&to=${day(48)}`),
    );
    const blocked = a.unavailable.filter((u) => u.reason === 'blocked').map((u) => u.day);
    expect(blocked).toEqual([day(30), day(31), day(40), day(47)]);
    expect((await call('GET', `/rentals/${rental}/quote?start=${day(28)}&end=${day(30)}`)).status).toBe(409);
    expect((await call('GET', `/rentals/${rental}/quote?start=${day(32)}&end=${day(34)}`)).status).toBe(200);
    expect((await call('DELETE', `/rentals/${rental}/blocks/${once.id}`, other)).status).toBe(403);
    expect((await call('DELETE', `/rentals/${rental}/blocks/${once.id}`, owner)).status).toBe(204);
    expect((await call('DELETE', `/rentals/${rental}/blocks/${weekly.id}`, owner)).status).toBe(204);
    expect((await call('GET', `/rentals/${rental}/quote?start=${day(28)}&end=${day(30)}`)).status).toBe(200);
    expect(await data<unknown[]>(await call('GET', `/rentals/${rental}/blocks`, owner))).toEqual([]);
  });

  it('marks the days within the notice and past the horizon', async () => {
    const a = await data<{ unavailable: { day: string; reason: string }[] }>(
      await call('GET', `/rentals/${rental}/availability?from=${today}&to=${day(3)}`),
    );
    expect(a.unavailable[0]).toEqual({ day: today, reason: 'notice' });
    expect((await call('GET', `/rentals/${rental}/availability?from=${today}&to=${day(500)}`)).status).toBe(422);
  });
});

describe('the booking state machine', () => {
  beforeEach(async () => {
    await db().deleteFrom('bookings').execute();
    await terms();
  });

  it('requested: holds the dates, opens the conversation, tells both sides, audits the step', async () => {
    expect((await book(day(10), day(13), owner)).status).toBe(403);
    expect(
      (await call('POST', '/bookings', undefined, { vehicleId: rental, start: day(10), end: day(13), driverAge: 30, licenceYears: 5 }))
        .status,
    ).toBe(401);
    const young = await book(day(10), day(13), renter, { driverAge: 19 });
    expect((await errorOf(young)).code).toBe('BOOKING_DRIVER_AGE');
    const b = await data<Booking>(
      await book(day(10), day(13), renter, { message: 'Arriving by train.', timeZone: 'America/New_York' }),
      201,
    );
    expect(b).toMatchObject({ state: 'requested', side: 'renter', days: 3, totalMinor: 14250, actions: ['cancel'] });
    expect(Date.parse(b.expiresAt!)).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(b.conversationId).not.toBeNull();
    const messages = await db().selectFrom('messages').select(['body', 'sender']).where('conversation_id', '=', b.conversationId).execute();
    expect(messages).toEqual([{ sender: 'buyer', body: `Booking request: 3 days, from ${day(10)} to ${day(13)}.\n\nArriving by train.` }]);
    expect((await notices(owner.id)).at(-1)?.message).toContain(`New booking request #${b.id}`);
    // The renter's notice gives New York's time.
    expect((await notices(renter.id)).at(-1)?.message).toMatch(/EST|EDT|GMT-[45]/);
    expect((await events(b.id)).map((e) => [e.from_state, e.to_state, e.actor])).toEqual([[null, 'requested', 'renter']]);
    // The owner sees it among the bookings of their cars, with what they may do.
    const asOwner = await data<Booking>(await call('GET', `/bookings/${b.id}`, owner));
    expect(asOwner.actions).toEqual(['accept', 'decline']);
    expect((await call('GET', `/bookings/${b.id}`, other)).status).toBe(404);
    // The console's read right reads it as an administrator, who may only cancel it.
    expect(await data<Booking>(await call('GET', `/bookings/${b.id}`, admin))).toMatchObject({ side: 'admin', actions: ['cancel'] });
    expect((await data<{ id: number }[]>(await call('GET', '/bookings?side=owner', owner))).map((x) => x.id)).toEqual([b.id]);
    expect(await data<unknown[]>(await call('GET', '/bookings?side=owner', renter))).toEqual([]);
  });

  it('never overlaps: the same or crossing dates answer 409 in the renter’s language; the next free day books', async () => {
    await data<Booking>(await book(day(10), day(13)), 201);
    const same = await book(day(11), day(12), other);
    expect(same.status).toBe(409);
    const en = await errorOf(same);
    expect(en.code).toBe('BOOKING_CONFLICT');
    const fr = await call(
      'POST',
      '/bookings',
      other,
      { vehicleId: rental, start: day(12), end: day(15), driverAge: 30, licenceYears: 5 },
      { 'accept-language': 'fr-FR' },
    );
    expect(fr.status).toBe(409);
    const frBody = await errorOf(fr);
    expect(frBody.code).toBe('BOOKING_CONFLICT');
    expect(frBody.error).not.toBe(en.error);
    // The return day is taken until the return; the day after is free.
    expect((await book(day(13), day(15), other)).status).toBe(409);
    expect((await book(day(14), day(16), other)).status).toBe(201);
  });

  it('accepted by the owner only; the renter is told; price and deposit due at pickup', async () => {
    const b = await data<Booking>(await book(day(10), day(13)), 201);
    expect((await call('POST', `/bookings/${b.id}/accept`, renter)).status).toBe(403);
    expect((await call('POST', `/bookings/${b.id}/accept`, other)).status).toBe(404);
    const accepted = await data<Booking>(await call('POST', `/bookings/${b.id}/accept`, owner));
    expect(accepted).toMatchObject({ state: 'accepted', paymentState: 'due_at_pickup', depositState: 'due_at_pickup', expiresAt: null });
    expect((await notices(renter.id)).at(-1)?.message).toContain(`Your booking #${b.id}`);
    // The notices go out by mail through the notification mail job, with the way to the bookings.
    expect(await runJob('send-notification-mail')).toMatch(/^Mailed [1-9]/);
    const mail = outboxMails(t.database.dir, renter.email).find((m) => m.subject.includes(`Your booking #${b.id}`));
    expect(mail?.text).toContain('/my/bookings/');
    const again = await call('POST', `/bookings/${b.id}/accept`, owner);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('BOOKING_STATE');
    expect((await events(b.id)).map((e) => [e.to_state, e.actor, e.actor_id])).toEqual([
      ['requested', 'renter', renter.id],
      ['accepted', 'owner', owner.id],
    ]);
  });

  it('declined by the owner frees the dates', async () => {
    const b = await data<Booking>(await book(day(10), day(13)), 201);
    const declined = await data<Booking>(await call('POST', `/bookings/${b.id}/decline`, owner, { reason: 'In the garage that week' }));
    expect(declined).toMatchObject({ state: 'declined', cancelReason: 'In the garage that week', actions: [] });
    expect((await book(day(10), day(13), other)).status).toBe(201);
  });

  it('cancelled by the renter: a request costs nothing; an accepted booking is refunded as the policy says', async () => {
    const r = await data<Booking>(await book(day(10), day(13)), 201);
    expect(await data<Booking>(await call('POST', `/bookings/${r.id}/cancel`, renter, { reason: null }))).toMatchObject({
      state: 'cancelled',
      cancelledBy: 'renter',
      refundMinor: 0,
    });
    // Moderate: in full 5 days or more before pickup, half from 24 hours, nothing later.
    const a = await data<Booking>(await book(day(20), day(22)), 201);
    await call('POST', `/bookings/${a.id}/accept`, owner);
    expect((await data<Booking>(await call('GET', `/bookings/${a.id}`, renter))).cancelRefundMinor).toBe(a.totalMinor);
    await shift(a.id, 24 * 17);
    expect((await data<Booking>(await call('GET', `/bookings/${a.id}`, renter))).cancelRefundMinor).toBe(a.totalMinor / 2);
    const cancelled = await data<Booking>(await call('POST', `/bookings/${a.id}/cancel`, renter, { reason: 'Plans changed' }));
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelledBy: 'renter', refundMinor: a.totalMinor / 2, depositState: 'none' });
    expect((await notices(owner.id)).at(-1)?.message).toContain(`Booking #${a.id}`);
  });

  it('cancelled by the owner: refunded in full and recorded against the owner; an owner cannot cancel a request', async () => {
    const r = await data<Booking>(await book(day(10), day(13)), 201);
    expect((await call('POST', `/bookings/${r.id}/cancel`, owner, { reason: null })).status).toBe(409);
    await call('POST', `/bookings/${r.id}/accept`, owner);
    const c = await data<Booking>(await call('POST', `/bookings/${r.id}/cancel`, owner, { reason: 'Sold the car' }));
    expect(c).toMatchObject({ state: 'cancelled', cancelledBy: 'owner', refundMinor: r.totalMinor });
    expect((await events(r.id)).at(-1)).toMatchObject({ to_state: 'cancelled', actor: 'owner', actor_id: owner.id });
  });

  it('cancelled by an administrator: a full refund, both sides told', async () => {
    const r = await data<Booking>(await book(day(10), day(13)), 201);
    await call('POST', `/bookings/${r.id}/accept`, owner);
    const c = await adminCancelBooking(t.deps, r.id, admin.id, 'Fraud check');
    expect(c).toMatchObject({ state: 'cancelled', cancelledBy: 'admin', refundMinor: r.totalMinor, side: 'admin' });
    expect((await events(r.id)).at(-1)).toMatchObject({ actor: 'admin', actor_id: admin.id });
    expect((await notices(owner.id)).at(-1)?.message).toContain(`Booking #${r.id}`);
    expect((await notices(renter.id)).at(-1)?.message).toContain(`Booking #${r.id}`);
  });

  it('instant book skips the request', async () => {
    await terms({ instantBook: true });
    const b = await data<Booking>(await book(day(10), day(13)), 201);
    expect(b).toMatchObject({ state: 'accepted', instant: true, expiresAt: null, paymentState: 'due_at_pickup' });
    expect((await events(b.id)).map((e) => [e.to_state, e.actor])).toEqual([
      ['requested', 'renter'],
      ['accepted', 'system'],
    ]);
  });

  it('expires at the earliest of 24 hours and the notice; the owner is reminded first; both are told', async () => {
    const b = await data<Booking>(await book(day(10), day(13)), 201);
    const expires = Date.parse(b.expiresAt!);
    expect(await runBookingClock(db(), new Date(expires - 3 * 3_600_000))).toEqual({});
    expect(await runBookingClock(db(), new Date(expires - 3_600_000))).toEqual({ expiring_soon: 1 });
    expect(await runBookingClock(db(), new Date(expires - 1_800_000))).toEqual({});
    expect(await runBookingClock(db(), new Date(expires + 1000))).toEqual({ expired: 1 });
    expect((await data<Booking>(await call('GET', `/bookings/${b.id}`, renter))).state).toBe('expired');
    expect((await events(b.id)).at(-1)).toMatchObject({ from_state: 'requested', to_state: 'expired', actor: 'system' });
    expect((await notices(renter.id)).at(-1)?.message).toContain('expired');
  });

  it('pickup and return with both sides’ reports, reminders once each, the deposit released after the claim window', async () => {
    const b = await data<Booking>(await book(day(10), day(13)), 201);
    await call('POST', `/bookings/${b.id}/accept`, owner);
    const report = { odometer: 42_000, fuel: 100, damage: 'Scratch on the rear bumper', pictures: [] };
    expect((await errorOf(await call('POST', `/bookings/${b.id}/pickup`, renter, report))).code).toBe('HANDOVER_TOO_EARLY');
    const start = Date.parse(b.startAt);
    // The clock: the day before, two hours before.
    expect(await runBookingClock(db(), new Date(start - 20 * 3_600_000))).toEqual({ pickup_tomorrow: 1 });
    expect(await runBookingClock(db(), new Date(start - 90 * 60_000))).toEqual({ pickup_soon: 1 });
    expect(await runBookingClock(db(), new Date(start - 60 * 60_000))).toEqual({});
    const ownerNotices = (await notices(owner.id)).map((n) => n.message);
    expect(ownerNotices.some((m) => m.startsWith(`Pickup of`) && m.includes('tomorrow'))).toBe(true);
    expect(ownerNotices.some((m) => m.includes('in two hours'))).toBe(true);
    // Pickup day: the pictures must be the author's own uploads.
    await shift(b.id, (start - Date.now()) / 3_600_000 + 1);
    const mine = await t.picture(renter.id);
    const theirs = await t.picture(owner.id);
    expect((await errorOf(await call('POST', `/bookings/${b.id}/pickup`, renter, { ...report, pictures: [theirs] }))).code).toBe(
      'HANDOVER_PICTURES',
    );
    expect((await call('POST', `/bookings/${b.id}/pickup`, other, report)).status).toBe(404);
    const active = await data<Booking>(await call('POST', `/bookings/${b.id}/pickup`, renter, { ...report, pictures: [mine] }));
    expect(active).toMatchObject({ state: 'active', paymentState: 'paid', depositState: 'held' });
    expect(active.handovers).toHaveLength(1);
    expect(active.handovers[0]).toMatchObject({ stage: 'pickup', side: 'renter', odometer: 42_000, pictures: [{ id: mine }] });
    expect((await call('POST', `/bookings/${b.id}/pickup`, renter, report)).status).toBe(409);
    const both = await data<Booking>(await call('POST', `/bookings/${b.id}/pickup`, owner, { ...report, damage: null }));
    expect(both.state).toBe('active');
    expect(both.handovers.map((h) => h.side)).toEqual(['renter', 'owner']);
    expect((await errorOf(await call('POST', `/bookings/${b.id}/return`, owner, { ...report, odometer: 41_000 }))).code).toBe(
      'HANDOVER_ODOMETER',
    );
    const done = await data<Booking>(await call('POST', `/bookings/${b.id}/return`, owner, { ...report, odometer: 42_480, fuel: 80 }));
    expect(done).toMatchObject({ state: 'completed', depositState: 'held' });
    expect(done.actions).toEqual(['review']);
    expect((await data<Booking>(await call('GET', `/bookings/${b.id}`, renter))).actions).toEqual(['return', 'review']);
    await data<Booking>(await call('POST', `/bookings/${b.id}/return`, renter, { ...report, odometer: 42_480, fuel: 80 }));
    expect((await notices(renter.id)).at(-1)?.message).toMatch(/complete|review/);
    // The claim window: released after three days, once.
    const row = await db().selectFrom('bookings').select('deposit_release_at').where('id', '=', b.id).executeTakeFirstOrThrow();
    const release = Date.parse(row.deposit_release_at!);
    expect((await runBookingClock(db(), new Date(release - 60_000))).depositReleased).toBeUndefined();
    expect((await runBookingClock(db(), new Date(release + 60_000))).depositReleased).toBe(1);
    expect((await runBookingClock(db(), new Date(release + 120_000))).depositReleased).toBeUndefined();
    expect((await data<Booking>(await call('GET', `/bookings/${b.id}`, renter))).depositState).toBe('released');
    expect((await notices(renter.id)).at(-1)?.message).toContain('deposit');
    expect((await events(b.id)).map((e) => e.to_state)).toEqual([
      'requested',
      'accepted',
      'active',
      'active',
      'completed',
      'completed',
      'completed',
    ]);
  });

  it('runs as the scheduled booking-clock job', async () => {
    expect(await runJob('booking-clock')).toBe('No booking was due.');
  });

  it('completes by itself a day after the end when nobody reported the return', async () => {
    const b = await data<Booking>(await book(day(10), day(13)), 201);
    await call('POST', `/bookings/${b.id}/accept`, owner);
    const end = Date.parse(b.endAt);
    expect((await runBookingClock(db(), new Date(end + 3_600_000))).completed).toBeUndefined();
    expect((await runBookingClock(db(), new Date(end + 25 * 3_600_000))).completed).toBe(1);
    expect((await events(b.id)).at(-1)).toMatchObject({ from_state: 'accepted', to_state: 'completed', actor: 'system' });
  });

  it('reviews both ways, each hidden from the other until both wrote or 14 days passed', async () => {
    const b = await data<Booking>(await book(day(10), day(13)), 201);
    await call('POST', `/bookings/${b.id}/accept`, owner);
    const review = { rating: 5, body: 'Clean car, easy pickup, the owner was on time.' };
    expect((await call('POST', `/bookings/${b.id}/review`, renter, review)).status).toBe(409);
    await shift(b.id, (Date.parse(b.endAt) - Date.now()) / 3_600_000 + 1);
    await call('POST', `/bookings/${b.id}/pickup`, renter, { odometer: 1, fuel: 50, pictures: [] });
    await call('POST', `/bookings/${b.id}/return`, renter, { odometer: 2, fuel: 50, pictures: [] });
    expect((await errorOf(await call('POST', `/bookings/${b.id}/review`, renter, { rating: 5, body: 'Short' }))).code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await call('POST', `/bookings/${b.id}/review`, other, review)).status).toBe(404);
    const written = await data<Booking>(await call('POST', `/bookings/${b.id}/review`, renter, review));
    expect(written.reviews).toEqual([expect.objectContaining({ side: 'renter', body: review.body, hidden: false })]);
    // The owner does not read it yet.
    expect((await data<Booking>(await call('GET', `/bookings/${b.id}`, owner))).reviews).toEqual([
      expect.objectContaining({ side: 'renter', body: null, rating: 0, hidden: true }),
    ]);
    expect((await call('POST', `/bookings/${b.id}/review`, renter, review)).status).toBe(409);
    await data<Booking>(
      await call('POST', `/bookings/${b.id}/review`, owner, { rating: 4, body: 'Careful driver, returned it full and on time.' }),
    );
    const open = await data<Booking>(await call('GET', `/bookings/${b.id}`, owner));
    expect(open.reviews.map((r) => [r.side, r.hidden, r.rating])).toEqual([
      ['renter', false, 5],
      ['owner', false, 4],
    ]);
  });

  it('shows a lone review once 14 days passed', async () => {
    const b = await data<Booking>(await book(day(10), day(13)), 201);
    await call('POST', `/bookings/${b.id}/accept`, owner);
    await shift(b.id, (Date.parse(b.endAt) - Date.now()) / 3_600_000 + 1);
    await call('POST', `/bookings/${b.id}/pickup`, owner, { odometer: 1, fuel: 50, pictures: [] });
    await call('POST', `/bookings/${b.id}/return`, owner, { odometer: 2, fuel: 50, pictures: [] });
    await call('POST', `/bookings/${b.id}/review`, owner, { rating: 3, body: 'Returned late without telling me first.' });
    expect((await data<Booking>(await call('GET', `/bookings/${b.id}`, renter))).reviews[0]?.hidden).toBe(true);
    const past = new Date(Date.now() - 15 * 86_400_000).toISOString();
    await db().updateTable('bookings').set({ completed_at: past }).where('id', '=', b.id).execute();
    const read = await data<Booking>(await call('GET', `/bookings/${b.id}`, renter));
    expect(read.reviews[0]).toMatchObject({ hidden: false, rating: 3 });
    expect(read.actions).not.toContain('review');
    expect(
      (await errorOf(await call('POST', `/bookings/${b.id}/review`, renter, { rating: 5, body: 'Great owner, smooth rental overall.' })))
        .code,
    ).toBe('BOOKING_REVIEW_CLOSED');
  });
});

describe('never two bookings on one car at one time', () => {
  it('20 requests for the same dates at once make exactly one booking', async () => {
    await db().deleteFrom('bookings').execute();
    await terms({ instantBook: false });
    const renters = [renter, other, admin];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(day(50), day(54), renters[i % renters.length])));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await db().selectFrom('bookings').select('id').where('vehicle_id', '=', rental).execute();
    expect(rows).toHaveLength(1);
  });
});
