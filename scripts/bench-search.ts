/**
 * The search at a million (issue 32): distinct queries of every kind, one at a time, over HTTP
 * against the API server process, on SQLite and on PostgreSQL.
 * - BENCH_SEARCH_VEHICLES listings (1,000,000 by default), seeded once and kept: SQLite in
 *   BENCH_SEARCH_DIR/sqlite-<size> (the system's temporary folder by default), PostgreSQL in the
 *   database BENCH_SEARCH_DATABASE_URL names (skipped when it is not set or not reachable), reseeded
 *   only when its listing count is not the size asked;
 * - sixty distinct generated queries of each kind (BENCH_SEARCH_QUERIES): text and year, many
 *   filters with a sort, unfiltered pages, around a city, the rating filter with the deal sort, and
 *   text in other languages' words; p50/p95 of each, facet counts included, and how many answers
 *   said their counts were shared (`meta.countsAsOf`);
 * - the query plan of one query of each kind (EXPLAIN QUERY PLAN / EXPLAIN), as the data layer runs it.
 * `BENCH_ONLY=search npm run bench` runs it; `node --import tsx scripts/bench-search.ts` alone too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type Database, type Db, type DialectName, migrateToLatest, openSqlite } from '@autoroute/db';
import { mediaFolder, seedDemoCatalogue, seedReference } from '@autoroute/db/seed';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { countFacets } from '../api/src/domain/vehicles/facets.ts';
import { VehicleListQuery } from '../api/src/domain/vehicles/query.ts';
import { searchVehicleIds } from '../api/src/domain/vehicles/search.data.ts';
import { searchCriteria } from '../api/src/domain/vehicles/vehicles.service.ts';
import { DEV_SIGNING_KEY, sign } from '../api/src/index.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface SearchBenchOptions {
  vehicles?: number;
  dir?: string;
  databaseUrl?: string;
  queries?: number;
  /** `sqlite`, `postgres` or both, comma-separated (BENCH_SEARCH_ENGINES). */
  engines?: string;
  /** Only seed (or check the seeded databases), measure nothing. */
  seedOnly?: boolean;
}

/** A SQLite catalogue of `size` listings in `dir`, seeded when it is not there yet. */
async function seededSqlite(size: number, dir: string): Promise<{ dir: string; seedMs: number | null }> {
  const folder = path.join(dir, `sqlite-${size}`);
  const marker = path.join(folder, 'seeded');
  if (existsSync(marker)) return { dir: folder, seedMs: null };
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const db = connect(path.join(folder, 'autoroute.db'));
  try {
    await migrateToLatest(db.db);
    await seedReference(db.db);
    const started = performance.now();
    await seedDemoCatalogue(db.db, {
      vehicles: size,
      media: mediaFolder(path.join(folder, 'media')),
      onProgress: progress('sqlite', size),
    });
    const seedMs = Math.round(performance.now() - started);
    writeFileSync(marker, `${seedMs}\n`);
    return { dir: folder, seedMs };
  } finally {
    await db.close();
  }
}

/** The PostgreSQL database `url` names, holding `size` listings: seeded afresh when it holds another count. */
async function seededPostgres(size: number, url: string, dir: string): Promise<{ seedMs: number | null } | { error: string }> {
  const database = connect(url);
  try {
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      return { error: `not reachable: ${(error as Error).message}` };
    }
    const count = await sql<{ n: string }>`select count(*) as n from vehicles`
      .execute(database.db)
      .then((r) => Number(r.rows[0]?.n))
      .catch(() => -1);
    if (count === size) {
      await migrateToLatest(database.db);
      return { seedMs: null };
    }
    await sql`drop schema if exists public cascade`.execute(database.db);
    await sql`create schema public`.execute(database.db);
    await migrateToLatest(database.db);
    await seedReference(database.db);
    const media = path.join(dir, `postgres-media-${size}`);
    const started = performance.now();
    await seedDemoCatalogue(database.db, { vehicles: size, media: mediaFolder(media), onProgress: progress('postgres', size) });
    return { seedMs: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}

function progress(engine: string, size: number) {
  let next = 0;
  const started = performance.now();
  return (done: number) => {
    if (done < next && done < size) return;
    next = done + Math.max(size / 10, 1);
    console.error(`[bench-search] ${engine}: ${done}/${size} listings written, ${Math.round((performance.now() - started) / 1000)} s`);
  };
}

/** A small deterministic generator: the same sixty queries of each kind on every run and engine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** The reference ids and names the queries are made of, read from the seeded database. */
async function vocabulary(database: Db) {
  const ids = async (table: 'fuel_types' | 'categories' | 'transmissions') =>
    (await database.db.selectFrom(table).select('id').execute()).map((r) => r.id);
  const eur = (await database.db.selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow()).id;
  const models = await database.db
    .selectFrom('models as m')
    .innerJoin('makes as k', 'k.id', 'm.make_id')
    .select(['k.name as make', 'm.name as model'])
    .orderBy('k.name')
    .orderBy('m.name')
    .execute();
  const cities = (
    await database.db.selectFrom('cities').select('id').where('latitude', 'is not', null).where('longitude', 'is not', null).execute()
  ).map((c) => c.id);
  return {
    fuels: await ids('fuel_types'),
    categories: await ids('categories'),
    transmissions: await ids('transmissions'),
    eur,
    models,
    cities,
  };
}

/**
 * Words a visitor types in other languages: the words for a car, makes as other alphabets write
 * them, and makes and models typed with their accents or without capitals.
 */
const OTHER_WORDS = [
  'voiture',
  'coche',
  'Auto',
  'carro',
  'автомобиль',
  '汽车',
  'سيارة',
  'Gebrauchtwagen',
  'occasion',
  'usado',
  'Мерседес',
  'Фольксваген',
  '丰田',
  '大众',
  'بي إم دبليو',
  'تويوتا',
  'Citroën',
  'Škoda',
  'Peugéot',
  'renault clío',
  'седан',
  'kombi',
  'berline',
  'break',
  'électrique',
  'eléctrico',
  'elektro',
  'дизель',
  '柴油',
  'hybride',
];

type Kind = 'textYear' | 'manyFilters' | 'unfiltered' | 'aroundCity' | 'ratingDeal' | 'otherWords';
const KINDS: Kind[] = ['textYear', 'manyFilters', 'unfiltered', 'aroundCity', 'ratingDeal', 'otherWords'];

/** `count` distinct query strings of each kind. */
function queriesOf(words: Awaited<ReturnType<typeof vocabulary>>, count: number): Record<Kind, string[]> {
  const r = generator(32);
  const sorts = ['price_asc', 'price_desc', 'mileage_asc', 'year_desc', 'newest', 'relevance'];
  const make = () => {
    const m = r.pick(words.models);
    return r.pick([m.make, `${m.make} ${m.model}`, m.model, m.make.slice(0, Math.max(3, m.make.length - 2)).toLowerCase()]);
  };
  const kinds: Record<Kind, () => Record<string, string | number>> = {
    textYear: () => ({ q: make(), minYear: r.int(2000, 2022) }),
    manyFilters: () => {
      const low = r.int(1, 40) * 1000;
      return {
        fuelTypeId: r.pick(words.fuels),
        minYear: r.int(2005, 2020),
        maxMileage: r.int(2, 30) * 10_000,
        currencyId: words.eur,
        minPrice: low,
        maxPrice: low + r.int(2, 40) * 1000,
        sort: r.pick(sorts),
      };
    },
    unfiltered: () => ({ page: r.int(1, 400), sort: r.pick(sorts) }),
    aroundCity: () => ({
      nearCityId: r.pick(words.cities),
      radiusKm: r.int(1, 30) * 10,
      ...(r.int(0, 1) ? { sort: 'distance' } : {}),
      ...(r.int(0, 2) === 0 ? { fuelTypeId: r.pick(words.fuels) } : {}),
    }),
    ratingDeal: () => ({
      rating: r.pick(['great,good', 'great', 'great,good,fair']),
      sort: 'deal',
      ...r.pick([{}, { fuelTypeId: r.pick(words.fuels) }, { categoryId: r.pick(words.categories) }, { brand: r.pick(words.models).make }]),
      page: r.int(1, 5),
    }),
    otherWords: () => ({ q: r.pick(OTHER_WORDS), ...r.pick([{}, { minYear: r.int(2000, 2022) }, { page: r.int(2, 4) }]) }),
  };
  const out = {} as Record<Kind, string[]>;
  for (const kind of KINDS) {
    const seen = new Set<string>();
    for (let tries = 0; seen.size < count && tries < count * 50; tries++) {
      seen.add(`/api/v1/vehicles?${new URLSearchParams(Object.entries(kinds[kind]()).map(([k, v]) => [k, String(v)]))}`);
    }
    out[kind] = [...seen];
  }
  return out;
}

/** The API server process on a database (`npm start`'s server, from its sources), answering at `origin`. */
async function startApi(env: Record<string, string>): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = Number(process.env.BENCH_SEARCH_PORT ?? 3300 + Math.floor(Math.random() * 500));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'api/src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every query is computed: a repeated one would only measure the cache.
      PAGE_CACHE_MB: '0',
      ADMIN_PASSWORD: 'bench-password-1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  const deadline = Date.now() + 600_000;
  for (;;) {
    const res = await fetch(`${origin}/api/v1/health`).catch(() => null);
    if (res?.ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('the API server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { origin, stop };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

/** Each query once, one at a time, signed as a client signs it (SPEC §7). */
async function fire(origin: string, paths: string[]) {
  const times: number[] = [];
  let shared = 0;
  let estimated = 0;
  const failed: string[] = [];
  for (const p of paths) {
    const timestamp = String(Date.now());
    const started = performance.now();
    const res = await fetch(`${origin}${p}`, { headers: { 'x-timestamp': timestamp, 'x-signature': sign(DEV_SIGNING_KEY, timestamp) } });
    const body = (await res.json()) as { meta?: { countsAsOf?: string | null; countsEstimated?: boolean } };
    times.push(performance.now() - started);
    // A timeout (503 past DATABASE_TIMEOUT_MS) is counted, with its time, and named.
    if (!res.ok) failed.push(`${p}: ${res.status}`);
    if (body.meta?.countsAsOf) shared++;
    if (body.meta?.countsEstimated) estimated++;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: paths.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p95Ms: round(quantile(sorted, 0.95)),
    maxMs: round(sorted.at(-1) ?? 0),
    shared,
    estimated,
  };
}

/** A figure of the server's /metrics (read from loopback, which needs no token). */
async function metric(origin: string, name: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/**
 * The search postings of a starting server (docs/decisions/044), built in the background: how long
 * until they hold the catalogue, and the process's memory before and after.
 */
async function postingsBuilt(origin: string) {
  const rssBefore = await metric(origin, 'process_resident_memory_bytes');
  const started = performance.now();
  const deadline = Date.now() + 600_000;
  let listings = await metric(origin, 'autoroute_search_postings_listings');
  while (listings === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    listings = await metric(origin, 'autoroute_search_postings_listings');
  }
  return {
    listings,
    buildMs: Math.round(performance.now() - started),
    mb: Math.round((await metric(origin, 'autoroute_search_postings_bytes')) / 2 ** 20),
    rssMbBefore: Math.round(rssBefore / 2 ** 20),
    rssMbAfter: Math.round((await metric(origin, 'process_resident_memory_bytes')) / 2 ** 20),
  };
}

/**
 * The queries through the server on one engine, after a warm-up that none of them is part of:
 * answered by the database alone (SEARCH_POSTINGS_FROM=off), then with the postings in the process.
 */
async function measureEngine(env: Record<string, string>, queries: Record<Kind, string[]>) {
  const out: Record<string, unknown> = {};
  // BENCH_SEARCH_MODES: `database`, `postings` or both (the default), comma-separated.
  const modes = (process.env.BENCH_SEARCH_MODES ?? 'database,postings').split(',');
  for (const mode of (['database', 'postings'] as const).filter((m) => modes.includes(m))) {
    out[mode] = await measureMode({ ...env, SEARCH_POSTINGS_FROM: mode === 'database' ? 'off' : '0' }, queries, mode);
  }
  return out;
}

async function measureMode(env: Record<string, string>, queries: Record<Kind, string[]>, mode: string) {
  const server = await startApi(env);
  try {
    const out: Record<string, unknown> = {};
    if (mode === 'postings') out.postings = await postingsBuilt(server.origin);
    // Warm-up: the code paths and the reference reads, on queries of every kind that are not measured.
    for (const p of [
      '/api/v1/vehicles',
      '/api/v1/vehicles?q=golf',
      '/api/v1/vehicles?sort=deal&rating=great',
      '/api/v1/vehicles?sort=price_asc&minYear=2019',
    ]) {
      await fire(server.origin, [p]);
    }
    for (const kind of KINDS) {
      out[kind] = await fire(server.origin, queries[kind]);
      console.error(`[bench-search] ${env.DATABASE_URL ? 'postgres' : 'sqlite'} ${mode} ${kind}: ${JSON.stringify(out[kind])}`);
    }
    return out;
  } finally {
    await server.stop();
  }
}

/**
 * What the data layer runs for one search of each kind, each statement with its time (in this
 * process, counted afresh) and its plan: EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL, the
 * plan's lines joined by ` | `.
 */
export async function explainSearches(dialect: DialectName, target: string, paths: Record<string, string>) {
  const logged: { sql: string; parameters: readonly unknown[]; ms: number }[] = [];
  const log = (event: { level: string; query: { sql: string; parameters: readonly unknown[] }; queryDurationMillis: number }) => {
    logged.push({ sql: event.query.sql, parameters: event.query.parameters, ms: Math.round(event.queryDurationMillis * 10) / 10 });
  };
  const pool = dialect === 'postgres' ? new pg.Pool({ connectionString: target, max: 4 }) : null;
  const db = new Kysely<Database>({
    dialect: pool ? new PostgresDialect({ pool }) : new SqliteDialect({ database: openSqlite(target) }),
    log: log as never,
  });
  const longRead = async <R>(query: CompiledQuery<R>) => (await db.executeQuery(query)).rows;
  const out: Record<string, { ms: number; sql: string; plan: string }[]> = {};
  try {
    for (const [kind, p] of Object.entries(paths)) {
      const q = VehicleListQuery.parse(Object.fromEntries(new URL(p, 'http://x').searchParams));
      const criteria = await searchCriteria(db, q, 'en_US');
      logged.length = 0;
      const counting = countFacets(
        db,
        dialect,
        { longRead, sharedFrom: Number.MAX_SAFE_INTEGER, estimateFrom: Number(process.env.ESTIMATED_COUNTS_FROM ?? 200_000) },
        criteria,
      );
      await Promise.all([searchVehicleIds(db, dialect, criteria, counting), counting]);
      const statements = [...logged];
      out[kind] = [];
      for (const s of statements) {
        if (/catalogue_version"? *$|max\("id"\)/i.test(s.sql)) continue;
        const explain = dialect === 'postgres' ? sql.raw('explain ') : sql.raw('explain query plan ');
        const { rows } = await db.executeQuery<Record<string, unknown>>({
          sql: `${explain.compile(db).sql}${s.sql}`,
          parameters: s.parameters,
          query: { kind: 'RawNode' } as never,
          queryId: { queryId: 'explain' },
        } as CompiledQuery<Record<string, unknown>>);
        const plan = rows.map((r) => String(r['QUERY PLAN'] ?? r.detail)).map((line) => line.trim());
        out[kind].push({ ms: s.ms, sql: s.sql.slice(0, 400), plan: plan.join(' | ') });
      }
    }
  } finally {
    await db.destroy();
  }
  return out;
}

export async function measureSearchAtScale(options: SearchBenchOptions = {}) {
  const size = options.vehicles ?? Number(process.env.BENCH_SEARCH_VEHICLES ?? 1_000_000);
  const dir = options.dir ?? process.env.BENCH_SEARCH_DIR ?? path.join(tmpdir(), 'autoroute-bench-search');
  const databaseUrl = options.databaseUrl ?? process.env.BENCH_SEARCH_DATABASE_URL;
  mkdirSync(dir, { recursive: true });
  const out: Record<string, unknown> = { vehicles: size };
  const engines = (options.engines ?? process.env.BENCH_SEARCH_ENGINES ?? 'sqlite,postgres').split(',');
  if (engines.includes('sqlite')) {
    const sqlite = await seededSqlite(size, dir);
    out.sqliteSeedMs = sqlite.seedMs;
  }
  let postgres = false;
  if (databaseUrl && engines.includes('postgres')) {
    const seeded = await seededPostgres(size, databaseUrl, dir);
    out.postgresSeed = seeded;
    postgres = !('error' in seeded);
  }
  if (options.seedOnly) return out;
  const count = options.queries ?? Number(process.env.BENCH_SEARCH_QUERIES ?? 60);
  const sqliteFile = path.join(dir, `sqlite-${size}`, 'autoroute.db');
  const reference = connect(engines.includes('sqlite') ? sqliteFile : databaseUrl!);
  const queries = await vocabulary(reference)
    .then((words) => queriesOf(words, count))
    .finally(() => reference.close());
  if (engines.includes('sqlite')) out.sqlite = await measureEngine({ DATA_DIR: path.join(dir, `sqlite-${size}`) }, queries);
  if (postgres) out.postgres = await measureEngine({ DATA_DIR: path.join(dir, `postgres-${size}`), DATABASE_URL: databaseUrl! }, queries);
  out.examples = Object.fromEntries(KINDS.map((k) => [k, queries[k][0]]));
  // The plan of each kind's first query, as the data layer runs it.
  if (engines.includes('sqlite')) out.sqlitePlans = await explainSearches('sqlite', sqliteFile, out.examples as Record<string, string>);
  if (postgres) out.postgresPlans = await explainSearches('postgres', databaseUrl!, out.examples as Record<string, string>);
  console.error(summaryOf(out));
  return out;
}

/** One line per kind and engine: p50/p95 and how many answers had estimated counts. */
function summaryOf(out: Record<string, any>): string {
  const lines = [`Search at ${out.vehicles} listings, distinct queries one at a time over HTTP (p50/p95 ms, estimated counts):`];
  for (const engine of ['sqlite', 'postgres']) {
    if (!out[engine]) continue;
    const built = out[engine].postings?.postings;
    if (built) {
      lines.push(
        `  ${engine}: postings of ${built.listings} listings (${built.mb} MB) built in ${built.buildMs} ms, process memory ${built.rssMbBefore} → ${built.rssMbAfter} MB`,
      );
    }
    for (const mode of ['database', 'postings']) {
      if (!out[engine][mode]) continue;
      for (const kind of KINDS) {
        const m = out[engine][mode][kind];
        lines.push(
          `  ${engine.padEnd(9)} ${mode.padEnd(9)} ${kind.padEnd(12)} ${m.p50Ms}/${m.p95Ms} (max ${m.maxMs}), ${m.estimated}/${m.n} estimated`,
        );
      }
    }
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureSearchAtScale({ seedOnly: process.argv.includes('--seed-only') });
  console.log(JSON.stringify(result, null, 2));
}
