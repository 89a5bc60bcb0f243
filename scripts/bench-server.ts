/**
 * The part of `npm run bench` (scripts/bench.ts) that runs against the real server process:
 * - throughput: concurrent HTTP load (autocannon) on GET /api/v1/vehicles/{id} (uncompressed, then
 *   compressed as browsers ask) and on the /vehicles/{id} page, each as a ratio to GET /api/v1/health
 *   on the same server in the same run;
 * - the JavaScript each storefront page ships, as loaded by headless Chromium;
 * - Lighthouse (mobile, its default configuration) on the home, search and vehicle pages.
 */
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
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
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };

export interface Account {
  email: string;
  password: string;
}

/** Headers of a signed API request without a body (SPEC §7); valid for five minutes. */
function signedHeaders(body?: string): Record<string, string> {
  const timestamp = String(Date.now());
  return { 'x-timestamp': timestamp, 'x-signature': sign(DEV_SIGNING_KEY, body ?? timestamp) };
}

/** One autocannon run; throws on any error or non-2xx answer, so a figure is never that of an error page. */
async function load(origin: string, paths: string[], headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  if (result.errors || result.non2xx) throw new Error(`${paths[0]}…: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return {
    perSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    kbPerResponse: Math.round(result.throughput.average / result.requests.average / 102.4) / 10,
  };
}

const CONNECTIONS = 10;
const ROUNDS = 3;

/**
 * Requests per second under `CONNECTIONS` concurrent clients, each route cycling through its paths.
 * The routes take turns, round after round, and each keeps its median round: another process busy
 * for a few seconds then weighs on every route alike instead of on one ratio.
 */
async function measureThroughput(origin: string, vehicleIds: number[]) {
  const detail = vehicleIds.map((id) => `/api/v1/vehicles/${id}`);
  const routes = {
    health: { paths: ['/api/v1/health'], headers: () => BROWSER_HEADERS },
    // Uncompressed, as an API client that asks for no encoding gets it; then as a browser gets it.
    detailApi: { paths: detail, headers: () => signedHeaders() },
    detailApiCompressed: { paths: detail, headers: () => ({ ...BROWSER_HEADERS, ...signedHeaders() }) },
    vehiclePage: { paths: vehicleIds.map((id) => `/vehicles/${id}`), headers: () => BROWSER_HEADERS },
  };
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 3);
  const runs: Record<string, Awaited<ReturnType<typeof load>>[]> = {};
  for (const [name, r] of Object.entries(routes)) {
    await load(origin, r.paths, r.headers(), 1);
    runs[name] = [];
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, r] of Object.entries(routes)) runs[name]!.push(await load(origin, r.paths, r.headers(), seconds));
  }
  const median = (name: string) => [...runs[name]!].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(ROUNDS / 2)]!;
  const health = median('health');
  const withRatio = (name: string) => {
    const m = median(name);
    return {
      ...m,
      rounds: runs[name]!.map((x) => x.perSecond),
      throughputVsHealth: Math.round((m.perSecond / health.perSecond) * 100) / 100,
    };
  };
  return {
    connections: CONNECTIONS,
    secondsPerRound: seconds,
    health: { ...health, rounds: runs.health!.map((x) => x.perSecond) },
    detailApi: withRatio('detailApi'),
    detailApiCompressed: withRatio('detailApiCompressed'),
    vehiclePage: withRatio('vehiclePage'),
  };
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
    for (const p of paths) {
      const result = await lighthouse(`${origin}${p}`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error(`lighthouse gave no result for ${p}`);
      const { lhr } = result;
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
