import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_PERMISSIONS } from '@autoroute/contract/permissions';
import { LOCALES } from '@autoroute/locales/meta';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshMarketGroups } from '../market.ts';
import { verifyPassword } from '../password.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../testing.ts';
import { EUR_RATES } from './catalogue.ts';
import { type ModelSpec, makes, type Segment } from './data/makes.ts';
import { DEMO_SELLERS } from './data/sellers.ts';
import { mediaFolder, seed, seedDemoCatalogue, seedReference } from './index.ts';

/** How many listings the market job would rate differently, every make and model rated again (none, when all is current). */
const rateAgain = async (db: TestDatabase['db']) =>
  refreshMarketGroups(db, await db.selectFrom('vehicles').select(['brand', 'model']).distinct().execute());

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
    // Each cover has a JPEG rendition for link previews (they show no SVG), stored beside its drawing.
    const covers = await t.db.selectFrom('pictures').select(['renditions']).where('position', '=', 0).distinct().execute();
    for (const { renditions } of covers) {
      const [share] = JSON.parse(renditions) as { width: number; height: number; format: string; key: string }[];
      expect(share).toMatchObject({ width: 1200, height: 750, format: 'jpeg' });
      const file = readFileSync(path.join(t.dir, 'media', share!.key));
      expect([...file.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    const others = await t.db.selectFrom('pictures').select('renditions').where('position', '>', 0).distinct().execute();
    expect(others.map((p) => p.renditions)).toEqual(['[]']);
  });

  it('gives some listings a price lowered since they were published, oldest price first', async () => {
    const rows = await t.db
      .selectFrom('vehicle_prices as p')
      .innerJoin('vehicles as v', 'v.id', 'p.vehicle_id')
      .select(['p.vehicle_id', 'p.price_minor', 'p.created_at', 'v.price_minor as current', 'v.created_at as listed'])
      .orderBy('p.vehicle_id')
      .orderBy('p.created_at')
      .execute();
    const byVehicle = new Map<number, typeof rows>();
    for (const row of rows) byVehicle.set(row.vehicle_id, [...(byVehicle.get(row.vehicle_id) ?? []), row]);
    expect(byVehicle.size).toBeGreaterThan(0);
    for (const [, [first, last, ...more]] of byVehicle) {
      expect(more).toEqual([]);
      expect(first!.created_at).toBe(first!.listed);
      expect(Number(first!.price_minor)).toBeGreaterThan(Number(last!.price_minor));
      expect(Number(last!.price_minor)).toBe(Number(last!.current));
      expect(last!.created_at > first!.created_at).toBe(true);
    }
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

/** A listing as the believability checks read it: its model's spec and its price in euros. */
interface Listing {
  id: number;
  brand: string;
  model: string;
  year: number;
  mileage: number;
  price_minor: number;
  currency: string;
  type: string;
  fuel: string;
  engine_size: number | null;
  engine_power: number | null;
  din_power: number | null;
  fiscal_power: number | null;
  torque: number | null;
  co2_emissions: number | null;
  euro_standard: string | null;
  battery_capacity: number | null;
  battery_range: number | null;
  battery_consumption: number | null;
  range: number | null;
  title: string;
  spec: ModelSpec;
  eur: number;
  age: number;
}

async function listings(db: TestDatabase['db']): Promise<Listing[]> {
  const rows = await db
    .selectFrom('vehicles as v')
    .innerJoin('fuel_types as f', 'f.id', 'v.fuel_type_id')
    .innerJoin('types as ty', 'ty.id', 'v.type_id')
    .innerJoin('currencies as c', 'c.id', 'v.currency_id')
    .select([
      'v.id',
      'v.brand',
      'v.model',
      'v.year',
      'v.mileage',
      'v.price_minor',
      'c.code as currency',
      'ty.code as type',
      'f.code as fuel',
      'v.engine_size',
      'v.engine_power',
      'v.din_power',
      'v.fiscal_power',
      'v.torque',
      'v.co2_emissions',
      'v.euro_standard',
      'v.battery_capacity',
      'v.battery_range',
      'v.battery_consumption',
      'v.range',
      'v.title',
    ])
    .orderBy('v.id')
    .execute();
  return rows.map((v) => {
    const spec = makes.find((m) => m.name === v.brand)!.models.find((m) => m.name === v.model)!;
    const numbers = Object.fromEntries(
      (['engine_size', 'battery_capacity', 'battery_consumption'] as const).map((k) => [k, v[k] === null ? null : Number(v[k])]),
    );
    return {
      ...v,
      ...numbers,
      currency: v.currency ?? '',
      type: v.type ?? '',
      fuel: v.fuel ?? '',
      spec,
      eur: v.price_minor / 100 / EUR_RATES[v.currency ?? '']!,
      age: 2026 - v.year,
    } as Listing;
  });
}

const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
const groupBy = <T>(items: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};
/** Least-squares slopes of y on the columns of x, each centred within its group (a fixed effect per model). */
function withinSlopes(groups: { x: number[]; y: number }[][]): number[] {
  const k = groups[0]?.[0]?.x.length ?? 0;
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  for (const group of groups) {
    const mx = Array.from({ length: k }, (_, j) => mean(group.map((g) => g.x[j]!)));
    const my = mean(group.map((g) => g.y));
    for (const g of group) {
      const dx = g.x.map((x, j) => x - mx[j]!);
      for (let i = 0; i < k; i++) {
        xty[i]! += dx[i]! * (g.y - my);
        for (let j = 0; j < k; j++) xtx[i]![j]! += dx[i]! * dx[j]!;
      }
    }
  }
  if (k === 1) return [xty[0]! / xtx[0]![0]!];
  const [[a, b], [c, d]] = xtx as [[number, number], [number, number]];
  const det = a * d - b * c;
  return [(d * xty[0]! - b * xty[1]!) / det, (a * xty[1]! - c * xty[0]!) / det];
}

// Issue 13 item 7: demo data a visitor believes. A larger catalogue than the suite's, for the averages.
describe('the demo rentals', () => {
  it('gives every rental listing its terms: believable for its kind, in its country’s time zone, each with its own iCal secret', async () => {
    const rentals = await t.db
      .selectFrom('vehicles as v')
      .innerJoin('types as ty', 'ty.id', 'v.type_id')
      .innerJoin('countries as c', 'c.id', 'v.country_id')
      .leftJoin('rental_terms as rt', 'rt.vehicle_id', 'v.id')
      .select(['v.id', 'ty.code as type', 'c.code as country', 'rt.vehicle_id as termed', 'rt.time_zone', 'rt.min_days', 'rt.max_days'])
      .select(['rt.deposit_minor', 'rt.discount_3', 'rt.discount_7', 'rt.discount_30', 'rt.ical_token', 'rt.instant_book', 'rt.km_per_day'])
      .where('ty.code', 'in', ['rent_day', 'rent_month'])
      .execute();
    expect(rentals.length).toBeGreaterThan(10);
    expect(rentals.filter((r) => r.termed === null)).toEqual([]);
    // Terms only for rentals.
    const termed = await t.db
      .selectFrom('rental_terms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(termed.n)).toBe(rentals.length);
    for (const r of rentals) {
      if (r.country === 'FR') expect(r.time_zone).toBe('Europe/Paris');
      if (r.country === 'DE') expect(r.time_zone).toBe('Europe/Berlin');
      expect(() => new Intl.DateTimeFormat('en', { timeZone: r.time_zone! })).not.toThrow();
      expect(r.deposit_minor).toBeGreaterThan(0);
      expect(r.min_days!).toBeLessThanOrEqual(r.max_days!);
      if (r.type === 'rent_month') expect(r.min_days).toBeGreaterThanOrEqual(28);
      else expect(r.discount_7!).toBeGreaterThanOrEqual(r.discount_3!);
    }
    expect(new Set(rentals.map((r) => r.ical_token)).size).toBe(rentals.length);
    expect(rentals.every((r) => (r.ical_token ?? '').length === 43)).toBe(true);
    expect(rentals.some((r) => r.instant_book === 1) && rentals.some((r) => r.instant_book === 0)).toBe(true);
    // Not rated as a sale would be.
    const rated = await t.db
      .selectFrom('vehicles as v')
      .innerJoin('types as ty', 'ty.id', 'v.type_id')
      .select('v.id')
      .where('ty.code', 'in', ['rent_day', 'rent_month'])
      .where('v.market_rating', '!=', 'unknown')
      .execute();
    expect(rated).toEqual([]);
  });

  it('gives the rental company bookings in several states, with their events, blocks and spans in the listing’s zone', async () => {
    const bookings = await t.db
      .selectFrom('bookings as b')
      .innerJoin('users as u', 'u.id', 'b.owner_id')
      .innerJoin('rental_terms as rt', 'rt.vehicle_id', 'b.vehicle_id')
      .select(['b.id', 'b.state', 'b.start_on', 'b.end_on', 'b.start_at', 'b.end_at', 'b.span_from', 'b.span_to', 'b.time_zone', 'b.days'])
      .select(['u.email', 'rt.time_zone as zone', 'rt.buffer_hours', 'rt.pickup_from', 'rt.return_until'])
      .execute();
    expect(bookings.length).toBeGreaterThanOrEqual(5);
    expect(new Set(bookings.map((b) => b.email))).toEqual(new Set(['location.azur@demo.autoroute.local']));
    expect(new Set(bookings.map((b) => b.state))).toEqual(
      new Set(['completed', 'accepted', 'requested', 'active', 'declined', 'cancelled']),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(bookings.some((b) => b.state === 'completed' && b.end_on < today)).toBe(true);
    expect(bookings.some((b) => b.state === 'accepted' && b.start_on > today)).toBe(true);
    const local = (iso: string, zone: string) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
    for (const b of bookings) {
      expect(b.time_zone).toBe(b.zone);
      // Picked up at the start of the pickup hours on its first day, returned at the end of the return hours on its last.
      expect(local(b.start_at, b.zone)).toBe(`${b.start_on} ${b.pickup_from}`);
      expect(local(b.end_at, b.zone)).toBe(`${b.end_on} ${b.return_until}`);
      expect(Number(b.span_from)).toBe(Date.parse(b.start_at) / 60_000);
      expect(Number(b.span_to)).toBe(Date.parse(b.end_at) / 60_000 + b.buffer_hours * 60);
      const events = await t.db.selectFrom('booking_events').selectAll().where('booking_id', '=', b.id).orderBy('id').execute();
      expect(events.length).toBeGreaterThan(0);
      expect(events[0]!.from_state).toBeNull();
      expect(events.at(-1)!.to_state).toBe(b.state);
    }
    // Never two bookings that hold one car at one time, on SQLite as on PostgreSQL.
    const holding = await t.db
      .selectFrom('bookings')
      .select(['vehicle_id', 'span_from', 'span_to'])
      .where('state', 'in', ['requested', 'accepted', 'active'])
      .execute();
    for (const a of holding)
      for (const b of holding) {
        if (a !== b && a.vehicle_id === b.vehicle_id)
          expect(Number(a.span_from) < Number(b.span_to) && Number(b.span_from) < Number(a.span_to)).toBe(false);
      }
    const blocks = await t.db.selectFrom('availability_blocks').select(['kind']).execute();
    expect(new Set(blocks.map((k) => k.kind))).toEqual(new Set(['once', 'weekly']));
  });
});

describe('believable demo data', () => {
  let big: TestDatabase;
  let all: Listing[];
  const sales = () => all.filter((v) => v.type === 'sale');
  const segment = (s: Segment) => all.filter((v) => v.spec.segment === s);

  beforeAll(async () => {
    big = await createTestDatabase();
    await seed(big.db, {
      demo: true,
      vehicles: 3000,
      media: mediaFolder(path.join(big.dir, 'media')),
      admin: { email: 'Boss@Example.test', password: 'correct horse battery' },
    });
    all = await listings(big.db);
  });
  afterAll(() => big.destroy());

  it('rates every listing as the market job would, so no group waits for it', async () => {
    expect(await rateAgain(big.db)).toBe(0);
    expect(await big.db.selectFrom('market_stale').selectAll().execute()).toEqual([]);
    const unrated = await big.db.selectFrom('vehicles').select('id').where('market_computed_at', 'is', null).execute();
    expect(unrated).toEqual([]);
    const ratings = new Set((await big.db.selectFrom('vehicles').select('market_rating').distinct().execute()).map((v) => v.market_rating));
    expect(ratings.has('fair')).toBe(true);
    expect(ratings.has('great') || ratings.has('good')).toBe(true);
  });

  it('is the same catalogue on every run: the first 300 of 3,000 are the suite’s 300', async () => {
    const columns = (db: TestDatabase['db']) => db.selectFrom('vehicles').selectAll().orderBy('id').limit(300).execute();
    // The listing dates follow the clock; the full-text test above renames the first title, and so
    // PostgreSQL's text-search columns made from it. The price ratings compare each listing with
    // the rest of its catalogue, larger in the second one.
    const strip = (rows: Record<string, unknown>[]) =>
      rows.map(({ created_at, updated_at, title, search, search_named, ...rest }) =>
        Object.fromEntries(Object.entries(rest).filter(([column]) => !column.startsWith('market_'))),
      );
    const mine = strip(await columns(t.db));
    expect(mine).toHaveLength(300);
    expect(strip(await columns(big.db))).toEqual(mine);
  });

  it('prices a supercar as one: 500 hp or more and never under €90,000 for sale', () => {
    const supercars = segment('supercar');
    expect(supercars.length).toBeGreaterThan(20);
    expect(supercars.map((v) => v.brand)).toEqual(expect.arrayContaining(['Ferrari', 'Lamborghini']));
    for (const v of supercars) {
      expect(v.din_power, `${v.brand} ${v.model}`).toBeGreaterThanOrEqual(500);
      if (v.type === 'sale') expect(v.eur, `${v.brand} ${v.model} ${v.year} ${v.mileage} km`).toBeGreaterThanOrEqual(90_000);
    }
  });

  it('loses value with age, steeply at first and then slower, and with mileage, within a model', () => {
    const byModel = (list: Listing[]) => [...groupBy(list, (v) => `${v.brand} ${v.model} ${v.fuel}`).values()].filter((g) => g.length > 1);
    const point = (v: Listing) => ({ x: [v.age, v.mileage / 10_000], y: Math.log(v.eur) });
    const [perYear, per10k] = withinSlopes(byModel(sales()).map((g) => g.map(point)));
    // Several per cent a year and a few per cent per 10,000 km on top.
    expect(perYear).toBeLessThan(-0.04);
    expect(per10k).toBeLessThan(-0.005);
    // Share of the new price kept: the first three years cost more each than years eight onwards.
    const kept = (v: Listing) => ({ x: [v.age], y: Math.log(v.eur / v.spec.newPriceEur) });
    const young = withinSlopes(byModel(sales().filter((v) => v.age >= 1 && v.age <= 3)).map((g) => g.map(kept)))[0]!;
    const old = withinSlopes(byModel(sales().filter((v) => v.age >= 8)).map((g) => g.map(kept)))[0]!;
    expect(young).toBeLessThan(old * 1.3);
    // A car keeps most of its new price for a year or two and a small part after fifteen.
    expect(
      mean(
        sales()
          .filter((v) => v.age === 1)
          .map((v) => v.eur / v.spec.newPriceEur),
      ),
    ).toBeGreaterThan(0.65);
    expect(
      mean(
        sales()
          .filter((v) => v.age >= 15 && v.spec.segment !== 'sports')
          .map((v) => v.eur / v.spec.newPriceEur),
      ),
    ).toBeLessThan(0.3);
  });

  it('drives as far as the kind of car is driven: supercars little, vans much', () => {
    const kmPerYear = (list: Listing[]) => mean(list.filter((v) => v.type === 'sale' && v.age >= 2).map((v) => v.mileage / v.age));
    expect(kmPerYear(segment('supercar'))).toBeLessThan(8000);
    expect(kmPerYear(segment('utility'))).toBeGreaterThan(kmPerYear(segment('family')));
    expect(kmPerYear(segment('family'))).toBeGreaterThan(kmPerYear(segment('supercar')) * 2);
    expect(kmPerYear(all)).toBeGreaterThan(8000);
    expect(kmPerYear(all)).toBeLessThan(25_000);
  });

  it('gives each listing its model’s power, with hp, fiscal power and torque that follow from it', () => {
    for (const v of all) {
      const name = `${v.brand} ${v.model} ${v.fuel}`;
      // The page writes the power in its reader's unit words: a title in English units would contradict it.
      expect(v.title, name).not.toMatch(/\d\s*(hp|ch|PS|kW)\b/);
      const kw = v.engine_power!;
      expect(kw, name).toBeGreaterThanOrEqual(v.spec.powerKw[0]);
      expect(kw, name).toBeLessThanOrEqual(v.spec.powerKw[1]);
      expect(v.din_power, name).toBe(Math.round(kw * 1.36));
      expect(v.torque! / kw, name).toBeGreaterThan(1.1);
      expect(v.torque! / kw, name).toBeLessThan(4.2);
      // France's fiscal horsepower: CO₂/45 + (kW/40)^1.6; an electric car's from its lower 30-minute power.
      const fiscal = v.co2_emissions! / 45 + (kw / 40) ** 1.6;
      if (v.fuel === 'electric') expect(v.fiscal_power!, name).toBeLessThanOrEqual(Math.max(1, Math.round(fiscal) - 1));
      else expect(Math.abs(v.fiscal_power! - fiscal), name).toBeLessThanOrEqual(1);
    }
    // Within a model, a bigger engine is the more powerful one.
    const sized = [
      ...groupBy(
        all.filter((v) => v.engine_size !== null),
        (v) => `${v.brand} ${v.model}`,
      ).values(),
    ];
    let compared = 0;
    let stronger = 0;
    for (const group of sized) {
      const sizes = [...new Set(group.map((v) => v.engine_size!))].sort((a, b) => a - b);
      if (sizes.length < 2) continue;
      const power = (size: number) => mean(group.filter((v) => v.engine_size === size).map((v) => v.engine_power!));
      compared++;
      if (power(sizes.at(-1)!) > power(sizes[0]!)) stronger++;
    }
    expect(compared).toBeGreaterThan(50);
    expect(stronger / compared).toBeGreaterThan(0.9);
  });

  it('gives an electric car a battery and its range and no tailpipe, a combustion car a believable CO₂', () => {
    const electric = all.filter((v) => v.fuel === 'electric');
    expect(electric.length).toBeGreaterThan(100);
    for (const v of electric) {
      const name = `${v.brand} ${v.model}`;
      expect(v.battery_capacity, name).toBe(v.spec.battery!.capacityKwh);
      // One range per car: the battery's, worn by its age; no second figure to contradict it.
      expect(v.range, name).toBeNull();
      expect(v.battery_range, name).toBeGreaterThan(v.spec.battery!.rangeKm * 0.65);
      expect(v.battery_range, name).toBeLessThanOrEqual(v.spec.battery!.rangeKm);
      expect(v.battery_consumption, name).toBeGreaterThan(10);
      expect(v.battery_consumption, name).toBeLessThan(25);
      expect([v.engine_size, v.euro_standard, v.co2_emissions]).toEqual([null, null, 0]);
    }
    for (const v of all.filter((x) => !['electric', 'hydrogen'].includes(x.fuel))) {
      const name = `${v.brand} ${v.model} ${v.fuel}`;
      expect(v.engine_size, name).toBeGreaterThan(0);
      // A plug-in hybrid's official figure counts its electric miles; other engines burn 3 to 17 litres per 100 km.
      if (v.fuel === 'plug_in_hybrid') expect(v.co2_emissions, name).toBeLessThan(80);
      else expect(v.co2_emissions, name).toBeGreaterThan(75);
      expect(v.co2_emissions, name).toBeLessThan(400);
      if (v.fuel !== 'plug_in_hybrid')
        expect([v.battery_capacity, v.battery_range, v.battery_consumption], name).toEqual([null, null, null]);
      // A tank lasts 300 to 1,300 km.
      expect(v.range, name).toBeGreaterThan(300);
      expect(v.range, name).toBeLessThan(1300);
    }
    const co2 = (s: Segment) =>
      mean(
        segment(s)
          .filter((v) => ['petrol', 'diesel'].includes(v.fuel))
          .map((v) => v.co2_emissions!),
      );
    expect(co2('supercar')).toBeGreaterThan(co2('economy') * 2);
  });

  it('rents recent cars, per day or per month, at market rates for their kind', () => {
    // Euros a day for each kind of car; a month costs 12 to 25 days.
    const bands: Record<Segment, [number, number]> = {
      economy: [18, 60],
      family: [22, 100],
      premium: [30, 180],
      luxury: [80, 350],
      sports: [50, 450],
      supercar: [500, 1800],
      utility: [35, 140],
    };
    const rentals = all.filter((v) => v.type !== 'sale');
    expect(rentals.filter((v) => v.type === 'rent_day').length).toBeGreaterThan(100);
    expect(rentals.filter((v) => v.type === 'rent_month').length).toBeGreaterThan(50);
    for (const v of rentals) {
      const [low, high] = bands[v.spec.segment];
      const [min, max] = v.type === 'rent_day' ? [low, high] : [low * 12, high * 25];
      const name = `${v.brand} ${v.model} ${v.year} ${v.type} €${v.eur.toFixed(0)}`;
      expect(v.eur, name).toBeGreaterThanOrEqual(min);
      expect(v.eur, name).toBeLessThanOrEqual(max);
      expect(v.year, name).toBeGreaterThanOrEqual(Math.min(v.spec.years[1], 2026) - 4);
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const day = median(rentals.filter((v) => v.type === 'rent_day').map((v) => v.eur));
    const month = median(rentals.filter((v) => v.type === 'rent_month').map((v) => v.eur));
    expect(month / day).toBeGreaterThan(12);
    expect(month / day).toBeLessThan(25);
  });
});

describe.runIf(testDialect() === 'sqlite')('a large catalogue on SQLite, loaded in bulk', () => {
  let big: TestDatabase;
  /** Every index and trigger of the listing tables, with its definition. */
  const structures = async () =>
    (
      await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
        where tbl_name in ('vehicles', 'pictures', 'vehicle_options') and sql is not null order by name`.execute(big.db)
    ).rows;
  const version = async () => Number((await big.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
  // The load runs under a rollback journal when it has the file alone, and puts the WAL back.
  const journal = async () => (await sql<{ journal_mode: string }>`pragma journal_mode`.execute(big.db)).rows[0]!.journal_mode;

  beforeAll(async () => {
    big = await createTestDatabase();
    await seedReference(big.db);
  });
  afterAll(() => big.destroy());

  it('leaves the database as it was when it stops halfway, indexes and triggers included', async () => {
    const before = await structures();
    expect(before.length).toBeGreaterThan(20);
    const stop = new Error('stopped');
    await expect(
      seedDemoCatalogue(big.db, {
        vehicles: 20_000,
        media: mediaFolder(path.join(big.dir, 'media')),
        onProgress: (done) => {
          if (done >= 10_000) throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(await structures()).toEqual(before);
    expect(await journal()).toBe('wal');
    expect(Number((await big.db.selectFrom('vehicles').select(big.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(0);
  });

  it('gives the same indexes, triggers, text search and versions as listings added one by one', async () => {
    const before = await structures();
    const catalogue = await version();
    await seedDemoCatalogue(big.db, { vehicles: 20_000, media: mediaFolder(path.join(big.dir, 'media')) });
    expect(await structures()).toEqual(before);
    // Rated in the load, as the market job would.
    expect(await rateAgain(big.db)).toBe(0);
    expect(await journal()).toBe('wal');
    expect(await version()).toBeGreaterThan(catalogue);
    // Listings carry their seller's plan, set inside the load: featured exactly when it says so.
    const plans = await sql<{ featured: number; n: number }>`
      select d.featured_listing as featured, count(*) as n from vehicles v
      join subscriptions s on s.user_id = v.owner_id and s.status = 'active'
      join cart_details d on d.cart_id = s.cart_id
      where v.plan_featured != d.featured_listing group by 1`.execute(big.db);
    expect(plans.rows).toEqual([]);
    const planFeatured = await big.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('plan_featured', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(planFeatured.n)).toBeGreaterThan(0);
    // The text index holds every listing: a make's matches are its listings.
    const peugeots = Number(
      (
        await big.db
          .selectFrom('vehicles')
          .select(big.db.fn.countAll<number>().as('n'))
          .where('brand', '=', 'Peugeot')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const found = await sql<{ n: number }>`select count(*) as n from vehicles_fts where vehicles_fts match 'peugeot'`.execute(big.db);
    expect(peugeots).toBeGreaterThan(0);
    expect(Number(found.rows[0]!.n)).toBeGreaterThanOrEqual(peugeots);
    // The triggers are back: a new listing is found by its words and moves the version.
    const after = await version();
    const template = await big.db.selectFrom('vehicles').selectAll().where('brand', '=', 'Peugeot').executeTakeFirstOrThrow();
    const { id: _id, ...row } = template;
    const added = await big.db
      .insertInto('vehicles')
      .values({ ...row, title: 'Zyxwvut special edition' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await version()).toBeGreaterThan(after);
    const match = await sql<{ rowid: number }>`select rowid from vehicles_fts where vehicles_fts match 'zyxwvut'`.execute(big.db);
    expect(match.rows.map((r) => Number(r.rowid))).toEqual([added.id]);
  });

  it('rates the listings it adds with those already stored, and rates those again where the new ones move them', async () => {
    // The listing the test above added by hand is rated first.
    await rateAgain(big.db);
    const before = await big.db.selectFrom('vehicles').select(['id', 'market_estimate_minor']).orderBy('id').execute();
    await seedDemoCatalogue(big.db, { vehicles: 2_000, seed: 99, media: mediaFolder(path.join(big.dir, 'media')) });
    // The market job would find nothing to change: the stored listings were rated again with the new ones.
    expect(await rateAgain(big.db)).toBe(0);
    const after = new Map(
      (await big.db.selectFrom('vehicles').select(['id', 'market_estimate_minor']).execute()).map((v) => [v.id, v.market_estimate_minor]),
    );
    expect(before.filter((v) => after.get(v.id) !== v.market_estimate_minor).length).toBeGreaterThan(0);
  });
});
