import type { BookingState } from '@autoroute/contract/rentals';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { dashboardRoute } from './admin.routes.ts';
import type { cancelRoute, ownerCancellationsRoute } from './bookings.routes.ts';
import type { AdminBooking, AdminBookingDetail } from './bookings.schemas.ts';

// The console's bookings (docs/decisions/062-console-bookings.md) through the real app, over
// bookings written straight into the tables (their transitions are the bookings service's own tests).

type Row = z.infer<typeof AdminBooking>;
type Detail = z.infer<typeof AdminBookingDetail>;
type Link = { resource: string; filter: Record<string, unknown> };

const DAY = 86_400_000;
const now = Date.now();
const monthStart = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1)).toISOString();
const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
const ago = (days: number) => new Date(now - days * DAY).toISOString();

let t: TestApp;
let clerk: TestMember;
let catalogueAdmin: TestMember;
let otherAdmin: TestMember;
let member: TestMember;
let olga: TestMember;
let oscar: TestMember;
let rita: TestMember;
let ravi: TestMember;
let cars: [number, number, number];
const b: Record<string, number> = {};
const db = () => t.database.db;

interface Fixture {
  car: number;
  owner: TestMember;
  renter: TestMember;
  state: BookingState;
  from: number;
  to: number;
  total: number;
  currency?: 'EUR' | 'USD';
  acceptedAt?: string;
  refund?: number;
  /** Who cancelled, and when. */
  cancelled?: { by: 'renter' | 'owner' | 'admin'; at: string; reason: string };
}

async function insertBooking(f: Fixture): Promise<number> {
  const currency = await db()
    .selectFrom('currencies')
    .select('id')
    .where('code', '=', f.currency ?? 'EUR')
    .executeTakeFirstOrThrow();
  const startAt = `${day(f.from)}T08:00:00.000Z`;
  const endAt = `${day(f.to)}T17:00:00.000Z`;
  const row = await db()
    .insertInto('bookings')
    .values({
      vehicle_id: f.car,
      owner_id: f.owner.id,
      renter_id: f.renter.id,
      state: f.state,
      start_on: day(f.from),
      end_on: day(f.to),
      start_at: startAt,
      end_at: endAt,
      // Decision 059: minutes since the epoch, the end plus the buffer (none here).
      span_from: Math.floor(Date.parse(startAt) / 60_000),
      span_to: Math.floor(Date.parse(endAt) / 60_000),
      time_zone: 'Europe/Paris',
      days: f.to - f.from,
      currency_id: currency.id,
      lines: JSON.stringify([
        { kind: 'rent', days: f.to - f.from, rateMinor: f.total / (f.to - f.from), amountMinor: f.total },
        { kind: 'total', amountMinor: f.total },
      ]),
      total_minor: f.total,
      deposit_minor: 50_000,
      terms: '{}',
      cancellation: 'moderate',
      payment_state: f.acceptedAt ? (f.refund ? 'refunded' : 'paid') : 'none',
      refund_minor: f.refund ?? null,
      deposit_state: f.state === 'active' ? 'held' : 'none',
      cancelled_by: f.cancelled?.by ?? null,
      cancel_reason: f.cancelled?.reason ?? null,
      accepted_at: f.acceptedAt ?? null,
      closed_at: f.cancelled?.at ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const events: {
    from_state: string | null;
    to_state: string;
    actor: 'renter' | 'owner' | 'admin';
    actor_id: number;
    at: string;
    detail?: string;
  }[] = [{ from_state: null, to_state: 'requested', actor: 'renter', actor_id: f.renter.id, at: ago(40) }];
  if (f.acceptedAt) events.push({ from_state: 'requested', to_state: 'accepted', actor: 'owner', actor_id: f.owner.id, at: f.acceptedAt });
  if (f.cancelled) {
    const by = { renter: f.renter.id, owner: f.owner.id, admin: clerk.id }[f.cancelled.by];
    events.push({
      from_state: 'accepted',
      to_state: 'cancelled',
      actor: f.cancelled.by,
      actor_id: by,
      at: f.cancelled.at,
      detail: JSON.stringify({ reason: f.cancelled.reason }),
    });
  }
  await db()
    .insertInto('booking_events')
    .values(events.map((e) => ({ ...e, booking_id: row.id })))
    .execute();
  return row.id;
}

const list = async (query: Record<string, unknown> = {}, who: TestMember | null = clerk) => {
  const params = new URLSearchParams(
    Object.fromEntries(Object.entries({ range: [0, 99], ...query }).map(([k, v]) => [k, JSON.stringify(v)])),
  );
  return t.request(`/api/v1/admin/bookings?${params}`, who ? { headers: who.headers } : {});
};
const ids = async (query: Record<string, unknown> = {}) => {
  const res = await list(query);
  expect(res.status).toBe(200);
  return (await readJson<Row[]>(res)).map((r) => r.id);
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 3 });
  clerk = await t.member('clerk');
  catalogueAdmin = await t.member('cata');
  otherAdmin = await t.member('otto');
  member = await t.member('mike');
  [olga, oscar, rita, ravi] = [await t.member('olga'), await t.member('oscar'), await t.member('rita'), await t.member('ravi')];
  await t.grant(clerk.id, ['admin.booking.index', 'admin.booking.update', 'admin.dashboard.index']);
  // The built-in ADMIN role, which runs the catalogue, holds the bookings' rights.
  await t.grant(catalogueAdmin.id, [], 'ADMIN');
  await t.grant(otherAdmin.id, ['admin.vehicle.index', 'admin.dashboard.index']);
  cars = (await db().selectFrom('vehicles').select('id').orderBy('id').limit(3).execute()).map((v) => v.id) as [number, number, number];
  await db().updateTable('vehicles').set({ owner_id: olga.id }).where('id', 'in', [cars[0], cars[1]]).execute();
  await db().updateTable('vehicles').set({ owner_id: oscar.id }).where('id', '=', cars[2]).execute();

  const [a, b2, c] = cars;
  b.requested = await insertBooking({ car: a, owner: olga, renter: rita, state: 'requested', from: 10, to: 13, total: 30_000 });
  b.accepted = await insertBooking({
    car: a,
    owner: olga,
    renter: ravi,
    state: 'accepted',
    from: 20,
    to: 27,
    total: 70_000,
    acceptedAt: monthStart,
  });
  b.active = await insertBooking({
    car: b2,
    owner: olga,
    renter: rita,
    state: 'active',
    from: -2,
    to: 2,
    total: 40_000,
    acceptedAt: monthStart,
  });
  b.ownerCancelled = await insertBooking({
    car: b2,
    owner: olga,
    renter: ravi,
    state: 'cancelled',
    from: 30,
    to: 33,
    total: 20_000,
    acceptedAt: monthStart,
    refund: 20_000,
    cancelled: { by: 'owner', at: ago(1), reason: 'The car is in the garage' },
  });
  b.oldOwnerCancelled = await insertBooking({
    car: c,
    owner: oscar,
    renter: rita,
    state: 'cancelled',
    from: 5,
    to: 6,
    total: 9_000,
    acceptedAt: ago(70),
    refund: 9_000,
    cancelled: { by: 'owner', at: ago(40), reason: 'Sold it' },
  });
  b.completed = await insertBooking({
    car: c,
    owner: oscar,
    renter: ravi,
    state: 'completed',
    from: -20,
    to: -15,
    total: 50_000,
    acceptedAt: new Date(Date.parse(monthStart) - DAY).toISOString(),
  });
  b.renterCancelled = await insertBooking({
    car: c,
    owner: oscar,
    renter: rita,
    state: 'cancelled',
    from: 50,
    to: 51,
    total: 10_000,
    acceptedAt: monthStart,
    refund: 5_000,
    cancelled: { by: 'renter', at: ago(2), reason: 'Plans changed' },
  });
  b.dollars = await insertBooking({
    car: b2,
    owner: olga,
    renter: rita,
    state: 'accepted',
    from: 40,
    to: 42,
    total: 12_345,
    currency: 'USD',
    acceptedAt: monthStart,
  });
  // Both sides' pickup reports of the rental under way, and a notice about its listing since.
  await db()
    .insertInto('booking_handovers')
    .values([
      {
        booking_id: b.active,
        stage: 'pickup',
        side: 'renter',
        author_id: rita.id,
        odometer: 42_000,
        fuel: 80,
        damage: null,
        pictures: '[1,2]',
      },
      {
        booking_id: b.active,
        stage: 'pickup',
        side: 'owner',
        author_id: olga.id,
        odometer: 42_001,
        fuel: 80,
        damage: 'Scratch, rear bumper',
        pictures: '[]',
      },
    ])
    .execute();
  await db()
    .insertInto('reports')
    .values({
      target_kind: 'listing',
      target_id: b2,
      reason: 'misleading_price',
      reporter_key: `user:${member.id}`,
      reporter_email: member.email,
      reporter_name: 'mike',
      reporter_language: 'en_US',
    })
    .execute();
});
afterAll(() => t.destroy());

describe('who may read the bookings', () => {
  const routes = () => [`/api/v1/admin/bookings`, `/api/v1/admin/bookings/${b.active}`, `/api/v1/admin/users/${olga.id}/cancellations`];

  it('lets an administrator with admin.booking.index, and the built-in ADMIN role, read each route', async () => {
    for (const who of [clerk, catalogueAdmin])
      for (const path of routes()) expect((await t.request(path, { headers: who.headers })).status, path).toBe(200);
  });

  it('refuses an administrator without it, and a member, with 403', async () => {
    for (const who of [otherAdmin, member, olga])
      for (const path of routes()) {
        const res = await t.request(path, { headers: who.headers });
        expect(res.status, path).toBe(403);
        expect((await readJson<ApiError>(res)).code).toBe('FORBIDDEN');
      }
  });

  it('refuses a stranger with 401', async () => {
    for (const path of routes()) expect((await t.request(path)).status, path).toBe(401);
  });
});

describe('the list', () => {
  it('answers a page, newest first, its total in Content-Range', async () => {
    const res = await list({ range: [0, 2] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('bookings 0-2/8');
    const rows = await readJson<Row[]>(res);
    expect(rows.map((r) => r.id)).toEqual([b.dollars, b.renterCancelled, b.completed]);
    expect(rows[0]).toMatchObject({
      title: expect.any(String),
      state: 'accepted',
      ownerId: olga.id,
      ownerName: 'olga',
      renterName: 'rita',
      currency: 'USD',
      total: 123.45,
      deposit: 500,
      start: day(40),
      end: day(42),
      days: 2,
    });
  });

  it('filters by state, listing, owner, renter, who cancelled and days', async () => {
    expect(await ids({ filter: { state: 'accepted' } })).toEqual([b.dollars, b.accepted]);
    expect(await ids({ filter: { state: ['requested', 'active'] } })).toEqual([b.active, b.requested]);
    expect((await ids({ filter: { vehicleId: cars[0] } })).sort()).toEqual([b.requested, b.accepted].sort());
    expect((await ids({ filter: { ownerId: oscar.id } })).sort()).toEqual([b.oldOwnerCancelled, b.completed, b.renterCancelled].sort());
    expect((await ids({ filter: { renterId: ravi.id } })).sort()).toEqual([b.accepted, b.ownerCancelled, b.completed].sort());
    // Newest first: the older cancellation was written last.
    expect(await ids({ filter: { cancelledBy: 'owner' } })).toEqual([b.oldOwnerCancelled, b.ownerCancelled]);
    expect(await ids({ filter: { cancelledBy: 'owner', cancelledSince: ago(30) } })).toEqual([b.ownerCancelled]);
    // Days that meet [day 11, day 12): the request from day 10 to 13 only.
    expect(await ids({ filter: { from: day(11), to: day(12) } })).toEqual([b.requested]);
    expect(await ids({ filter: { from: day(-1), to: day(0) } })).toEqual([b.active]);
    expect((await ids({ filter: { q: 'oscar' } })).sort()).toEqual([b.oldOwnerCancelled, b.completed, b.renterCancelled].sort());
  });

  it('sorts by total, start and creation', async () => {
    expect(await ids({ sort: ['total', 'ASC'], filter: { currency: 'EUR' } })).toEqual([
      b.oldOwnerCancelled,
      b.renterCancelled,
      b.ownerCancelled,
      b.requested,
      b.active,
      b.completed,
      b.accepted,
    ]);
    const byStart = await ids({ sort: ['start', 'DESC'] });
    expect(byStart.slice(0, 3)).toEqual([b.renterCancelled, b.dollars, b.ownerCancelled]);
    expect(byStart.at(-1)).toBe(b.completed);
  });

  it('refuses a state it does not know, a day that is none and a sort it does not have, with 422 naming each', async () => {
    for (const [query, path] of [
      [{ filter: { state: 'lost' } }, 'filter.state'],
      [{ filter: { from: '2026-02-30' } }, 'filter.from'],
      [{ filter: { cancelledBy: 'nobody' } }, 'filter.cancelledBy'],
      [{ sort: ['renterEmail', 'ASC'] }, 'sort'],
    ] as const) {
      const res = await list(query);
      expect(res.status, path).toBe(422);
      const body = await readJson<ApiError>(res);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(
        body.details?.map((d) => d.path),
        path,
      ).toContain(path);
    }
  });
});

describe('one booking', () => {
  it('shows its lines, payment, deposit, transitions with who made them, handover reports and the notices since', async () => {
    const res = await t.request(`/api/v1/admin/bookings/${b.active}`, { headers: clerk.headers });
    expect(res.status).toBe(200);
    const data = await readJson<Detail>(res);
    expect(data).toMatchObject({
      id: b.active,
      state: 'active',
      ownerEmail: olga.email,
      renterEmail: rita.email,
      paymentState: 'paid',
      depositState: 'held',
      deposit: 500,
      cancellable: false,
      lines: [
        { kind: 'rent', days: 4, rate: 100, amount: 400 },
        { kind: 'total', amount: 400 },
      ],
    });
    expect(data.events.map((e) => `${e.toState} ${e.actor} ${e.actorName}`)).toEqual(['requested renter rita', 'accepted owner olga']);
    expect(data.handovers.map((h) => `${h.stage} ${h.side} ${h.authorName} ${h.odometer} ${h.pictures}`)).toEqual([
      'pickup renter rita 42000 2',
      'pickup owner olga 42001 0',
    ]);
    expect(data.handovers[1]!.damage).toBe('Scratch, rear bumper');
    expect(data.reports).toMatchObject([{ targetKind: 'listing', reason: 'misleading_price', status: 'open' }]);
  });

  it('says who cancelled, why and what was refunded', async () => {
    const data = await readJson<Detail>(await t.request(`/api/v1/admin/bookings/${b.ownerCancelled}`, { headers: clerk.headers }));
    expect(data).toMatchObject({ state: 'cancelled', cancelledBy: 'owner', cancelReason: 'The car is in the garage', refund: 200 });
    expect(data.events.at(-1)).toMatchObject({ actor: 'owner', actorName: 'olga', detail: { reason: 'The car is in the garage' } });
  });

  it('answers 404 BOOKING_NOT_FOUND for a booking that does not exist', async () => {
    const res = await t.request('/api/v1/admin/bookings/999999', { headers: clerk.headers });
    expect(res.status).toBe(404);
    expect((await readJson<ApiError>(res)).code).toBe('BOOKING_NOT_FOUND');
  });
});

describe('an owner’s cancellation record', () => {
  const record = async (who: TestMember) =>
    (
      await readJson<RouteJson<typeof ownerCancellationsRoute, 200>>(
        await t.request(`/api/v1/admin/users/${who.id}/cancellations`, { headers: clerk.headers }),
      )
    ).data;

  it('counts the bookings the owner cancelled themselves, of those accepted', async () => {
    expect(await record(olga)).toMatchObject({
      ownerId: olga.id,
      cancelled: 1,
      accepted: 4,
      latest: [{ id: b.ownerCancelled, reason: 'The car is in the garage' }],
    });
    // The renter's cancellation is not the owner's.
    expect(await record(oscar)).toMatchObject({ cancelled: 1, accepted: 3, latest: [{ id: b.oldOwnerCancelled }] });
    expect(await record(member)).toEqual({ ownerId: member.id, cancelled: 0, accepted: 0, latest: [] });
  });
});

describe('the dashboard', () => {
  it('counts requests, accepted bookings, rentals under way, owners’ cancellations and the month’s rental revenue', async () => {
    const { data } = await readJson<RouteJson<typeof dashboardRoute, 200>>(
      await t.request('/api/v1/admin/dashboard', { headers: clerk.headers }),
    );
    expect(data).toMatchObject({ bookingsRequested: 1, bookingsAccepted: 2, bookingsActive: 1, ownerCancellations: 1 });
    // EUR: 700 + 400 + (200 − 200 refunded) + (100 − 50 refunded); the completed one was accepted last month.
    expect(data.rentalRevenue.map(({ currency, amount, bookings }) => ({ currency, amount, bookings }))).toEqual([
      { currency: 'EUR', amount: 1150, bookings: 4 },
      { currency: 'USD', amount: 123.45, bookings: 1 },
    ]);
    // Each figure opens the list it counts.
    const open = async (link: Link) => {
      const res = await list({ filter: link.filter });
      expect(res.status, JSON.stringify(link.filter)).toBe(200);
      return Number(res.headers.get('content-range')?.split('/')[1]);
    };
    for (const figure of ['bookingsRequested', 'bookingsAccepted', 'bookingsActive', 'ownerCancellations'] as const) {
      expect(data.links[figure].resource).toBe('bookings');
      expect(await open(data.links[figure]), figure).toBe(data[figure]);
    }
    for (const r of data.rentalRevenue) expect(await open(r.link), r.currency).toBe(r.bookings);
  });
});

// Last: it changes the bookings the figures above count.
describe('an administrator’s cancellation', () => {
  const cancel = (id: number, body: unknown, who: TestMember | null = clerk) =>
    t.request(`/api/v1/admin/bookings/${id}/cancel`, { method: 'POST', json: body, ...(who ? { headers: who.headers } : {}) });
  const auditRows = (id: number) =>
    db().selectFrom('audit_log').selectAll().where('resource', '=', 'bookings').where('record_id', '=', String(id)).execute();

  it('refuses an administrator without admin.booking.update, a member and a stranger, and changes nothing', async () => {
    const readOnly = await t.member('rhea');
    await t.grant(readOnly.id, ['admin.booking.index']);
    for (const who of [readOnly, otherAdmin, member, olga]) expect((await cancel(b.accepted!, { reason: 'No' }, who)).status).toBe(403);
    expect((await cancel(b.accepted!, { reason: 'No' }, null)).status).toBe(401);
    const row = await db().selectFrom('bookings').select(['state']).where('id', '=', b.accepted!).executeTakeFirstOrThrow();
    expect(row.state).toBe('accepted');
    expect(await auditRows(b.accepted!)).toEqual([]);
  });

  it('asks for a reason, in the administrator’s language', async () => {
    for (const body of [{}, { reason: '   ' }]) {
      const res = await cancel(b.accepted!, body);
      expect(res.status).toBe(422);
      expect((await readJson<ApiError>(res)).details).toEqual([{ path: 'reason', message: 'Say why the booking is cancelled.' }]);
    }
    const fr = await t.request(`/api/v1/admin/bookings/${b.accepted}/cancel?lng=fr_FR`, {
      method: 'POST',
      json: { reason: '' },
      headers: clerk.headers,
    });
    expect((await readJson<ApiError>(fr)).details?.[0]?.message).toBe('Indiquez pourquoi la réservation est annulée.');
  });

  it('cancels an accepted booking with a full refund, names the administrator in its history, tells both sides and logs it', async () => {
    const res = await cancel(b.accepted!, { reason: 'The car failed its safety inspection.' });
    expect(res.status).toBe(200);
    const { data } = await readJson<RouteJson<typeof cancelRoute, 200>>(res);
    expect(data).toMatchObject({
      state: 'cancelled',
      cancelledBy: 'admin',
      cancelReason: 'The car failed its safety inspection.',
      refund: 700,
      cancellable: false,
    });
    expect(data.events.at(-1)).toMatchObject({
      fromState: 'accepted',
      toState: 'cancelled',
      actor: 'admin',
      actorName: 'clerk',
      detail: { refundMinor: 70_000, reason: 'The car failed its safety inspection.' },
    });
    // Both sides find it in their inbox.
    const told = await db()
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'booking')
      .where('user_id', 'in', [olga.id, ravi.id])
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([olga.id, ravi.id].sort());
    const [entry, ...more] = await auditRows(b.accepted!);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ user_id: clerk.id, action: 'update' });
    expect(JSON.parse(entry!.before!)).toMatchObject({ state: 'accepted' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ state: 'cancelled', cancelledBy: 'admin' });
    // The renter reads who cancelled it.
    const seen = await t.request(`/api/v1/bookings/${b.accepted}`, { headers: ravi.headers });
    expect((await readJson<{ data: { cancelledBy: string } }>(seen)).data.cancelledBy).toBe('admin');
  });

  it('refuses a booking that is under way or already closed with 409 BOOKING_STATE, and logs nothing', async () => {
    for (const id of [b.active!, b.completed!, b.accepted!]) {
      const before = (await auditRows(id)).length;
      const res = await cancel(id, { reason: 'Too late' });
      expect(res.status, String(id)).toBe(409);
      expect((await readJson<ApiError>(res)).code).toBe('BOOKING_STATE');
      expect((await auditRows(id)).length).toBe(before);
    }
    const missing = await cancel(999_999, { reason: 'Gone' });
    expect(missing.status).toBe(404);
    expect((await readJson<ApiError>(missing)).code).toBe('BOOKING_NOT_FOUND');
  });
});
