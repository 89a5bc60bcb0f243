import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfig } from './core/runtime-config.ts';
import { createHttpServer } from './server/http.ts';
import { createTestApp, readJson, type TestApp, type TestMember } from './testing.ts';

// Issue 31 item 4: no input gives a 5xx. Every operation of the API document that names a thing in
// its path ({id}, {code}, {token}…) is asked about one that does not exist, and about an absurd one
// past what any column holds, as a SUPADMIN, as a member with no right over it, and as nobody.

type Doc = { paths: Record<string, Record<string, unknown>> };

let t: TestApp;
let doc: Doc;
let root: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 2 });
  doc = await readJson<Doc>(await t.app.request('/api/v1/openapi.json'));
  root = await t.member('root');
  await t.grant(root.id, [], 'SUPADMIN');
  stranger = await t.member('stranger');
});
afterAll(() => t.destroy());

const METHODS = ['get', 'put', 'patch', 'delete'] as const;
/** Not there (but a fine id), and past a 32-bit column (an id no row can have). */
const MISSING = ['999999', '999999999999'];
/** Browser navigations: a failure is a redirect to the page that tells it, never an error answer. */
const NAVIGATION = /^\/api\/v1\/auth\/external\//;
/** `{id}` that is not a number: a setting's key (a number is no key: 422). */
const NAMED_BY_KEY = /^\/api\/v1\/admin\/settings\//;

const operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => /\{[^}]+\}/.test(path))
    .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ path, method })));

describe('every operation about a thing named in its path', () => {
  it('is walked: the document lists them', () => {
    const paths = operations().map((o) => o.path);
    expect(paths).toContain('/api/v1/admin/subscriptions/{id}');
    expect(paths).toContain('/api/v1/vehicles/{id}');
    expect(paths.length).toBeGreaterThan(60);
  });

  it('answers a missing or absurd one with a 4xx, never a 5xx, whoever asks; a SUPADMIN reading a missing id gets 404', async () => {
    const wrong: string[] = [];
    const callers = [
      ['SUPADMIN', root.headers],
      ['stranger', stranger.headers],
      ['nobody', {}],
    ] as const;
    for (const { path, method } of operations()) {
      for (const id of MISSING) {
        const url = path.replace(/\{[^}]+\}/g, id);
        for (const [who, headers] of callers) {
          const withBody = method === 'put' || method === 'patch';
          const res = await t.request(url, { method: method.toUpperCase(), headers, ...(withBody ? { json: {} } : {}) });
          await res.arrayBuffer();
          const said = `${method.toUpperCase()} ${url} as ${who}: ${res.status}`;
          if (NAVIGATION.test(path)) {
            if (res.status !== 302 || !res.headers.get('location')?.startsWith('/external/error?code=')) wrong.push(said);
          } else if (res.status < 400 || res.status >= 500) {
            wrong.push(said);
          } else if (who === 'SUPADMIN' && method === 'get' && id === '999999' && path.includes('{id}') && !NAMED_BY_KEY.test(path)) {
            if (res.status !== 404) wrong.push(`${said} (not 404)`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('a method no route serves', () => {
  it('answers 405 with the methods served, in the envelope and the caller’s language, through the real server', async () => {
    // Fetch cannot send TRACE: the app is reached through the server of `npm start`, as a client would.
    const server = await createHttpServer({
      app: t.app,
      media: t.deps.media,
      runtime: runtimeConfig(t.deps.config),
      metrics: t.deps.metrics,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const ask = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      for (const path of ['/api/v1/health', '/api/v1/vehicles', '/healthz', '/api/v1/no-such-route', '/', '/vehicles/1', '/media/x.png']) {
        for (const method of ['TRACE', 'PROPFIND']) {
          const res = await ask(method, `${path}?lng=fr_FR`);
          expect(res.status, `${method} ${path}`).toBe(405);
          expect(res.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
          if (path.startsWith('/api/') || path === '/healthz')
            expect(JSON.parse(res.body)).toEqual({ code: 'METHOD_NOT_ALLOWED', error: 'Cette méthode n’est pas autorisée ici.' });
        }
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
