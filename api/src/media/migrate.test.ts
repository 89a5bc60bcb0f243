import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../testing-s3.ts';
import { s3MediaStore } from './s3.ts';
import { diskMediaStore } from './store.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'autoroute-migrate-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3({ bucket: 'autoroute-migrate' });
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run media:migrate`, as an operator runs it (asynchronously: the S3 server runs in this process). */
function migrate(env: Record<string, string>): Promise<{ status: number; out: string; err: string }> {
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_PROFILE, MEDIA_S3_BUCKET, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'api/src/media/migrate.cli.ts'],
      { cwd: root, env: { ...inherited, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', DATA_DIR: dataDir, ...env } },
      (error, out, err) => resolve({ status: error ? Number(error.code) : 0, out, err }),
    );
  });
}

describe('npm run media:migrate', () => {
  it('refuses to run without a bucket, saying which variable to set', async () => {
    const run = await migrate({});
    expect(run.status).toBe(2);
    expect(run.err).toContain('set MEDIA_S3_BUCKET');
  });

  it('copies the media folder into the bucket under the same keys, then skips what is already there', async () => {
    const disk = diskMediaStore(path.join(dataDir, 'media'));
    await disk.put('seed/suv-red-1.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await disk.put('pictures/ab/ab12/full.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    await disk.put('pictures/ab/ab12/640.webp', Buffer.from('RIFF....WEBP'));
    // An upload cut short, and a file no upload made: neither is copied.
    writeFileSync(path.join(dataDir, 'media/pictures/ab/ab12/320.webp.0b7e.tmp'), 'half');
    mkdirSync(path.join(dataDir, 'media/notes'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media/notes/read me.txt'), 'not a picture');

    const first = await migrate(s3.env);
    expect(first.err).not.toMatch(/not copied/);
    expect(first.status).toBe(0);
    expect(first.out).toContain('3 copied, 0 already there, 1 left on disk, 0 failed');
    expect(first.out).toContain('not a media key, left on disk: notes/read me.txt');
    expect(await s3.keys()).toEqual(['pictures/ab/ab12/640.webp', 'pictures/ab/ab12/full.jpg', 'seed/suv-red-1.svg']);
    const copied = await s3MediaStore(s3.config).get('pictures/ab/ab12/full.jpg');
    expect(copied).toMatchObject({ contentType: 'image/jpeg', length: 4 });
    copied?.body.destroy();

    const again = await migrate(s3.env);
    expect(again.status).toBe(0);
    expect(again.out).toContain('0 copied, 3 already there');

    // A file whose size differs from the bucket's copy is copied again.
    writeFileSync(path.join(dataDir, 'media/seed/suv-red-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1"/>');
    const changed = await migrate(s3.env);
    expect(changed.out).toContain('1 copied, 2 already there');
  }, 60_000);
});
