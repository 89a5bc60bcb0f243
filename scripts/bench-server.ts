/**
 * The part of `npm run bench` (scripts/bench.ts) that runs against the real server process:
 * - throughput: concurrent HTTP load (wrk, 64 connections) on GET /api/v1/vehicles/{id}
 *   (uncompressed, then compressed as browsers ask), search, the /vehicles/{id} page, its revalidation
 *   (304) and the home page, each as a ratio to a bare Hono endpoint in a process of its own
 *   (scripts/bench-bare.mjs) and to GET /api/v1/health, in the same run; then each at 200
 *   connections for longer: errors, p99 and the slowest answer;
 * - the JavaScript each storefront page ships, as loaded by headless Chromium;
 * - Lighthouse (mobile, its default configuration) on the home, search and vehicle pages.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEV_SIGNING_KEY, sign } from '../api/src/index.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
/** What a browser sends: its answers come compressed (the health answer is too small to be). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };

export interface Account {
  email: string;
  password: string;
}

/** Headers of a signed API request without a body (SPEC §7); valid for five minutes. */
function signedHeaders(body?: string): Record<string, string> {
  const timestamp = String(Date.now());
  return { 'x-timestamp': timestamp, 'x-signature': sign(DEV_SIGNING_KEY, body ?? timestamp) };
}

/** A route under load: the paths it cycles through and the headers of each (a revalidation names its own ETag). */
export interface Target {
  requests: { path: string; headers: Record<string, string> }[];
  /** The status every answer must have: 200, or 304 for a revalidation. */
  status: number;
}

/**
 * The load generator's script: the target's requests, cycled; each answer's status checked against
 * the expected one; and a JSON line of the figures at the end. wrk is C: on a two-core machine shared
 * with the server it leaves the server most of the CPU (autocannon, in Node, became the bottleneck
 * as soon as a target cycled through several paths: the server sat two-thirds idle).
 */
function wrkScript(target: Target): string {
  const requests = target.requests.map(
    (r) =>
      `wrk.format("GET", ${JSON.stringify(r.path)}, { ${Object.entries(r.headers)
        .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
        .join(', ')} })`,
  );
  return `local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  requests = { ${requests.join(', ')} }
  n = 0
  wrong = 0
end
function request()
  n = n + 1
  return requests[(n % #requests) + 1]
end
function response(status, headers, body)
  if status ~= ${target.status} then wrong = wrong + 1 end
end
function done(summary, latency, requests)
  local unexpected = 0
  for _, t in ipairs(threads) do unexpected = unexpected + t:get("wrong") end
  local e = summary.errors
  io.write(string.format('\\nRESULT {"requests":%d,"durationUs":%d,"bytes":%d,"errors":%d,"timeouts":%d,"unexpected":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write, e.timeout, unexpected,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

/** wrk run once with the target's script: what it printed (its figures are the RESULT line). */
export async function runWrk(origin: string, target: Target, connections: number, seconds: number): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'autoroute-wrk-'));
  try {
    const script = path.join(folder, 'target.lua');
    writeFileSync(script, wrkScript(target));
    return await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, origin], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once('error', (error) => reject(new Error(`wrk could not run (${error.message}): install it (apt-get install -y wrk)`)));
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))));
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** One wrk run; a run whose answers are not all `target.status` throws, so a figure is never that of an error page. */
async function load(origin: string, target: Target, connections: number, seconds: number, strict = true) {
  const output = await runWrk(origin, target, connections, seconds);
  const line = /^RESULT (.*)$/m.exec(output)?.[1];
  if (!line) throw new Error(`wrk gave no figures: ${output}`);
  const r = JSON.parse(line) as Record<
    'requests' | 'durationUs' | 'bytes' | 'errors' | 'timeouts' | 'unexpected' | 'p50Us' | 'p99Us' | 'maxUs',
    number
  >;
  if (strict && (r.errors || r.timeouts || r.unexpected > 0))
    throw new Error(
      `${target.requests[0]?.path}…: ${r.errors} errors, ${r.timeouts} timeouts, ${r.unexpected} answers other than ${target.status}`,
    );
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    perSecond: Math.round(r.requests / (r.durationUs / 1e6)),
    p50Ms: ms(r.p50Us),
    p99Ms: ms(r.p99Us),
    maxMs: ms(r.maxUs),
    errors: r.errors + r.timeouts + r.unexpected,
    kbPerResponse: r.requests ? Math.round(r.bytes / r.requests / 102.4) / 10 : 0,
  };
}

/** Rounds at this many connections, each target keeping its median round; then one long run each at SUSTAINED. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SUSTAINED = Number(process.env.BENCH_SUSTAINED_CONNECTIONS ?? 200);
const ROUNDS = 3;

/** The bare endpoint, in a process of its own (scripts/bench-bare.mjs), answering at `origin`. */
async function startBare(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = 3800 + Math.floor(Math.random() * 100);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bench-bare.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const res = await fetch(`${origin}/ping`).catch(() => null);
    if (res?.ok) break;
    if (i > 200) throw new Error('the bare endpoint did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The search queries of the load: a text query and filtered ones, as the search form sends them. */
const SEARCHES = [
  '/api/v1/vehicles?q=Cupra&minYear=2012&sort=price_asc',
  '/api/v1/vehicles?fuelTypeId=1&minYear=2015&currencyId=1&maxPrice=30000',
  '/api/v1/vehicles?q=Clio',
  '/api/v1/vehicles?brand=Peugeot&sort=mileage_asc',
];

/**
 * Requests per second under `CONNECTIONS` concurrent clients, each target cycling through its paths.
 * The targets take turns, round after round, and each keeps its median round: another process busy
 * for a few seconds then weighs on every target alike instead of on one ratio. Ratios are to the
 * bare Hono endpoint measured in the same rounds (and to our own health route, which carries the
 * middleware). Then each target for longer at `SUSTAINED` connections: errors, p99 and the slowest.
 */
async function measureThroughput(origin: string, vehicleIds: number[]) {
  const bare = await startBare();
  try {
    const etags = await Promise.all(
      vehicleIds.map(async (id) => (await fetch(`${origin}/vehicles/${id}`, { headers: BROWSER_HEADERS })).headers.get('etag') ?? ''),
    );
    const each = (paths: string[], headers: () => Record<string, string>, status = 200): Target => ({
      requests: paths.map((path) => ({ path, headers: headers() })),
      status,
    });
    const detail = vehicleIds.map((id) => `/api/v1/vehicles/${id}`);
    const targets: Record<string, { target: Target; origin: string }> = {
      bare: { target: each(['/ping'], () => ({})), origin: bare.origin },
      health: { target: each(['/api/v1/health'], () => BROWSER_HEADERS), origin },
      // Uncompressed, as an API client that asks for no encoding gets it; then as a browser gets it.
      detailApi: { target: each(detail, () => signedHeaders()), origin },
      detailApiCompressed: { target: each(detail, () => ({ ...BROWSER_HEADERS, ...signedHeaders() })), origin },
      search: { target: each(SEARCHES, () => ({ ...BROWSER_HEADERS, ...signedHeaders() })), origin },
      vehiclePage: {
        target: each(
          vehicleIds.map((id) => `/vehicles/${id}`),
          () => BROWSER_HEADERS,
        ),
        origin,
      },
      vehiclePage304: {
        target: {
          requests: vehicleIds.map((id, i) => ({ path: `/vehicles/${id}`, headers: { ...BROWSER_HEADERS, 'if-none-match': etags[i]! } })),
          status: 304,
        },
        origin,
      },
      home: { target: each(['/'], () => BROWSER_HEADERS), origin },
    };
    const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 3);
    const runs: Record<string, Awaited<ReturnType<typeof load>>[]> = {};
    for (const [name, t] of Object.entries(targets)) {
      await load(t.origin, t.target, CONNECTIONS, 1);
      runs[name] = [];
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, t] of Object.entries(targets)) runs[name]!.push(await load(t.origin, t.target, CONNECTIONS, seconds));
    }
    const median = (name: string) => [...runs[name]!].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(ROUNDS / 2)]!;
    const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
    const measured: Record<string, unknown> = {};
    for (const name of Object.keys(targets)) {
      const m = median(name);
      measured[name] = {
        ...m,
        rounds: runs[name]!.map((x) => x.perSecond),
        vsBare: ratio(m.perSecond, median('bare').perSecond),
        throughputVsHealth: ratio(m.perSecond, median('health').perSecond),
      };
    }
    // Sustained: signatures are made afresh (they hold five minutes), and errors are counted, not thrown.
    const sustainedSeconds = Number(process.env.BENCH_SUSTAINED_SECONDS ?? 30);
    const sustained: Record<string, unknown> = {};
    for (const name of ['bare', 'detailApi', 'search', 'vehiclePage', 'vehiclePage304', 'home']) {
      const t = name === 'detailApi' ? { ...targets[name]!, target: each(detail, () => signedHeaders()) } : targets[name]!;
      sustained[name] = await load(t.origin, t.target, SUSTAINED, sustainedSeconds, false);
    }
    return {
      connections: CONNECTIONS,
      secondsPerRound: seconds,
      ...measured,
      sustained: { connections: SUSTAINED, seconds: sustainedSeconds, ...sustained },
    };
  } finally {
    await bare.stop();
  }
}

/** `<script …>` tags of an HTML text, with their attributes and inline content. */
function scriptTags(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    attributes: m[1]!,
    content: m[2]!,
    index: m.index,
  }));
}

const hasAttribute = (attributes: string, name: string) => new RegExp(`(^|\\s)${name}(\\s|=|$)`, 'i').test(attributes);

/**
 * What a page ships, loaded in Chromium: every script response (gzip level 9 of its body, whatever
 * the server sent), once loaded and again after scrolling to the end (islands that wait to be
 * visible); the inline scripts of the HTML (data blocks such as JSON-LD aside); and the classic
 * `<script src>` in the head without async, defer or type=module, which hold back the first render.
 */
async function measurePages(origin: string, pages: { path: string; signedIn?: boolean }[], account: Account) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const visitor = await browser.newContext();
    const member = await browser.newContext();
    const body = JSON.stringify(account);
    const login = await member.request.post(`${origin}/api/v1/auth/login`, {
      data: body,
      headers: { 'content-type': 'application/json', ...signedHeaders(body) },
    });
    if (!login.ok()) throw new Error(`sign-in for the page measurements answered ${login.status()}`);
    const measured: Record<string, unknown> = {};
    for (const { path, signedIn } of pages) {
      const page = await (signedIn ? member : visitor).newPage();
      const scripts = new Map<string, number>();
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(
          response
            .body()
            .then((b) => void scripts.set(response.url(), gzipSync(b, { level: 9 }).length))
            .catch(() => undefined),
        );
      });
      const sum = async () => {
        await Promise.all(pending);
        return [...scripts.values()].reduce((a, b) => a + b, 0);
      };
      const response = await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
      const status = response?.status() ?? 0;
      const html = (await response?.text()) ?? '';
      const atLoad = await sum();
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 100));
        }
      });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const js = await sum();
      const head = html.slice(0, Math.max(0, html.search(/<\/head>/i)));
      const inline = scriptTags(html).filter(
        (s) => !hasAttribute(s.attributes, 'src') && !/type\s*=\s*["']?application\/(ld\+)?json/i.test(s.attributes),
      );
      const inlineGzip = inline.reduce((a, s) => a + gzipSync(s.content, { level: 9 }).length, 0);
      const blocking = scriptTags(head)
        .filter((s) => s.index < head.length && hasAttribute(s.attributes, 'src'))
        .filter((s) => !['async', 'defer'].some((a) => hasAttribute(s.attributes, a)) && !/type\s*=\s*["']?module/i.test(s.attributes))
        .map((s) => s.attributes.match(/src\s*=\s*["']?([^"'\s>]+)/i)?.[1] ?? '');
      measured[path] = {
        status,
        jsGzip: js,
        jsGzipAtLoad: atLoad,
        jsFiles: scripts.size,
        inlineScripts: inline.length,
        inlineScriptGzip: inlineGzip,
        totalJsGzip: js + inlineGzip,
        renderBlockingScripts: blocking,
      };
      await page.close();
    }
    return measured;
  } finally {
    await browser.close();
  }
}

/** Lighthouse's performance category and its Core Web Vitals, mobile (the default configuration). */
async function measureLighthouse(origin: string, paths: string[]) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const measured: Record<string, unknown> = { formFactor: 'mobile' };
    const run = async (p: string) => {
      const result = await lighthouse(`${origin}${p}`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error(`lighthouse gave no result for ${p}`);
      return result.lhr;
    };
    for (const p of paths) {
      let lhr = await run(p);
      // A trace Chromium failed to record (NO_NAVSTART, on a loaded machine) says nothing of the page: once more.
      if (lhr.runtimeError) lhr = await run(p);
      measured.version = lhr.lighthouseVersion;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
      const score = lhr.categories.performance?.score;
      measured[p] = {
        performance: score === null || score === undefined ? null : Math.round(score * 100),
        lcpMs: Math.round(audit('largest-contentful-paint') ?? 0),
        tbtMs: Math.round(audit('total-blocking-time') ?? 0),
        cls: Math.round((audit('cumulative-layout-shift') ?? 0) * 1000) / 1000,
        fcpMs: Math.round(audit('first-contentful-paint') ?? 0),
        ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
      };
    }
    return measured;
  } finally {
    chrome.kill();
  }
}

/** Every measurement against the server at `origin`; a part that cannot run reports why instead. */
export async function measureServer(origin: string, options: { vehicleIds: number[]; account: Account }) {
  const [vehicle] = options.vehicleIds;
  const out: Record<string, unknown> = { throughput: await measureThroughput(origin, options.vehicleIds) };
  const attempt = async (name: string, measure: () => Promise<unknown>) => {
    try {
      out[name] = await measure();
    } catch (error) {
      out[name] = { error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
    }
  };
  await attempt('pageJavaScript', () =>
    measurePages(
      origin,
      [
        { path: '/' },
        { path: '/vehicles' },
        { path: `/vehicles/${vehicle}` },
        { path: '/compare' },
        { path: '/sign-in' },
        { path: '/favorites/', signedIn: true },
        { path: '/notifications/', signedIn: true },
        { path: '/my/', signedIn: true },
        { path: '/help-center/' },
        { path: '/about' },
      ],
      options.account,
    ),
  );
  await attempt('lighthouse', () => measureLighthouse(origin, ['/', '/vehicles', `/vehicles/${vehicle}`]));
  return out;
}
