import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../password.ts';
import type { Database } from '../schema.ts';
import { nowIso, toFlag } from '../util.ts';
import { EUR_RATES, type Place } from './catalogue.ts';
import * as ref from './data/reference.ts';
import { DEMO_PASSWORD, DEMO_SELLERS } from './data/sellers.ts';
import { insertMany } from './insert.ts';

type Db = Kysely<Database>;

/** Creates the first SUPADMIN unless one exists; answers the credentials it created, or null. */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password?: string | undefined },
): Promise<{ email: string; password: string } | null> {
  const existing = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('user_roles.user_id')
    .where('roles.name', '=', 'SUPADMIN')
    .executeTakeFirst();
  if (existing) return null;
  const password = admin.password || randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'SUPADMIN').executeTakeFirstOrThrow();
  const now = nowIso();
  await db.transaction().execute(async (tx) => {
    const user = await tx
      .insertInto('users')
      .values({
        email: admin.email.toLowerCase(),
        username: 'admin',
        first_name: 'Site',
        last_name: 'Administrator',
        name: 'Administrator',
        password_hash: hash,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  });
  return { email: admin.email.toLowerCase(), password };
}

/** The demo sellers, created once; answers their ids with where they sell and whether they buy featured listings. */
export async function ensureDemoSellers(db: Db): Promise<{ id: number; place: Place; professional: boolean; featured: boolean }[]> {
  const existing = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      DEMO_SELLERS.map((s) => s.email),
    )
    .execute();
  const userRole = await db.selectFrom('roles').select('id').where('name', '=', 'USER').executeTakeFirstOrThrow();
  const ids = new Map(existing.map((u) => [u.email, u.id]));
  const missing = DEMO_SELLERS.filter((s) => !ids.has(s.email));
  if (missing.length) {
    const hash = await hashPassword(DEMO_PASSWORD);
    const now = nowIso();
    const created = await insertMany(
      db,
      'users',
      missing.map((s) => ({
        email: s.email,
        username: s.username,
        first_name: s.firstName,
        last_name: s.lastName,
        name: s.company ?? `${s.firstName} ${s.lastName}`,
        phone: s.phone,
        password_hash: hash,
        email_verified_at: now,
        seller_type: s.company ? 'professional' : 'individual',
        created_at: now,
        updated_at: now,
      })),
      true,
    );
    for (const [i, s] of missing.entries()) ids.set(s.email, created[i]!);
    await insertMany(
      db,
      'user_roles',
      created.map((user_id) => ({ user_id, role_id: userRole.id })),
    );
  }
  const countries = await db.selectFrom('countries').select(['id', 'code']).execute();
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
  const cities = await db.selectFrom('cities').select(['id', 'country_id']).execute();
  const countryId = new Map(countries.map((c) => [c.code, c.id]));
  const currencyId = new Map(currencies.map((c) => [c.code, c.id]));
  return DEMO_SELLERS.map((s) => {
    const country = countryId.get(s.country)!;
    const currency = ref.countries.find((c) => c.code === s.country)!.currency;
    return {
      id: ids.get(s.email)!,
      professional: Boolean(s.company),
      featured: Boolean(s.featured),
      place: {
        country,
        currency: currencyId.get(currency)!,
        rate: EUR_RATES[currency] ?? 1,
        cities: cities.filter((c) => c.country_id === country).map((c) => c.id),
      },
    };
  });
}

/**
 * Demo sellers list far more than the free plan allows, so each holds a yearly plan, paid, with room
 * for their listings and twenty more: the cheapest that fits, of the Professional group for
 * professionals. Only the dealers marked `featured` take a plan with featured listings, so the
 * demo's featured listings stay the few a visitor can tell apart. Past every plan's limit (a
 * catalogue of 100,000 for the bench) a seller takes the largest plan of their kind and keeps the
 * listings above it, as after a downgrade. A seller already holding a plan that fits keeps it. Their
 * listings are featured when the plan says so (vehicles.plan_featured): those stored are set here,
 * and the answer (each seller's flag) is written with the new ones (`adding`: their live listings
 * by seller), since updating a few hundred thousand rows afterwards took PostgreSQL over ten minutes.
 */
export async function subscribeDemoSellers(
  db: Db,
  sellers: { id: number; professional: boolean; featured: boolean }[],
  adding: ReadonlyMap<number, number>,
): Promise<Map<number, number>> {
  const plans = await db
    .selectFrom('carts as c')
    .innerJoin('cart_groups as g', 'g.id', 'c.group_id')
    .innerJoin('cart_details as d', 'd.cart_id', 'c.id')
    .select(['c.id', 'c.price_minor', 'c.currency_id', 'g.name as group', 'd.vehicle_limit', 'd.featured_listing'])
    .where('c.is_active', '=', 1)
    .where('c.months', '=', 12)
    .orderBy('c.price_minor')
    .execute();
  const featuredBy = new Map<number, number>();
  if (plans.length === 0) return featuredBy;
  const now = new Date();
  const nowText = now.toISOString();
  const expires = new Date(now);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  const size = (p: { vehicle_limit: number | null }) => p.vehicle_limit ?? Number.POSITIVE_INFINITY;
  // One grouped read, not one per seller: in a bulk load the owner index is set aside (bulkLoad).
  const listed = new Map(
    (
      await db
        .selectFrom('vehicles')
        .select(['owner_id', db.fn.countAll<number>().as('n')])
        .where(
          'owner_id',
          'in',
          sellers.map((s) => s.id),
        )
        .where('sold', '=', 0)
        .groupBy('owner_id')
        .execute()
    ).map((r) => [r.owner_id, Number(r.n)]),
  );
  for (const seller of sellers) {
    const room = (listed.get(seller.id) ?? 0) + (adding.get(seller.id) ?? 0) + 20;
    const fits = (p: { vehicle_limit: number | null }) => size(p) >= room;
    const current = await db
      .selectFrom('subscriptions as s')
      .innerJoin('cart_details as d', 'd.cart_id', 's.cart_id')
      .select(['s.id', 'd.vehicle_limit', 'd.featured_listing'])
      .where('s.user_id', '=', seller.id)
      .where('s.status', '=', 'active')
      .where('s.expires_at', '>', nowText)
      .executeTakeFirst();
    let featured = current?.featured_listing ?? 0;
    if (!current || !fits(current)) {
      const kind = plans.filter(
        (p) => p.featured_listing === toFlag(seller.featured === true) && (!seller.professional || p.group === 'Professional'),
      );
      const choices = kind.length ? kind : plans;
      const plan = choices.find(fits) ?? choices.reduce((a, b) => (size(b) > size(a) ? b : a));
      if (current)
        await db.updateTable('subscriptions').set({ status: 'cancelled', updated_at: nowText }).where('id', '=', current.id).execute();
      // Paid like any plan (through the local checkout), so the seller's billing shows its payment.
      const payment = await db
        .insertInto('payments')
        .values({
          user_id: seller.id,
          cart_id: plan.id,
          amount_minor: Number(plan.price_minor),
          currency_id: plan.currency_id,
          provider: 'local',
          status: 'paid',
          paid_at: nowText,
          created_at: nowText,
          updated_at: nowText,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('subscriptions')
        .values({
          user_id: seller.id,
          cart_id: plan.id,
          payment_id: payment.id,
          status: 'active',
          started_at: nowText,
          expires_at: expires.toISOString(),
        })
        .execute();
      featured = plan.featured_listing;
    }
    featuredBy.set(seller.id, featured);
  }
  // Their listings already stored (a seed run on a seeded catalogue); the new ones are written with it.
  for (const featured of [0, 1]) {
    const owners = sellers.filter((s) => featuredBy.get(s.id) === featured).map((s) => s.id);
    if (owners.length === 0) continue;
    await db
      .updateTable('vehicles')
      .set({ plan_featured: featured })
      .where('owner_id', 'in', owners)
      .where('plan_featured', '!=', featured)
      .execute();
  }
  return featuredBy;
}
