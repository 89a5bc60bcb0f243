import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type Db } from '@autoroute/db';
import { createTestDatabase, type TestDatabase, testDialect } from '@autoroute/db/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../http/middleware/signature.ts';
import { startS3, type TestS3 } from '../testing-s3.ts';

/*
 * Issue 12: two identical server processes on one PostgreSQL database, one Redis and one S3 bucket,
 * started together on an empty database, as behind a load balancer. Runs with the PostgreSQL suites
 * when a Redis is named too (.ci/run sets both).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const redisUrl = process.env.REDIS_URL_TEST;
const KEY = 'cluster-test-signing-key-2026';
const ADMIN = { email: 'admin@cluster.test', password: 'cluster admin password' };
const SELLER = { email: 'claire.martin@demo.autoroute.local', password: 'demo-seller-2026' };
// A client address of this run's own: rate limits in Redis outlive the run.
const clientIp = `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

interface Node {
  base: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

/** A signed request from outside, as a client behind the load balancer sends it. */
async function call(node: Node, method: string, url: string, options: { json?: unknown; token?: string; form?: FormData } = {}) {
  const timestamp = String(Date.now());
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = {
    'x-timestamp': timestamp,
    'x-signature': sign(KEY, body ?? timestamp),
    'x-forwarded-for': clientIp,
  };
  if (body) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return fetch(`${node.base}${url}`, { method, headers, body: body ?? options.form });
}

describe.runIf(testDialect() === 'postgres' && redisUrl)('two server processes on PostgreSQL, Redis and S3', () => {
  let database: TestDatabase;
  let s3: TestS3;
  let db: Db;
  let a: Node;
  let b: Node;
  let cameUpInMs = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    s3 = await startS3({ bucket: 'autoroute-cluster' });
    const start = async (): Promise<Node> => {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'autoroute-cluster-'));
      const output: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          PUBLIC_URL: 'https://cars.cluster.test',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          ...s3.env,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          API_SIGNING_KEY: KEY,
          TRUST_PROXY: 'true',
          SEED_VEHICLES: '30',
          // Searches without words answered by each process's postings from the first listing on (decision 044).
          SEARCH_POSTINGS_FROM: '0',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'warn',
          SHUTDOWN_GRACE_MS: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
      return { base: `http://127.0.0.1:${port}`, child, output, dataDir };
    };
    const ready = async (node: Node) => {
      for (let i = 0; i < 1200; i++) {
        if (node.child.exitCode !== null) throw new Error(`a server exited with ${node.child.exitCode}:\n${node.output.join('')}`);
        const res = await fetch(`${node.base}/readyz`).catch(() => null);
        if (res?.ok) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`a server did not become ready:\n${node.output.join('')}`);
    };
    // Both at once, on a database with no table yet.
    const started = performance.now();
    [a, b] = await Promise.all([start(), start()]);
    await Promise.all([ready(a), ready(b)]);
    cameUpInMs = Math.round(performance.now() - started);
    db = connect(database.url, { poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    const stop = (node: Node | undefined) =>
      node && node.child.exitCode === null
        ? new Promise((resolve) => {
            node.child.once('exit', resolve);
            node.child.kill('SIGTERM');
          })
        : null;
    await Promise.all([stop(a), stop(b)]);
    await db?.close();
    await s3?.close();
    await database?.destroy();
    for (const node of [a, b]) if (node) rmSync(node.dataDir, { recursive: true, force: true });
  }, 60_000);

  it('both come up on an empty database: one migrates and seeds, the other finds it done', async () => {
    console.info(`two processes up together on an empty PostgreSQL database in ${cameUpInMs} ms`);
    const count = async (table: 'languages' | 'users' | 'vehicles') =>
      Number((await db.db.selectFrom(table).select(db.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('languages')).toBe(8);
    expect(await count('vehicles')).toBe(30);
    // The administrator was created once, and said so by one process only.
    const said = [a, b].filter((node) => node.output.join('').includes(`Administrator created: ${ADMIN.email}`));
    expect(said).toHaveLength(1);
    // The demo pictures went to the bucket, not to either process's disk.
    expect((await s3.keys()).some((key) => key.startsWith('seed/'))).toBe(true);
  });

  it('a session made on one process works on the other', async () => {
    const login = await call(a, 'POST', '/api/v1/auth/login', { json: SELLER });
    expect(login.status).toBe(200);
    const { security } = (await login.json()) as { security: { accessToken: string } };
    expect((await call(b, 'GET', '/api/v1/user/me')).status).toBe(401);
    const me = await call(b, 'GET', '/api/v1/user/me', { token: security.accessToken });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(SELLER.email);
  });

  it('rate limits count the requests of both processes together', async () => {
    const nobody = { email: `nobody-${randomBytes(4).toString('hex')}@cluster.test`, password: 'wrong password' };
    // Ten wrong passwords per account in 15 minutes, half on each process: each one alone saw five.
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/v1/auth/login', { json: nobody });
      expect(res.status).toBe(401);
    }
    const eleventh = await call(b, 'POST', '/api/v1/auth/login', { json: nobody });
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('a picture uploaded to one is served by the other, and a listing made on one is found on the other at once', async () => {
    const login = await call(a, 'POST', '/api/v1/auth/login', { json: SELLER });
    const token = ((await login.json()) as { security: { accessToken: string } }).security.accessToken;
    const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'car.jpg');
    const uploaded = await call(a, 'POST', '/api/v1/pictures', { token, form });
    expect(uploaded.status).toBe(201);
    const picture = ((await uploaded.json()) as { data: { id: number; url: string } }).data;
    const fromA = await fetch(`${a.base}${picture.url}`);
    const fromB = await fetch(`${b.base}${picture.url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe(fromA.headers.get('content-type'));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

    const ids = async (table: 'currencies' | 'countries' | 'categories' | 'colors' | 'fuel_types' | 'types' | 'transmissions') =>
      (await db.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const country = await ids('countries');
    const city = await db.db.selectFrom('cities').select('id').where('country_id', '=', country).executeTakeFirstOrThrow();
    const word = `clusterix${randomBytes(3).toString('hex')}`;
    const created = await call(a, 'POST', '/api/v1/vehicles', {
      token,
      json: {
        title: `Renault Clio ${word}`,
        brand: 'Renault',
        model: 'Clio',
        year: 2022,
        price: 15900,
        currencyId: await ids('currencies'),
        countryId: country,
        cityId: city.id,
        categoryId: await ids('categories'),
        colorId: await ids('colors'),
        mileage: 21000,
        fuelTypeId: await ids('fuel_types'),
        typeId: (await db.db.selectFrom('types').select('id').where('code', '=', 'sale').executeTakeFirstOrThrow()).id,
        transmissionId: await ids('transmissions'),
        number_of_doors: 5,
        number_of_seats: 5,
        description: 'Listed through one process, searched through the other.',
        options: [(await db.db.selectFrom('options').select('id').orderBy('id').executeTakeFirstOrThrow()).id],
        pictures: [picture.id],
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const found = await call(b, 'GET', `/api/v1/vehicles?q=${word}`);
    const results = (await found.json()) as { data: { title: string }[]; meta: { total: number } };
    expect(results.meta.total).toBe(1);
    expect(results.data[0]!.title).toBe(`Renault Clio ${word}`);

    // Without words, the other process answers from its postings, which learn of the listing and
    // of its new price only through the database's change log.
    const posted = async () =>
      Number((await (await fetch(`${b.base}/metrics`)).text()).match(/^autoroute_search_postings_listings (\d+)/m)?.[1] ?? 0);
    for (let i = 0; i < 100 && (await posted()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await posted()).toBeGreaterThan(0);
    const currency = await ids('currencies');
    const priced = async (price: number) => {
      const res = await call(b, 'GET', `/api/v1/vehicles?currencyId=${currency}&minPrice=${price}&maxPrice=${price}&minYear=2022`);
      const body = (await res.json()) as { data: { id: number }[]; meta: { countsEstimated: boolean } };
      return { ids: body.data.map((v) => v.id), estimated: body.meta.countsEstimated };
    };
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const before = await priced(15900);
    expect(before.ids).toContain(id);
    expect(before.estimated).toBe(false);
    const repriced = await call(a, 'PATCH', `/api/v1/vehicles/${id}`, { token, json: { price: 15123.45 } });
    expect(repriced.status, await repriced.clone().text()).toBe(200);
    expect((await priced(15123.45)).ids).toEqual([id]);
    expect((await priced(15900)).ids).not.toContain(id);
  });

  it('a scheduled job runs once each time, not once per process', async () => {
    const login = await call(a, 'POST', '/api/v1/auth/login', { json: ADMIN });
    const token = ((await login.json()) as { security: { accessToken: string } }).security.accessToken;
    const job = await db.db.selectFrom('datacrons').select('id').where('handler', '=', 'purge-expired').executeTakeFirstOrThrow();
    // Every second from now on, saved through each process so that each reschedules at once.
    for (const node of [a, b]) {
      const current = (await (await call(node, 'GET', `/api/v1/admin/datacrons/${job.id}`, { token })).json()) as Record<string, unknown>;
      const saved = await call(node, 'PUT', `/api/v1/admin/datacrons/${job.id}`, { token, json: { ...current, cron: '* * * * * *' } });
      expect(saved.status, await saved.clone().text()).toBe(200);
    }
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 4200));
    await db.db.updateTable('datacrons').set({ active: 0 }).where('id', '=', job.id).execute();
    const runs = await db.db
      .selectFrom('datacron_runs')
      .select(['started_at', 'trigger', 'outcome'])
      .where('datacron_id', '=', job.id)
      .where('started_at', '>', since)
      .execute();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.every((r) => r.trigger === 'schedule' && r.outcome === 'success')).toBe(true);
    // One run per second: the two processes never both ran the same tick.
    const seconds = new Set(runs.map((r) => r.started_at.slice(0, 19)));
    expect(seconds.size).toBe(runs.length);
    expect(runs.length).toBeLessThanOrEqual(5);
  }, 30_000);
});
