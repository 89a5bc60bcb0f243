import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../core/limiters.ts';
import { type ApiError, createTestApp, outboxMails, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { dashboardRoute } from '../admin/admin.routes.ts';
import type { AdminSupportRequest } from '../admin/support.routes.ts';
import type { supportRoute } from './support.routes.ts';

type Created = RouteJson<typeof supportRoute, 201>;
type SupportRecord = z.infer<typeof AdminSupportRequest>;

let t: TestApp;
let free: TestMember;
let plus: TestMember;
let pro: TestMember;
let admin: TestMember;

const request = {
  subject: 'Cannot publish my listing',
  message: 'The form says my photos are too large, yet each one is under 2 MB. What can I do?',
};

const send = (body: unknown, headers: Record<string, string> = {}) => t.request('/api/v1/support', { method: 'POST', json: body, headers });

const stored = () => t.database.db.selectFrom('support_requests').selectAll().orderBy('id').execute();
const row = (id: number) => t.database.db.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  free = await t.member('freemember');
  plus = await t.member('plusmember');
  await t.subscribe(plus.id, 'Individual Plus (monthly)');
  pro = await t.member('promember');
  await t.subscribe(pro.id, 'Professional (monthly)');
  admin = await t.member('supportdesk');
  await t.grant(admin.id, [], 'ADMIN');
});
afterAll(() => t.destroy());
// Every request here comes from the same address: each test starts with the hour's allowance.
beforeEach(() => t.deps.limiters.reset('supportPerIp', 'local'));

describe('POST /api/v1/support (docs/decisions/013-support-requests.md)', () => {
  it('stores a guest’s request with the name and email they give, not priority', async () => {
    const res = await send({ ...request, name: 'Jeanne Martin', email: 'Jeanne.Martin@Example.test' });
    expect(res.status).toBe(201);
    const { data } = await readJson<Created>(res);
    expect(data).toEqual({ id: expect.any(Number), priority: false });
    expect(await row(data.id)).toMatchObject({
      user_id: null,
      name: 'Jeanne Martin',
      email: 'jeanne.martin@example.test',
      subject: request.subject,
      message: request.message,
      priority: 0,
      status: 'open',
      closed_at: null,
    });
  });

  it('takes a member’s name and email from their account, whatever the body says', async () => {
    const res = await send({ ...request, name: 'Somebody Else', email: 'else@example.test' }, free.headers);
    expect(res.status).toBe(201);
    const { data } = await readJson<Created>(res);
    expect(data.priority).toBe(false);
    expect(await row(data.id)).toMatchObject({ user_id: free.id, name: 'Test Member', email: free.email, priority: 0 });
  });

  it('is not priority on a plan without priority support, and is on a plan with it', async () => {
    const onPlus = await readJson<Created>(await send(request, plus.headers));
    expect(onPlus.data.priority).toBe(false);
    const onPro = await readJson<Created>(await send(request, pro.headers));
    expect(onPro.data.priority).toBe(true);
    expect((await row(onPro.data.id)).priority).toBe(1);
    // Priority is the plan in force: once it has ended, the next request waits its turn.
    await t.database.db
      .updateTable('subscriptions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', pro.id)
      .execute();
    expect((await readJson<Created>(await send(request, pro.headers))).data.priority).toBe(false);
    await t.subscribe(pro.id, 'Professional (monthly)');
  });

  it('mails the requester a confirmation in their language with the request number, and says when it is handled first', async () => {
    const guest = await readJson<Created>(
      await send({ ...request, name: 'Luc Petit', email: 'luc.petit@example.test' }, { 'accept-language': 'fr-FR' }),
    );
    const [mail] = outboxMails(t.database.dir, 'luc.petit@example.test');
    expect(mail!.subject).toBe(`Votre demande d’assistance n° ${guest.data.id}`);
    expect(mail!.text).toContain('Bonjour, nous avons bien reçu votre demande');
    expect(mail!.text).toContain(`Le numéro de votre demande est ${guest.data.id}`);
    expect(mail!.text).not.toContain('prioritaire');
    // Typed by whoever filled the form, to an address nobody checked: none of it goes out again.
    for (const typed of ['Luc Petit', request.subject, request.message]) expect(`${mail!.subject}\n${mail!.text}`).not.toContain(typed);

    const priority = await readJson<Created>(await send(request, pro.headers));
    const mails = outboxMails(t.database.dir, pro.email);
    expect(mails.at(-1)!.subject).toBe(`Your support request #${priority.data.id}: ${request.subject}`);
    expect(mails.at(-1)!.text).toContain('Your plan includes priority support: your request is handled first.');
    expect(mails.at(-1)!.text).toContain(request.message);
  });

  it('refuses bad input with every field’s message in the request language, and stores nothing', async () => {
    const before = (await stored()).length;
    const empty = await send({ name: '', email: '', subject: '', message: '' }, { 'accept-language': 'fr-FR' });
    expect(empty.status).toBe(422);
    expect((await readJson<ApiError>(empty)).details).toEqual([
      { path: 'name', message: 'Ce champ est obligatoire.' },
      { path: 'email', message: 'Ce champ est obligatoire.' },
      { path: 'subject', message: 'Ce champ est obligatoire.' },
      { path: 'message', message: 'Ce champ est obligatoire.' },
    ]);
    const bad = await send({ name: 'J', email: 'not-an-email', subject: 'Hi', message: 'Too short' });
    expect((await readJson<ApiError>(bad)).details).toEqual([
      { path: 'name', message: 'The name must be 2 to 30 characters.' },
      { path: 'email', message: 'Enter a valid email address.' },
      { path: 'subject', message: 'The subject must be 3 to 120 characters.' },
      { path: 'message', message: 'The message must be 10 to 5000 characters.' },
    ]);
    const long = await send({ subject: 'x'.repeat(121), message: 'y'.repeat(5001) }, free.headers);
    expect((await readJson<ApiError>(long)).details).toEqual([
      { path: 'subject', message: 'The subject must be 3 to 120 characters.' },
      { path: 'message', message: 'The message must be 10 to 5000 characters.' },
    ]);
    // A guest who gets the rest right is still asked who they are.
    const anonymous = await send(request);
    expect(anonymous.status).toBe(422);
    expect((await readJson<ApiError>(anonymous)).details!.map((d) => d.path)).toEqual(['name', 'email']);
    expect(await stored()).toHaveLength(before);
  });

  it('slows a sender down after a few requests an hour (429 with Retry-After)', async () => {
    const before = (await stored()).length;
    for (let i = 0; i < LIMITS.supportPerIp.points; i++) expect((await send(request, free.headers)).status).toBe(201);
    const res = await send(request, free.headers);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readJson<ApiError>(res)).code).toBe('TOO_MANY_REQUESTS');
    expect(await stored()).toHaveLength(before + LIMITS.supportPerIp.points);
  });
});

describe('/api/v1/admin/support-requests', () => {
  const list = (query: Record<string, unknown> = {}, who: TestMember = admin) => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]));
    return t.request(`/api/v1/admin/support-requests?${params}`, { headers: who.headers });
  };
  let ids: { oldGuest: number; newGuest: number; oldPro: number; newPro: number; closed: number };

  beforeAll(async () => {
    await t.database.db.deleteFrom('support_requests').execute();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes)).toISOString();
    const add = async (values: { name: string; email: string; subject: string; priority: number; minute: number; closed?: boolean }) =>
      (
        await t.database.db
          .insertInto('support_requests')
          .values({
            name: values.name,
            email: values.email,
            subject: values.subject,
            message: 'Please help me with this.',
            priority: values.priority,
            status: values.closed ? 'closed' : 'open',
            closed_at: values.closed ? at(59) : null,
            created_at: at(values.minute),
            updated_at: at(values.minute),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids = {
      newGuest: await add({ name: 'Nina', email: 'nina@example.test', subject: 'Refund for my plan', priority: 0, minute: 30 }),
      closed: await add({ name: 'Carl', email: 'carl@example.test', subject: 'Old question', priority: 1, minute: 1, closed: true }),
      oldGuest: await add({ name: 'Olga', email: 'olga@example.test', subject: 'Listing removed', priority: 0, minute: 10 }),
      newPro: await add({ name: 'Pablo', email: 'pablo@example.test', subject: 'Invoice needed', priority: 1, minute: 40 }),
      oldPro: await add({ name: 'Paula', email: 'paula@example.test', subject: 'Photos refused', priority: 1, minute: 20 }),
    };
  });

  it('lists open before closed, priority first, oldest first, with Content-Range', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('support-requests 0-4/5');
    const rows = await readJson<SupportRecord[]>(res);
    expect(rows.map((r) => r.id)).toEqual([ids.oldPro, ids.newPro, ids.oldGuest, ids.newGuest, ids.closed]);
    expect(rows[0]).toEqual({
      id: ids.oldPro,
      userId: null,
      username: null,
      name: 'Paula',
      email: 'paula@example.test',
      subject: 'Photos refused',
      message: 'Please help me with this.',
      priority: true,
      status: 'open',
      createdAt: expect.stringMatching(/^2026-11-20T09:20/),
      updatedAt: expect.any(String),
      closedAt: null,
    });
    const newest = await readJson<SupportRecord[]>(await list({ sort: ['createdAt', 'DESC'], range: [0, 1] }));
    expect(newest.map((r) => r.id)).toEqual([ids.newPro, ids.newGuest]);
  });

  it('filters by text, status and priority, and refuses a filter it does not know', async () => {
    const ids_ = async (filter: object) => (await readJson<SupportRecord[]>(await list({ filter }))).map((r) => r.id);
    expect(await ids_({ q: 'REFUND' })).toEqual([ids.newGuest]);
    expect(await ids_({ q: 'olga@' })).toEqual([ids.oldGuest]);
    expect(await ids_({ status: 'closed' })).toEqual([ids.closed]);
    expect(await ids_({ status: 'open', priority: true })).toEqual([ids.oldPro, ids.newPro]);
    expect(await ids_({ priority: false })).toEqual([ids.oldGuest, ids.newGuest]);
    expect(await ids_({ id: [ids.closed, ids.newPro] })).toEqual([ids.newPro, ids.closed]);
    expect((await list({ filter: { status: 'pending' } })).status).toBe(422);
    expect((await list({ filter: { userId: 1 } })).status).toBe(422);
  });

  it('links a member’s request to their account', async () => {
    const { data } = await readJson<Created>(await send(request, free.headers));
    const one = await readJson<SupportRecord>(await t.request(`/api/v1/admin/support-requests/${data.id}`, { headers: admin.headers }));
    expect(one).toMatchObject({ id: data.id, userId: free.id, username: 'freemember', email: free.email });
  });

  it('closes a request (closed_at set) and reopens it (cleared); nothing else changes', async () => {
    const put = (body: unknown) =>
      t.request(`/api/v1/admin/support-requests/${ids.oldGuest}`, { method: 'PUT', json: body, headers: admin.headers });
    const closed = await put({ status: 'closed', subject: 'Rewritten', priority: true });
    expect(closed.status).toBe(200);
    expect(await readJson<SupportRecord>(closed)).toMatchObject({
      status: 'closed',
      closedAt: expect.any(String),
      subject: 'Listing removed',
      priority: false,
    });
    const stamp = (await row(ids.oldGuest)).closed_at;
    expect(stamp).not.toBeNull();
    // Closing again keeps the first stamp.
    await put({ status: 'closed' });
    expect((await row(ids.oldGuest)).closed_at).toBe(stamp);
    const reopened = await readJson<SupportRecord>(await put({ status: 'open' }));
    expect(reopened).toMatchObject({ status: 'open', closedAt: null });
    expect((await put({ status: 'done' })).status).toBe(422);
    const missing = await t.request('/api/v1/admin/support-requests/999999', {
      method: 'PUT',
      json: { status: 'closed' },
      headers: admin.headers,
    });
    expect(missing.status).toBe(404);
    expect((await readJson<ApiError>(missing)).code).toBe('SUPPORT_REQUEST_NOT_FOUND');
  });

  it('deletes a request', async () => {
    const res = await t.request(`/api/v1/admin/support-requests/${ids.closed}`, { method: 'DELETE', headers: admin.headers });
    expect(res.status).toBe(200);
    expect((await readJson<SupportRecord>(res)).id).toBe(ids.closed);
    expect(await t.database.db.selectFrom('support_requests').select('id').where('id', '=', ids.closed).executeTakeFirst()).toBeUndefined();
    expect((await t.request(`/api/v1/admin/support-requests/${ids.closed}`, { headers: admin.headers })).status).toBe(404);
  });

  it('is guarded by admin.support.*: anonymous 401, a member or an admin without the permission 403', async () => {
    expect((await t.request('/api/v1/admin/support-requests')).status).toBe(401);
    expect((await list({}, free)).status).toBe(403);
    const lacking = await t.member('supportlacking');
    await t.grant(lacking.id, ['admin.support.update', 'admin.support.delete', 'admin.dashboard.index']);
    expect((await list({}, lacking)).status).toBe(403);
    expect((await t.request(`/api/v1/admin/support-requests/${ids.newPro}`, { headers: lacking.headers })).status).toBe(403);
    const reader = await t.member('supportreader');
    await t.grant(reader.id, ['admin.support.index']);
    expect((await list({}, reader)).status).toBe(200);
    const put = await t.request(`/api/v1/admin/support-requests/${ids.newPro}`, {
      method: 'PUT',
      json: { status: 'closed' },
      headers: reader.headers,
    });
    expect(put.status).toBe(403);
    expect((await t.request(`/api/v1/admin/support-requests/${ids.newPro}`, { method: 'DELETE', headers: reader.headers })).status).toBe(
      403,
    );
  });

  it('counts the open requests, and the priority ones, on the dashboard', async () => {
    const open = await t.database.db.selectFrom('support_requests').select('priority').where('status', '=', 'open').execute();
    const { data } = await readJson<RouteJson<typeof dashboardRoute, 200>>(
      await t.request('/api/v1/admin/dashboard', { headers: admin.headers }),
    );
    expect(data.supportOpen).toBe(open.length);
    expect(data.supportOpenPriority).toBe(open.filter((r) => r.priority === 1).length);
    expect(data.supportOpenPriority).toBeGreaterThan(0);
  });
});
