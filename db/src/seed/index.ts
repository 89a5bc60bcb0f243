import { randomBytes } from 'node:crypto';
import { ALL_PERMISSIONS, BUILT_IN_ROLE_DESCRIPTIONS, ROLE_PERMISSIONS, ROLES } from '@autoroute/contract/permissions';
import { CompiledQuery, type Insertable, type Kysely, PostgresAdapter, sql } from 'kysely';
import { type MarketFigures, type MarketSubjectRow, modelKey, rateNewListings } from '../market.ts';
import { hashPassword } from '../password.ts';
import type { Database } from '../schema.ts';
import { analyzeTables } from '../statistics.ts';
import { nowIso, toFlag } from '../util.ts';
import { EUR_RATES, generateVehicle, type Lookup, type Place } from './catalogue.ts';
import { cityNames } from './data/cities.ts';
import { cityCoordinates } from './data/coordinates.ts';
import { makes } from './data/makes.ts';
import { pages } from './data/pages.ts';
import { cartText, detailText, planGroups, plans } from './data/plans.ts';
import * as ref from './data/reference.ts';
import { DEMO_PASSWORD, DEMO_SELLERS } from './data/sellers.ts';
import type { I18nText } from './data/types.ts';
import { PICTURE_SIZE, type PictureStore, storeSeedPictures } from './pictures.ts';
import { Random } from './random.ts';

type Db = Kysely<Database>;

export { DEMO_PASSWORD } from './data/sellers.ts';
export { mediaFolder, type PictureStore } from './pictures.ts';

const json = (value: unknown) => JSON.stringify(value);

/**
 * Inserts rows in statements small enough for SQLite's and PostgreSQL's parameter limits. Written
 * as plain SQL with its parameters, not through the query builder: building a query per chunk of
 * rows was an eighth of a large seed's time. Every row must have the same columns.
 */
async function insertMany<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
  returnIds = false,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0] as object);
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const size = Math.max(1, Math.floor(30000 / columns.length));
  const ids: number[] = [];
  // The statement's text depends only on how many rows it holds: every chunk but the last shares it.
  const texts = new Map<number, string>();
  const textFor = (count: number) => {
    let text = texts.get(count);
    if (!text) {
      const tuples = Array.from(
        { length: count },
        (_, r) => `(${columns.map((_, c) => (pg ? `$${r * columns.length + c + 1}` : '?')).join(', ')})`,
      );
      text = `${head}${tuples.join(', ')}${returnIds ? ' returning "id"' : ''}`;
      texts.set(count, text);
    }
    return text;
  };
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size) as Record<string, unknown>[];
    const parameters: unknown[] = new Array(chunk.length * columns.length);
    let p = 0;
    for (const row of chunk) {
      for (const column of columns) {
        const value = row[column];
        if (value === undefined) throw new Error(`${table}: a row without ${column}`);
        parameters[p++] = value;
      }
    }
    const text = textFor(chunk.length);
    const out = await db.executeQuery<{ id: number | string }>(CompiledQuery.raw(text, parameters));
    // Identity and rowid values grow in VALUES order within one statement.
    if (returnIds) ids.push(...out.rows.map((o) => Number(o.id)).sort((a, b) => a - b));
  }
  return ids;
}

async function count(db: Db, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Reference data, roles and permissions, plans, jobs and settings: once, on an empty database. */
export async function seedReference(db: Db): Promise<boolean> {
  if ((await count(db, 'languages')) > 0) return false;
  await db.transaction().execute(async (tx) => {
    await insertMany(
      tx,
      'languages',
      ref.languages.map((l) => ({ code: l.code, name: l.name, description: l.description.en_US, description_i18n: json(l.description) })),
    );
    const named = (items: { code: string; name: I18nText; description: I18nText }[]) =>
      items.map((i) => ({
        code: i.code,
        name: i.name.en_US,
        name_i18n: json(i.name),
        description: i.description.en_US,
        description_i18n: json(i.description),
      }));
    await insertMany(tx, 'themes', named(ref.themes));
    await insertMany(tx, 'categories', named(ref.categories));
    await insertMany(tx, 'fuel_types', named(ref.fuelTypes));
    await insertMany(tx, 'transmissions', named(ref.transmissions));
    await insertMany(tx, 'types', named(ref.types));
    await insertMany(tx, 'options', named(ref.options));
    await insertMany(
      tx,
      'providers',
      ref.providers.map((p) => ({
        code: p.code,
        name: p.name.en_US,
        name_i18n: json(p.name),
        description: p.description.en_US,
        description_i18n: json(p.description),
      })),
    );
    await insertMany(
      tx,
      'colors',
      ref.colors.map((c) => ({ code: c.code, name: c.name.en_US, name_i18n: json(c.name), hex: c.hex })),
    );

    const countryIds = await insertMany(
      tx,
      'countries',
      ref.countries.map((c) => ({ code: c.code, name: c.name.en_US, name_i18n: json(c.name) })),
      true,
    );
    const countryByCode = new Map(ref.countries.map((c, i) => [c.code, countryIds[i]!]));
    await insertMany(
      tx,
      'cities',
      ref.countries.flatMap((c) =>
        [...new Set(c.cities)].map((name) => ({
          name,
          name_i18n: json(cityNames[name]!),
          country_id: countryByCode.get(c.code)!,
          latitude: cityCoordinates[name]?.[0] ?? null,
          longitude: cityCoordinates[name]?.[1] ?? null,
        })),
      ),
    );
    await insertMany(
      tx,
      'currencies',
      ref.currencies.map((c) => ({
        code: c.code,
        name: c.name.en_US,
        name_i18n: json(c.name),
        symbol: c.symbol,
        minor_units: ['JPY', 'KRW', 'CLP', 'ISK'].includes(c.code) ? 0 : 2,
        country_id: countryByCode.get(c.country) ?? countryIds[0]!,
        rate: EUR_RATES[c.code] ?? 1,
      })),
    );

    const categoryIds = new Map((await tx.selectFrom('categories').select(['id', 'code']).execute()).map((c) => [c.code, c.id]));
    const makeIds = await insertMany(
      tx,
      'makes',
      makes.map((m) => ({ name: m.name, country_id: countryByCode.get(m.country) ?? null })),
      true,
    );
    await insertMany(
      tx,
      'models',
      makes.flatMap((m, i) =>
        [...new Map(m.models.map((x) => [x.name, x])).values()].map((model) => ({
          make_id: makeIds[i]!,
          name: model.name,
          category_id: categoryIds.get(model.category) ?? null,
          segment: model.segment,
        })),
      ),
    );

    const pageIds = await insertMany(
      tx,
      'pages',
      pages.map((p) => ({ slug: p.slug, section: p.section, name: p.name, description: p.translations.en_US.summary })),
      true,
    );
    await insertMany(
      tx,
      'page_translations',
      pages.flatMap((p, i) =>
        Object.entries(p.translations).map(([locale, t]) => ({
          page_id: pageIds[i]!,
          locale,
          title: t.title,
          summary: t.summary,
          body: t.body,
        })),
      ),
    );

    const permissionIds = await insertMany(
      tx,
      'permissions',
      ALL_PERMISSIONS.map((name) => ({ name })),
      true,
    );
    const permissionByName = new Map(ALL_PERMISSIONS.map((name, i) => [name, permissionIds[i]!]));
    const roleIds = await insertMany(
      tx,
      'roles',
      ROLES.map((name) => ({ name, description: BUILT_IN_ROLE_DESCRIPTIONS[name] })),
      true,
    );
    await insertMany(
      tx,
      'role_permissions',
      ROLES.flatMap((role, i) => ROLE_PERMISSIONS[role].map((p) => ({ role_id: roleIds[i]!, permission_id: permissionByName.get(p)! }))),
    );

    await seedPlans(tx);
    await insertMany(
      tx,
      'datacrons',
      JOBS.map((j) => ({ ...j, active: 1 })),
    );
    await insertMany(tx, 'settings', [
      { key: 'maintenance_message', value: json(null) },
      { key: 'maintenance_enabled', value: json(false) },
    ]);
  });
  return true;
}

const JOBS = [
  {
    name: 'Purge expired codes and sessions',
    handler: 'purge-expired',
    cron: '0 * * * *',
    description: 'Deletes one-time codes, process ids and sessions past their expiry.',
  },
  {
    name: 'Expire subscriptions',
    handler: 'expire-subscriptions',
    cron: '15 3 * * *',
    description: 'Ends subscriptions past their expiry date and reminds users a few days before.',
  },
  {
    name: 'Recompute statistics',
    handler: 'recompute-stats',
    cron: '30 2 * * *',
    description: 'Refreshes the counters shown on the dashboard and to sellers.',
  },
  {
    name: 'Back up the database',
    handler: 'backup-database',
    cron: '0 4 * * *',
    description: 'Writes the SQLite database (online backup API) and its pictures into one archive in the backups folder or bucket.',
  },
  {
    name: 'Send notification mail',
    handler: 'send-notification-mail',
    cron: '* * * * *',
    description: 'Mails the notifications that wait for it (price drops), within a minute.',
  },
  {
    name: 'Saved search alerts',
    handler: 'saved-search-alerts',
    cron: '* * * * *',
    description: 'Finds new listings matching saved searches; tells members at once or in their daily or weekly digest.',
  },
  {
    name: 'Market ratings',
    handler: 'refresh-market-ratings',
    cron: '* * * * *',
    description: 'Computes again the fair-price ratings of the makes and models whose listings changed.',
  },
];

async function seedPlans(db: Db): Promise<void> {
  const eur = await db.selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirst();
  if (!eur) return;
  const groupIds = await insertMany(
    db,
    'cart_groups',
    planGroups.map((g) => ({
      name: g.name.en_US,
      name_i18n: json(g.name),
      description: g.description.en_US,
      description_i18n: json(g.description),
    })),
    true,
  );
  const groupOf = new Map(planGroups.map((g, i) => [g.key, groupIds[i]!]));
  for (const plan of plans) {
    for (const period of ['monthly', 'yearly'] as const) {
      const months = period === 'monthly' ? 1 : 12;
      const price = months === 1 ? plan.monthly : Math.round(plan.monthly * 10); // two months free yearly
      const cart = cartText(plan, period);
      const [cartId] = await insertMany(
        db,
        'carts',
        [
          {
            name: cart.name.en_US,
            name_i18n: json(cart.name),
            price_minor: price,
            currency_id: eur.id,
            months,
            is_active: 1,
            description: cart.description.en_US,
            description_i18n: json(cart.description),
            group_id: groupOf.get(plan.group)!,
          },
        ],
        true,
      );
      const detail = detailText(plan);
      await insertMany(db, 'cart_details', [
        {
          name: detail.name.en_US,
          name_i18n: json(detail.name),
          description: detail.description.en_US,
          description_i18n: json(detail.description),
          cart_id: cartId!,
          vehicle_limit: plan.vehicles,
          photo_limit: plan.photos,
          contact_limit: plan.contacts,
          featured_listing: plan.featured,
          detailed_stats: plan.stats,
          priority_support: plan.support,
        },
      ]);
    }
  }
}

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
async function ensureDemoSellers(db: Db): Promise<{ id: number; place: Place; professional: boolean; featured: boolean }[]> {
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

export interface DemoOptions {
  vehicles: number;
  /** Where the drawings go: the API's media store, or `mediaFolder(dir)`. */
  media: PictureStore;
  /** Seed of the random generator: the same seed gives the same catalogue. */
  seed?: number;
  onProgress?: (done: number) => void;
}

/** Adds `vehicles` generated listings spread over the demo sellers, each with its pictures. */
/** From this many vehicles at once, they are loaded in bulk (bulkLoad, bulkLoadPostgres). */
const BULK_VEHICLES = 20_000;

/**
 * Many listings at once on SQLite: the listing tables' secondary indexes and triggers are set
 * aside, the rows written, then each index built in one sorted pass and the text index rebuilt
 * from the table, instead of keeping twenty-odd indexes and FTS5 current row by row (more than
 * twice as fast at 100,000 vehicles). Inside the caller's transaction: SQLite's schema changes are
 * transactional, so a seed that fails or is stopped leaves the database as it was, indexes and
 * all. The versions those triggers move (catalogue and site) are moved once at the end. Readers of
 * a live database wait for the commit, as for any write.
 */
async function bulkLoad(tx: Db, load: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ type: 'index' | 'trigger'; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where tbl_name in ('vehicles', 'pictures', 'vehicle_options') and type in ('index', 'trigger') and sql is not null`.execute(tx);
  for (const r of rows) await sql`drop ${sql.raw(r.type)} ${sql.id(r.name)}`.execute(tx);
  await load();
  // A second thread sorts for the index builds: the equipment index (eight million rows at a million listings) is built in half the time.
  await sql`pragma threads = 2`.execute(tx);
  for (const r of [...rows.filter((r) => r.type === 'index'), ...rows.filter((r) => r.type === 'trigger')]) {
    await sql.raw(r.sql).execute(tx);
  }
  await sql`pragma threads = 0`.execute(tx);
  await sql`insert into vehicles_fts(vehicles_fts) values ('rebuild')`.execute(tx);
  await sql`update catalogue_version set version = version + 1`.execute(tx);
  await sql`update site_version set version = version + 1`.execute(tx);
}

/**
 * The same on PostgreSQL: the listing tables' secondary indexes are dropped and their triggers
 * disabled inside the caller's transaction (PostgreSQL's schema changes are transactional too), the
 * rows written, then each index built in one pass. Inserting a million listings into a table that
 * keeps eighteen indexes (four of them carrying fifteen columns) current row by row is what made a
 * large seed slow; building them afterwards is several times faster. Constraints' indexes (primary
 * keys, unique) stay: the load relies on them.
 */
async function bulkLoadPostgres(tx: Db, load: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in (${sql.join(BULK_TABLES)})
      and indexname not in (select conname from pg_constraint)`.execute(tx);
  for (const r of rows) await sql`drop index ${sql.id(r.name)}`.execute(tx);
  for (const table of BULK_TABLES) await sql`alter table ${sql.id(table)} disable trigger user`.execute(tx);
  await load();
  await sql`set local maintenance_work_mem = '512MB'`.execute(tx);
  for (const r of rows) await sql.raw(r.definition).execute(tx);
  for (const table of BULK_TABLES) await sql`alter table ${sql.id(table)} enable trigger user`.execute(tx);
  await sql`update catalogue_version set version = version + 1`.execute(tx);
  await sql`update site_version set version = version + 1`.execute(tx);
}

/** The tables a bulk load writes most of its rows to. */
const BULK_TABLES = ['vehicles', 'pictures', 'vehicle_options', 'vehicle_prices'];

/**
 * SQLite: a bulk load under a rollback journal instead of the WAL when no other connection has
 * the file open (switching needs it alone; otherwise the WAL stays). Pages the load adds to the
 * end of the file are then written once, not into the WAL and copied again by the checkpoint:
 * 17 % of a 200,000-vehicle seed. Durable all the same, and back to WAL after.
 */
async function withRollbackJournal<T>(db: Db, work: () => Promise<T>): Promise<T> {
  let switched = false;
  if (!db.isTransaction) {
    try {
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode = delete`.execute(db);
      switched = rows[0]?.journal_mode === 'delete';
    } catch {
      // Another connection holds the file: the load goes through the WAL.
    }
  }
  try {
    return await work();
  } finally {
    if (switched) await sql`pragma journal_mode = wal`.execute(db);
  }
}

export async function seedDemoCatalogue(db: Db, options: DemoOptions): Promise<number> {
  const sellers = await ensureDemoSellers(db);
  const seed = options.seed ?? 2026;
  const r = new Random(seed);
  const ids = async (table: 'categories' | 'fuel_types' | 'transmissions' | 'types') =>
    new Map((await db.selectFrom(table).select(['id', 'code']).execute()).map((x) => [x.code ?? '', x.id]));
  const colors = (await db.selectFrom('colors').select(['id', 'code', 'hex']).execute()).map((c) => ({
    id: c.id,
    code: c.code ?? String(c.id),
    hex: c.hex,
  }));
  const lookup: Lookup = {
    category: await ids('categories'),
    fuel: await ids('fuel_types'),
    transmission: await ids('transmissions'),
    type: await ids('types'),
    colors,
    optionIds: (await db.selectFrom('options').select('id').execute()).map((o) => o.id),
    countryIds: (await db.selectFrom('countries').select('id').execute()).map((c) => c.id),
    makeCountry: new Map((await db.selectFrom('countries').select(['id', 'code']).execute()).map((c) => [c.code, c.id])),
  };
  const pictures = await storeSeedPictures(options.media, [...lookup.category.keys()], colors);

  // Dealers hold most of a marketplace's stock: a professional is picked three times as often.
  const pool = sellers.flatMap((s) => (s.professional ? [s, s, s] : [s]));
  const batch = 2000;
  const start = Date.now();
  /** The catalogue, batch by batch, as `random` makes it: the same listings each time from the same seed. */
  function* catalogue(random: Random) {
    for (let done = 0; done < options.vehicles; done += batch) {
      const n = Math.min(batch, options.vehicles - done);
      yield Array.from({ length: n }, (_, i) => {
        const seller = random.pick(pool);
        // Spread listings over the last 120 days; later ones are newer.
        const age = ((options.vehicles - done - i) / options.vehicles) * 120 * 86400000;
        const created = new Date(start - age - random.int(0, 3600000)).toISOString();
        const v = generateVehicle(random, makes, lookup, seller.place, seller.id, created);
        if (seller.professional && random.chance(0.08)) v.row.featured = 1;
        return { ...v, owner: seller.id, rate: seller.place.rate };
      });
    }
  }
  // Every listing's fair-price rating is known before it is written (db/src/market.ts): the
  // catalogue is made twice from the same seed, once to rate it, once to write it with its figures.
  const segments = new Map(makes.flatMap((m) => m.models.map((x) => [modelKey(m.name, x.name), x.segment] as const)));
  const rate = async (conn: Db) => {
    const subjects: MarketSubjectRow[] = [];
    /** The new live listings of each seller: their plan is chosen before they are written. */
    const adding = new Map<number, number>();
    for (const generated of catalogue(new Random(seed))) {
      for (const { row, rate } of generated) {
        if (!row.sold) adding.set(row.owner_id, (adding.get(row.owner_id) ?? 0) + 1);
        subjects.push({
          id: -(subjects.length + 1),
          brand: row.brand,
          model: row.model,
          category_id: row.category_id,
          type_id: row.type_id,
          price_minor: row.price_minor,
          price_ref_minor: row.price_ref_minor ?? null,
          minor_units: 2,
          rate,
          segment: segments.get(modelKey(row.brand, row.model)) ?? null,
          year: row.year,
          mileage: row.mileage,
          fuel_type_id: row.fuel_type_id ?? null,
          sold: Number(row.sold ?? 0),
          sold_at: row.sold_at ?? null,
        });
      }
    }
    return { figures: await rateNewListings(conn, subjects, new Date(start)), adding };
  };
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bulk = options.vehicles >= BULK_VEHICLES;
  // In bulk, one transaction holds it all (see bulkLoad); else each batch commits on its own.
  const inBatch = (conn: Db, work: (tx: Db) => Promise<void>) => (bulk ? work(conn) : conn.transaction().execute(work));
  const load = async (conn: Db, figures: MarketFigures[], featuredBy: ReadonlyMap<number, number>) => {
    const ratedAt = new Date(start).toISOString();
    let done = 0;
    for (const generated of catalogue(r)) {
      // Set on the row itself: a copy by spreading sixty columns cost a sixth of the load.
      const rows = generated.map(({ row }, i) => {
        const f = figures[done + i]!;
        row.market_rating = f.rating;
        row.market_gap = f.gap;
        row.market_estimate_minor = f.estimateMinor;
        row.market_low_minor = f.lowMinor;
        row.market_high_minor = f.highMinor;
        row.market_comparables = f.comparables;
        row.market_step = f.step;
        row.market_computed_at = ratedAt;
        row.plan_featured = featuredBy.get(row.owner_id) ?? 0;
        return row;
      });
      await inBatch(conn, async (tx) => {
        const vehicleIds = await insertMany(tx, 'vehicles', rows, true);
        await insertMany(
          tx,
          'vehicle_options',
          generated.flatMap((g, i) => g.options.map((option_id) => ({ vehicle_id: vehicleIds[i]!, option_id }))),
        );
        await insertMany(
          tx,
          'pictures',
          generated.flatMap((g, i) =>
            (pictures.get(`${g.categoryCode}:${g.colorCode}`) ?? []).map((p, position) => ({
              owner_id: g.owner,
              vehicle_id: vehicleIds[i]!,
              position,
              storage_key: p.key,
              mime: 'image/svg+xml',
              width: PICTURE_SIZE.width,
              height: PICTURE_SIZE.height,
              bytes: p.bytes,
              renditions: p.renditions,
            })),
          ),
        );
        await insertMany(
          tx,
          'vehicle_prices',
          generated.flatMap((g, i) => priceDrop(g.row, vehicleIds[i]!, done + i, start)),
        );
      });
      done += generated.length;
      options.onProgress?.(done);
    }
  };
  // The sellers' plans mark their listings featured: chosen before the listings are written, which
  // carry the flag from their insert.
  const fill = async (conn: Db) => {
    const { figures, adding } = await rate(conn);
    await load(conn, figures, await subscribeDemoSellers(conn, sellers, adding));
    // Every group is rated, the new listings' included: none waits for the market job.
    await conn.deleteFrom('market_stale').execute();
  };
  if (bulk && postgres) await db.transaction().execute((tx) => bulkLoadPostgres(tx, () => fill(tx)));
  else if (bulk) await withRollbackJournal(db, () => db.transaction().execute((tx) => bulkLoad(tx, () => fill(tx))));
  else await fill(db);
  await seedDemoViews(db, r);
  // The planner's statistics for what was written (docs/decisions/041-search-at-a-million.md).
  await analyzeTables(db, [...BULK_TABLES, 'vehicle_views', 'market_stale'], { vacuum: bulk });
  return options.vehicles;
}

const DAY_MS = 86_400_000;

/**
 * One listing in eight that has been on the market for a week or more was repriced once: it was
 * published a few per cent dearer, and lowered part of the way to today. Chosen by its place in the
 * catalogue, not by the random source, so the rest of the catalogue stays as it was.
 */
function priceDrop(row: { price_minor: number; currency_id: number; created_at?: string }, vehicleId: number, n: number, now: number) {
  if (n % 8 !== 3 || !row.created_at) return [];
  const listed = Date.parse(row.created_at);
  const days = Math.floor((now - listed) / DAY_MS);
  if (days < 7) return [];
  const first = Math.round((row.price_minor * (1.03 + (n % 4) * 0.02)) / 100) * 100;
  const lowered = new Date(listed + Math.floor(days * (0.3 + (n % 5) / 10)) * DAY_MS).toISOString();
  return [
    { vehicle_id: vehicleId, price_minor: first, currency_id: row.currency_id, created_at: row.created_at },
    { vehicle_id: vehicleId, price_minor: row.price_minor, currency_id: row.currency_id, created_at: lowered },
  ];
}

/** How many of the newest listings get a history of visits. */
const VIEWED_LISTINGS = 1000;
const VIEWED_DAYS = 30;

/**
 * A month of visits on the newest listings, so a seller's statistics and the dashboard have figures
 * to show. Bounded to the newest listings: a catalogue of 100,000 gets no more rows than the demo's.
 * (Likes and saves stay the visitors' own: the demo accounts start with none.)
 */
async function seedDemoViews(db: Db, r: Random): Promise<void> {
  // Those with no visits yet: a seed run on a catalogue seeded before leaves the earlier visits as they are.
  const listings = await db
    .selectFrom('vehicles')
    .select(['id', 'created_at'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('vehicle_views').select('vehicle_id').whereRef('vehicle_views.vehicle_id', '=', 'vehicles.id'))),
    )
    .orderBy('created_at', 'desc')
    .limit(VIEWED_LISTINGS)
    .execute();
  const today = Date.parse(`${nowIso().slice(0, 10)}T00:00:00.000Z`);
  const views: Insertable<Database['vehicle_views']>[] = [];
  for (const v of listings) {
    const listed = Date.parse(v.created_at);
    const first = Math.max(today - (VIEWED_DAYS - 1) * 86_400_000, listed - (listed % 86_400_000));
    const popularity = 0.5 + r.next() * 4;
    for (let day = first; day <= today; day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (let n = r.int(0, Math.round(popularity * 2)); n > 0; n--) views.push({ vehicle_id: v.id, visitor_hash: `demo-${n}`, day: date });
    }
  }
  await insertMany(db, 'vehicle_views', views);
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
async function subscribeDemoSellers(
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

export interface SeedOptions {
  demo: boolean;
  vehicles: number;
  media: PictureStore;
  admin: { email: string; password?: string | undefined };
}

export interface SeedReport {
  reference: boolean;
  admin: { email: string; password: string } | null;
  vehicles: number;
}

/** What `npm start` does on every start: fills an empty database, never touches a populated one. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  const reference = await seedReference(db);
  const admin = await ensureAdmin(db, options.admin);
  let vehicles = 0;
  if (options.demo && reference && (await count(db, 'vehicles')) === 0) {
    vehicles = await seedDemoCatalogue(db, { vehicles: options.vehicles, media: options.media });
  }
  return { reference, admin, vehicles };
}
