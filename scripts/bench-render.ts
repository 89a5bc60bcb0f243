/**
 * What one page costs to render (issue 32): the vehicle page, the home page and a filtered search,
 * each requested one at a time from the real server process (`npm start`, compiled), as a browser
 * asks (brotli accepted):
 * - cold: the page cache off (PAGE_CACHE_MB=0), so every request renders and every in-process API
 *   read is computed; vehicles by distinct ids, searches by distinct filters;
 * - miss: the cache on, each request a key it does not hold (distinct ids, filters, and an unused
 *   query parameter on the home page): a render, its compression and its keeping, while the API's
 *   shared reads (the search form's lists…) are kept;
 * - kept: the cache on, the same few pages again: the answer sent from memory.
 * Medians and 90th percentiles, after a warm-up. With `profile`, the cold runs are made again, one
 * server per page under `node --cpu-prof`, and the functions that cost the most CPU while the
 * requests ran are listed (self time, and total time of the function with what it calls).
 *
 * `npm run bench` runs it under BENCH_ONLY=render (scripts/bench.ts); alone:
 * `node --import tsx scripts/bench-render.ts` (BENCH_VEHICLES, BENCH_RENDER_RUNS,
 * BENCH_RENDER_PROFILE=1, DATABASE_URL for PostgreSQL: its public schema is dropped and made again).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect, migrateToLatest } from '@autoroute/db';
import { mediaFolder, seedDemoCatalogue, seedReference } from '@autoroute/db/seed';
import { sql } from 'kysely';

const root = path.resolve(import.meta.dirname, '..');
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };

export interface RenderBenchOptions {
  /** Listings seeded (20,000 by default: a render's cost does not grow with the catalogue). */
  vehicles?: number;
  /** Timed requests per page and mode (after a warm-up of a fifth as many). */
  runs?: number;
  /** A PostgreSQL database kept for the bench (its public schema is dropped and made again); else SQLite in a temporary folder. */
  databaseUrl?: string | undefined;
  /** The port the server is started on (else one picked at random from 3300–3799). */
  port?: number;
  /** Profile the cold renders too, and list this many of the costliest functions per page. */
  profile?: number;
  /** Where to keep the profiles (`<page>.cpuprofile`), to open them in Chrome's DevTools. */
  profileDir?: string | undefined;
}

export type Page = 'vehicle' | 'home' | 'search';
const PAGES: Page[] = ['vehicle', 'home', 'search'];

interface Timing {
  runs: number;
  p50Ms: number;
  p90Ms: number;
}

async function waitFor(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The compiled server on `dir`'s data (or DATABASE_URL), with `env` on top; `stop` ends it (SIGTERM, no grace). */
export async function startServer(dir: string, port: number, env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitFor(`${origin}/healthz`, Date.now() + 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

/** One GET as a browser makes it, read whole; its time in ms. */
async function timed(origin: string, target: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}${target}`, { headers: BROWSER });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${target} answered ${res.status}`);
  return performance.now() - started;
}

function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! * 10) / 10;
  return { runs: times.length, p50Ms: at(0.5), p90Ms: at(0.9) };
}

/** Requests `targets` one after the other (the first `warm` untimed). */
export async function run(origin: string, targets: string[], warm: number): Promise<Timing> {
  const times: number[] = [];
  for (const [i, target] of targets.entries()) {
    const ms = await timed(origin, target);
    if (i >= warm) times.push(ms);
  }
  return timing(times);
}

/** What the pages are asked with: vehicle ids, and search filters that each make a distinct page. */
export interface Catalogue {
  ids: number[];
  brands: string[];
}

/** The `n` distinct targets of `page` from the `from`-th on (the home page differs by an unused parameter only). */
function targets(page: Page, catalogue: Catalogue, from: number, n: number): string[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    if (page === 'vehicle') return `/vehicles/${catalogue.ids[i % catalogue.ids.length]}`;
    if (page === 'home') return i === 0 ? '/' : `/?bench=${i}`;
    const brand = catalogue.brands[i % catalogue.brands.length]!;
    const round = Math.floor(i / catalogue.brands.length);
    return `/vehicles?brand=${encodeURIComponent(brand)}&minYear=${2000 + (round % 20)}&maxMileage=${200_000 - 1000 * Math.floor(round / 20)}&sort=price_asc`;
  });
}

/** A V8 CPU profile's nodes and samples (what `--cpu-prof` writes). */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The costliest functions of the samples taken in the last `windowMs` of the profile but the last
 * `tailMs` (the requests, not the start or the stop): self time, and total time (each function
 * counted once per sample, whatever its depth), as shares of the CPU time in that window.
 */
export function topCosts(profile: CpuProfile, windowMs: number, tailMs: number, top: number) {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(`${root}/`, '');
    return `${functionName || '(anonymous)'} ${file ? `${file.replace(/^.*node_modules\//, '~/')}:${lineNumber + 1}` : ''}`.trim();
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const files = new Map<string, number>();
  const to = profile.endTime - tailMs * 1000;
  const from = to - windowMs * 1000;
  let at = profile.startTime;
  let busy = 0;
  for (const [i, sample] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i]!;
    at += delta;
    if (at < from || at > to) continue;
    const name = where(sample);
    if (name.startsWith('(idle)') || name.startsWith('(program)')) continue;
    busy += delta;
    self.set(name, (self.get(name) ?? 0) + delta);
    const file = name.includes(' ') ? name.slice(name.indexOf(' ') + 1).replace(/:\d+$/, '') : name;
    files.set(file, (files.get(file) ?? 0) + delta);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const frame = where(id);
      if (seen.has(frame)) continue;
      seen.add(frame);
      total.set(frame, (total.get(frame) ?? 0) + delta);
    }
  }
  const list = (m: Map<string, number>) =>
    [...m]
      .filter(([name]) => !name.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `${((us / busy) * 100).toFixed(1)}% ${name}`);
  return { cpuMs: Math.round(busy / 1000), self: list(self), total: list(total), files: list(files) };
}

/** The cold renders of one page under `--cpu-prof`: their costliest functions. */
export async function profilePage(
  dir: string,
  port: number,
  env: Record<string, string>,
  page: Page,
  catalogue: Catalogue,
  runs: number,
  top: number,
  /** Where to copy the profile (to open it in Chrome's DevTools); else it is deleted. */
  keepAs?: string,
) {
  const profiles = mkdtempSync(path.join(tmpdir(), 'autoroute-render-prof-'));
  try {
    const server = await startServer(dir, port, env, ['--cpu-prof', `--cpu-prof-dir=${profiles}`]);
    let windowMs = 0;
    let stopped = 0;
    try {
      const warm = Math.ceil(runs / 5);
      await run(server.origin, targets(page, catalogue, 0, warm), warm);
      const started = performance.now();
      await run(server.origin, targets(page, catalogue, warm, runs), 0);
      windowMs = performance.now() - started;
    } finally {
      stopped = performance.now();
      await server.stop();
    }
    // The profile ends as the process exits: the requests ran in the window that ended as it was told to stop.
    const tailMs = performance.now() - stopped;
    const file = readdirSync(profiles).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile');
    if (keepAs) copyFileSync(path.join(profiles, file), keepAs);
    return topCosts(JSON.parse(readFileSync(path.join(profiles, file), 'utf8')) as CpuProfile, windowMs, tailMs, top);
  } finally {
    rmSync(profiles, { recursive: true, force: true });
  }
}

/** Medians of the vehicle, home and search pages: cold (no cache), missed (cache on, new key) and kept. */
export async function measureRender(options: RenderBenchOptions = {}) {
  const vehicles = options.vehicles ?? 20_000;
  const runs = options.runs ?? 200;
  const warm = Math.ceil(runs / 5);
  const port = options.port ?? 3300 + Math.floor(Math.random() * 500);
  const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-bench-render-'));
  const env: Record<string, string> = options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {};
  const database = connect(options.databaseUrl ?? path.join(dir, 'autoroute.db'));
  let catalogue: Catalogue;
  try {
    if (options.databaseUrl) {
      await sql`drop schema if exists public cascade`.execute(database.db);
      await sql`create schema public`.execute(database.db);
    }
    await migrateToLatest(database.db);
    await seedReference(database.db);
    await seedDemoCatalogue(database.db, { vehicles, media: mediaFolder(path.join(dir, 'media')) });
    if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
    // Listings of the whole catalogue, spread out, sold ones too (their page is kept as well).
    const step = Math.max(1, Math.floor(vehicles / (runs + warm)));
    const rows = await database.db.selectFrom('vehicles').select('id').orderBy('id').execute();
    const brands = await database.db.selectFrom('vehicles').select('brand').distinct().orderBy('brand').execute();
    catalogue = { ids: rows.filter((_, i) => i % step === 0).map((r) => r.id), brands: brands.map((r) => r.brand) };
  } finally {
    await database.close();
  }
  const result: Record<string, unknown> = { vehicles, runs, database: options.databaseUrl ? 'postgres' : 'sqlite' };
  try {
    const cold: Partial<Record<Page, Timing>> = {};
    const server = await startServer(dir, port, { ...env, PAGE_CACHE_MB: '0' });
    try {
      for (const page of PAGES) cold[page] = await run(server.origin, targets(page, catalogue, 0, warm + runs), warm);
    } finally {
      await server.stop();
    }
    const missed: Partial<Record<Page, Timing>> = {};
    const kept: Partial<Record<Page, Timing>> = {};
    const cached = await startServer(dir, port, env);
    try {
      for (const page of PAGES) {
        missed[page] = await run(cached.origin, targets(page, catalogue, 0, warm + runs), warm);
        // The first ten pages again, now kept.
        const again = targets(page, catalogue, warm, 10);
        kept[page] = await run(
          cached.origin,
          Array.from({ length: warm + runs }, (_, i) => again[i % again.length]!),
          warm,
        );
      }
    } finally {
      await cached.stop();
    }
    const pages: Record<string, unknown> = {};
    for (const page of PAGES)
      pages[page] = {
        coldMs: cold[page]!.p50Ms,
        coldP90Ms: cold[page]!.p90Ms,
        missMs: missed[page]!.p50Ms,
        missP90Ms: missed[page]!.p90Ms,
        keptMs: kept[page]!.p50Ms,
        keptP90Ms: kept[page]!.p90Ms,
        coldVsKept: Math.round((cold[page]!.p50Ms / kept[page]!.p50Ms) * 10) / 10,
      };
    result.pages = pages;
    if (options.profile) {
      const costs: Record<string, unknown> = {};
      if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
      for (const page of PAGES)
        costs[page] = await profilePage(
          dir,
          port,
          { ...env, PAGE_CACHE_MB: '0' },
          page,
          catalogue,
          runs,
          options.profile,
          options.profileDir && path.join(options.profileDir, `${page}.cpuprofile`),
        );
      result.profile = costs;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

/** One line per page, for the bench's summary. */
export function renderSummary(r: { database: string; vehicles: number; pages: Record<Page, Record<string, number>> }): string[] {
  return [
    `  page renders on ${r.database}, ${r.vehicles} listings, one request at a time, median (p90) ms (target: cold at most 4x kept):`,
    ...PAGES.map((page) => {
      const m = r.pages[page];
      return `    ${page.padEnd(8)} cold ${m.coldMs} (${m.coldP90Ms}), cache miss ${m.missMs} (${m.missP90Ms}), kept ${m.keptMs} (${m.keptP90Ms}): cold ${m.coldVsKept}x kept`;
    }),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureRender({
    vehicles: Number(process.env.BENCH_VEHICLES ?? 20_000),
    runs: Number(process.env.BENCH_RENDER_RUNS ?? 200),
    databaseUrl: process.env.DATABASE_URL,
    ...(process.env.PORT && { port: Number(process.env.PORT) }),
    profileDir: process.env.BENCH_RENDER_PROFILE_DIR,
    ...(process.env.BENCH_RENDER_PROFILE && {
      profile: Number(process.env.BENCH_RENDER_PROFILE) > 1 ? Number(process.env.BENCH_RENDER_PROFILE) : 5,
    }),
  });
  console.log(JSON.stringify(result, null, 2));
  console.log(renderSummary(result as never).join('\n'));
}
