import { NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrator } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { mediaFolder, seed, seedReference } from './seed/index.ts';
import { createTestDatabase, type TestDatabase, testDialect } from './testing.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe(`migrations (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('creates every table of the data model', async () => {
    const tables = (await t.db.introspection.getTables()).map((x) => x.name);
    for (const name of [
      'users',
      'roles',
      'permissions',
      'role_permissions',
      'user_roles',
      'sessions',
      'refresh_tokens',
      'one_time_codes',
      'process_ids',
      'vehicles',
      'pictures',
      'vehicle_options',
      'likes',
      'favorites',
      'vehicle_views',
      'notifications',
      'contacts',
      'notification_preferences',
      'providers',
      'user_providers',
      'carts',
      'cart_groups',
      'cart_details',
      'subscriptions',
      'payments',
      'payment_events',
      'countries',
      'cities',
      'currencies',
      'categories',
      'colors',
      'types',
      'transmissions',
      'fuel_types',
      'options',
      'languages',
      'themes',
      'federers',
      'pages',
      'page_translations',
      'datacrons',
      'datacron_runs',
      'daily_stats',
      'support_requests',
      'reports',
      'listing_signals',
      'reviews',
      'moderation_cases',
      'moderation_decisions',
      'reporter_standing',
      'traders',
      'external_identities',
      'settings',
      'makes',
      'models',
    ]) {
      expect(tables, name).toContain(name);
    }
  });

  // An INTEGER PRIMARY KEY is SQLite's rowid: indexed without an index of its own.
  it('indexes every foreign key', async () => {
    const fks =
      t.dialect === 'sqlite'
        ? await sql<{
            tbl: string;
            col: string;
          }>`select m.name as tbl, f."from" as col from sqlite_master m, pragma_foreign_key_list(m.name) f where m.type = 'table'`.execute(
            t.db,
          )
        : await sql<{
            tbl: string;
            col: string;
          }>`select c.conrelid::regclass::text as tbl, a.attname as col from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1] where c.contype = 'f'`.execute(
            t.db,
          );
    const indexed =
      t.dialect === 'sqlite'
        ? await sql<{
            tbl: string;
            col: string;
          }>`select m.name as tbl, i.name as col from sqlite_master m, pragma_index_list(m.name) l, pragma_index_info(l.name) i where m.type = 'table' and i.seqno = 0
            union select m.name, c.name from sqlite_master m, pragma_table_info(m.name) c where m.type = 'table' and c.pk = 1 and lower(c.type) = 'integer'`.execute(
            t.db,
          )
        : await sql<{
            tbl: string;
            col: string;
          }>`select t.relname as tbl, a.attname as col from pg_index x join pg_class t on t.oid = x.indrelid join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0] where t.relnamespace = 'public'::regnamespace`.execute(
            t.db,
          );
    const leading = new Set(indexed.rows.map((r) => `${r.tbl}.${r.col}`));
    const missing = fks.rows.map((r) => `${r.tbl}.${r.col}`).filter((k) => !leading.has(k));
    expect(missing).toEqual([]);
  });

  it('rolls all the way down and up again', async () => {
    const m = migrator(t.db);
    const down = await m.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect((await t.db.introspection.getTables()).map((x) => x.name)).not.toContain('vehicles');
    const up = await m.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect((await t.db.introspection.getTables()).map((x) => x.name)).toContain('vehicles');
  });

  it('grants the support permissions to ADMIN and SUPADMIN of a database seeded before them (20261129_0003)', async () => {
    const seeded = await createTestDatabase();
    try {
      await seedReference(seeded.db);
      // As the seed left it before support requests existed.
      await seeded.db.deleteFrom('permissions').where('name', 'like', 'admin.support.%').execute();
      const names = Object.keys(migrations);
      const m = migrator(seeded.db);
      expect((await m.migrateTo(names[names.indexOf('20261129_0003_support_requests') - 1]!)).error).toBeUndefined();
      expect((await m.migrateToLatest()).error).toBeUndefined();
      const held = async (role: string) =>
        (
          await seeded.db
            .selectFrom('role_permissions as rp')
            .innerJoin('roles as r', 'r.id', 'rp.role_id')
            .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
            .select('p.name')
            .where('r.name', '=', role)
            .where('p.name', 'like', 'admin.support.%')
            .execute()
        )
          .map((x) => x.name)
          .sort();
      const support = ['admin.support.create', 'admin.support.delete', 'admin.support.index', 'admin.support.update'];
      expect(await held('ADMIN')).toEqual(support);
      expect(await held('SUPADMIN')).toEqual(support);
      expect(await held('USER')).toEqual([]);
    } finally {
      await seeded.destroy();
    }
  });

  it('grants the makes and models screens to ADMIN and SUPADMIN of a database seeded before them, once (20261221_0001)', async () => {
    const seeded = await createTestDatabase();
    try {
      await seedReference(seeded.db);
      const names = Object.keys(migrations);
      const m = migrator(seeded.db);
      expect((await m.migrateTo(names[names.indexOf('20261221_0001_catalogue_permissions') - 1]!)).error).toBeUndefined();
      // As the seed left it before these screens existed.
      expect(await seeded.db.selectFrom('permissions').select('name').where('name', 'like', 'admin.make.%').execute()).toEqual([]);
      expect((await m.migrateToLatest()).error).toBeUndefined();
      // Run again (an interrupted upgrade), it grants nothing twice.
      await migrations['20261221_0001_catalogue_permissions']!.up(seeded.db);
      const held = async (role: string) =>
        (
          await seeded.db
            .selectFrom('role_permissions as rp')
            .innerJoin('roles as r', 'r.id', 'rp.role_id')
            .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
            .select('p.name')
            .where('r.name', '=', role)
            .where((eb) => eb.or([eb('p.name', 'like', 'admin.make.%'), eb('p.name', 'like', 'admin.model.%')]))
            .execute()
        )
          .map((x) => x.name)
          .sort();
      const screens = ['make', 'model'].flatMap((r) => ['create', 'delete', 'index', 'update'].map((a) => `admin.${r}.${a}`));
      expect(await held('ADMIN')).toEqual(screens);
      expect(await held('SUPADMIN')).toEqual(screens);
      expect(await held('USER')).toEqual([]);
    } finally {
      await seeded.destroy();
    }
  });

  it('grants the bookings to ADMIN and SUPADMIN of a database seeded before them, once (20261226_0401)', async () => {
    const seeded = await createTestDatabase();
    try {
      await seedReference(seeded.db);
      const names = Object.keys(migrations);
      const m = migrator(seeded.db);
      expect((await m.migrateTo(names[names.indexOf('20261226_0401_booking_permissions') - 1]!)).error).toBeUndefined();
      expect(await seeded.db.selectFrom('permissions').select('name').where('name', 'like', 'admin.booking.%').execute()).toEqual([]);
      expect((await m.migrateToLatest()).error).toBeUndefined();
      await migrations['20261226_0401_booking_permissions']!.up(seeded.db);
      const held = async (role: string) =>
        (
          await seeded.db
            .selectFrom('role_permissions as rp')
            .innerJoin('roles as r', 'r.id', 'rp.role_id')
            .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
            .select('p.name')
            .where('r.name', '=', role)
            .where('p.name', 'like', 'admin.booking.%')
            .execute()
        )
          .map((x) => x.name)
          .sort();
      const rights = ['create', 'delete', 'index', 'update'].map((a) => `admin.booking.${a}`);
      expect(await held('ADMIN')).toEqual(rights);
      expect(await held('SUPADMIN')).toEqual(rights);
      expect(await held('USER')).toEqual([]);
    } finally {
      await seeded.destroy();
    }
  });

  it('keeps the contacts of messages still in inboxes when contacts get their own record (20261130_0002)', async () => {
    const seeded = await createTestDatabase();
    try {
      await seed(seeded.db, {
        demo: false,
        vehicles: 0,
        media: mediaFolder(seeded.dir),
        admin: { email: 'seller@example.test', password: 'long enough' },
      });
      const names = Object.keys(migrations);
      const m = migrator(seeded.db);
      expect((await m.migrateTo(names[names.indexOf('20261130_0002_contacts') - 1]!)).error).toBeUndefined();
      const seller = await seeded.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      await seeded.db
        .insertInto('notifications')
        .values([
          {
            user_id: seller.id,
            kind: 'contact',
            message: 'Still for sale?',
            created_at: '2026-11-02T10:00:00.000Z',
            updated_at: '2026-11-02T10:00:00.000Z',
          },
          {
            user_id: seller.id,
            kind: 'plan_limit',
            message: 'Your plan',
            created_at: '2026-11-03T10:00:00.000Z',
            updated_at: '2026-11-03T10:00:00.000Z',
          },
        ])
        .execute();
      expect((await m.migrateToLatest()).error).toBeUndefined();
      const contacts = await seeded.db.selectFrom('contacts').select(['seller_id', 'created_at']).execute();
      expect(contacts).toEqual([{ seller_id: seller.id, created_at: '2026-11-02T10:00:00.000Z' }]);
    } finally {
      await seeded.destroy();
    }
  });

  it('names the seeded cities and providers in every language on a database seeded before, and leaves an administrator’s rows alone', async () => {
    const seeded = await createTestDatabase();
    try {
      await seed(seeded.db, {
        demo: false,
        vehicles: 0,
        media: mediaFolder(seeded.dir),
        admin: { email: 'seller@example.test', password: 'long enough' },
      });
      const names = Object.keys(migrations);
      const m = migrator(seeded.db);
      expect((await m.migrateTo(names[names.indexOf('20261204_0001_reference_translations') - 1]!)).error).toBeUndefined();
      // As the seed left them before: providers named in English only, cities in no language.
      await seeded.db.updateTable('providers').set({ name_i18n: null }).execute();
      const own = JSON.stringify({ en_US: 'Telegram', fr_FR: 'Télégramme' });
      await seeded.db.updateTable('providers').set({ name_i18n: own }).where('code', '=', 'telegram').execute();
      const france = await seeded.db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow();
      await seeded.db.insertInto('cities').values({ name: 'Vauxville', country_id: france.id }).execute();

      expect((await m.migrateToLatest()).error).toBeUndefined();
      const city = async (name: string) =>
        (await seeded.db.selectFrom('cities').select('name_i18n').where('name', '=', name).executeTakeFirstOrThrow()).name_i18n;
      expect(JSON.parse((await city('Munich')) ?? '{}')).toMatchObject({ de_DE: 'München', fr_FR: 'Munich', en_US: 'Munich' });
      expect(JSON.parse((await city('Munich')) ?? '{}').ar_SA).toMatch(/\p{Script=Arabic}/u);
      expect(await city('Vauxville')).toBeNull();
      const provider = async (code: string) =>
        (await seeded.db.selectFrom('providers').select('name_i18n').where('code', '=', code).executeTakeFirstOrThrow()).name_i18n;
      expect(JSON.parse((await provider('email')) ?? '{}')).toMatchObject({ en_US: 'Email', fr_FR: 'E-mail', de_DE: 'E-Mail' });
      expect(await provider('telegram')).toBe(own);
    } finally {
      await seeded.destroy();
    }
  });

  it('writes ISO-8601 UTC timestamps by default', async () => {
    await t.db.insertInto('cart_groups').values({ name: 'Stamp check' }).execute();
    const row = await t.db.selectFrom('cart_groups').select(['created_at']).where('name', '=', 'Stamp check').executeTakeFirstOrThrow();
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('refuses a vehicle pointing at a missing city (foreign keys are on)', async () => {
    await expect(t.db.insertInto('cities').values({ name: 'Nowhere', country_id: 999999 }).execute()).rejects.toThrow();
  });

  it.runIf(testDialect() === 'postgres')('survives the server ending its idle connections', async () => {
    // Open several pooled connections, then have the server end every one but the asking one.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(t.db)));
    const ended = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(t.db);
    expect(ended.rows[0]!.n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    const after = await Promise.all(Array.from({ length: 4 }, () => sql<{ one: number }>`select 1 as one`.execute(t.db)));
    expect(after.map((r) => r.rows[0]!.one)).toEqual([1, 1, 1, 1]);
  });
});
