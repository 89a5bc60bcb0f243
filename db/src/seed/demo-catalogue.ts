import { type Insertable, type Kysely, PostgresAdapter } from 'kysely';
import { type MarketFigures, type MarketSubjectRow, modelKey, rateNewListings } from '../market.ts';
import type { Database } from '../schema.ts';
import { analyzeTables } from '../statistics.ts';
import { nowIso } from '../util.ts';
import { ensureDemoSellers, subscribeDemoSellers } from './accounts.ts';
import { BULK_TABLES, BULK_VEHICLES, bulkLoad, bulkLoadPostgres, withRollbackJournal } from './bulk-load.ts';
import { generateVehicle, type Lookup } from './catalogue.ts';
import { makes } from './data/makes.ts';
import { insertMany } from './insert.ts';
import { PICTURE_SIZE, type PictureStore, storeSeedPictures } from './pictures.ts';
import { Random } from './random.ts';
import { seedRentalTerms } from './rentals.ts';

type Db = Kysely<Database>;

export interface DemoOptions {
  vehicles: number;
  /** Where the drawings go: the API's media store, or `mediaFolder(dir)`. */
  media: PictureStore;
  /** Seed of the random generator: the same seed gives the same catalogue. */
  seed?: number;
  onProgress?: (done: number) => void;
}

/** Adds `vehicles` generated listings spread over the demo sellers, each with its pictures. */
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
          rental: row.type_id === lookup.type.get('sale') ? 0 : 1,
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
  // Every rental listing's terms (docs/decisions/061): one insert per batch, whatever the size.
  await seedRentalTerms(db, seed);
  await seedDemoViews(db, r);
  // The planner's statistics for what was written (docs/decisions/041-search-at-a-million.md).
  await analyzeTables(db, [...BULK_TABLES, 'vehicle_views', 'market_stale', 'rental_terms'], { vacuum: bulk });
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
