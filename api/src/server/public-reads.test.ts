import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfig } from '../core/runtime-config.ts';
import { sign } from '../http/middleware/signature.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { createHttpServer } from './http.ts';

// Issue 14: over HTTP, the API's kept public reads are sent before the request reaches the app, with
// the same checks and the same headers as when the app sends them.
let t: TestApp;
let base: string;
let server: Server;
/** Requests that reached the app. */
let reached: string[] = [];
let vehicleId: number;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 4, env: { PUBLIC_URL: 'https://autoroute.example' } });
  vehicleId = (await t.database.db.selectFrom('vehicles').select('id').where('sold', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
  // The app itself, every request that reaches it noted.
  const app = Object.create(t.app) as typeof t.app;
  app.fetch = (request: Request, ...rest) => {
    reached.push(new URL(request.url).pathname);
    return t.app.fetch(request, ...rest);
  };
  server = await createHttpServer({
    app,
    media: t.deps.media,
    runtime: runtimeConfig(t.deps.config),
    metrics: t.deps.metrics,
    transport: { publicUrl: t.deps.config.publicUrl, trustProxy: t.deps.config.trustProxy },
    publicReads: { cache: t.deps.publicReads!, signingKey: t.deps.config.signingKey },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.destroy();
});

const signed = (key = t.deps.config.signingKey) => {
  const timestamp = String(Date.now());
  return { 'x-timestamp': timestamp, 'x-signature': sign(key, timestamp) };
};
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { ...signed(), ...headers } });
const counted = async (route: string) => {
  const all = await t.deps.metrics.registry.getSingleMetricAsString('autoroute_http_requests_total');
  return Number(all.match(new RegExp(`method="GET",route="${route.replaceAll('/', '\\/')}",status="200"} (\\d+)`))?.[1] ?? 0);
};
/** Header names and values but those of the answer itself. */
const lasting = (res: Response) =>
  [...res.headers].filter(([name]) => !['x-request-id', 'date', 'content-length', 'keep-alive', 'connection'].includes(name));

describe('kept API reads over HTTP', () => {
  it('sends a kept read without reaching the app, with the headers the app gave it, counted under its route', async () => {
    const path = `/api/v1/vehicles/${vehicleId}?lng=fr_FR`;
    reached = [];
    const routeBefore = await counted('/api/v1/vehicles/:id');
    const first = await get(path);
    const text = await first.text();
    expect(first.status).toBe(200);
    expect(reached).toEqual([`/api/v1/vehicles/${vehicleId}`]);

    const again = await get(path, { 'x-request-id': 'caller-chosen-id-1' });
    expect(await again.text()).toBe(text);
    expect(reached).toHaveLength(1);
    expect(lasting(again)).toEqual(lasting(first));
    expect(again.headers.get('content-language')).toBe('fr-FR');
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    // What the app's chain gives every answer: the caller's request id, HSTS (PUBLIC_URL is https).
    expect(again.headers.get('x-request-id')).toBe('caller-chosen-id-1');
    expect(again.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    expect(await counted('/api/v1/vehicles/:id')).toBe(routeBefore + 2);

    const br = await fetch(`${base}${path}`, { headers: { ...signed(), 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(reached).toHaveLength(1);
  });

  it('leaves to the app a forged signature, a caller with a session and another language', async () => {
    const path = `/api/v1/vehicles/${vehicleId}?lng=en_US`;
    await get(path);
    reached = [];
    const forged = await get(path, signed('not-the-signing-key'));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe('BAD_SIGNATURE');
    const member = await t.member('door-reader');
    const mine = await get(path, { cookie: `ACCESS_TOKEN=${member.security.accessToken}` });
    expect(mine.status).toBe(200);
    const german = await get(`/api/v1/vehicles/${vehicleId}`, { 'accept-language': 'de-DE' });
    expect(german.headers.get('content-language')).toBe('de-DE');
    expect(reached).toEqual(Array(3).fill(`/api/v1/vehicles/${vehicleId}`));
  });

  it('shows a change with the next read', async () => {
    const path = `/api/v1/vehicles/${vehicleId}?lng=en_US`;
    await get(path);
    await t.database.db.updateTable('vehicles').set({ price_minor: 7_654_300 }).where('id', '=', vehicleId).execute();
    reached = [];
    const after = (await (await get(path)).json()) as { data: { price: number } };
    expect(after.data.price).toBe(76_543);
    expect(reached).toHaveLength(1);
  });

  it('sends a kept read in the encoding asked for, the same body', async () => {
    const path = `/api/v1/vehicles/${vehicleId}?lng=en_US`;
    const plain = await (await get(path, { 'accept-encoding': 'identity' })).text();
    reached = [];
    // Read as sent (fetch would decode it).
    const { headers, bytes } = await new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      httpGet(`${base}${path}`, { headers: { ...signed(), 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(headers['content-encoding']).toBe('br');
    expect(Number(headers['content-length'])).toBe(bytes.length);
    expect(brotliDecompressSync(bytes).toString()).toBe(plain);
    expect(reached).toEqual([]);
  });
});
