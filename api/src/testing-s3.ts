import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from './core/config.ts';
import { s3Client } from './media/s3.ts';

export interface TestS3 {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The variables that point a process (or `createTestApp({ env })`) at this bucket. */
  env: Record<string, string>;
  /** The bucket as the app's configuration describes it. */
  config: S3Config;
  /** A client configured as the app's. */
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server (the `s3rver` package) on a loopback port, with one empty bucket in a
 * temporary folder of its own: the S3 media store is tested against the SDK's real requests. It
 * checks request signatures, with its fixed key pair S3RVER / S3RVER.
 */
export async function startS3(options: { port?: number; bucket?: string } = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'autoroute-test';
  const directory = mkdtempSync(path.join(tmpdir(), 'autoroute-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    // Path-style only: virtual-host buckets would need names resolving to 127.0.0.1.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    MEDIA_S3_BUCKET: bucket,
    MEDIA_S3_ENDPOINT: endpoint,
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
  };
  const config: S3Config = {
    bucket,
    endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const client = s3Client(config);
  return {
    endpoint,
    bucket,
    env,
    config,
    client,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
