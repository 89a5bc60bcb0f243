import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runtimeConfig } from '../core/runtime-config.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { createHttpServer, scriptSources } from './http.ts';

// Issue 16: strict headers. HSTS on every answer that goes out over HTTPS (pages, files, pictures,
// back office and API, by one rule) and never over plain HTTP; a page policy without 'unsafe-inline'
// for scripts.
const HSTS = 'max-age=31536000; includeSubDomains';
const open: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(open.map((s) => s.close())));

/** The real HTTP server of `npm start` around a test app configured by `env`, on a loopback port. */
async function serve(
  env: Record<string, string>,
): Promise<{ t: TestApp; get(url: string, headers?: Record<string, string>): Promise<Response> }> {
  const t = await createTestApp({ env });
  const server: Server = await createHttpServer({
    app: t.app,
    media: t.deps.media,
    runtime: runtimeConfig(t.deps.config),
    metrics: t.deps.metrics,
    transport: { publicUrl: t.deps.config.publicUrl, trustProxy: t.deps.config.trustProxy },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { t, get: (url, headers = {}) => fetch(`${base}${url}`, { headers, redirect: 'manual' }) };
}

/** A page (or the "not built" answer in its place), a missing picture, the back office, the API and a probe. */
const PATHS = ['/', '/vehicles', '/media/no-such-picture.jpg', '/admin/', '/api/v1/health', '/healthz'];

describe('Strict-Transport-Security', () => {
  it('is on every answer when PUBLIC_URL is https', async () => {
    const { get } = await serve({ PUBLIC_URL: 'https://autoroute.example' });
    for (const url of PATHS) expect((await get(url)).headers.get('strict-transport-security'), url).toBe(HSTS);
  });

  it('behind a trusted proxy, follows X-Forwarded-Proto', async () => {
    const { get } = await serve({ TRUST_PROXY: 'true' });
    for (const url of PATHS) {
      expect((await get(url, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security'), url).toBe(HSTS);
      // Several proxies: the first hop is the browser's.
      expect((await get(url, { 'x-forwarded-proto': 'https, http' })).headers.get('strict-transport-security'), url).toBe(HSTS);
      expect((await get(url, { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security'), url).toBeNull();
      expect((await get(url)).headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it('is never sent over plain HTTP, whatever an untrusted X-Forwarded-Proto says', async () => {
    const { get } = await serve({});
    for (const url of PATHS) {
      expect((await get(url)).headers.get('strict-transport-security'), url).toBeNull();
      expect((await get(url, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security'), url).toBeNull();
    }
  });
});

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...v]) => [name, v]),
  );

describe('the page policy', () => {
  it("allows no inline script but the build's hashes, no plugin, no framing and no other base", async () => {
    const { get } = await serve({});
    for (const url of ['/', '/media/no-such-picture.jpg', '/admin/']) {
      const policy = directives((await get(url)).headers.get('content-security-policy') ?? '');
      const scripts = policy.get('script-src') ?? [];
      expect(scripts[0], url).toBe("'self'");
      expect(
        scripts.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)),
        url,
      ).toBe(true);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), url).toEqual(["'self'"]);
    }
  });

  it("takes the hashes the storefront's build listed, and nothing else from that file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-hashes-'));
    try {
      const file = path.join(dir, 'script-hashes.json');
      const good = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
      writeFileSync(file, JSON.stringify([good, "'unsafe-inline'", "'sha256-x' 'unsafe-eval'", 42]));
      expect(scriptSources(file)).toBe(`'self' ${good}`);
      expect(scriptSources(path.join(dir, 'missing.json'))).toBe("'self'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the API's HTML answers", () => {
  it('every one carries a policy: the reference page and each text/html route of the API document', async () => {
    const { get } = await serve({});
    const doc = (await (await get('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    // GET routes that answer a page, with any `{param}` filled by something malformed: their error answer is a page too.
    const pages = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops.get?.responses ?? {}).some((r) => r.content?.['text/html']))
      .map(([p]) => p.replace(/\{[^}]+\}/g, 'not-a-token'));
    expect(pages).toContain('/api/v1/unsubscribe/not-a-token');
    for (const url of ['/api/v1/docs', ...pages]) {
      const res = await get(url);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      const policy = directives(res.headers.get('content-security-policy') ?? '');
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
  });

  it('the reference page loads only what the policy allows: its scripts and styles from here', async () => {
    const { get } = await serve({});
    const html = await (await get('/api/v1/docs')).text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source, source).toMatch(/^\/api\/v1\/docs\//);
      expect((await get(source)).status, source).toBe(200);
    }
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
  });
});
