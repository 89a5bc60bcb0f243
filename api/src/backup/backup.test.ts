import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDialect } from '@autoroute/db/testing';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { DEV_SIGNING_KEY, loadConfig } from '../core/config.ts';
import { runtimeConfig } from '../core/runtime-config.ts';
import { createDeps } from '../deps.ts';
import { sign } from '../http/middleware/signature.ts';
import { boot } from '../server/boot.ts';
import { createHttpServer } from '../server/http.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { startS3, type TestS3 } from '../testing-s3.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `autoroute-${name}-`));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** `npm run backup:restore FILE` as an operator runs it, with this DATA_DIR. */
const restoreCommand = (file: string, env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'api/src/backup/cli.ts', 'restore', file], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });

/** Runs the seeded backup datacron now, as the scheduler or "run now" does. */
async function runBackupJob(t: TestApp) {
  const { id } = await t.database.db
    .selectFrom('datacrons')
    .select('id')
    .where('handler', '=', 'backup-database')
    .executeTakeFirstOrThrow();
  const result = await t.deps.jobs.runNow(id);
  if (result.status !== 'finished') throw new Error(`the backup did not run: ${result.status}`);
  return result.run;
}

/** The server as `npm start` runs it (boot, deps, one HTTP server) on DATA_DIR, on a free port. */
async function startServer(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: 'false', ...env });
  const log = pino({ level: 'silent' });
  const { database } = await boot(config, log);
  const deps = createDeps(config, database, log);
  const server: Server = await createHttpServer({
    app: createApp(deps),
    media: deps.media,
    log,
    runtime: runtimeConfig(config),
    metrics: deps.metrics,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await deps.limiters.close();
      await database.close();
    },
  };
}

/** A read of the API as the storefront signs it (the development key: the tests set none). */
const apiGet = (url: string) => {
  const timestamp = String(Date.now());
  return fetch(url, { headers: { 'x-timestamp': timestamp, 'x-signature': sign(DEV_SIGNING_KEY, timestamp) } });
};

/** A listing's cover picture as the API names it, and its bytes. */
async function firstCover(base: string): Promise<{ url: string; bytes: Buffer }> {
  const list = (await (await apiGet(`${base}/api/v1/vehicles?perPage=1`)).json()) as { data: { cover: { url: string } | null }[] };
  const url = list.data[0]?.cover?.url;
  if (!url) throw new Error('no listing with a cover');
  const res = await fetch(`${base}${url}`);
  expect(res.status).toBe(200);
  return { url, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.runIf(testDialect() === 'sqlite')('a backup restored into an empty DATA_DIR', () => {
  let t: TestApp;
  let archive: string;
  beforeAll(async () => {
    t = await createTestApp({ vehicles: 6 });
    await runBackupJob(t);
    const { dir } = t.deps.config.backup;
    archive = path.join(dir, readdirSync(dir).find((f) => f.endsWith('.tar.gz'))!);
  });
  afterAll(() => t.destroy());

  it('serves the listings and their pictures, the same bytes', async () => {
    const dataDir = path.join(folder('restored'), 'data');
    const restored = restoreCommand(archive, { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/^Restored the backup of .+ into .+: the database and [1-9]\d* pictures \(into DATA_DIR\/media\)/);

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const { url, bytes } = await firstCover(server.base);
      expect(url).toMatch(/^\/media\//);
      // The bytes the original store holds under the same key.
      expect(bytes.equals(readFileSync(path.join(t.deps.config.mediaDir, url.slice('/media/'.length))))).toBe(true);
      // Every listing the original serves.
      const total = async (res: Response) => ((await res.json()) as { meta: { total: number } }).meta.total;
      const listed = await total(await apiGet(`${server.base}/api/v1/vehicles?perPage=1`));
      expect(listed).toBeGreaterThan(0);
      expect(listed).toBe(await total(await t.request('/api/v1/vehicles?perPage=1')));
    } finally {
      await server.stop();
    }
  });

  it('refuses a DATA_DIR that holds anything, saying why, and touches nothing', async () => {
    const dataDir = folder('occupied');
    writeFileSync(path.join(dataDir, 'autoroute.db'), 'someone else’s database');
    const refused = restoreCommand(archive, { DATA_DIR: dataDir });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`restore refused: DATA_DIR ${dataDir} is not empty (autoroute.db)`);
    expect(readdirSync(dataDir)).toEqual(['autoroute.db']);
    expect(readFileSync(path.join(dataDir, 'autoroute.db'), 'utf8')).toBe('someone else’s database');
  });

  it('refuses a file that is not a backup', async () => {
    const other = path.join(folder('other'), 'notes.tar.gz');
    writeFileSync(other, 'not an archive');
    const refused = restoreCommand(other, { DATA_DIR: path.join(folder('restored'), 'data') });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^restore failed: /);
  });
});

describe.runIf(testDialect() === 'sqlite')('with the pictures in a bucket and the backups in another', () => {
  let s3: TestS3;
  let backups: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    backups = await startS3({ bucket: 'autoroute-backups' });
    t = await createTestApp({ vehicles: 3, env: { ...s3.env } });
  });
  afterAll(async () => {
    await t.destroy();
    await Promise.all([s3.close(), backups.close()]);
  });

  it('writes the archive to BACKUP_S3_BUCKET, keeps BACKUP_KEEP there, and it restores the bucket’s pictures', async () => {
    // The backup bucket lives on its own server here: the job's configuration points at it.
    const target = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.database.dir,
      ...backups.env,
      MEDIA_S3_BUCKET: undefined,
      BACKUP_S3_BUCKET: backups.bucket,
      BACKUP_KEEP: '2',
    }).backup;
    Object.assign(t.deps.config.backup, target);
    for (const day of ['01', '02']) {
      await backups.client.send(
        new PutObjectCommand({
          Bucket: backups.bucket,
          Key: `backups/autoroute-2020-01-${day}T04-00-00-000Z.tar.gz`,
          Body: 'old',
        }),
      );
    }

    const ran = await runBackupJob(t);
    expect(ran.outcome).toBe('success');
    expect(ran.summary).toMatch(
      /^Wrote s3:\/\/autoroute-backups\/backups\/autoroute-.+\.tar\.gz \(.+ MB, the database and [1-9]\d* pictures\); 2 backups kept, 1 older deleted\.$/,
    );
    const keys = await backups.keys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe('backups/autoroute-2020-01-02T04-00-00-000Z.tar.gz');

    // Fetched from the bucket as an operator would (aws s3 cp), then restored into a new DATA_DIR on disk.
    const object = await backups.client.send(new GetObjectCommand({ Bucket: backups.bucket, Key: keys[1]! }));
    const file = path.join(folder('download'), 'backup.tar.gz');
    writeFileSync(file, Buffer.from(await object.Body!.transformToByteArray()));
    const dataDir = path.join(folder('restored'), 'data');
    const restored = restoreCommand(file, { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const { url, bytes } = await firstCover(server.base);
      const original = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: url.slice('/media/'.length) }));
      expect(bytes.equals(Buffer.from(await original.Body!.transformToByteArray()))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
