/**
 * `npm run bench`: measures what the closing notes report, in one run on this machine.
 * - start: time from launching the server on an empty data folder to the first home page (migrate + seed + serve);
 * - seed: time to add 100,000 vehicles (BENCH_VEHICLES) to a fresh SQLite database;
 * - home page bytes: HTML, CSS and JavaScript as transferred (brotli/gzip), and what the HTML references;
 * - login: a password sign-in over HTTP (argon2id m=19 MiB, t=2, p=1 included);
 * - search: GET /api/v1/vehicles on those 100,000 vehicles through the real app in-process (every
 *   middleware, signature included, the response cache off), p50/p95 for text queries, many-filter
 *   queries and the unfiltered listing, facets included, beside GET /api/v1/health in the same run;
 *   then each search again as the first after a listing changed (the kept facet counts dropped);
 * - server (scripts/bench-server.ts), the server process started on those 100,000 vehicles:
 *   throughput under concurrent load of the vehicle API, search, the vehicle page, its 304 and the
 *   home page, each as a ratio to a bare Hono endpoint (and to GET /api/v1/health) in the same run,
 *   then each at 200 connections for 30 s (BENCH_SUSTAINED_SECONDS);
 *   the JavaScript each storefront page ships (gzip) in headless Chromium, and whether any script
 *   blocks the first render; Lighthouse (mobile) on the home, search and vehicle pages.
 * - media: a picture's upload-to-served latency through the real HTTP server, median of 20, with the
 *   pictures on disk and on S3 (an s3rver on loopback: the protocol's cost, not a network's).
 * - churn (scripts/bench-churn.ts): a live marketplace, readers on 300 vehicle pages while sellers
 *   reprice, members like and pages send view beacons through the HTTP API, on 20,000 listings
 *   (BENCH_CHURN_VEHICLES): requests a second, p99 and the page cache's hit ratio of each phase
 *   beside calm, on one SQLite process and on two PostgreSQL processes (BENCH_DATABASE_URL, with
 *   BENCH_REDIS_URL's Redis); and a publication's latency to a member's instant alert.
 * - availability: the search's "available from … to" on those listings with a year of bookings
 *   (scripts/bench-availability.ts), part of the search measurements; BENCH_ONLY=availability alone.
 * BENCH_ONLY=start,media,seed,postgres,churn,availability runs only the parts named.
 * Pages are measured as last built: the bench runs `npm run build` only when there is no build.
 * Chromium is /usr/bin/chromium (CHROME_PATH to change it).
 * Results are printed and written to bench-results/latest.json.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type Db, migrateToLatest } from '@autoroute/db';
import { mediaFolder, seedDemoCatalogue, seedReference } from '@autoroute/db/seed';
import { sql } from 'kysely';
import pino from 'pino';
import sharp from 'sharp';
import { runtimeConfig } from '../api/src/core/runtime-config.ts';
import { createDeps } from '../api/src/deps.ts';
import { createApp, DEV_SIGNING_KEY, loadConfig, sign } from '../api/src/index.ts';
import { JOB_HANDLERS } from '../api/src/jobs/index.ts';
import { createHttpServer } from '../api/src/server/http.ts';
import { createTestApp } from '../api/src/testing.ts';
import { startS3 } from '../api/src/testing-s3.ts';
import { seedInstantSearches } from './alert-latency.ts';
import { availabilityPaths, availabilityPlan, catalogueChanges, seedBookingYear } from './bench-availability.ts';
import { churnSummary, measureChurn } from './bench-churn.ts';
import { measureRender, renderSummary } from './bench-render.ts';
import { measureSearchAtScale } from './bench-search.ts';
import { measureServer } from './bench-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const vehicles = Number(process.env.BENCH_VEHICLES ?? 100_000);
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

async function waitFor(url: string, deadline: number): Promise<Response> {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {}
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `npm start` on a data folder, answering once its home page does; `stop` ends it. */
async function startServer(dir: string) {
  const port = 3300 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-password-1' },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    await waitFor(`${origin}/`, Date.now() + 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

async function measureStart() {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-bench-'));
  const started = performance.now();
  const server = await startServer(dir);
  try {
    results.startToFirstPageMs = Math.round(performance.now() - started);
    results.homeBytes = await measurePage(`${server.origin}/?lng=en_US`);
    results.login = await measureLogin(server.origin);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A password sign-in over HTTP, argon2id verification included (20 in a row, within the rate limits). */
async function measureLogin(origin: string) {
  const body = JSON.stringify({ email: 'admin@autoroute.local', password: 'bench-password-1' });
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const timestamp = String(Date.now());
    const started = performance.now();
    const res = await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(DEV_SIGNING_KEY, body) },
      body,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`login answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { runs: times.length, medianMs: Math.round(times[10]!), p90Ms: Math.round(times[18]!) };
}

async function transferred(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  // fetch decodes bodies; the wire size is the Content-Length when the server knows it.
  const length = res.headers.get('content-length');
  const body = new Uint8Array(await res.arrayBuffer());
  if (length) return Number(length);
  const { brotliCompressSync } = await import('node:zlib');
  return brotliCompressSync(body).length;
}

async function measurePage(url: string) {
  const html = await (await fetch(url)).text();
  const base = new URL(url);
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  // A script inside an inert <template> (the toaster's, loaded on demand) is not loaded with the page.
  const js = [...html.replace(/<template[\s\S]*?<\/template>/g, '').matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const sum = async (list: string[]) => (await Promise.all(list.map((u) => transferred(new URL(u, base).href)))).reduce((a, b) => a + b, 0);
  return {
    html: await transferred(url),
    htmlUncompressed: Buffer.byteLength(html),
    css: await sum(css),
    cssFiles: css.length,
    inlineStyleBytes: [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((a, m) => a + m[1]!.length, 0),
    js: await sum(js),
    jsFiles: js.length,
    inlineScriptBytes: [...html.matchAll(/<script(?![^>]+src)[^>]*>([\s\S]*?)<\/script>/g)].reduce((a, m) => a + m[1]!.length, 0),
  };
}

async function measureSeed() {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-bench-seed-'));
  // Named as the server names its database, so the server measurements start on this one.
  const db = connect(path.join(dir, 'autoroute.db'));
  try {
    let onSale: number[];
    try {
      await migrateToLatest(db.db);
      await seedReference(db.db);
      const started = performance.now();
      await seedDemoCatalogue(db.db, { vehicles, media: mediaFolder(path.join(dir, 'media')) });
      results.seed = { vehicles, ms: Math.round(performance.now() - started) };
      results.search = await measureSearch(db, dir);
      // Printed now too: the server's measurements after it may fail on a shared machine.
      console.log(JSON.stringify({ search: results.search }));
      const rows = await db.db.selectFrom('vehicles').select('id').where('sold', '=', 0).orderBy('id').limit(50).offset(5000).execute();
      onSale = rows.map((r) => r.id);
    } finally {
      await db.close();
    }
    const server = await startServer(dir);
    try {
      results.server = {
        vehicles,
        ...(await measureServer(server.origin, {
          vehicleIds: onSale,
          account: { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' },
        })),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * p50/p95 of GET requests cycling through `paths`, after a warm-up, through the real app in-process.
 * `before`, when given, runs before each timed request, untimed (and no warm-up is made).
 */
async function latency(app: ReturnType<typeof createApp>, paths: string[], runs: number, before?: () => Promise<void>) {
  const get = async (p: string) => {
    const timestamp = String(Date.now());
    const res = await app.request(p, { headers: { 'x-timestamp': timestamp, 'x-signature': sign(DEV_SIGNING_KEY, timestamp) } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  };
  // Long enough for the JIT to settle: a cold health check is several times slower than a warm one.
  if (!before) for (let i = 0; i < 200; i++) await get(paths[i % paths.length]!);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const started = performance.now();
    await get(paths[i % paths.length]!);
    times.push(performance.now() - started);
  }
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))]! * 100) / 100;
  // One request at a time, in process: requests per second is what one core serves this route at.
  return { runs, p50Ms: at(0.5), p95Ms: at(0.95), perSecond: Math.round((runs / total) * 1000) };
}

/** How many saved searches the alert pass is measured with (issue 17: 10,000). */
const SAVED_SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 10_000);

/**
 * Issue 17: the alert job's pass when one listing was just published, with SAVED_SEARCHES instant
 * searches of varied filters among members (what a member waits for beyond the job's one-minute tick).
 */
async function measureAlerts(database: Db) {
  const db = database.db;
  await seedInstantSearches(db, SAVED_SEARCHES);
  const job = async () => {
    const started = performance.now();
    await JOB_HANDLERS['saved-search-alerts']({
      db,
      dialect: database.dialect,
      sqlite: database.sqlite,
      dataDir: '',
      log: pino({ level: 'silent' }),
      mail: null,
    });
    return Math.round(performance.now() - started);
  };
  await job(); // sets the job's mark
  // A listing "published": the newest one, edited now, as the job sees a new or edited listing.
  const [latest] = await db.selectFrom('vehicles').select('id').orderBy('id', 'desc').limit(1).execute();
  await db.updateTable('vehicles').set({ updated_at: new Date().toISOString() }).where('id', '=', latest!.id).execute();
  const passMs = await job();
  const idleMs = await job();
  await db.deleteFrom('saved_searches').where('name', 'like', 'Bench %').execute();
  return { savedSearches: SAVED_SEARCHES, passMs, idleMs };
}

/**
 * Issue 17: the market job's pass after a listing of the largest make and model was repriced (its
 * whole group is rated again), and a pass with nothing marked.
 */
async function measureMarketJob(database: Db) {
  const db = database.db;
  const largest = await db
    .selectFrom('vehicles')
    .select(['brand', 'model', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['brand', 'model'])
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const listing = await db
    .selectFrom('vehicles')
    .select(['id', 'price_minor'])
    .where('brand', '=', largest.brand)
    .where('model', '=', largest.model)
    .where('sold', '=', 0)
    .executeTakeFirstOrThrow();
  const job = async () => {
    const started = performance.now();
    const summary = await JOB_HANDLERS['refresh-market-ratings']({
      db,
      dialect: database.dialect,
      sqlite: database.sqlite,
      dataDir: '',
      log: pino({ level: 'silent' }),
      mail: null,
    });
    return { ms: Math.round(performance.now() - started), summary };
  };
  await db
    .updateTable('vehicles')
    .set({ price_minor: Math.round(Number(listing.price_minor) * 0.8) })
    .where('id', '=', listing.id)
    .execute();
  const pass = await job();
  const idle = await job();
  return {
    group: `${largest.brand} ${largest.model}`,
    groupListings: Number(largest.n),
    passMs: pass.ms,
    summary: pass.summary,
    idleMs: idle.ms,
  };
}

async function measureSearch(database: Db, dir: string) {
  // Without the response cache: these queries repeat, and every one of them is to be computed here.
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    API_SIGNING_KEY: DEV_SIGNING_KEY,
    PAGE_CACHE_MB: '0',
  });
  const deps = createDeps(config, database, pino({ level: 'silent' }));
  // As a starting server does: the search postings (decision 044) are built before the searches are measured.
  await deps.postings.warm();
  const app = createApp(deps);
  const id = async (table: 'currencies' | 'fuel_types' | 'transmissions' | 'categories', code: string) =>
    (await database.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const [eur, petrol, diesel, manual, automatic, suv, hatchback] = await Promise.all([
    id('currencies', 'EUR'),
    id('fuel_types', 'petrol'),
    id('fuel_types', 'diesel'),
    id('transmissions', 'manual'),
    id('transmissions', 'automatic'),
    id('categories', 'suv'),
    id('categories', 'hatchback'),
  ]);
  const v = '/api/v1/vehicles';
  const text = ['golf', 'renault cli', 'bmw x5', 'peugeot 208', 'tesla model', 'toyota yaris hybrid'].map(
    (q) => `${v}?q=${encodeURIComponent(q)}&sort=relevance`,
  );
  const filters = [
    `${v}?currencyId=${eur}&minPrice=5000&maxPrice=30000&minYear=2015&maxMileage=150000&fuelTypeId=${petrol}&transmissionId=${manual}&sort=price_asc`,
    `${v}?currencyId=${eur}&maxPrice=40000&categoryId=${suv}&fuelTypeId=${diesel}&minYear=2012&maxYear=2022&doors=5&sort=mileage_asc`,
    `${v}?brand=Volkswagen&transmissionId=${automatic}&minYear=2018&maxMileage=80000&sort=year_desc`,
    `${v}?categoryId=${hatchback}&currencyId=${eur}&minPrice=8000&maxPrice=20000&doors=5&page=2`,
    `${v}?brand=Renault&fuelTypeId=${diesel}&sort=relevance`,
  ];
  const runs = 300;
  const health = await latency(app, ['/api/v1/health'], runs);
  const textSearch = await latency(app, text, runs);
  const manyFilters = await latency(app, filters, runs);
  const unfiltered = await latency(app, [v, `${v}?sort=relevance`, `${v}?sort=price_asc`, `${v}?page=3`], runs);
  // Around a city (issue 17): the cities within the radius, then their listings by the city index.
  const city = async (name: string) =>
    (await database.db.selectFrom('cities').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const [paris, berlin, madrid] = await Promise.all([city('Paris'), city('Berlin'), city('Madrid')]);
  const near = await latency(
    app,
    [
      `${v}?nearCityId=${paris}&radiusKm=100`,
      `${v}?nearCityId=${berlin}&radiusKm=300&sort=distance`,
      `${v}?nearCityId=${madrid}&radiusKm=500&fuelTypeId=${diesel}&sort=price_asc`,
      `${v}?nearCityId=${paris}&radiusKm=50&q=peugeot`,
    ],
    runs,
  );
  // The fair-price rating (issue 17): its filter, and the best deals first.
  const rating = await latency(
    app,
    [
      `${v}?rating=great,good`,
      `${v}?rating=great,good&brand=Volkswagen&sort=price_asc`,
      `${v}?rating=great&currencyId=${eur}&maxPrice=20000&fuelTypeId=${diesel}&sort=mileage_asc`,
      `${v}?rating=great,good&q=peugeot`,
    ],
    runs,
  );
  const deal = await latency(
    app,
    [`${v}?sort=deal`, `${v}?sort=deal&brand=Renault`, `${v}?sort=deal&rating=great,good&fuelTypeId=${diesel}`, `${v}?sort=deal&page=3`],
    runs,
  );
  const market = await measureMarketJob(database);
  const alerts = await measureAlerts(database);
  // The first search of each kind after a listing changed: the kept facet counts are dropped by the
  // catalogue version moving, as any seller's edit moves it, so the counts are computed afresh.
  const listingChanged = async () => {
    await sql`update catalogue_version set version = version + 1`.execute(database.db);
  };
  const afterChange = (paths: string[], rounds: number) => latency(app, paths, rounds * paths.length, listingChanged);
  const firstAfterChange = {
    text: await afterChange(text, 5),
    manyFilters: await afterChange(filters, 5),
    unfiltered: await afterChange([v, `${v}?sort=price_asc`], 5),
  };
  const ids = await database.db.selectFrom('vehicles').select('id').orderBy('id').limit(50).offset(5000).execute();
  const detail = await latency(
    app,
    ids.map((r) => `${v}/${r.id}`),
    runs,
  );
  const availability = await measureAvailability(database, app, health, runs);
  await deps.limiters.close();
  const ratio = (m: { p95Ms: number }) => Math.round((m.p95Ms / health.p95Ms) * 10) / 10;
  return {
    vehicles,
    health,
    availability,
    text: { ...textSearch, p95VsHealth: ratio(textSearch) },
    manyFilters: { ...manyFilters, p95VsHealth: ratio(manyFilters) },
    unfiltered: { ...unfiltered, p95VsHealth: ratio(unfiltered) },
    near: { ...near, p95VsHealth: ratio(near) },
    rating: { ...rating, p95VsHealth: ratio(rating) },
    deal: { ...deal, p95VsHealth: ratio(deal) },
    market,
    alerts,
    firstAfterChange,
    detail: { ...detail, throughputVsHealth: Math.round((detail.perSecond / health.perSecond) * 100) / 100 },
  };
}

/**
 * The search's "available from … to" (scripts/bench-availability.ts): a year of bookings written on
 * the rentals, then `runs` distinct date ranges one at a time while bookings and listings change,
 * p50/p95 and their ratio to GET /api/v1/health in the same run; and the plan of one of them.
 */
async function measureAvailability(
  database: Db,
  app: ReturnType<typeof createApp>,
  health: { p95Ms: number; p50Ms: number },
  runs: number,
) {
  const year = await seedBookingYear(database);
  const paths = await availabilityPaths(database, runs + 40);
  // The JIT warmed on ranges of their own: none of the timed ones is asked twice.
  await latency(app, paths.slice(runs), 40);
  const changing = await latency(app, paths.slice(0, runs), runs, catalogueChanges(database));
  const plan = await availabilityPlan(database, paths[0]!);
  return {
    ...year,
    ...changing,
    p50VsHealth: Math.round((changing.p50Ms / health.p50Ms) * 10) / 10,
    p95VsHealth: Math.round((changing.p95Ms / health.p95Ms) * 10) / 10,
    example: paths[0],
    plan,
  };
}

/** BENCH_ONLY=availability: the availability search alone on BENCH_VEHICLES listings, SQLite then PostgreSQL (BENCH_DATABASE_URL). */
async function measureAvailabilityAlone() {
  const out: Record<string, unknown> = {};
  for (const engine of ['sqlite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-bench-available-'));
    const database = connect(engine === 'sqlite' ? path.join(dir, 'autoroute.db') : process.env.BENCH_DATABASE_URL!);
    try {
      if (engine === 'postgres') {
        await sql`drop schema if exists public cascade`.execute(database.db);
        await sql`create schema public`.execute(database.db);
      }
      await migrateToLatest(database.db);
      await seedReference(database.db);
      await seedDemoCatalogue(database.db, { vehicles, media: mediaFolder(path.join(dir, 'media')) });
      if (engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
      const config = loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        API_SIGNING_KEY: DEV_SIGNING_KEY,
        PAGE_CACHE_MB: '0',
      });
      const deps = createDeps(config, database, pino({ level: 'silent' }));
      await deps.postings.warm();
      const app = createApp(deps);
      const runs = 300;
      const health = await latency(app, ['/api/v1/health'], runs);
      // The same searches without dates, for comparison: the postings answer them.
      const plain = await latency(app, ['/api/v1/vehicles', '/api/v1/vehicles?sort=price_asc', '/api/v1/vehicles?page=2'], runs);
      out[engine] = { vehicles, health, plain, availability: await measureAvailability(database, app, health, runs) };
      await deps.limiters.close();
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

/**
 * The same search measurements on PostgreSQL, when BENCH_DATABASE_URL names a database kept for the
 * bench (its public schema is dropped and made again): BENCH_VEHICLES vehicles, then VACUUM ANALYZE,
 * the state autovacuum leaves a table in after a bulk load (planner statistics, and the visibility
 * map that lets a query read an index alone). Written under `searchPostgres`.
 */
async function measureSearchPostgres(url: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-bench-pg-'));
  const database = connect(url);
  try {
    await sql`drop schema if exists public cascade`.execute(database.db);
    await sql`create schema public`.execute(database.db);
    await migrateToLatest(database.db);
    await seedReference(database.db);
    const started = performance.now();
    await seedDemoCatalogue(database.db, { vehicles, media: mediaFolder(path.join(dir, 'media')) });
    const seed = { vehicles, ms: Math.round(performance.now() - started) };
    await sql`vacuum analyze`.execute(database.db);
    results.searchPostgres = { seed, ...(await measureSearch(database, dir)) };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Upload a photo (1600×1200 JPEG), then fetch the picture URL the answer names: on disk, then on S3. */
async function measureMedia() {
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a6f97' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! * 10) / 10;
  const out: Record<string, unknown> = {};
  for (const store of ['disk', 's3'] as const) {
    const s3 = store === 's3' ? await startS3({ bucket: 'autoroute-bench' }) : null;
    const t = await createTestApp({ env: { TRUST_PROXY: 'true', ...s3?.env } });
    const server = await createHttpServer({
      app: t.app,
      media: t.deps.media,
      runtime: runtimeConfig(t.deps.config),
      metrics: t.deps.metrics,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const me = await t.member(`bench-${store}`);
      await t.subscribe(me.id, 'Professional (monthly)');
      const uploads: number[] = [];
      const served: number[] = [];
      for (let i = 0; i < 22; i++) {
        const timestamp = String(Date.now());
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'car.jpg');
        const started = performance.now();
        const res = await fetch(`${base}/api/v1/pictures`, {
          method: 'POST',
          headers: { ...me.headers, 'x-timestamp': timestamp, 'x-signature': sign(t.deps.config.signingKey, timestamp) },
          body: form,
        });
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
        const { url } = ((await res.json()) as { data: { url: string } }).data;
        const uploaded = performance.now();
        const picture = await fetch(`${base}${url}`);
        await picture.arrayBuffer();
        if (!picture.ok) throw new Error(`${url} answered ${picture.status}`);
        // The first two warm the JIT and the connections.
        if (i >= 2) {
          uploads.push(uploaded - started);
          served.push(performance.now() - uploaded);
        }
      }
      out[store] = {
        uploadMs: median(uploads),
        servedMs: median(served),
        totalMs: median(uploads.map((u, i) => u + served[i]!)),
        runs: uploads.length,
      };
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.destroy();
      await s3?.close();
    }
  }
  results.media = out;
}

// The start is measured on a build, never with one (npm start builds only what is missing).
const outputs = ['api/dist/server/main.mjs', 'storefront/dist/server/entry.mjs', 'backoffice/dist/index.html'];
if (outputs.some((output) => !existsSync(path.join(root, output)))) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
// BENCH_ONLY=media (or start, seed, postgres; comma-separated) runs those parts alone.
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part: string) => !only || only.includes(part);
if (wanted('start')) await measureStart();
if (wanted('media')) await measureMedia();
if (wanted('seed')) await measureSeed();
if (wanted('postgres') && process.env.BENCH_DATABASE_URL) await measureSearchPostgres(process.env.BENCH_DATABASE_URL);
// Page renders (scripts/bench-render.ts), only when named: BENCH_ONLY=render (on PostgreSQL too with BENCH_DATABASE_URL).
if (only?.includes('render'))
  results.render = [
    await measureRender({ vehicles: Math.min(vehicles, 20_000) }),
    ...(process.env.BENCH_DATABASE_URL
      ? [await measureRender({ vehicles: Math.min(vehicles, 20_000), databaseUrl: process.env.BENCH_DATABASE_URL })]
      : []),
  ];
// BENCH_ONLY=search: distinct searches of every kind at a million listings (scripts/bench-search.ts); not in a full run.
if (only?.includes('search')) results.searchAtScale = await measureSearchAtScale();
// BENCH_ONLY=availability: the availability search alone (it is also part of the search measurements of a full run).
if (only?.includes('availability')) results.availability = await measureAvailabilityAlone();
if (wanted('churn'))
  results.churn = await measureChurn({ databaseUrl: process.env.BENCH_DATABASE_URL, redisUrl: process.env.BENCH_REDIS_URL });
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(path.join(root, 'bench-results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log(summary());

/** The availability search's line of the summary. */
function availabilityLine(label: string, a: any): string {
  return `  availability search on ${label} (${a.listings} listings, ${a.rentals} rentals, ${a.bookings} bookings, ${a.blocks} blocks; ${a.runs} distinct ranges while bookings and prices change) p50/p95: ${a.p50Ms}/${a.p95Ms} ms, ${a.p50VsHealth}x/${a.p95VsHealth}x health`;
}

/** The figures the issue sets targets for, one line each (everything else is in the JSON above). */
function summary(): string {
  const r = results as any;
  const lines = ['', `Summary (${vehicles} vehicles):`];
  for (const render of r.render ?? []) lines.push(...renderSummary(render));
  if (r.seed) lines.push(`  seed on SQLite: ${r.seed.vehicles} vehicles in ${(r.seed.ms / 1000).toFixed(1)} s (target 120 s at 1,000,000)`);
  for (const [label, search] of [
    ['SQLite', r.search],
    ['PostgreSQL', r.searchPostgres],
  ] as const) {
    if (!search) continue;
    const first = search.firstAfterChange;
    if (search.availability) lines.push(availabilityLine(label, search.availability));
    if (search.near) lines.push(`  search around a city on ${label} p50/p95: ${search.near.p50Ms}/${search.near.p95Ms} ms`);
    if (search.rating)
      lines.push(
        `  search with rating=great,good on ${label} p50/p95: ${search.rating.p50Ms}/${search.rating.p95Ms} ms; sort=deal ${search.deal.p50Ms}/${search.deal.p95Ms} ms`,
      );
    if (search.market)
      lines.push(
        `  market job on ${label}: one pass after a listing of ${search.market.group} (${search.market.groupListings} listings) was repriced: ${search.market.passMs} ms (${search.market.summary}); with nothing marked: ${search.market.idleMs} ms`,
      );
    if (search.alerts)
      lines.push(
        `  saved-search alerts on ${label}: one pass after a listing changed, ${search.alerts.savedSearches} instant searches: ${search.alerts.passMs} ms (a pass with nothing new: ${search.alerts.idleMs} ms; the job runs each minute)`,
      );
    lines.push(
      `  search on ${label} p50/p95: text ${search.text.p50Ms}/${search.text.p95Ms} ms, many filters ${search.manyFilters.p50Ms}/${search.manyFilters.p95Ms} ms, unfiltered ${search.unfiltered.p50Ms}/${search.unfiltered.p95Ms} ms (target p95 25 ms)`,
      `    first after a listing changed: text ${first.text.p50Ms}/${first.text.p95Ms} ms, many filters ${first.manyFilters.p50Ms}/${first.manyFilters.p95Ms} ms, unfiltered ${first.unfiltered.p50Ms}/${first.unfiltered.p95Ms} ms`,
    );
  }
  for (const [engine, a] of Object.entries(r.availability ?? {}) as [string, any][]) {
    lines.push(availabilityLine(engine === 'sqlite' ? 'SQLite' : 'PostgreSQL', a.availability));
    lines.push(
      `    same app: GET /api/v1/health p50/p95 ${a.health.p50Ms}/${a.health.p95Ms} ms; plain searches ${a.plain.p50Ms}/${a.plain.p95Ms} ms`,
    );
  }
  const search = r.search;
  if (search) {
    lines.push(
      `  detail API in process: ${search.detail.perSecond}/s, ${search.detail.throughputVsHealth}x health (${search.health.perSecond}/s)`,
    );
  }
  const t = r.server?.throughput;
  if (t) {
    const line = (label: string, m: any, target?: string) =>
      `    ${label.padEnd(34)} ${String(m.perSecond).padStart(6)}/s  p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms  ${m.vsBare}x bare, ${m.throughputVsHealth}x health${target ? `  (target ${target})` : ''}`;
    lines.push(
      `  over HTTP, ${t.connections} connections, median of ${t.bare.rounds.length} rounds (bare Hono /ping ${t.bare.perSecond}/s):`,
    );
    lines.push(line('GET /api/v1/health', t.health));
    lines.push(line('GET /api/v1/vehicles/{id}', t.detailApi, '0.25x bare'));
    lines.push(line('  the same, compressed', t.detailApiCompressed));
    lines.push(line('search (4 queries)', t.search, '0.05x bare'));
    lines.push(line('/vehicles/{id} page', t.vehiclePage, '0.25x bare'));
    lines.push(line('  its revalidation (304)', t.vehiclePage304, '0.5x bare'));
    lines.push(line('home page', t.home, '0.25x bare'));
    const s = t.sustained;
    lines.push(
      `  sustained, ${s.connections} connections for ${s.seconds} s each (target: 0 errors, slowest under 1 s, p99 250 ms or less):`,
    );
    for (const name of ['bare', 'detailApi', 'search', 'vehiclePage', 'vehiclePage304', 'home']) {
      const m = s[name];
      lines.push(
        `    ${name.padEnd(16)} ${String(m.perSecond).padStart(6)}/s  p99 ${m.p99Ms} ms, slowest ${m.maxMs} ms, ${m.errors} errors`,
      );
    }
  }
  lines.push(...churnSummary(r.churn));
  if (r.media) {
    const m = (store: string) => `${r.media[store].uploadMs} + ${r.media[store].servedMs} ms`;
    lines.push(`  picture upload + first serve, median: disk ${m('disk')}, S3 ${m('s3')}`);
  }
  const pages = r.server?.pageJavaScript;
  if (pages?.error) lines.push(`  page JavaScript: not measured (${pages.error})`);
  else if (pages) {
    lines.push('  JavaScript shipped (gzip, external + inline; blocking scripts):');
    for (const [p, m] of Object.entries<any>(pages)) {
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      lines.push(
        `    ${p.padEnd(16)} ${String(m.status).padEnd(4)} ${kb(m.jsGzip)} in ${m.jsFiles} files (${kb(m.jsGzipAtLoad)} at load) + ${m.inlineScripts} inline ${kb(m.inlineScriptGzip)}; blocking: ${m.renderBlockingScripts.length ? m.renderBlockingScripts.join(' ') : 'none'}`,
      );
    }
  }
  const lh = r.server?.lighthouse;
  if (lh?.error) lines.push(`  Lighthouse: not measured (${lh.error})`);
  else if (lh) {
    lines.push(`  Lighthouse ${lh.version} (${lh.formFactor}) performance, target 95 or more:`);
    for (const [p, m] of Object.entries<any>(lh)) {
      if (typeof m !== 'object' || m === null) continue;
      lines.push(
        `    ${p.padEnd(16)} ${m.performance}  LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, FCP ${m.fcpMs} ms${m.error ? ` (${m.error})` : ''}`,
      );
    }
  }
  return lines.join('\n');
}
