import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Payment as CheckoutPayment, Plans, Subscription } from '@autoroute/contract/billing';
import type { Vehicle as VehicleDetail } from '@autoroute/contract/vehicles';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type Data, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { loginRoute } from '../auth/auth.routes.ts';
import type { me as meRoute } from '../user/user.routes.ts';
import type { createVehicleRoute } from '../vehicles/vehicles.routes.ts';
import type { checkoutRoute, localRoute, statsRoute, webhookRoute } from './billing.routes.ts';

type Checkout = RouteJson<typeof checkoutRoute, 200>;
type Redirect = RouteJson<ReturnType<typeof localRoute>, 200>;
type Published = RouteJson<typeof createVehicleRoute, 201>;

/** A listing body of the vehicle form, with `pictures` fresh pictures of the owner. */
async function listing(t: TestApp, ownerId: number, pictures = 1) {
  const db = t.database.db;
  const id = async (table: 'currencies' | 'countries' | 'fuel_types' | 'types' | 'transmissions', code: string) =>
    (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const pics: number[] = [];
  for (let i = 0; i < pictures; i++) pics.push(await t.picture(ownerId));
  return {
    title: 'Renault Clio 1.0 90 hp',
    brand: 'Renault',
    model: 'Clio',
    year: 2021,
    price: 12500,
    currencyId: await id('currencies', 'EUR'),
    countryId: await id('countries', 'FR'),
    cityId: (await db.selectFrom('cities').select('id').where('name', '=', 'Paris').executeTakeFirstOrThrow()).id,
    categoryId: (await db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    colorId: (await db.selectFrom('colors').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    mileage: 42000,
    fuelTypeId: await id('fuel_types', 'petrol'),
    typeId: await id('types', 'sale'),
    transmissionId: await id('transmissions', 'manual'),
    number_of_doors: 5,
    number_of_seats: 5,
    description: 'One owner, full service history, never crashed.',
    options: [(await db.selectFrom('options').select('id').orderBy('id').executeTakeFirstOrThrow()).id],
    pictures: pics,
  };
}

const cartId = async (t: TestApp, name: string) =>
  (await t.database.db.selectFrom('carts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

const subscriptions = (t: TestApp, userId: number) =>
  t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();

const payment = (t: TestApp, id: number) => t.database.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('plans and checkout without Stripe (local test mode)', () => {
  let t: TestApp;
  const checkout = (m: TestMember, cart: number, lng = 'en_US') =>
    t.request(`/api/v1/user/${m.id}/cart/${cart}/stripe/payment?lng=${lng}`, { method: 'POST', headers: m.headers });
  const publish = async (m: TestMember, pictures = 1) =>
    t.request('/api/v1/vehicles?lng=en_US', { method: 'POST', json: await listing(t, m.id, pictures), headers: m.headers });
  const subscription = async (m: TestMember) =>
    (await readJson<Data<Subscription>>(await t.request(`/api/v1/user/${m.id}/subscription`, { headers: m.headers }))).data;

  beforeAll(async () => {
    // Each member signs up from an address of their own (more than one address's hourly sign-ups).
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.destroy());

  it('lists the free plan and every active plan by group, with prices in major units', async () => {
    const inactive = await cartId(t, 'Professional Unlimited (yearly)');
    await t.database.db.updateTable('carts').set({ is_active: 0 }).where('id', '=', inactive).execute();
    const res = await t.request('/api/v1/plans');
    expect(res.status).toBe(200);
    const { data } = await readJson<Data<Plans>>(res);
    expect(data.free).toEqual({
      vehicleLimit: 3,
      photoLimit: 10,
      contactLimit: 20,
      featuredListing: false,
      detailedStats: false,
      prioritySupport: false,
    });
    expect(data.groups.map((g) => g.name)).toEqual(['Individual', 'Professional']);
    const plus = data.groups[0]!.plans.find((p) => p.name === 'Individual Plus (monthly)');
    expect(plus).toMatchObject({ planName: 'Individual Plus', price: 9.99, currency: { code: 'EUR', symbol: '€' }, months: 1 });
    expect(plus!.limits).toEqual({
      vehicleLimit: 5,
      photoLimit: 20,
      contactLimit: 200,
      featuredListing: false,
      detailedStats: true,
      prioritySupport: false,
    });
    const names = data.groups.flatMap((g) => g.plans.map((p) => p.id));
    expect(names).not.toContain(inactive);
    expect(data.groups[1]!.plans.find((p) => p.name === 'Professional Unlimited (monthly)')!.limits.vehicleLimit).toBeNull();
    await t.database.db.updateTable('carts').set({ is_active: 1 }).where('id', '=', inactive).execute();
  });

  it('lists the plans in the request language: groups, carts with their period, and the plan name without it', async () => {
    const res = await t.request('/api/v1/plans?lng=fr_FR');
    expect(res.status).toBe(200);
    const { data } = await readJson<Data<Plans>>(res);
    expect(data.groups.map((g) => [g.name, g.description])).toEqual([
      ['Particuliers', 'Pour les particuliers qui publient quelques véhicules par an.'],
      ['Professionnels', 'Pour les concessionnaires et les loueurs qui gèrent une flotte.'],
    ]);
    const professional = data.groups[1]!.plans.filter((p) => p.planName === 'Professionnel');
    expect(professional.map((p) => [p.name, p.description, p.months])).toEqual([
      [
        'Professionnel (mensuel)',
        'Pour un garage qui grandit : vos annonces mises en avant et classées en premier, et un support prioritaire. Facturé chaque mois.',
        1,
      ],
      [
        'Professionnel (annuel)',
        'Pour un garage qui grandit : vos annonces mises en avant et classées en premier, et un support prioritaire. Facturé chaque année.',
        12,
      ],
    ]);
    expect(data.groups[0]!.plans.map((p) => p.planName)).toEqual(['Particulier Plus', 'Particulier Plus']);
    // A language without a translation reads the plain (English) text.
    const group = await t.database.db.selectFrom('cart_groups').select('id').where('name', '=', 'Individual').executeTakeFirstOrThrow();
    await t.database.db.updateTable('cart_groups').set({ name_i18n: null }).where('id', '=', group.id).execute();
    expect((await readJson<Data<Plans>>(await t.request('/api/v1/plans?lng=fr_FR'))).data.groups[0]!.name).toBe('Individual');
    await t.database.db
      .updateTable('cart_groups')
      .set({ name_i18n: JSON.stringify({ fr_FR: 'Particuliers' }) })
      .where('id', '=', group.id)
      .execute();
  });

  it('names a plan without cart details by its cart, in the request language', async () => {
    const group = await t.database.db.selectFrom('cart_groups').select('id').where('name', '=', 'Individual').executeTakeFirstOrThrow();
    const eur = await t.database.db.selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow();
    const bare = await t.database.db
      .insertInto('carts')
      .values({
        name: 'Trial',
        name_i18n: JSON.stringify({ de_DE: 'Probemonat' }),
        price_minor: 100,
        currency_id: eur.id,
        months: 1,
        group_id: group.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const plans = (await readJson<Data<Plans>>(await t.request('/api/v1/plans?lng=de_DE'))).data.groups.flatMap((g) => g.plans);
    expect(plans.find((p) => p.id === bare.id)).toMatchObject({ name: 'Probemonat', planName: 'Probemonat', description: null });
    await t.database.db.deleteFrom('carts').where('id', '=', bare.id).execute();
  });

  it('names the plan that lifts a limit in the language of the refusal', async () => {
    const m = await t.member('amira');
    for (let i = 0; i < 3; i++) expect((await publish(m)).status).toBe(201);
    const refused = await t.request('/api/v1/vehicles', {
      method: 'POST',
      json: await listing(t, m.id),
      headers: { ...m.headers, 'accept-language': 'ar-SA,ar;q=0.9' },
    });
    expect(refused.status).toBe(403);
    expect(await readJson<ApiError>(refused)).toEqual({
      code: 'PLAN_LIMIT_VEHICLES',
      error: 'الحد الأقصى للإعلانات في خطتك: 3. في خطة الأفراد بلس: 5.',
    });
  });

  it('names the plan in force, its payments and the payment being paid in the request language', async () => {
    const m = await t.member('zoe');
    const cart = await cartId(t, 'Professional (yearly)');
    const { paymentId } = (await readJson<Checkout>(await checkout(m, cart, 'es_ES'))).data;
    const view = await readJson<Data<CheckoutPayment>>(await t.request(`/api/v1/payments/${paymentId}?lng=es_ES`, { headers: m.headers }));
    expect(view.data.plan).toMatchObject({ name: 'Profesional (anual)', months: 12 });
    await t.request(`/api/v1/payments/local/${paymentId}/complete`, { method: 'POST', headers: m.headers });
    const state = await readJson<Data<Subscription>>(
      await t.request(`/api/v1/user/${m.id}/subscription?lng=es_ES`, { headers: m.headers }),
    );
    expect(state.data).toMatchObject({
      status: 'active',
      plan: { name: 'Profesional (anual)', months: 12 },
      payments: [{ id: paymentId, plan: 'Profesional (anual)', status: 'paid' }],
    });
    const again = await checkout(m, cart, 'es_ES');
    expect(again.status).toBe(409);
    expect(await readJson<ApiError>(again)).toMatchObject({
      code: 'ALREADY_SUBSCRIBED',
      error: expect.stringMatching(/^Ya tienes el plan Profesional \(anual\), activo hasta el /),
    });
  });

  it('puts a fresh member on the free plan, refuses their fourth listing, and lets them publish it after buying a plan', async () => {
    const m = await t.member('freda');
    expect(await subscription(m)).toMatchObject({ status: 'none', plan: null, isPremium: false, usage: { vehicles: 0 }, payments: [] });
    for (let i = 0; i < 3; i++) expect((await publish(m)).status).toBe(201);
    const refused = await publish(m);
    expect(refused.status).toBe(403);
    expect(await readJson<ApiError>(refused)).toMatchObject({
      code: 'PLAN_LIMIT_VEHICLES',
      error: 'Your plan allows 3 listings. The Individual Plus plan allows 5.',
    });
    const french = await t.request('/api/v1/vehicles?lng=fr_FR', { method: 'POST', json: await listing(t, m.id), headers: m.headers });
    expect((await readJson<ApiError>(french)).error).toBe('Votre formule permet 3 annonces. La formule Particulier Plus en permet 5.');
    expect(await t.database.db.selectFrom('vehicles').select('id').where('owner_id', '=', m.id).execute()).toHaveLength(3);

    const started = await checkout(m, await cartId(t, 'Individual Plus (monthly)'));
    expect(started.status).toBe(200);
    const { data } = await readJson<Checkout>(started);
    expect(data).toEqual({ url: `/billing/checkout?payment=${data.paymentId}`, paymentId: data.paymentId, mode: 'local' });
    const view = await readJson<Data<CheckoutPayment>>(await t.request(`/api/v1/payments/${data.paymentId}`, { headers: m.headers }));
    expect(view.data).toMatchObject({
      status: 'pending',
      plan: { name: 'Individual Plus (monthly)', months: 1, price: 9.99 },
      paidAt: null,
    });

    const done = await t.request(`/api/v1/payments/local/${data.paymentId}/complete`, { method: 'POST', headers: m.headers });
    expect(await readJson<Redirect>(done)).toEqual({ data: { redirect: `/billing/success?payment=${data.paymentId}` } });
    const state = await subscription(m);
    expect(state).toMatchObject({
      status: 'active',
      isPremium: true,
      plan: { name: 'Individual Plus (monthly)', months: 1, price: 9.99, currency: { code: 'EUR' } },
      limits: { vehicleLimit: 5, detailedStats: true },
      usage: { vehicles: 3 },
      payments: [{ id: data.paymentId, status: 'paid', provider: 'local', amount: 9.99, plan: 'Individual Plus (monthly)' }],
    });
    expect(new Date(state.plan!.expiresAt).getTime() - new Date(state.plan!.startedAt).getTime()).toBeGreaterThan(27 * 86_400_000);
    expect(
      (await readJson<RouteJson<typeof meRoute, 200>>(await t.request('/api/v1/user/me', { headers: m.headers }))).data.is_premium,
    ).toBe(true);
    expect((await publish(m)).status).toBe(201);

    // Completing again changes nothing: one subscription, paid once.
    const paidAt = (await payment(t, data.paymentId)).paid_at;
    expect((await t.request(`/api/v1/payments/local/${data.paymentId}/complete`, { method: 'POST', headers: m.headers })).status).toBe(200);
    expect(await subscriptions(t, m.id)).toHaveLength(1);
    expect((await payment(t, data.paymentId)).paid_at).toBe(paidAt);
  });

  it('refuses to sell the plan already in force (409 ALREADY_SUBSCRIBED, until when), and lets a member change plan', async () => {
    const m = await t.member('gaston');
    const plus = await cartId(t, 'Individual Plus (monthly)');
    const first = (await readJson<Checkout>(await checkout(m, plus))).data.paymentId;
    await t.request(`/api/v1/payments/local/${first}/complete`, { method: 'POST', headers: m.headers });
    const again = await checkout(m, plus);
    expect(again.status).toBe(409);
    const body = await readJson<ApiError>(again);
    const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date((await subscriptions(t, m.id))[0]!.expires_at),
    );
    expect(body).toEqual({
      code: 'ALREADY_SUBSCRIBED',
      error: `You already have the Individual Plus (monthly) plan, active until ${until}.`,
    });

    // An upgrade starts when paid; the previous plan is cancelled then.
    const pro = (await readJson<Checkout>(await checkout(m, await cartId(t, 'Professional (monthly)')))).data.paymentId;
    await t.request(`/api/v1/payments/local/${pro}/complete`, { method: 'POST', headers: m.headers });
    const rows = await subscriptions(t, m.id);
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'active']);
    expect((await subscription(m)).plan!.name).toBe('Professional (monthly)');
  });

  it('cancels a local checkout: the payment is cancelled and no plan starts', async () => {
    const m = await t.member('hector');
    const { paymentId } = (await readJson<Checkout>(await checkout(m, await cartId(t, 'Professional (yearly)')))).data;
    const res = await t.request(`/api/v1/payments/local/${paymentId}/cancel`, { method: 'POST', headers: m.headers });
    expect(await readJson<Redirect>(res)).toEqual({ data: { redirect: `/billing/cancel?payment=${paymentId}` } });
    expect((await payment(t, paymentId)).status).toBe('cancelled');
    expect(await subscriptions(t, m.id)).toEqual([]);
    expect(await subscription(m)).toMatchObject({ status: 'none', isPremium: false, payments: [{ status: 'cancelled' }] });
    // A cancelled payment cannot be paid afterwards, and it is nobody else's to see.
    expect((await t.request(`/api/v1/payments/local/${paymentId}/complete`, { method: 'POST', headers: m.headers })).status).toBe(409);
    const other = await t.member('ines');
    expect((await t.request(`/api/v1/payments/${paymentId}`, { headers: other.headers })).status).toBe(404);
    expect((await t.request(`/api/v1/payments/local/${paymentId}/complete`, { method: 'POST', headers: other.headers })).status).toBe(404);
  });

  it('answers 404 PLAN_NOT_FOUND for an unknown or inactive plan, 403 for someone else, 401 signed out', async () => {
    const m = await t.member('jules');
    expect(await readJson<ApiError>(await checkout(m, 99999))).toMatchObject({ code: 'PLAN_NOT_FOUND' });
    const cart = await cartId(t, 'Professional (yearly)');
    await t.database.db.updateTable('carts').set({ is_active: 0 }).where('id', '=', cart).execute();
    const inactive = await checkout(m, cart);
    expect(inactive.status).toBe(404);
    await t.database.db.updateTable('carts').set({ is_active: 1 }).where('id', '=', cart).execute();
    const other = await t.member('karim');
    expect((await t.request(`/api/v1/user/${other.id}/cart/${cart}/stripe/payment`, { method: 'POST', headers: m.headers })).status).toBe(
      403,
    );
    expect((await t.request(`/api/v1/user/${other.id}/subscription`, { headers: m.headers })).status).toBe(403);
    // An administrator holding admin.user.index reads it, but does not buy in the member's name.
    await t.grant(m.id, ['admin.user.index']);
    expect((await t.request(`/api/v1/user/${other.id}/subscription`, { headers: m.headers })).status).toBe(200);
    expect((await t.request(`/api/v1/user/${other.id}/cart/${cart}/stripe/payment`, { method: 'POST', headers: m.headers })).status).toBe(
      403,
    );
    expect((await t.request(`/api/v1/user/${m.id}/cart/${cart}/stripe/payment`, { method: 'POST' })).status).toBe(401);
    expect(await t.database.db.selectFrom('payments').select('id').where('user_id', '=', m.id).execute()).toEqual([]);
  });

  it('asks for a verified email before a checkout (402), like publishing', async () => {
    const person = {
      email: 'uma@example.test',
      password: 'a long enough passphrase',
      username: 'uma',
      firstName: 'Uma',
      lastName: 'Unverified',
    };
    await t.request('/api/v1/auth/signup', { method: 'POST', json: { ...person, phone: '+33 6 12 34 56 78' } });
    const signed = await readJson<RouteJson<typeof loginRoute, 200>>(
      await t.request('/api/v1/auth/login', { method: 'POST', json: { email: person.email, password: person.password } }),
    );
    const id = signed.data.id as number;
    const res = await t.request(`/api/v1/user/${id}/cart/${await cartId(t, 'Professional (monthly)')}/stripe/payment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signed.security.accessToken}` },
    });
    expect(res.status).toBe(402);
    expect(await readJson<ApiError>(res)).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(await t.database.db.selectFrom('payments').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('refuses more pictures on one listing than the plan allows', async () => {
    const m = await t.member('lea');
    const res = await publish(m, 11);
    expect(res.status).toBe(403);
    expect(await readJson<ApiError>(res)).toMatchObject({
      code: 'PLAN_LIMIT_PHOTOS',
      error: 'Your plan allows 10 photos per listing. The Individual Plus plan allows 20.',
    });
    expect((await publish(m, 10)).status).toBe(201);
  });

  it('refuses a message to a seller past their monthly allowance, without telling the visitor about the plan', async () => {
    const seller = await t.member('marius');
    const id = (await readJson<Published>(await publish(seller))).data.id as number;
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('contacts')
      .values(Array.from({ length: 20 }, () => ({ seller_id: seller.id, vehicle_id: id, created_at: now })))
      .execute();
    // Emptying the inbox does not give the allowance back: the messages were received.
    expect((await t.request('/api/v1/notifications', { method: 'DELETE', headers: seller.headers })).status).toBe(200);
    const message = { firstname: 'Jean', lastname: 'Dupont', phone: '+33 6 98 76 54 32', message: 'Is it still available?' };
    const res = await t.request(`/api/v1/vehicles/${id}/contact?lng=en_US`, { method: 'POST', json: message });
    expect(res.status).toBe(403);
    expect(await readJson<ApiError>(res)).toEqual({
      code: 'PLAN_LIMIT_CONTACTS',
      error: 'This seller cannot receive more messages this month.',
    });
    expect((await subscription(seller)).usage.contactsThisMonth).toBe(20);
    // The seller is told once this month, in their language, that messages are being refused.
    await t.request(`/api/v1/vehicles/${id}/contact`, { method: 'POST', json: message });
    const told = await t.database.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', seller.id)
      .where('kind', '=', 'plan_limit')
      .execute();
    expect(told).toEqual([
      {
        message:
          "A buyer tried to contact you, but your plan's 20 messages for this month are used up. Choose a plan in Billing to receive every message.",
      },
    ]);
  });

  it('gives detailed statistics only on a plan that includes them, with real counts', async () => {
    const seller = await t.member('nadia');
    const id = (await readJson<Published>(await publish(seller))).data.id as number;
    const refused = await t.request(`/api/v1/me/vehicles/${id}/stats?lng=en_US`, { headers: seller.headers });
    expect(refused.status).toBe(403);
    expect(await readJson<ApiError>(refused)).toEqual({
      code: 'PLAN_FEATURE_STATS',
      error: 'Detailed statistics are not included in your plan. The Individual Plus plan includes them.',
    });
    const german = await t.request(`/api/v1/me/vehicles/${id}/stats?lng=de_DE`, { headers: seller.headers });
    expect((await readJson<ApiError>(german)).error).toBe(
      'Detaillierte Statistiken sind in Ihrem Tarif nicht enthalten. Der Tarif Privat Plus enthält sie.',
    );

    const buyer = await t.member('oscar');
    await t.request(`/api/v1/vehicles/${id}/like`, { method: 'POST', headers: buyer.headers });
    await t.request(`/api/v1/vehicles/${id}/favorite`, { method: 'POST', headers: buyer.headers });
    const message = { firstname: 'Oscar', lastname: 'Buyer', phone: '+33 6 98 76 54 32', message: 'Is it still available?' };
    expect((await t.request(`/api/v1/vehicles/${id}/contact`, { method: 'POST', json: message, headers: buyer.headers })).status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    await t.database.db
      .insertInto('vehicle_views')
      .values([
        { vehicle_id: id, visitor_hash: 'a', day: today },
        { vehicle_id: id, visitor_hash: 'b', day: today },
      ])
      .execute();

    // The message's notice gone (as a legacy inbox could delete it): it still counts as a contact.
    await t.database.db.deleteFrom('notifications').where('user_id', '=', seller.id).where('kind', '=', 'contact').execute();

    await t.subscribe(seller.id, 'Individual Plus (monthly)');
    const res = await t.request(`/api/v1/me/vehicles/${id}/stats?days=7`, { headers: seller.headers });
    expect(res.status).toBe(200);
    const { data } = await readJson<RouteJson<typeof statsRoute, 200>>(res);
    expect(data.days).toHaveLength(7);
    expect(data.days.at(-1)).toEqual({ day: today, views: 2, likes: 1, favorites: 1, contacts: 1 });
    expect(data.totals).toEqual({ views: 2, likes: 1, favorites: 1, contacts: 1 });
    expect((await t.request(`/api/v1/me/vehicles/${id}/stats`, { headers: buyer.headers })).status).toBe(403);
  });

  it('features a seller’s listings while a plan with featured listings lasts', async () => {
    const seller = await t.member('pauline');
    const before = (await readJson<Published>(await publish(seller))).data.id as number;
    const { paymentId } = (await readJson<Checkout>(await checkout(seller, await cartId(t, 'Professional (monthly)')))).data;
    await t.request(`/api/v1/payments/local/${paymentId}/complete`, { method: 'POST', headers: seller.headers });
    const after = (await readJson<Published>(await publish(seller))).data.id as number;
    for (const id of [before, after])
      expect((await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${id}`))).data.featured).toBe(true);

    // An administrator featured one listing too: the plan ending leaves that one featured.
    await t.database.db.updateTable('vehicles').set({ featured: 1 }).where('id', '=', before).execute();
    const past = new Date(Date.now() - 1000).toISOString();
    await t.database.db.updateTable('subscriptions').set({ expires_at: past }).where('user_id', '=', seller.id).execute();
    const job = await t.database.db
      .selectFrom('datacrons')
      .select('id')
      .where('handler', '=', 'expire-subscriptions')
      .executeTakeFirstOrThrow();
    await t.deps.jobs.runNow(job.id);
    expect((await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${before}`))).data.featured).toBe(true);
    expect((await readJson<Data<VehicleDetail>>(await t.request(`/api/v1/vehicles/${after}`))).data.featured).toBe(false);
    expect(await subscription(seller)).toMatchObject({ status: 'expired', isPremium: false, limits: { vehicleLimit: 3 } });
  });
});

describe('checkout through Stripe (its library against a local fake of its API)', () => {
  const secret = 'whsec_test_secret';
  let t: TestApp;
  let fake: Server;
  const sessions: Record<string, string>[] = [];
  let refuseNext = false;
  const stripe = new Stripe('sk_test_fake');

  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };

  beforeAll(async () => {
    fake = createServer(async (req, res) => {
      const body = Object.fromEntries(new URLSearchParams(await readBody(req)));
      if (refuseNext) {
        refuseNext = false;
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid currency' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${sessions.length + 1}`;
        sessions.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, metadata: {} }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown path' } }));
    });
    fake.listen(0, '127.0.0.1');
    await once(fake, 'listening');
    const { port } = fake.address() as AddressInfo;
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: secret },
      stripeApi: { host: '127.0.0.1', port, protocol: 'http' },
    });
  });
  afterAll(async () => {
    await t.destroy();
    fake.close();
  });

  const event = (id: string, type: string, paymentId: number, paymentStatus = 'paid') =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: { id: 'cs_test_1', object: 'checkout.session', payment_status: paymentStatus, metadata: { paymentId: String(paymentId) } },
      },
    });
  const deliver = (payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret })) =>
    t.app.request('/api/v1/payments/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  it('creates a Checkout Session for the plan, then activates it on a signed checkout.session.completed, once', async () => {
    const m = await t.member('quentin');
    const cart = await cartId(t, 'Professional (monthly)');
    const res = await t.request(`/api/v1/user/${m.id}/cart/${cart}/stripe/payment`, { method: 'POST', headers: m.headers });
    expect(res.status).toBe(200);
    const { data } = await readJson<Checkout>(res);
    expect(data).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_1', paymentId: data.paymentId, mode: 'stripe' });
    expect(sessions[0]).toMatchObject({
      mode: 'payment',
      'metadata[paymentId]': String(data.paymentId),
      success_url: `http://localhost:3000/billing/success?payment=${data.paymentId}`,
      cancel_url: `http://localhost:3000/billing/cancel?payment=${data.paymentId}`,
      'line_items[0][price_data][unit_amount]': '4900',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][product_data][name]': 'Professional (monthly)',
    });
    expect(await payment(t, data.paymentId)).toMatchObject({ status: 'pending', provider: 'stripe', provider_ref: 'cs_test_1' });

    // A bad signature is refused and changes nothing.
    const payload = event('evt_1', 'checkout.session.completed', data.paymentId);
    const forged = await deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }));
    expect(forged.status).toBe(400);
    expect(await readJson<ApiError>(forged)).toMatchObject({ code: 'BAD_STRIPE_SIGNATURE' });
    expect((await payment(t, data.paymentId)).status).toBe('pending');
    expect(await subscriptions(t, m.id)).toEqual([]);

    expect((await deliver(payload)).status).toBe(200);
    expect((await payment(t, data.paymentId)).status).toBe('paid');
    const [active] = await subscriptions(t, m.id);
    expect(active).toMatchObject({ status: 'active', payment_id: data.paymentId });

    // A replay is acknowledged and changes nothing.
    const replay = await deliver(payload);
    expect(replay.status).toBe(200);
    expect(await subscriptions(t, m.id)).toEqual([active]);
    expect((await t.database.db.selectFrom('payment_events').selectAll().execute()).map((e) => e.id)).toEqual(['evt_1']);
  });

  it('waits for a delayed payment method: a session completed unpaid activates nothing until its payment succeeds', async () => {
    const m = await t.member('ursula');
    const cart = await cartId(t, 'Individual Plus (yearly)');
    const { paymentId } = (
      await readJson<Checkout>(
        await t.request(`/api/v1/user/${m.id}/cart/${cart}/stripe/payment?lng=de_DE`, { method: 'POST', headers: m.headers }),
      )
    ).data;
    // Stripe's page shows the plan as the member chose it, in their language.
    expect(sessions.at(-1)).toMatchObject({ 'line_items[0][price_data][product_data][name]': 'Privat Plus (jährlich)' });
    expect((await deliver(event('evt_async_1', 'checkout.session.completed', paymentId, 'unpaid'))).status).toBe(200);
    expect((await payment(t, paymentId)).status).toBe('pending');
    expect(await subscriptions(t, m.id)).toEqual([]);
    expect((await deliver(event('evt_async_2', 'checkout.session.async_payment_succeeded', paymentId))).status).toBe(200);
    expect((await payment(t, paymentId)).status).toBe('paid');
    expect((await subscriptions(t, m.id)).map((s) => s.status)).toEqual(['active']);
  });

  it('acknowledges an event type it does not handle and ignores it', async () => {
    const m = await t.member('rachel');
    const cart = await cartId(t, 'Individual Plus (monthly)');
    const { paymentId } = (
      await readJson<Checkout>(await t.request(`/api/v1/user/${m.id}/cart/${cart}/stripe/payment`, { method: 'POST', headers: m.headers }))
    ).data;
    const res = await deliver(event('evt_2', 'customer.created', paymentId));
    expect(res.status).toBe(200);
    expect(await readJson<RouteJson<typeof webhookRoute, 200>>(res)).toEqual({ received: true });
    expect((await payment(t, paymentId)).status).toBe('pending');
    expect(await subscriptions(t, m.id)).toEqual([]);
  });

  it('answers 502 PAYMENT_PROVIDER_ERROR when Stripe refuses the session, and marks the payment failed', async () => {
    const m = await t.member('tania');
    refuseNext = true;
    const res = await t.request(`/api/v1/user/${m.id}/cart/${await cartId(t, 'Professional (monthly)')}/stripe/payment`, {
      method: 'POST',
      headers: m.headers,
    });
    expect(res.status).toBe(502);
    expect(await readJson<ApiError>(res)).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    const rows = await t.database.db.selectFrom('payments').select('status').where('user_id', '=', m.id).execute();
    expect(rows).toEqual([{ status: 'failed' }]);
  });

  it('hides the local test-mode checkout when Stripe is configured', async () => {
    const m = await t.member('simon');
    expect((await t.request('/api/v1/payments/local/1/complete', { method: 'POST', headers: m.headers })).status).toBe(404);
  });
});
