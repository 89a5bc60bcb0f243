import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CalendarImport, CalendarSettings } from '@autoroute/contract/rentals';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarFetchError, fetchCalendar, isPrivateAddress } from '../../../domain/rentals/calendars.fetch.ts';
import { ensureRentalTerms, pollAllCalendarImports } from '../../../domain/rentals/calendars.service.ts';
import { type ApiError, createTestApp, type Data, readJson, type TestApp, type TestMember } from '../../../testing.ts';

// Issue 36 item 5 (docs/decisions/060-calendars-that-sync.md): a rental listing's iCal feed, and
// calendars imported from a server this test runs, polled with conditional requests.
let t: TestApp;
const db = () => t.database.db;
let owner: TestMember;
let other: TestMember;
let renter: TestMember;
let rental: number;
let sale: number;

const DAY_MS = 86_400_000;
const dayAfter = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const compact = (day: string) => day.replaceAll('-', '');

const idOf = async (table: 'currencies' | 'countries' | 'fuel_types' | 'types' | 'transmissions', code: string) =>
  (await db().selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** Publishes a listing through the API, as the form does: for sale, or for rent by the day. */
async function publish(m: TestMember, type: 'sale' | 'rent_day'): Promise<number> {
  const first = async (table: 'categories' | 'colors' | 'options') =>
    (await db().selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const body = {
    title: type === 'sale' ? 'Renault Clio 1.0 90 hp' : 'Peugeot 208 for rent',
    brand: type === 'sale' ? 'Renault' : 'Peugeot',
    model: type === 'sale' ? 'Clio' : '208',
    year: 2021,
    price: type === 'sale' ? 12500 : 45,
    currencyId: await idOf('currencies', 'EUR'),
    countryId: await idOf('countries', 'FR'),
    cityId: (await db().selectFrom('cities').select('id').where('name', '=', 'Paris').executeTakeFirstOrThrow()).id,
    categoryId: await first('categories'),
    colorId: await first('colors'),
    mileage: 42000,
    fuelTypeId: await idOf('fuel_types', 'petrol'),
    typeId: await idOf('types', type),
    transmissionId: await idOf('transmissions', 'manual'),
    number_of_doors: 5,
    number_of_seats: 5,
    description: 'One owner, full service history, never crashed.',
    options: [await first('options')],
    pictures: [await t.picture(m.id)],
  };
  const res = await t.request('/api/v1/vehicles?lng=en_US', { method: 'POST', json: body, headers: m.headers });
  expect(res.status).toBe(201);
  return (await readJson<Data<{ id: number }>>(res)).data.id;
}

/**
 * A booking row as the bookings service writes it (docs/decisions/059): days in the listing's zone
 * (Europe/Paris, the terms' default), its instants at the pickup and return hours, and its span in
 * minutes since the epoch from pickup to return (no buffer).
 */
async function book(vehicleId: number, state: string, start: string, end: string, sequence = 0): Promise<number> {
  const startAt = `${start}T08:00:00.000Z`;
  const endAt = `${end}T17:00:00.000Z`;
  const row = await db()
    .insertInto('bookings')
    .values({
      vehicle_id: vehicleId,
      owner_id: owner.id,
      renter_id: renter.id,
      state: state as 'requested',
      start_on: start,
      end_on: end,
      start_at: startAt,
      end_at: endAt,
      span_from: Math.floor(Date.parse(startAt) / 60_000),
      span_to: Math.floor(Date.parse(endAt) / 60_000),
      time_zone: 'Europe/Paris',
      days: Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS),
      currency_id: await idOf('currencies', 'EUR'),
      lines: '[]',
      total_minor: 9000,
      terms: '{}',
      cancellation: 'moderate',
      message: 'Hello, this is Renata Renter, call me at +33 6 12 34 56 78',
      sequence,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const settingsOf = async (m: TestMember | null, vehicleId: number) =>
  t.request(`/api/v1/calendars/vehicles/${vehicleId}?lng=en_US`, m ? { headers: m.headers } : {});

/** The feed as a calendar client reads it: unsigned, no session, no cookie. */
const feed = (url: string, headers: Record<string, string> = {}) => t.app.request(new URL(url).pathname, { headers });

// The other platform: one calendar whose text and validators the test changes, and what it was asked.
let served = '';
let servedEtag = '"v1"';
const asked: { ifNoneMatch: string | undefined }[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  t = await createTestApp({ env: { CALENDAR_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'https://autoroute.example' } });
  owner = await t.member('owner');
  other = await t.member('other');
  renter = await t.member('renter');
  await db().updateTable('users').set({ first_name: 'Renata', last_name: 'Renter' }).where('id', '=', renter.id).execute();
  rental = await publish(owner, 'rent_day');
  sale = await publish(owner, 'sale');
  server = createServer((req, res) => {
    asked.push({ ifNoneMatch: req.headers['if-none-match'] });
    if (req.url === '/huge.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end('X'.repeat(1024 * 1024 + 10));
      return;
    }
    if (req.url === '/missing.ics') {
      res.writeHead(404).end();
      return;
    }
    if (req.headers['if-none-match'] === servedEtag) {
      res.writeHead(304, { etag: servedEtag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag: servedEtag }).end(served);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.destroy();
});

/** An iCal file of events, as another platform writes them (CRLF lines). */
const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other platform//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, lines: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20261101T000000Z', ...lines, 'SUMMARY:Reserved', 'END:VEVENT'].join('\r\n');

describe('who may see and change a listing’s calendars', () => {
  it('answers the owner with an absolute feed URL under PUBLIC_URL, creating the terms row with its secret', async () => {
    expect(await db().selectFrom('rental_terms').select('vehicle_id').where('vehicle_id', '=', rental).executeTakeFirst()).toBeUndefined();
    const res = await settingsOf(owner, rental);
    expect(res.status).toBe(200);
    const { data } = await readJson<Data<CalendarSettings>>(res);
    const terms = await db().selectFrom('rental_terms').selectAll().where('vehicle_id', '=', rental).executeTakeFirstOrThrow();
    expect(terms.ical_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data).toEqual({
      vehicleId: rental,
      exportUrl: `https://autoroute.example/api/v1/calendars/${terms.ical_token}.ics`,
      timeZone: 'Europe/Paris',
      imports: [],
    });
  });

  it('keeps the terms row it made: the same secret each time, one row', async () => {
    const once = await ensureRentalTerms(db(), rental);
    const twice = await ensureRentalTerms(db(), rental);
    expect(twice).toEqual(once);
    expect(await db().selectFrom('rental_terms').select('vehicle_id').where('vehicle_id', '=', rental).execute()).toHaveLength(1);
  });

  it('refuses a stranger (401), another member (403), an unknown listing (404) and a sale listing (422)', async () => {
    expect((await settingsOf(null, rental)).status).toBe(401);
    const forbidden = await settingsOf(other, rental);
    expect(forbidden.status).toBe(403);
    expect((await readJson<ApiError>(forbidden)).code).toBe('FORBIDDEN');
    expect((await readJson<ApiError>(await settingsOf(owner, 999_999))).code).toBe('VEHICLE_NOT_FOUND');
    const notRental = await settingsOf(owner, sale);
    expect(notRental.status).toBe(422);
    expect(await readJson<ApiError>(notRental)).toMatchObject({
      code: 'RENTAL_NOT_RENTAL',
      error: 'This listing is for sale, not for rent.',
    });
    // Nor may another member rotate the secret or add an import.
    expect((await t.request(`/api/v1/calendars/vehicles/${rental}/rotate`, { method: 'POST', headers: other.headers })).status).toBe(403);
    const add = await t.request(`/api/v1/calendars/vehicles/${rental}/imports`, {
      method: 'POST',
      headers: other.headers,
      json: { url: `${base}/other.ics`, name: 'Theirs' },
    });
    expect(add.status).toBe(403);
    expect(await db().selectFrom('calendar_imports').selectAll().execute()).toEqual([]);
  });
});

describe('the export', () => {
  let requested: number;
  let accepted: number;
  let cancelled: number;
  let oldCompleted: number;
  let block: number;
  let weekly: number;
  let url: string;
  const longNote = 'Kept for the yearly service at the garage on the other side of town, then the tyres are changed too';

  beforeAll(async () => {
    requested = await book(rental, 'requested', dayAfter(10), dayAfter(12));
    accepted = await book(rental, 'accepted', dayAfter(20), dayAfter(23), 2);
    cancelled = await book(rental, 'cancelled', dayAfter(30), dayAfter(31), 1);
    oldCompleted = await book(rental, 'completed', dayAfter(-200), dayAfter(-198));
    block = (
      await db()
        .insertInto('availability_blocks')
        .values({ vehicle_id: rental, kind: 'once', starts_on: dayAfter(40), ends_on: dayAfter(42), note: longNote, sequence: 3 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // Every Monday from 2026-12-02 (a Wednesday) until 2027-01-01: the first is 2026-12-07.
    weekly = (
      await db()
        .insertInto('availability_blocks')
        .values({ vehicle_id: rental, kind: 'weekly', starts_on: '2026-12-02', ends_on: '2027-01-01', weekday: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    url = (await readJson<Data<CalendarSettings>>(await settingsOf(owner, rental))).data.exportUrl;
  });

  it('is read back by the same library with the same events, statuses, dates and sequences', async () => {
    const res = await feed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    const text = await res.text();
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const seen = Object.fromEntries(
      events.map((e) => [
        e.uid,
        {
          start: e.startDate.toString(),
          end: e.endDate.toString(),
          allDay: e.startDate.isDate && e.endDate.isDate,
          status: e.component.getFirstPropertyValue('status'),
          sequence: e.sequence,
          summary: e.summary,
          stamped: e.component.hasProperty('dtstamp'),
        },
      ]),
    );
    const common = { allDay: true, stamped: true };
    expect(seen).toEqual({
      [`booking-${requested}@autoroute.example`]: {
        ...common,
        start: dayAfter(10),
        end: dayAfter(12),
        status: 'TENTATIVE',
        sequence: 0,
        summary: 'Request',
      },
      [`booking-${accepted}@autoroute.example`]: {
        ...common,
        start: dayAfter(20),
        end: dayAfter(23),
        status: 'CONFIRMED',
        sequence: 2,
        summary: 'Booked',
      },
      [`booking-${cancelled}@autoroute.example`]: {
        ...common,
        start: dayAfter(30),
        end: dayAfter(31),
        status: 'CANCELLED',
        sequence: 1,
        summary: 'Booked',
      },
      [`block-${block}@autoroute.example`]: {
        ...common,
        start: dayAfter(40),
        end: dayAfter(42),
        status: 'CONFIRMED',
        sequence: 3,
        summary: 'Blocked',
      },
      [`block-${weekly}@autoroute.example`]: {
        ...common,
        start: '2026-12-07',
        end: '2026-12-08',
        status: 'CONFIRMED',
        sequence: 0,
        summary: 'Blocked',
      },
    });
    expect(text).not.toContain(`booking-${oldCompleted}@`);
    // The weekly block recurs on Mondays until its (exclusive) end.
    const monday = events.find((e) => e.uid === `block-${weekly}@autoroute.example`)!;
    expect(String(monday.component.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231');
    const it = monday.iterator();
    const dates: string[] = [];
    for (let next = it.next(); next; next = it.next()) dates.push(next.toString());
    expect(dates).toEqual(['2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28']);
    // The owner's note comes back whole, unfolded.
    expect(events.find((e) => e.uid === `block-${block}@autoroute.example`)!.description).toBe(longNote);
  });

  it('writes CRLF lines folded at 75 octets, all-day dates, and nothing of the renter', async () => {
    const text = await (await feed(url)).text();
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(Math.max(...lines.map((l) => Buffer.byteLength(l)))).toBeLessThanOrEqual(75);
    // The long note is folded: a continuation line starts with a space.
    expect(lines.some((l) => l.startsWith('DESCRIPTION:Kept for the yearly'))).toBe(true);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(text).toContain(`DTSTART;VALUE=DATE:${compact(dayAfter(20))}`);
    expect(text).toContain(`DTEND;VALUE=DATE:${compact(dayAfter(23))}`);
    for (const secret of ['Renata', 'Renter', 'renter@example.test', '+33', 'Hello']) expect(text).not.toContain(secret);
  });

  it('answers 304 to its own ETag, and a new one once a booking changes', async () => {
    const first = await feed(url);
    const etag = first.headers.get('etag')!;
    const again = await feed(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await db()
      .updateTable('bookings')
      .set({ state: 'accepted', sequence: 1, updated_at: new Date().toISOString() })
      .where('id', '=', requested)
      .execute();
    const changed = await feed(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const text = await changed.text();
    const event = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.uid === `booking-${requested}@autoroute.example`)!;
    expect([event.component.getFirstPropertyValue('status'), event.sequence]).toEqual(['CONFIRMED', 1]);
  });

  it('stops answering the old URL once the owner makes a new one (404 for an unknown secret)', async () => {
    const rotated = await t.request(`/api/v1/calendars/vehicles/${rental}/rotate`, { method: 'POST', headers: owner.headers });
    expect(rotated.status).toBe(200);
    const fresh = (await readJson<Data<CalendarSettings>>(rotated)).data.exportUrl;
    expect(fresh).not.toBe(url);
    const gone = await feed(url);
    expect(gone.status).toBe(404);
    expect((await readJson<ApiError>(gone)).code).toBe('CALENDAR_NOT_FOUND');
    expect((await feed(fresh)).status).toBe(200);
    expect((await feed('https://autoroute.example/api/v1/calendars/nothing.ics')).status).toBe(404);
    url = fresh;
  });
});

describe('imports', () => {
  let importId: number;
  let conflicting: number;
  const add = (m: TestMember, body: unknown, vehicleId = rental) =>
    t.request(`/api/v1/calendars/vehicles/${vehicleId}/imports?lng=en_US`, { method: 'POST', headers: m.headers, json: body });
  const blocks = () =>
    db()
      .selectFrom('availability_blocks')
      .select(['uid', 'starts_on', 'ends_on', 'sequence', 'conflict_booking_id', 'kind', 'source'])
      .where('import_id', '=', importId)
      .orderBy('starts_on')
      .execute();
  const notices = () =>
    db()
      .selectFrom('notifications')
      .select(['kind', 'message', 'vehicle_id'])
      .where('user_id', '=', owner.id)
      .where('kind', '=', 'calendar_conflict')
      .execute();

  beforeAll(async () => {
    await db().deleteFrom('bookings').execute();
    conflicting = await book(rental, 'accepted', dayAfter(60), dayAfter(63));
  });

  it('refuses a URL that is not http(s), with the message beside the field', async () => {
    const res = await add(owner, { url: 'ftp://example.com/cal.ics', name: 'FTP' });
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details).toEqual([
      { path: 'url', message: 'Enter the calendar’s web address (http or https).' },
    ]);
  });

  it('polls a new import at once: DATE events as they are, DATE-TIME ones in the listing’s zone rounded up, a conflict reported once', async () => {
    served = calendar(
      vevent('all-day@other', [`DTSTART;VALUE=DATE:${compact(dayAfter(50))}`, `DTEND;VALUE=DATE:${compact(dayAfter(52))}`, 'SEQUENCE:4']),
      vevent('timed@other', [`DTSTART:${compact(dayAfter(55))}T100000Z`, `DTEND:${compact(dayAfter(56))}T100000Z`]),
      vevent('over-booking@other', [`DTSTART;VALUE=DATE:${compact(dayAfter(62))}`, `DTEND;VALUE=DATE:${compact(dayAfter(64))}`]),
      // 20:00 to 22:00 in New York is the small hours of the next day in Paris.
      vevent('new-york@other', [
        `DTSTART;TZID=America/New_York:${compact(dayAfter(80))}T200000`,
        `DTEND;TZID=America/New_York:${compact(dayAfter(80))}T220000`,
      ]),
      // A zone the feed defines itself (ten hours ahead of UTC, all year): 05:00 there is the evening before in Paris.
      [
        'BEGIN:VTIMEZONE',
        'TZID:Custom Zone',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+1000',
        'TZOFFSETTO:+1000',
        'END:STANDARD',
        'END:VTIMEZONE',
      ].join('\r\n'),
      vevent('own-zone@other', [
        `DTSTART;TZID=Custom Zone:${compact(dayAfter(90))}T050000`,
        `DTEND;TZID=Custom Zone:${compact(dayAfter(90))}T060000`,
      ]),
      vevent('gone@other', [`DTSTART;VALUE=DATE:${compact(dayAfter(70))}`, 'STATUS:CANCELLED']),
    );
    servedEtag = '"v1"';
    const res = await add(owner, { url: `${base}/other.ics`, name: 'Other platform' });
    expect(res.status).toBe(201);
    const { data } = await readJson<Data<CalendarImport>>(res);
    importId = data.id;
    expect(data).toMatchObject({
      status: 'ok',
      error: null,
      blocks: 5,
      conflicts: [{ bookingId: conflicting, start: dayAfter(60), end: dayAfter(63) }],
    });
    expect(await blocks()).toEqual([
      {
        uid: 'all-day@other',
        starts_on: dayAfter(50),
        ends_on: dayAfter(52),
        sequence: 4,
        conflict_booking_id: null,
        kind: 'once',
        source: 'import',
      },
      // 10:00 UTC to 10:00 UTC the next day: two local days, the end rounded up.
      {
        uid: 'timed@other',
        starts_on: dayAfter(55),
        ends_on: dayAfter(57),
        sequence: 0,
        conflict_booking_id: null,
        kind: 'once',
        source: 'import',
      },
      {
        uid: 'over-booking@other',
        starts_on: dayAfter(62),
        ends_on: dayAfter(64),
        sequence: 0,
        conflict_booking_id: conflicting,
        kind: 'once',
        source: 'import',
      },
      {
        uid: 'new-york@other',
        starts_on: dayAfter(81),
        ends_on: dayAfter(82),
        sequence: 0,
        conflict_booking_id: null,
        kind: 'once',
        source: 'import',
      },
      {
        uid: 'own-zone@other',
        starts_on: dayAfter(89),
        ends_on: dayAfter(90),
        sequence: 0,
        conflict_booking_id: null,
        kind: 'once',
        source: 'import',
      },
    ]);
    // The booking stands; the owner is told once, in their inbox.
    expect((await db().selectFrom('bookings').select('state').where('id', '=', conflicting).executeTakeFirstOrThrow()).state).toBe(
      'accepted',
    );
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ vehicle_id: rental });
    expect(told[0]!.message).toContain('Other platform');
  });

  it('sends the ETag back and moves nothing on 304', async () => {
    asked.length = 0;
    const before = await blocks();
    const res = await t.request(`/api/v1/calendars/imports/${importId}/poll`, { method: 'POST', headers: owner.headers });
    expect(res.status).toBe(200);
    expect((await readJson<Data<CalendarImport>>(res)).data.status).toBe('not_modified');
    expect(asked).toEqual([{ ifNoneMatch: '"v1"' }]);
    expect(await blocks()).toEqual(before);
    expect(await notices()).toHaveLength(1);
  });

  it('follows a changed feed: a moved event moves, a cancelled one and a vanished one free their days; a recurring one is expanded', async () => {
    served = calendar(
      vevent('all-day@other', [`DTSTART;VALUE=DATE:${compact(dayAfter(51))}`, `DTEND;VALUE=DATE:${compact(dayAfter(54))}`, 'SEQUENCE:5']),
      vevent('timed@other', [`DTSTART:${compact(dayAfter(55))}T100000Z`, `DTEND:${compact(dayAfter(56))}T100000Z`, 'STATUS:CANCELLED']),
      // Every Saturday since January 2026, without end.
      vevent('weekly@other', ['DTSTART;VALUE=DATE:20260103', 'DTEND;VALUE=DATE:20260104', 'RRULE:FREQ=WEEKLY;BYDAY=SA']),
    );
    servedEtag = '"v2"';
    const res = await pollAllCalendarImports(db(), { allowPrivate: true });
    expect(res).toEqual({ ok: 1, not_modified: 0, error: 0 });
    const rows = await blocks();
    expect(rows.find((r) => r.uid === 'all-day@other')).toMatchObject({ starts_on: dayAfter(51), ends_on: dayAfter(54), sequence: 5 });
    expect(rows.some((r) => ['timed@other', 'over-booking@other', 'new-york@other', 'own-zone@other'].includes(r.uid ?? ''))).toBe(false);
    const weekly = rows.filter((r) => r.uid?.startsWith('weekly@other/'));
    // Occurrences within the next 365 days only, each a day long, a week apart.
    expect(weekly.length).toBeGreaterThanOrEqual(52);
    expect(weekly.length).toBeLessThanOrEqual(53);
    expect(weekly.every((r) => r.starts_on >= dayAfter(-1) && r.starts_on < dayAfter(366))).toBe(true);
    expect(weekly.every((r) => new Date(`${r.starts_on}T00:00:00Z`).getUTCDay() === 6)).toBe(true);
    expect(weekly.every((r) => r.ends_on === new Date(Date.parse(r.starts_on) + DAY_MS).toISOString().slice(0, 10))).toBe(true);
    for (let i = 1; i < weekly.length; i++)
      expect(Date.parse(weekly[i]!.starts_on) - Date.parse(weekly[i - 1]!.starts_on)).toBe(7 * DAY_MS);
    // The conflict went with its event; the import's state says when it changed.
    const state = await db().selectFrom('calendar_imports').selectAll().where('id', '=', importId).executeTakeFirstOrThrow();
    expect(state).toMatchObject({ status: 'ok', etag: '"v2"', error: null });
    expect(state.changed_at).not.toBeNull();
  });

  it('expands a recurring event of the coming weeks', async () => {
    const start = dayAfter(7);
    served = calendar(
      vevent('soon@other', [
        `DTSTART;VALUE=DATE:${compact(start)}`,
        `DTEND;VALUE=DATE:${compact(dayAfter(8))}`,
        'RRULE:FREQ=WEEKLY;COUNT=3',
      ]),
    );
    servedEtag = '"v3"';
    await t.request(`/api/v1/calendars/imports/${importId}/poll`, { method: 'POST', headers: owner.headers });
    expect((await blocks()).map((r) => [r.uid, r.starts_on, r.ends_on])).toEqual([
      [`soon@other/${start}`, start, dayAfter(8)],
      [`soon@other/${dayAfter(14)}`, dayAfter(14), dayAfter(15)],
      [`soon@other/${dayAfter(21)}`, dayAfter(21), dayAfter(22)],
    ]);
  });

  it('gives one block per event when the job and the owner poll at once', async () => {
    served = calendar(
      vevent('a@other', [`DTSTART;VALUE=DATE:${compact(dayAfter(100))}`, `DTEND;VALUE=DATE:${compact(dayAfter(101))}`]),
      vevent('b@other', [`DTSTART;VALUE=DATE:${compact(dayAfter(110))}`, `DTEND;VALUE=DATE:${compact(dayAfter(112))}`]),
    );
    servedEtag = '"v4"';
    const [asOwner, asJob] = await Promise.all([
      t.request(`/api/v1/calendars/imports/${importId}/poll`, { method: 'POST', headers: owner.headers }),
      pollAllCalendarImports(db(), { allowPrivate: true }),
    ]);
    expect(asOwner.status).toBe(200);
    expect(asJob.error).toBe(0);
    expect((await blocks()).map((r) => r.uid)).toEqual(['a@other', 'b@other']);
  });

  it('stores a failure for the owner, never a 5xx: an HTTP error, a feed too large, text that is no calendar', async () => {
    const poll = async (path: string) => {
      const res = await add(owner, { url: `${base}${path}`, name: path });
      expect(res.status).toBe(201);
      return (await readJson<Data<CalendarImport>>(res)).data;
    };
    expect(await poll('/missing.ics')).toMatchObject({
      status: 'error',
      error: 'The calendar’s server answered with an error (404).',
      blocks: 0,
    });
    expect(await poll('/huge.ics')).toMatchObject({ status: 'error', error: 'The calendar is larger than 1 MB.' });
    served = 'this is not a calendar';
    servedEtag = '"junk"';
    expect(await poll('/junk.ics')).toMatchObject({ status: 'error', error: 'What this address returns is not an iCal calendar.' });
    const listed = (await readJson<Data<CalendarSettings>>(await settingsOf(owner, rental))).data.imports;
    // The earlier import is healthy: `ok`, or `not_modified` when the last of the previous test's two
    // concurrent polls asked with the ETag the first had just stored.
    expect(['ok', 'not_modified']).toContain(listed[0]?.status);
    expect(listed.slice(1).map((i) => i.status)).toEqual(['error', 'error', 'error']);
  });

  it('takes at most five a listing, and one per URL', async () => {
    const again = await add(owner, { url: `${base}/other.ics`, name: 'Twice' });
    expect(again.status).toBe(409);
    expect((await readJson<ApiError>(again)).code).toBe('CALENDAR_IMPORT_EXISTS');
    expect((await add(owner, { url: `${base}/fifth.ics`, name: 'Fifth' })).status).toBe(201);
    const sixth = await add(owner, { url: `${base}/sixth.ics`, name: 'Sixth' });
    expect(sixth.status).toBe(409);
    expect(await readJson<ApiError>(sixth)).toMatchObject({
      code: 'CALENDAR_IMPORTS_LIMIT',
      error: 'A listing can import at most 5 calendars.',
    });
  });

  it('lets only the owner poll or remove an import; removing frees its days', async () => {
    const poll = (m: TestMember | null) =>
      t.request(`/api/v1/calendars/imports/${importId}/poll`, { method: 'POST', ...(m && { headers: m.headers }) });
    const remove = (m: TestMember | null, id = importId) =>
      t.request(`/api/v1/calendars/imports/${id}`, { method: 'DELETE', ...(m && { headers: m.headers }) });
    expect((await poll(null)).status).toBe(401);
    expect((await poll(other)).status).toBe(403);
    expect((await remove(null)).status).toBe(401);
    expect((await remove(other)).status).toBe(403);
    expect((await blocks()).length).toBeGreaterThan(0);
    expect((await remove(owner)).status).toBe(204);
    expect(await blocks()).toEqual([]);
    const missing = await remove(owner);
    expect(missing.status).toBe(404);
    expect((await readJson<ApiError>(missing)).code).toBe('CALENDAR_IMPORT_NOT_FOUND');
  });
});

describe('the fetch', () => {
  it('refuses our own network’s addresses unless allowed, by the address the connection uses', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.20.0.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1'])
      expect(isPrivateAddress(address)).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::1111']) expect(isPrivateAddress(address)).toBe(false);
    const refused = (url: string) =>
      fetchCalendar(url, { etag: null, lastModified: null }, { allowPrivate: false }).then(
        () => null,
        (error: CalendarFetchError) => error.code,
      );
    const port = new URL(base).port;
    expect(await refused(`${base}/other.ics`)).toBe('private_address');
    // A name is checked on what it resolves to.
    expect(await refused(`http://localhost:${port}/other.ics`)).toBe('private_address');
    expect(await refused(`http://[::1]:${port}/other.ics`)).toBe('private_address');
  });
});
