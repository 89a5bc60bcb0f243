/**
 * The part of `npm run bench` (scripts/bench.ts, BENCH_ONLY=churn) that measures a live marketplace,
 * as its operator sees it (issue 32): readers on 300 distinct vehicle pages while sellers reprice,
 * members like and visitors' pages send their view beacons, every write through the real HTTP API.
 *
 * - BENCH_CHURN_VEHICLES listings (20,000), seeded once and kept: a data folder named by the size
 *   under the temporary folder, and on PostgreSQL a database named after BENCH_DATABASE_URL's with
 *   `_churn_<size>` (made when missing; BENCH_DATABASE_URL's own database is left alone, the search
 *   part drops its schema). A rerun starts at once; the migrations of newer code run at the start.
 * - Two set-ups: one process on SQLite; two processes on PostgreSQL (and Redis when BENCH_REDIS_URL
 *   names one: the processes share their rate limits there), wrk spread over both (one wrk per
 *   process, half the connections each, figures summed; no proxy in between, which would take CPU).
 * - Phases of BENCH_CHURN_SECONDS (15) at 64 connections (BENCH_CHURN_CONNECTIONS) on 300
 *   distinct /vehicles/<id> pages, each phase starting with all of them kept (each page asked once
 *   of each process first): calm; one seller's repricing a second, then ten, on random listings
 *   among all of them (each by its owner, a demo seller signed in over HTTP); one member liking or
 *   unliking one of the 300 a second; one visitor's view beacon a second.
 *   For each: requests a second, p99, errors and timeouts, the page cache's hit ratio read from
 *   /metrics before and after (`autoroute_response_cache_lookups_total{cache="pages"}`), and both
 *   as a ratio to calm; the writes' own latency and failures.
 * - publishToAlert: a member saves an instant search, a seller publishes a listing that matches it,
 *   and the member's inbox (GET /api/v1/notifications), then their mail (the outbox folder), are
 *   polled until the alert arrives: seconds from the publication, or "not within 150 s".
 * BENCH_CHURN_SETUPS=sqlite,postgres and BENCH_CHURN_PHASES=calm,reprice1,reprice10,like1,beacon1,alert
 * choose what runs (all by default); BENCH_CHURN_PORT, the first of the ports the servers take (else free ones).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type Db, migrateToLatest } from '@autoroute/db';
import { DEMO_PASSWORD, mediaFolder, seedDemoCatalogue, seedReference } from '@autoroute/db/seed';
import { sql } from 'kysely';
import sharp from 'sharp';
import { DEV_SIGNING_KEY, sign } from '../api/src/index.ts';
import { latestCode, outboxMails } from '../api/src/testing.ts';
import { BROWSER_HEADERS, runWrk, type Target } from './bench-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const VEHICLES = Number(process.env.BENCH_CHURN_VEHICLES ?? 20_000);
const SECONDS = Number(process.env.BENCH_CHURN_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CHURN_CONNECTIONS ?? 64);
const PAGES = 300;
const ALERT_TIMEOUT_S = 150;
const PHASES = ['calm', 'reprice1', 'reprice10', 'like1', 'beacon1'] as const;
type PhaseName = (typeof PHASES)[number];
const wantedPhases = process.env.BENCH_CHURN_PHASES?.split(',');
const phaseWanted = (name: string) => !wantedPhases || wantedPhases.includes(name);

const errorText = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, places = 0) => Math.round(n * 10 ** places) / 10 ** places;

/** A small deterministic generator: the same 300 pages on every run of one data set. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// The data set, seeded once per size and set-up.

interface Catalogue {
  /** Listings on sale: id, owner's email, price in the currency's major unit. */
  listings: { id: number; owner: string; price: number }[];
  /** The 300 pages read under load. */
  pages: number[];
  /** What a new listing names (publishToAlert): one reference id each. */
  reference: Record<'eur' | 'france' | 'paris' | 'suv' | 'color' | 'diesel' | 'sale' | 'manual' | 'option', number>;
}

/** A data folder kept between runs, named by the set-up and the size; `seeded.json` marks it complete. */
function keptFolder(setup: string) {
  const dir = path.join(tmpdir(), `autoroute-bench-churn-${setup}-${VEHICLES}`);
  return { dir, marker: path.join(dir, 'seeded.json') };
}

/** The churn database beside BENCH_DATABASE_URL's: `<its name>_churn_<size>`, made when missing. */
async function churnDatabaseUrl(base: string): Promise<string> {
  const url = new URL(base);
  const name = `${url.pathname.replace(/^\//, '') || 'autoroute'}_churn_${VEHICLES}`;
  const admin = connect(base);
  try {
    const found = await sql<{ n: number }>`select 1 as n from pg_database where datname = ${name}`.execute(admin.db);
    if (!found.rows.length) await sql`create database ${sql.id(name)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * The catalogue of `VEHICLES` listings in `dir` (SQLite) or at `databaseUrl`, seeded unless the
 * marker says it was; then what the phases need, read once before the servers start.
 */
async function prepare(dir: string, marker: string, databaseUrl?: string): Promise<Catalogue> {
  let seeded = existsSync(marker);
  if (!seeded) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const database = connect(databaseUrl ?? path.join(dir, 'autoroute.db'));
  try {
    const db = database.db;
    if (seeded && databaseUrl) {
      // The folder is kept, yet the database may have been dropped since: seeded only if it holds them.
      const n = await sql<{ n: string | number }>`select count(*) as n from vehicles`.execute(db).catch(() => null);
      seeded = Number(n?.rows[0]?.n ?? 0) >= VEHICLES;
    }
    if (!seeded) {
      console.log(`churn: seeding ${VEHICLES} listings${databaseUrl ? ' on PostgreSQL' : ''} (once, kept in ${dir})`);
      const started = performance.now();
      if (databaseUrl) {
        await sql`drop schema if exists public cascade`.execute(db);
        await sql`create schema public`.execute(db);
      }
      await migrateToLatest(db);
      await seedReference(db);
      await seedDemoCatalogue(db, { vehicles: VEHICLES, media: mediaFolder(path.join(dir, 'media')) });
      // The state autovacuum leaves a table in after a bulk load (as the search part does).
      if (databaseUrl) await sql`vacuum analyze`.execute(db);
      writeFileSync(marker, `${JSON.stringify({ vehicles: VEHICLES, seconds: round((performance.now() - started) / 1000) })}\n`);
    }
    return await readCatalogue(database);
  } finally {
    await database.close();
  }
}

async function readCatalogue(database: Db): Promise<Catalogue> {
  const db = database.db;
  const rows = await db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .innerJoin('currencies as c', 'c.id', 'v.currency_id')
    .select(['v.id', 'u.email', 'v.price_minor', 'c.minor_units'])
    .where('v.sold', '=', 0)
    .where('u.email', 'like', '%@demo.autoroute.local')
    .orderBy('v.id')
    .execute();
  const listings = rows.map((r) => ({
    id: Number(r.id),
    owner: r.email,
    price: Math.max(100, Math.round(Number(r.price_minor) / 10 ** Number(r.minor_units))),
  }));
  const next = random(VEHICLES);
  const pool = listings.map((l) => l.id);
  const pages: number[] = [];
  while (pages.length < Math.min(PAGES, pool.length)) pages.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  const id = async (table: 'categories' | 'fuel_types' | 'types' | 'transmissions', code: string) =>
    (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const reference = {
    eur: (await db.selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirstOrThrow()).id,
    france: (await db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow()).id,
    paris: (await db.selectFrom('cities').select('id').where('name', '=', 'Paris').executeTakeFirstOrThrow()).id,
    suv: await id('categories', 'suv'),
    color: (await db.selectFrom('colors').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    diesel: await id('fuel_types', 'diesel'),
    sale: await id('types', 'sale'),
    manual: await id('transmissions', 'manual'),
    option: (await db.selectFrom('options').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  };
  return { listings, pages, reference };
}

// ---------------------------------------------------------------------------------------------
// Server processes.

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });

interface Server {
  origin: string;
  stop(): Promise<void>;
}

/** `npm start` (the build) on `dir`, ready once /readyz answers 200; its last log lines come with a failure. */
async function startServer(port: number, dir: string, env: Record<string, string>): Promise<Server> {
  const inherited = { ...process.env };
  // Only what this set-up names: a DATABASE_URL, REDIS_URL or SMTP_URL of the caller's shell would mix set-ups.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MEDIA_S3_BUCKET', 'PORT', 'DATA_DIR']) delete inherited[name];
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'bench-password-1',
      // The bench's own addresses (documentation ranges) name its visitors and members: each sign-up
      // and beacon comes from an address of its own, as on a live site, not all from the loopback.
      TRUST_PROXY: 'loopback',
      SHUTDOWN_GRACE_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(killer);
  };
  for (const deadline = Date.now() + 180_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server on ${port} exited with ${child.exitCode}: ${log.trim().slice(-500)}`);
    if ((await fetch(`${origin}/readyz`).catch(() => null))?.status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server on ${port} did not become ready: ${log.trim().slice(-500)}`);
    }
    await sleep(100);
  }
  return { origin, stop };
}

// ---------------------------------------------------------------------------------------------
// The API as a browser of ours calls it: signed, with a bearer token once signed in.

interface Call {
  method?: string;
  json?: unknown;
  body?: FormData;
  token?: string;
  headers?: Record<string, string>;
}

async function api(origin: string, route: string, call: Call = {}) {
  const body = call.json === undefined ? undefined : JSON.stringify(call.json);
  const timestamp = String(Date.now());
  const headers: Record<string, string> = {
    'x-timestamp': timestamp,
    // The raw body, or the timestamp when there is none or it is multipart (SPEC §7).
    'x-signature': sign(DEV_SIGNING_KEY, body ?? timestamp),
    ...(body !== undefined && { 'content-type': 'application/json' }),
    ...(call.token && { authorization: `Bearer ${call.token}` }),
    ...call.headers,
  };
  const res = await fetch(`${origin}${route}`, {
    method: call.method ?? 'GET',
    headers,
    body: body ?? call.body,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text };
}

let addresses = 0;
/** An address of the documentation ranges, another each time (TRUST_PROXY=loopback believes it). */
const visitorAddress = () => {
  const n = addresses++;
  return `${[198, 203][n % 2]}.${[51, 0][n % 2]}.${[100, 113][n % 2]}.${1 + (Math.floor(n / 2) % 250)}`;
};

/** A password sign-in over HTTP: the access token (valid 15 minutes: one set-up's run is shorter). */
async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await api(origin, '/api/v1/auth/login', { method: 'POST', json: { email, password } });
  if (res.status !== 200 || !res.json?.security) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return res.json.security.accessToken as string;
}

const MEMBER_PASSWORD = 'a long enough passphrase';

/** A member who signs up over HTTP and verifies their address with the code the outbox holds. */
async function signUp(origin: string, dataDir: string, tag: string) {
  const from = { 'x-forwarded-for': visitorAddress() };
  const name = `bench${tag}${Date.now().toString(36)}`;
  const user = {
    email: `${name}@example.test`,
    password: MEMBER_PASSWORD,
    username: name,
    firstName: 'Bench',
    lastName: 'Member',
    phone: '+33612345678',
  };
  const signup = await api(origin, '/api/v1/auth/signup', { method: 'POST', json: user, headers: from });
  if (signup.status !== 200) throw new Error(`sign-up answered ${signup.status}: ${signup.text.slice(0, 200)}`);
  const verified = await api(origin, '/api/v1/auth/verify-otp', {
    method: 'POST',
    json: { email: user.email, otp: latestCode(dataDir, user.email), sessionId: signup.json.data.sessionId },
    headers: from,
  });
  if (verified.status !== 200) throw new Error(`code check answered ${verified.status}: ${verified.text.slice(0, 200)}`);
  const signed = await api(origin, '/api/v1/auth/verify-email', {
    method: 'POST',
    json: { email: user.email },
    headers: { ...from, 'x-process-id': verified.json.data.processId },
  });
  if (!signed.json?.security) throw new Error(`sign-up's last step answered ${signed.status}: ${signed.text.slice(0, 200)}`);
  return { email: user.email, token: signed.json.security.accessToken as string };
}

// ---------------------------------------------------------------------------------------------
// Load, metrics and writers.

interface WrkFigures {
  requests: number;
  durationUs: number;
  errors: number;
  timeouts: number;
  unexpected: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
}

/** One wrk process (bench-server.ts's script: the paths cycled, each answer's status checked). */
async function wrk(origin: string, target: Target, connections: number, seconds: number): Promise<WrkFigures> {
  const output = await runWrk(origin, target, connections, seconds);
  const line = /^RESULT (.*)$/m.exec(output)?.[1];
  if (!line) throw new Error(`wrk gave no figures: ${output}`);
  return JSON.parse(line) as WrkFigures;
}

type Lookups = Record<'hit' | 'revalidated' | 'miss' | 'waited', number>;

/** The page cache's look-ups so far, summed over the processes (each keeps its own cache and counts). */
async function pageLookups(origins: string[]): Promise<Lookups> {
  const sum: Lookups = { hit: 0, revalidated: 0, miss: 0, waited: 0 };
  for (const origin of origins) {
    // Asked once the phase's load stopped, the scrape waits behind the renders still under way (requests
    // start in arrival order): the counts it reads were made as each request arrived, the phase's alone.
    const text = await (await fetch(`${origin}/metrics`, { signal: AbortSignal.timeout(300_000) })).text();
    for (const m of text.matchAll(/^autoroute_response_cache_lookups_total\{cache="pages",result="(\w+)"\} (\S+)$/gm))
      if (m[1]! in sum) sum[m[1] as keyof Lookups] += Number(m[2]);
  }
  return sum;
}

/** Every page asked once of each process (four at a time), so the phase starts with all of them kept. */
async function warm(origins: string[], pages: number[]) {
  const queue = pages.flatMap((id) => origins.map((origin) => `${origin}/vehicles/${id}`));
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const res = await fetch(url, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(300_000) }).catch((e: unknown) => e);
        if (!(res instanceof Response)) failures.push(`${url}: ${errorText(res)}`);
        else {
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${url}: ${res.status}`);
        }
      }
    }),
  );
  if (failures.length) throw new Error(`${failures.length} pages did not answer 200 while warming, first ${failures[0]}`);
}

/** A write the phase makes `rate` times a second, on time whatever the previous one's answer time. */
type Act = (i: number) => Promise<Awaited<ReturnType<typeof api>>>;

function paced(rate: number, act: Act) {
  const times: number[] = [];
  const failures = new Map<string, number>();
  const failed = (why: string) => failures.set(why, (failures.get(why) ?? 0) + 1);
  const pending = new Set<Promise<void>>();
  let stopped = false;
  const loop = (async () => {
    const start = performance.now();
    for (let i = 0; !stopped; i++) {
      const due = start + (i * 1000) / rate;
      while (!stopped && performance.now() < due) await sleep(Math.min(50, due - performance.now()));
      if (stopped) break;
      const began = performance.now();
      const write: Promise<void> = act(i)
        .then(({ status, json }) => {
          if (status >= 200 && status < 300) times.push(performance.now() - began);
          else failed(`${status} ${json?.code ?? ''}`.trim());
        })
        .catch(
          (error: unknown) => void failed(error instanceof Error && error.name === 'TimeoutError' ? 'no answer in 20 s' : errorText(error)),
        )
        .finally(() => pending.delete(write));
      pending.add(write);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await Promise.all(pending);
    times.sort((a, b) => a - b);
    const at = (q: number) => (times.length ? round(times[Math.min(times.length - 1, Math.floor(times.length * q))]!, 1) : null);
    return {
      ok: times.length,
      failed: [...failures.values()].reduce((x, y) => x + y, 0),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      /** Each kind of failure (status and code, or no answer within the writer's 20 s) and how many. */
      ...(failures.size && { failures: Object.fromEntries(failures) }),
    };
  };
}

export interface Context {
  origins: string[];
  dataDir: string;
  catalogue: Catalogue;
  /** Access tokens of the demo sellers, by email. */
  sellers: Map<string, string>;
  member: { email: string; token: string };
}

/** The writer of each phase, or none (calm). */
function writerOf(phase: PhaseName, ctx: Context): { rate: number; act: Act } | null {
  const { origins, catalogue } = ctx;
  const next = random(Date.now());
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  // Writes go to each process in turn, as a load balancer spreads a site's visitors.
  const originOf = (i: number) => origins[i % origins.length]!;
  const reprice: Act = async (i) => {
    const listing = pick(catalogue.listings);
    // Up or down a few percent, as a seller adjusts, never the same price.
    const price = Math.max(100, Math.round(listing.price * (0.96 + next() * 0.08)) + (next() < 0.5 ? -1 : 1));
    const res = await api(originOf(i), `/api/v1/vehicles/${listing.id}`, {
      method: 'PATCH',
      json: { price },
      token: ctx.sellers.get(listing.owner)!,
    });
    if (res.status === 200) listing.price = price;
    return res;
  };
  const liked = new Set<number>();
  switch (phase) {
    case 'calm':
      return null;
    case 'reprice1':
      return { rate: 1, act: reprice };
    case 'reprice10':
      return { rate: 10, act: reprice };
    case 'like1':
      return {
        rate: 1,
        act: async (i) => {
          const id = pick(catalogue.pages);
          const res = await api(originOf(i), `/api/v1/vehicles/${id}/like`, {
            method: liked.has(id) ? 'DELETE' : 'POST',
            token: ctx.member.token,
          });
          if (res.status < 300) liked.has(id) ? liked.delete(id) : liked.add(id);
          return res;
        },
      };
    case 'beacon1':
      return {
        rate: 1,
        // A visitor's page telling its view: a new visitor each time (address and browser), so each is counted.
        act: (i) =>
          api(originOf(i), `/api/v1/vehicles/${pick(catalogue.pages)}/view`, {
            method: 'POST',
            headers: { 'x-forwarded-for': visitorAddress(), 'user-agent': `Mozilla/5.0 (bench visitor ${i}; ${Date.now()})` },
          }),
      };
  }
}

/** One phase: warm, read the counters, load (one wrk per process, started together) while the writer writes, read again. */
async function runPhase(phase: PhaseName, ctx: Context) {
  const { origins, catalogue } = ctx;
  const step = async <T>(name: string, run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      throw new Error(`${name}: ${errorText(error)}`);
    }
  };
  await step('warming the pages', () => warm(origins, catalogue.pages));
  const before = await step('reading /metrics', () => pageLookups(origins));
  const target: Target = {
    requests: catalogue.pages.map((id) => ({ path: `/vehicles/${id}`, headers: BROWSER_HEADERS })),
    status: 200,
  };
  const writer = writerOf(phase, ctx);
  const stopWriter = writer ? paced(writer.rate, writer.act) : null;
  let runs: WrkFigures[];
  let writes: Awaited<ReturnType<ReturnType<typeof paced>>> | undefined;
  try {
    runs = await step('load', () =>
      Promise.all(origins.map((origin) => wrk(origin, target, Math.round(CONNECTIONS / origins.length), SECONDS))),
    );
  } finally {
    writes = await stopWriter?.();
  }
  const after = await step('reading /metrics after the load', () => pageLookups(origins));
  const d = (k: keyof Lookups) => after[k] - before[k];
  const lookups = d('hit') + d('revalidated') + d('miss');
  const sum = (k: keyof WrkFigures) => runs.reduce((a, r) => a + r[k], 0);
  // No request answered within the phase (every one still rendering when the load stopped): no percentile at all, not 0.
  const ms = (us: number) => (sum('requests') ? round(us / 1000, 1) : null);
  return {
    writesPerSecond: writer?.rate ?? 0,
    perSecond: Math.round(runs.reduce((a, r) => a + r.requests / (r.durationUs / 1e6), 0)),
    requests: sum('requests'),
    // Over two processes, the slower one's percentile: a visitor may land on either.
    p50Ms: ms(Math.max(...runs.map((r) => r.p50Us))),
    p99Ms: ms(Math.max(...runs.map((r) => r.p99Us))),
    maxMs: ms(Math.max(...runs.map((r) => r.maxUs))),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    /** Answers other than 200 (a 503 when a dependency failed, say). */
    unexpected: sum('unexpected'),
    pages: { hit: d('hit'), revalidated: d('revalidated'), miss: d('miss'), waited: d('waited'), rendered: d('miss') - d('waited') },
    hitRatio: lookups ? round((d('hit') + d('revalidated')) / lookups, 4) : null,
    ...(writes && { writes }),
  };
}

// ---------------------------------------------------------------------------------------------
// Publish to alert.

/** A small JPEG, uploaded as a seller's picture is before the listing is published. */
async function uploadPicture(origin: string, token: string): Promise<number> {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6f97' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'car.jpg');
  const res = await api(origin, '/api/v1/pictures', { method: 'POST', body: form, token });
  if (res.status !== 201) throw new Error(`picture upload answered ${res.status}: ${res.text.slice(0, 200)}`);
  return res.json.data.id as number;
}

/**
 * Issue 32: the seconds from a seller's publication to a matching instant saved search's alert, in
 * the member's inbox and then in their mail, each polled every half second (from every process in
 * turn) for ALERT_TIMEOUT_S at most. The listing is deleted afterwards, so reruns find the same catalogue.
 */
export async function publishToAlert(ctx: Context) {
  const { origins, catalogue, dataDir } = ctx;
  const origin = origins[0]!;
  const member = await signUp(origin, dataDir, 'alert');
  const searchName = `Bench alert ${Date.now().toString(36)}`;
  const saved = await api(origin, '/api/v1/me/saved-searches', {
    method: 'POST',
    json: { name: searchName, query: { brand: 'Peugeot', model: '3008', fuelTypeId: catalogue.reference.diesel }, frequency: 'instant' },
    token: member.token,
  });
  if (saved.status !== 201) throw new Error(`saving the search answered ${saved.status}: ${saved.text.slice(0, 200)}`);
  const ref = catalogue.reference;
  const title = `Peugeot 3008 1.5 BlueHDi ${searchName.slice(-8)}`;
  const listing = {
    title,
    brand: 'Peugeot',
    model: '3008',
    year: 2020,
    price: 21000,
    currencyId: ref.eur,
    countryId: ref.france,
    cityId: ref.paris,
    categoryId: ref.suv,
    colorId: ref.color,
    mileage: 60000,
    fuelTypeId: ref.diesel,
    typeId: ref.sale,
    transmissionId: ref.manual,
    number_of_doors: 5,
    number_of_seats: 5,
    description: 'Family SUV, full service history.',
    options: [ref.option],
  };
  // The first demo seller whose plan has room left: at 20,000 listings a private seller's plan is full.
  let published: Awaited<ReturnType<typeof api>> | null = null;
  let sellerToken = '';
  for (const [email, token] of ctx.sellers) {
    sellerToken = token;
    published = await api(origin, '/api/v1/vehicles', {
      method: 'POST',
      json: { ...listing, pictures: [await uploadPicture(origin, token)] },
      token,
    });
    if (published.status === 201) break;
    if (published.json?.code !== 'PLAN_LIMIT_VEHICLES')
      throw new Error(`${email} publishing answered ${published.status}: ${published.text.slice(0, 300)}`);
  }
  if (published?.status !== 201) throw new Error(`no demo seller's plan has room for one more listing: ${published?.text.slice(0, 200)}`);
  const at = performance.now();
  const seconds = () => round((performance.now() - at) / 1000, 1);
  let inboxS: number | null = null;
  let mailS: number | null = null;
  try {
    for (let i = 0; seconds() < ALERT_TIMEOUT_S && (inboxS === null || mailS === null); i++) {
      if (inboxS === null) {
        const inbox = await api(origins[i % origins.length]!, '/api/v1/notifications', { token: member.token });
        const found = (inbox.json?.data ?? []).some(
          (n: { kind: string; message: string }) => n.kind === 'saved_search' && n.message.includes(title),
        );
        if (found) inboxS = seconds();
      }
      if (mailS === null && outboxMails(dataDir, member.email).some((m) => m.subject.includes(searchName))) mailS = seconds();
      await sleep(500);
    }
  } finally {
    await api(origin, `/api/v1/vehicles/${published.json.data.id}`, { method: 'DELETE', token: sellerToken }).catch(() => null);
  }
  const told = (s: number | null) => (s === null ? `not within ${ALERT_TIMEOUT_S} s` : s);
  return { inboxSeconds: told(inboxS), mailSeconds: told(mailS), timeoutSeconds: ALERT_TIMEOUT_S };
}

// ---------------------------------------------------------------------------------------------
// A set-up: its servers, sessions, phases.

async function measureSetup(setup: { name: 'sqlite' | 'postgres'; processes: number; databaseUrl?: string; redisUrl?: string }) {
  const { dir, marker } = keptFolder(setup.name);
  const databaseUrl = setup.databaseUrl ? await churnDatabaseUrl(setup.databaseUrl) : undefined;
  const catalogue = await prepare(dir, marker, databaseUrl);
  const firstPort = process.env.BENCH_CHURN_PORT ? Number(process.env.BENCH_CHURN_PORT) : 0;
  const servers: Server[] = [];
  // The mail outbox of this run alone: its folder is the data folder's, emptied before and after.
  rmSync(path.join(dir, 'outbox'), { recursive: true, force: true });
  try {
    // One after the other: the first migrates (newer code's migrations) under the boot lock.
    for (let i = 0; i < setup.processes; i++) {
      const port = firstPort ? firstPort + i : await freePort();
      servers.push(
        await startServer(port, dir, {
          ...(databaseUrl && { DATABASE_URL: databaseUrl }),
          ...(setup.redisUrl && { REDIS_URL: setup.redisUrl }),
        }),
      );
    }
    const origins = servers.map((s) => s.origin);
    const ctx: Context = { origins, dataDir: dir, catalogue, sellers: new Map(), member: await signUp(origins[0]!, dir, 'likes') };
    // Access tokens hold 15 minutes: signed in again before a phase once 10 have gone (a slow machine's warm-ups are long).
    let signedAt = 0;
    const sessions = async () => {
      if (Date.now() - signedAt < 10 * 60_000) return;
      const again = signedAt > 0;
      signedAt = Date.now();
      for (const email of new Set(catalogue.listings.map((l) => l.owner)))
        ctx.sellers.set(email, await signIn(origins[0]!, email, DEMO_PASSWORD));
      if (again) ctx.member.token = await signIn(origins[0]!, ctx.member.email, MEMBER_PASSWORD);
    };
    const out: Record<string, any> = {
      processes: setup.processes,
      database: setup.name,
      redis: Boolean(setup.redisUrl),
      listings: catalogue.listings.length,
      pages: catalogue.pages.length,
    };
    for (const phase of PHASES) {
      if (!phaseWanted(phase)) continue;
      try {
        await sessions();
        out[phase] = await runPhase(phase, ctx);
      } catch (error) {
        out[phase] = { error: errorText(error) };
      }
      console.log(JSON.stringify({ churn: setup.name, [phase]: out[phase] }));
    }
    const calm = out.calm;
    if (calm?.perSecond)
      for (const phase of PHASES) {
        const m = out[phase];
        if (!m || m.error) continue;
        m.vsCalm = {
          perSecond: round(m.perSecond / calm.perSecond, 3),
          hitRatio: calm.hitRatio && m.hitRatio !== null ? round(m.hitRatio / calm.hitRatio, 3) : null,
        };
      }
    if (phaseWanted('alert')) {
      try {
        await sessions();
        out.publishToAlert = await publishToAlert(ctx);
      } catch (error) {
        out.publishToAlert = { error: errorText(error) };
      }
    }
    return out;
  } finally {
    for (const server of servers) await server.stop();
    rmSync(path.join(dir, 'outbox'), { recursive: true, force: true });
  }
}

/**
 * Every set-up asked for; one that cannot run (no PostgreSQL named, a server that does not start)
 * reports why instead of ending the bench.
 */
export async function measureChurn(options: { databaseUrl?: string; redisUrl?: string }) {
  const setups = process.env.BENCH_CHURN_SETUPS?.split(',') ?? ['sqlite', 'postgres'];
  const out: Record<string, unknown> = { vehicles: VEHICLES, pages: PAGES, connections: CONNECTIONS, secondsPerPhase: SECONDS };
  if (setups.includes('sqlite')) {
    try {
      out.sqlite = await measureSetup({ name: 'sqlite', processes: 1 });
    } catch (error) {
      out.sqlite = { error: errorText(error) };
    }
  }
  if (setups.includes('postgres')) {
    if (!options.databaseUrl) out.postgres = { error: 'not measured: BENCH_DATABASE_URL names no PostgreSQL database' };
    else
      try {
        out.postgres = await measureSetup({ name: 'postgres', processes: 2, databaseUrl: options.databaseUrl, redisUrl: options.redisUrl });
      } catch (error) {
        out.postgres = { error: errorText(error) };
      }
  }
  return out;
}

/** The churn table: each phase of each set-up, one line. */
export function churnSummary(churn: any): string[] {
  if (!churn) return [];
  const lines = [
    `  live marketplace (${churn.vehicles} listings, ${churn.pages} vehicle pages, ${churn.connections} connections, ${churn.secondsPerPhase} s a phase):`,
  ];
  const labels: Record<PhaseName, string> = {
    calm: 'calm',
    reprice1: '1 reprice/s',
    reprice10: '10 reprices/s',
    like1: '1 like/s',
    beacon1: '1 view beacon/s',
  };
  for (const [key, label] of [
    ['sqlite', 'SQLite, 1 process'],
    ['postgres', 'PostgreSQL, 2 processes'],
  ] as const) {
    const s = churn[key];
    if (!s) continue;
    if (s.error) {
      lines.push(`    ${label}: ${s.error}`);
      continue;
    }
    lines.push(
      `    ${label}${s.redis ? ' + Redis' : ''}:`,
      `      ${'phase'.padEnd(16)} ${'req/s'.padStart(7)} ${'vs calm'.padStart(8)} ${'p99 ms'.padStart(8)} ${'err/timeouts'.padStart(13)} ${'hits'.padStart(7)} ${'vs calm'.padStart(8)}  writes ok/failed (p50 ms)`,
    );
    for (const phase of PHASES) {
      const m = s[phase];
      if (!m) continue;
      if (m.error) {
        lines.push(`      ${labels[phase].padEnd(16)} failed: ${m.error}`);
        continue;
      }
      const pct = m.hitRatio === null ? '-' : `${round(m.hitRatio * 100, 1)} %`;
      const why = Object.entries<number>(m.writes?.failures ?? {})
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ');
      const writes = m.writes ? `${m.writes.ok}/${m.writes.failed} (${m.writes.p50Ms ?? '-'})${why ? `: ${why}` : ''}` : '';
      lines.push(
        `      ${labels[phase].padEnd(16)} ${String(m.perSecond).padStart(7)} ${String(m.vsCalm?.perSecond ?? '-').padStart(8)} ${String(m.p99Ms ?? '-').padStart(8)} ${`${m.errors + m.unexpected}/${m.timeouts}`.padStart(13)} ${pct.padStart(7)} ${String(m.vsCalm?.hitRatio ?? '-').padStart(8)}  ${writes}`,
      );
    }
    const a = s.publishToAlert;
    if (a?.error) lines.push(`      publish to alert: failed: ${a.error}`);
    else if (a) {
      const s_ = (v: number | string) => (typeof v === 'number' ? `${v} s` : v);
      lines.push(`      publish to alert: inbox ${s_(a.inboxSeconds)}, mail ${s_(a.mailSeconds)}`);
    }
  }
  return lines;
}

/** Also runnable alone: `node --import tsx scripts/bench-churn.ts` (what `BENCH_ONLY=churn npm run bench` runs, without the results file). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const churn = await measureChurn({ databaseUrl: process.env.BENCH_DATABASE_URL, redisUrl: process.env.BENCH_REDIS_URL });
  console.log(JSON.stringify(churn, null, 2));
  console.log(churnSummary(churn).join('\n'));
}
