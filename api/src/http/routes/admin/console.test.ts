import type { SiteInfo } from '@autoroute/contract/site';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type Data, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { dashboardRoute } from './admin.routes.ts';
import type { Settings } from './settings.routes.ts';
import type { AdminPayment, AdminSubscription } from './subscriptions.routes.ts';

type AdminPaymentRecord = z.infer<typeof AdminPayment>;
type AdminSubscriptionRecord = z.infer<typeof AdminSubscription>;
type AdminSettings = z.infer<typeof Settings>;

let t: TestApp;
let root: TestMember;
let member: TestMember;

const DAY = 86_400_000;
const monthStart = (monthsAgo = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 40, env: { TRUST_PROXY: 'true' } });
  root = await t.member('consoleroot');
  await t.grant(root.id, [], 'SUPADMIN');
  member = await t.member('consolemember');
  const db = t.database.db;

  // Sold listings this month and before it: only the first count as "sold this month".
  const vehicles = await db.selectFrom('vehicles').select(['id', 'owner_id']).orderBy('id').limit(4).execute();
  const soldAt = [
    new Date(monthStart().getTime() + 3600_000),
    new Date(),
    new Date(monthStart().getTime() - DAY),
    new Date(monthStart(2).getTime()),
  ];
  for (const [i, v] of vehicles.entries()) {
    await db.updateTable('vehicles').set({ sold: 1, sold_at: soldAt[i]!.toISOString() }).where('id', '=', v.id).execute();
  }
  // Messages to sellers, this month and last month, and a notification of another kind.
  const seller = vehicles[0]!.owner_id;
  for (const created of [new Date(), new Date(monthStart().getTime() + 60_000), new Date(monthStart().getTime() - DAY)]) {
    const message = await db
      .insertInto('notifications')
      .values({
        user_id: seller,
        vehicle_id: vehicles[0]!.id,
        kind: 'contact',
        from_name: 'Buyer',
        message: 'Still for sale?',
        created_at: created.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('contacts')
      .values({ seller_id: seller, vehicle_id: vehicles[0]!.id, notification_id: message.id, created_at: created.toISOString() })
      .execute();
  }
  // One more this month, whose message the seller has deleted: it still counts, in the figure and its list.
  await db
    .insertInto('contacts')
    .values({ seller_id: seller, vehicle_id: vehicles[0]!.id, created_at: new Date().toISOString() })
    .execute();
  await db.insertInto('notifications').values({ user_id: seller, kind: 'system', message: 'Welcome' }).execute();
  // An active subscription, an expired one still marked active, a cancelled one, and one that starts tomorrow.
  await t.subscribe(member.id, 'Individual Plus (monthly)');
  const cart = await db.selectFrom('carts').select('id').orderBy('id').executeTakeFirstOrThrow();
  const eur = await db.selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow();
  const past = new Date(Date.now() - 40 * DAY).toISOString();
  await db
    .insertInto('subscriptions')
    .values([
      { user_id: member.id, cart_id: cart.id, status: 'active', started_at: past, expires_at: new Date(Date.now() - DAY).toISOString() },
      { user_id: member.id, cart_id: cart.id, status: 'cancelled', started_at: past, expires_at: new Date(Date.now() + DAY).toISOString() },
      {
        user_id: member.id,
        cart_id: cart.id,
        status: 'active',
        started_at: new Date(Date.now() + DAY).toISOString(),
        expires_at: new Date(Date.now() + 30 * DAY).toISOString(),
      },
    ])
    .execute();
  // Payments: paid this month and last month, and one that failed this month.
  await db
    .insertInto('payments')
    .values([
      {
        user_id: member.id,
        cart_id: cart.id,
        amount_minor: 1500,
        currency_id: eur.id,
        provider: 'local',
        status: 'paid',
        paid_at: new Date().toISOString(),
      },
      { user_id: member.id, cart_id: cart.id, amount_minor: 2500, currency_id: eur.id, provider: 'local', status: 'paid', paid_at: past },
      { user_id: member.id, cart_id: cart.id, amount_minor: 9900, currency_id: eur.id, provider: 'local', status: 'failed', paid_at: null },
    ])
    .execute();
  await db.insertInto('support_requests').values({ name: 'A', email: 'a@example.test', subject: 'Help', message: 'Please' }).execute();
});
afterAll(() => t.destroy());

type Link = { resource: string; filter: Record<string, unknown> };

/** The list a link opens, as the back office asks for it: its rows (of the resource's declared record) and its total (Content-Range). */
const open = async <Row = unknown>(link: Link, headers = root.headers) => {
  const query = new URLSearchParams({ filter: JSON.stringify(link.filter), range: '[0,999]' });
  const res = await t.request(`/api/v1/admin/${link.resource}?${query}`, { headers });
  expect(res.status, `${link.resource} ${JSON.stringify(link.filter)}`).toBe(200);
  const total = Number(res.headers.get('content-range')?.split('/')[1]);
  return { rows: await readJson<Row[]>(res), total };
};

describe('dashboard figures and the lists they open (issue 13 item 9)', () => {
  it('gives each figure a link whose list has the figure as its total', async () => {
    const { data } = await readJson<RouteJson<typeof dashboardRoute, 200>>(
      await t.request('/api/v1/admin/dashboard', { headers: root.headers }),
    );
    expect(Object.keys(data.links).sort()).toEqual(
      [
        'activeSubscriptions',
        'contactsThisMonth',
        'live',
        'newUsers',
        'soldThisMonth',
        'supportOpen',
        'bookingsRequested',
        'bookingsAccepted',
        'bookingsActive',
        'ownerCancellations',
      ].sort(),
    );
    for (const [figure, link] of Object.entries(data.links as Record<string, Link>)) {
      expect((await open(link)).total, figure).toBe(data[figure as keyof typeof data.links]);
    }
    // The fixtures above make each figure tell something.
    expect(data.soldThisMonth).toBeGreaterThanOrEqual(2);
    expect(data.contactsThisMonth).toBe(3);
    expect(data.activeSubscriptions).toBeGreaterThanOrEqual(1);
    const soldLink = data.links.soldThisMonth as Link;
    const allSold = await open({ resource: 'vehicles', filter: { sold: true } });
    expect(allSold.total).toBeGreaterThan((await open(soldLink)).total);
  });

  it('links each body type to its live listings, and each month of revenue to the payments behind it', async () => {
    const { data } = await readJson<RouteJson<typeof dashboardRoute, 200>>(
      await t.request('/api/v1/admin/dashboard', { headers: root.headers }),
    );
    for (const c of data.listingsPerCategory as { name: string; count: number; link: Link }[]) {
      expect((await open(c.link)).total, c.name).toBe(c.count);
    }
    expect(data.revenueByMonth.length).toBeGreaterThanOrEqual(2);
    for (const r of data.revenueByMonth as { month: string; currency: string; amount: number; link: Link }[]) {
      const { rows } = await open<AdminPaymentRecord>(r.link);
      expect(
        rows.every((p) => p.status === 'paid' && p.paidAt!.startsWith(r.month)),
        r.month,
      ).toBe(true);
      expect(
        rows.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0),
        r.month,
      ).toBeCloseTo(r.amount, 2);
    }
  });
});

describe('subscriptions, payments and messages to sellers in the back office', () => {
  it('lists subscriptions with their member, plan and payments; active means in force now', async () => {
    const mine = await open<AdminSubscriptionRecord>({ resource: 'subscriptions', filter: { userId: member.id } });
    expect(mine.total).toBe(4);
    // Not the expired one still marked active, nor the one that has not started (billing.data.ts inForce).
    const active = await open<AdminSubscriptionRecord>({ resource: 'subscriptions', filter: { userId: member.id, active: true } });
    expect(active.total).toBe(1);
    expect(active.rows[0]).toMatchObject({ username: 'consolemember', plan: 'Individual Plus (monthly)', status: 'active' });
    const cancelled = await open<AdminSubscriptionRecord>({
      resource: 'subscriptions',
      filter: { userId: member.id, status: 'cancelled' },
    });
    expect(cancelled.total).toBe(1);
    // The member's payments for that plan, whatever their outcome.
    expect(cancelled.rows[0]!.payments.map((p: { amount: number; status: string }) => `${p.amount} ${p.status}`).sort()).toEqual([
      '15 paid',
      '25 paid',
      '99 failed',
    ]);
    const one = await t.request(`/api/v1/admin/subscriptions/${cancelled.rows[0]!.id}`, { headers: root.headers });
    expect((await readJson<AdminSubscriptionRecord>(one)).payments).toHaveLength(3);
    const bad = await t.request(`/api/v1/admin/subscriptions?filter=${encodeURIComponent('{"status":"paused"}')}`, {
      headers: root.headers,
    });
    expect(bad.status).toBe(422);
  });

  it('lists payments by status, month and currency, and refuses a malformed month', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const failed = await open<AdminPaymentRecord>({ resource: 'payments', filter: { userId: member.id, status: 'failed' } });
    expect(failed.rows.map((p: { amount: number }) => p.amount)).toEqual([99]);
    const paidNow = await open<AdminPaymentRecord>({
      resource: 'payments',
      filter: { userId: member.id, status: 'paid', paidMonth: month, currency: 'EUR' },
    });
    expect(paidNow.rows.map((p: { amount: number }) => p.amount)).toEqual([15]);
    const bad = await t.request(`/api/v1/admin/payments?filter=${encodeURIComponent('{"paidMonth":"2026-13"}')}`, {
      headers: root.headers,
    });
    expect(bad.status).toBe(422);
  });

  it('refuses each list without its permission, and opens it with only that one', async () => {
    const clerk = await t.member('consoleclerk');
    for (const [resource, permission] of [
      ['subscriptions', 'admin.subscription.index'],
      ['payments', 'admin.payment.index'],
      ['contacts', 'admin.contact.index'],
    ] as const) {
      expect((await t.request(`/api/v1/admin/${resource}`, { headers: member.headers })).status, resource).toBe(403);
      await t.grant(clerk.id, [permission]);
      expect((await t.request(`/api/v1/admin/${resource}`, { headers: clerk.headers })).status, resource).toBe(200);
    }
  });

  it('grants the new permissions to ADMIN and SUPADMIN', async () => {
    const held = await t.database.db
      .selectFrom('role_permissions as rp')
      .innerJoin('roles as r', 'r.id', 'rp.role_id')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select(['r.name as role', 'p.name as permission'])
      .where('p.name', 'in', [
        'admin.subscription.index',
        'admin.payment.index',
        'admin.contact.index',
        'admin.setting.index',
        'admin.setting.update',
      ])
      .execute();
    for (const role of ['ADMIN', 'SUPADMIN']) expect(held.filter((h) => h.role === role)).toHaveLength(5);
  });
});

describe('application settings: the maintenance message (issue 13 item 10)', () => {
  const messages = { en_US: 'Back at noon.', ar_SA: 'نعود عند الظهر.' };
  const site = async (lng: string) => {
    const res = await t.request(`/api/v1/site?lng=${lng}`);
    return { message: (await readJson<Data<SiteInfo>>(res)).data.maintenanceMessage, cache: res.headers.get('cache-control') };
  };

  it('reads and saves the message per locale with its switch; the site shows it at once, with English as fallback', async () => {
    const before = await readJson<AdminSettings>(await t.request('/api/v1/admin/settings/site', { headers: root.headers }));
    expect(before).toEqual({ id: 'site', maintenanceEnabled: false, maintenanceMessage: {} });
    expect((await site('en_US')).message).toBeNull();

    const saved = await t.request('/api/v1/admin/settings/site', {
      method: 'PUT',
      json: { id: 'site', maintenanceEnabled: true, maintenanceMessage: { ...messages, fr_FR: '' } },
      headers: root.headers,
    });
    expect(saved.status).toBe(200);
    expect(await readJson<AdminSettings>(saved)).toEqual({ id: 'site', maintenanceEnabled: true, maintenanceMessage: messages });
    expect(await site('en_US')).toEqual({ message: messages.en_US, cache: 'no-cache' });
    expect((await site('ar_SA')).message).toBe(messages.ar_SA);
    expect((await site('fr_FR')).message).toBe(messages.en_US);
    // Issue 33: the page is told which language the message is in, to keep English apart inside French or Arabic.
    const language = async (lng: string) =>
      (await readJson<Data<SiteInfo>>(await t.request(`/api/v1/site?lng=${lng}`))).data.maintenanceLanguage;
    expect(await language('fr_FR')).toBe('en_US');
    expect(await language('ar_SA')).toBe('ar_SA');

    await t.request('/api/v1/admin/settings/site', {
      method: 'PUT',
      json: { maintenanceEnabled: false, maintenanceMessage: messages },
      headers: root.headers,
    });
    expect((await site('ar_SA')).message).toBeNull();
    expect(
      (await readJson<AdminSettings>(await t.request('/api/v1/admin/settings/site', { headers: root.headers }))).maintenanceMessage,
    ).toEqual(messages);
  });

  it('refuses a message too long or a banner on without English, in the admin language', async () => {
    const tooLong = await t.request('/api/v1/admin/settings/site', {
      method: 'PUT',
      json: { maintenanceEnabled: false, maintenanceMessage: { en_US: 'x'.repeat(301) } },
      headers: { ...root.headers, 'accept-language': 'fr-FR' },
    });
    expect(tooLong.status).toBe(422);
    expect((await readJson<ApiError>(tooLong)).details).toEqual([
      { path: 'maintenanceMessage.en_US', message: 'Doit comporter au plus 300 caractères.' },
    ]);
    const noEnglish = await t.request('/api/v1/admin/settings/site', {
      method: 'PUT',
      json: { maintenanceEnabled: true, maintenanceMessage: { ar_SA: messages.ar_SA } },
      headers: { ...root.headers, 'accept-language': 'fr-FR' },
    });
    expect(noEnglish.status).toBe(422);
    expect((await readJson<ApiError>(noEnglish)).details).toEqual([
      { path: 'maintenanceMessage.en_US', message: 'Ce champ est obligatoire.' },
    ]);
    expect((await site('en_US')).message).toBeNull();
  });

  it('refuses to read or change the settings without their permissions', async () => {
    const reader = await t.member('settingsreader');
    expect((await t.request('/api/v1/admin/settings/site', { headers: reader.headers })).status).toBe(403);
    await t.grant(reader.id, ['admin.setting.index']);
    expect((await t.request('/api/v1/admin/settings/site', { headers: reader.headers })).status).toBe(200);
    const change = await t.request('/api/v1/admin/settings/site', {
      method: 'PUT',
      json: { maintenanceEnabled: true, maintenanceMessage: { en_US: 'Hacked' } },
      headers: reader.headers,
    });
    expect(change.status).toBe(403);
    expect((await site('en_US')).message).toBeNull();
  });
});
