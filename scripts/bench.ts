/**
 * `npm run bench`: measures what the closing notes report, in one run on this machine.
 * - start: time from launching the server on an empty data folder to the first home page (migrate + seed + serve);
 * - seed: time to add 100,000 vehicles (BENCH_VEHICLES) to a fresh SQLite database;
 * - home page bytes: HTML, CSS and JavaScript as transferred (brotli/gzip), and what the HTML references;
 * - login: a password sign-in over HTTP (argon2id m=19 MiB, t=2, p=1 included).
 * Results are printed and written to bench-results/latest.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, migrateToLatest } from '@autoroute/db';
import { seedDemoCatalogue, seedReference } from '@autoroute/db/seed';
import { DEV_SIGNING_KEY, sign } from '../api/src/index.ts';

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

async function measureStart() {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-bench-'));
  const port = 3300 + Math.floor(Math.random() * 500);
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-password-1' },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, Date.now() + 120_000);
    results.startToFirstPageMs = Math.round(performance.now() - started);
    results.homeBytes = await measurePage(`http://127.0.0.1:${port}/?lng=en_US`);
    results.login = await measureLogin(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
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
  const js = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
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
  const db = connect(path.join(dir, 'bench.db'));
  try {
    await migrateToLatest(db.db);
    await seedReference(db.db);
    const started = performance.now();
    await seedDemoCatalogue(db.db, { vehicles, mediaDir: path.join(dir, 'media') });
    results.seed = { vehicles, ms: Math.round(performance.now() - started) };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await measureStart();
await measureSeed();
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(path.join(root, 'bench-results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
