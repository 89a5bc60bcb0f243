import { existsSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@autoroute/locales/meta';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../password.ts';
import { ALL_PERMISSIONS } from '../permissions.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { makes } from './data/makes.ts';
import { DEMO_SELLERS } from './data/sellers.ts';
import { mediaFolder, seed } from './index.ts';

let t: TestDatabase;
const count = async (table: 'countries' | 'cities' | 'currencies' | 'makes' | 'models' | 'vehicles' | 'users' | 'pages') =>
  Number((await t.db.selectFrom(table).select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await createTestDatabase();
  await seed(t.db, {
    demo: true,
    vehicles: 300,
    media: mediaFolder(path.join(t.dir, 'media')),
    admin: { email: 'Boss@Example.test', password: 'correct horse battery' },
  });
});
afterAll(() => t.destroy());

describe('reference data', () => {
  it('has real countries with ISO codes, their cities and currencies', async () => {
    expect(await count('countries')).toBeGreaterThanOrEqual(30);
    expect(await count('cities')).toBeGreaterThanOrEqual(150);
    const fr = await t.db.selectFrom('countries').selectAll().where('code', '=', 'FR').executeTakeFirstOrThrow();
    expect(JSON.parse(fr.name_i18n ?? '{}')).toMatchObject({ en_US: 'France' });
    const eur = await t.db.selectFrom('currencies').selectAll().where('code', '=', 'EUR').executeTakeFirstOrThrow();
    expect(eur.symbol).toBe('€');
    const codes = (await t.db.selectFrom('countries').select('code').execute()).map((c) => c.code);
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it('has 40 or more makes, each with its models', async () => {
    expect(await count('makes')).toBeGreaterThanOrEqual(40);
    expect(await count('models')).toBeGreaterThanOrEqual(160);
  });

  it('has the eight languages, three themes and the three listing types', async () => {
    expect((await t.db.selectFrom('languages').select('code').orderBy('id').execute()).map((l) => l.code)).toEqual([...LOCALES]);
    expect((await t.db.selectFrom('themes').select('code').execute()).map((x) => x.code).sort()).toEqual(['dark', 'light', 'system']);
    expect((await t.db.selectFrom('types').select('code').execute()).map((x) => x.code).sort()).toEqual(['rent_day', 'rent_month', 'sale']);
  });

  it('has the legal, about and help pages in every locale', async () => {
    const slugs = (await t.db.selectFrom('pages').select('slug').execute()).map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['terms', 'privacy', 'about']));
    const translations = await t.db.selectFrom('page_translations').select(['locale']).execute();
    expect(translations).toHaveLength((await count('pages')) * 8);
  });

  it('names and describes every plan group, plan and plan detail in every locale, English being the plain text', async () => {
    const rows = [
      ...(await t.db.selectFrom('cart_groups').select(['name', 'name_i18n', 'description', 'description_i18n']).execute()),
      ...(await t.db.selectFrom('carts').select(['name', 'name_i18n', 'description', 'description_i18n']).execute()),
      ...(await t.db.selectFrom('cart_details').select(['name', 'name_i18n', 'description', 'description_i18n']).execute()),
    ];
    // Two groups; four plans, each a monthly and a yearly cart with its detail row.
    expect(rows).toHaveLength(2 + 8 + 8);
    for (const row of rows) {
      for (const [plain, i18n] of [
        [row.name, row.name_i18n],
        [row.description, row.description_i18n],
      ] as const) {
        const texts = JSON.parse(i18n ?? '{}') as Record<string, string>;
        expect(Object.keys(texts).sort(), plain ?? '').toEqual([...LOCALES].sort());
        expect(texts.en_US).toBe(plain);
        // Translated, not copied: every other locale reads differently from English.
        for (const locale of LOCALES.filter((l) => l !== 'en_US')) expect(texts[locale], `${plain} ${locale}`).not.toBe(plain);
      }
    }
    const yearly = await t.db
      .selectFrom('carts')
      .select(['name_i18n', 'description_i18n'])
      .where('name', '=', 'Professional (yearly)')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(yearly.name_i18n!).fr_FR).toBe('Professionnel (annuel)');
    expect(JSON.parse(yearly.description_i18n!).fr_FR).toBe(
      'Pour un garage qui grandit : vos annonces mises en avant et classées en premier, et un support prioritaire. Facturé chaque année.',
    );
  });

  it('gives SUPADMIN every permission, ADMIN all but role changes, USER none (SPEC §6)', async () => {
    const held = async (role: string) =>
      (
        await t.db
          .selectFrom('role_permissions as rp')
          .innerJoin('roles as r', 'r.id', 'rp.role_id')
          .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
          .select('p.name')
          .where('r.name', '=', role)
          .execute()
      )
        .map((x) => x.name)
        .sort();
    expect(await held('SUPADMIN')).toEqual([...ALL_PERMISSIONS].sort());
    const admin = await held('ADMIN');
    expect(admin).toContain('admin.city.create');
    expect(admin).toContain('delete_vehicle');
    expect(admin).toContain('admin.role.index');
    expect(admin).not.toContain('admin.role.update');
    expect(await held('USER')).toEqual([]);
  });
});

describe('the first administrator', () => {
  it('is a SUPADMIN with the configured email and a hashed password', async () => {
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', 'boss@example.test').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(user.password_hash!, 'correct horse battery')).toBe(true);
    const roles = await t.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('r.name')
      .where('ur.user_id', '=', user.id)
      .execute();
    expect(roles.map((r) => r.name)).toEqual(['SUPADMIN']);
  });

  it('is created once: a second start changes nothing', async () => {
    const users = await count('users');
    const vehicles = await count('vehicles');
    const report = await seed(t.db, {
      demo: true,
      vehicles: 300,
      media: mediaFolder(path.join(t.dir, 'media')),
      admin: { email: 'other@example.test' },
    });
    expect(report).toEqual({ reference: false, admin: null, vehicles: 0 });
    expect(await count('users')).toBe(users);
    expect(await count('vehicles')).toBe(vehicles);
  });
});

describe('the demo catalogue', () => {
  it('has the requested number of vehicles from sellers of both types', async () => {
    expect(await count('vehicles')).toBe(300);
    const types = await t.db
      .selectFrom('vehicles as v')
      .innerJoin('users as u', 'u.id', 'v.owner_id')
      .select('u.seller_type')
      .distinct()
      .execute();
    expect(types.map((x) => x.seller_type).sort()).toEqual(['individual', 'professional']);
  });

  it('gives every demo seller a paid plan in force with room for more listings, professionals a Professional one', async () => {
    const now = new Date().toISOString();
    const sellers = await t.db
      .selectFrom('users as u')
      .innerJoin('subscriptions as s', 's.user_id', 'u.id')
      .innerJoin('carts as c', 'c.id', 's.cart_id')
      .innerJoin('cart_groups as g', 'g.id', 'c.group_id')
      .innerJoin('cart_details as d', 'd.cart_id', 'c.id')
      .innerJoin('payments as p', 'p.id', 's.payment_id')
      .select([
        'u.email',
        'u.id',
        'u.seller_type',
        'g.name as group',
        'd.vehicle_limit',
        'd.featured_listing',
        'p.status as paid',
        'p.amount_minor',
        'c.price_minor',
      ])
      .where('u.email', 'like', '%@demo.autoroute.local')
      .where('s.status', '=', 'active')
      .where('s.expires_at', '>', now)
      .execute();
    expect(sellers).toHaveLength(DEMO_SELLERS.length);
    // Only the dealers who buy featured listings hold a plan with them.
    const featuring = sellers.filter((s) => s.featured_listing === 1).map((s) => s.email);
    expect(featuring.sort()).toEqual(
      DEMO_SELLERS.filter((s) => s.featured)
        .map((s) => s.email)
        .sort(),
    );
    for (const seller of sellers) {
      expect(seller).toMatchObject({ paid: 'paid', amount_minor: seller.price_minor });
      const listed = await t.db
        .selectFrom('vehicles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', seller.id)
        .where('sold', '=', 0)
        .executeTakeFirstOrThrow();
      if (seller.vehicle_limit !== null) expect(seller.vehicle_limit).toBeGreaterThan(Number(listed.n));
      if (seller.seller_type === 'professional') expect(seller.group).toBe('Professional');
      const unfeatured = await t.db
        .selectFrom('vehicles')
        .select('id')
        .where('owner_id', '=', seller.id)
        .where('plan_featured', '!=', seller.featured_listing)
        .execute();
      expect(unfeatured).toEqual([]);
    }
  });

  it('features a minority of the live listings, so a featured one stands out', async () => {
    const live = await t.db
      .selectFrom('vehicles')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>(sql`featured | plan_featured`).as('featured')])
      .where('sold', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(live.featured)).toBeGreaterThan(0);
    expect(Number(live.featured) / Number(live.n)).toBeLessThan(0.5);
  });

  it('is coherent: model years, electric fields only for electric drives, prices and mileage that make sense', async () => {
    const rows = await t.db
      .selectFrom('vehicles as v')
      .innerJoin('fuel_types as f', 'f.id', 'v.fuel_type_id')
      .innerJoin('types as ty', 'ty.id', 'v.type_id')
      .select([
        'v.brand',
        'v.model',
        'v.year',
        'v.mileage',
        'v.price_minor',
        'v.engine_size',
        'v.battery_capacity',
        'v.co2_emissions',
        'f.code as fuel',
        'ty.code as type',
      ])
      .execute();
    for (const v of rows) {
      const spec = makes.find((m) => m.name === v.brand)?.models.find((m) => m.name === v.model);
      expect(spec, `${v.brand} ${v.model}`).toBeDefined();
      expect(v.year).toBeGreaterThanOrEqual(Math.max(spec!.years[0], 2005));
      expect(v.year).toBeLessThanOrEqual(spec!.years[1]);
      expect(spec!.fuels).toContain(v.fuel);
      expect(v.mileage).toBeGreaterThanOrEqual(0);
      expect(v.price_minor).toBeGreaterThan(0);
      if (v.fuel === 'electric') {
        expect(v.engine_size).toBeNull();
        expect(v.battery_capacity).toBeGreaterThan(0);
        expect(v.co2_emissions).toBe(0);
      } else if (v.fuel !== 'plug_in_hybrid') {
        expect(v.battery_capacity).toBeNull();
      }
    }
    // Older cars have driven further, on average.
    const avg = (list: typeof rows) => list.reduce((a, v) => a + v.mileage, 0) / Math.max(1, list.length);
    expect(avg(rows.filter((v) => v.year <= 2015))).toBeGreaterThan(avg(rows.filter((v) => v.year >= 2023)));
    // A rental's price is per day or month: far below a sale's.
    const sale = rows
      .filter((v) => v.type === 'sale')
      .map((v) => v.price_minor)
      .sort((a, b) => a - b);
    const daily = rows
      .filter((v) => v.type === 'rent_day')
      .map((v) => v.price_minor)
      .sort((a, b) => a - b);
    if (daily.length) expect(daily[Math.floor(daily.length / 2)]!).toBeLessThan(sale[Math.floor(sale.length / 2)]!);
  });

  it('gives every vehicle pictures that exist on disk, and equipment options', async () => {
    const without = await t.db
      .selectFrom('vehicles as v')
      .select('v.id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('pictures as p').select('p.id').whereRef('p.vehicle_id', '=', 'v.id'))))
      .execute();
    expect(without).toEqual([]);
    const noOptions = await t.db
      .selectFrom('vehicles as v')
      .select('v.id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('vehicle_options as o').select('o.option_id').whereRef('o.vehicle_id', '=', 'v.id'))))
      .execute();
    expect(noOptions).toEqual([]);
    const keys = await t.db.selectFrom('pictures').select('storage_key').distinct().execute();
    for (const { storage_key } of keys) expect(existsSync(path.join(t.dir, 'media', storage_key)), storage_key).toBe(true);
  });

  it('keeps the full-text index in step with the listings', async () => {
    const first = await t.db.selectFrom('vehicles').select(['id', 'brand']).orderBy('id').executeTakeFirstOrThrow();
    if (t.dialect === 'sqlite') {
      const { sql } = await import('kysely');
      const hits = await sql<{ rowid: number }>`select rowid from vehicles_fts where vehicles_fts match ${`"${first.brand}"`}`.execute(
        t.db,
      );
      expect(hits.rows.map((r) => r.rowid)).toContain(first.id);
      await t.db.updateTable('vehicles').set({ title: 'Zorglub special edition' }).where('id', '=', first.id).execute();
      const renamed = await sql<{ rowid: number }>`select rowid from vehicles_fts where vehicles_fts match 'zorglub'`.execute(t.db);
      expect(renamed.rows.map((r) => r.rowid)).toEqual([first.id]);
    } else {
      const { sql } = await import('kysely');
      await t.db.updateTable('vehicles').set({ title: 'Zorglub special edition' }).where('id', '=', first.id).execute();
      const hits = await sql<{ id: number }>`select id from vehicles where search @@ plainto_tsquery('simple', 'zorglub')`.execute(t.db);
      expect(hits.rows.map((r) => r.id)).toEqual([first.id]);
    }
  });
});
