import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../core/config.ts';
import { DependencyError } from '../core/dependencies.ts';
import { checkKey, contentTypeOf } from './keys.ts';
import type { MediaInfo, MediaStore } from './types.ts';

/** Stored with every object, so a CDN or the bucket's own website caches pictures as /media/ does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

/** Every failure of the store reaches the routes as the S3 dependency's (a 503, core/dependencies.ts). */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof DependencyError ? error : new DependencyError('s3', error);
  }
}

/**
 * The region the SDK would find on its own (the shared config file's profile), else us-east-1:
 * MinIO, s3rver and R2 take any region, and AWS redirects nothing for path-style endpoints we name.
 */
function regionOrDefault(): () => Promise<string> {
  let region: Promise<string> | undefined;
  return () => {
    region ??= new S3Client({}).config.region().catch(() => 'us-east-1');
    return region;
  };
}

/** The S3 client for a configuration; media:migrate and the tests use the same one. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region ?? regionOrDefault(),
    ...(config.credentials && { credentials: config.credentials }),
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    // Newer SDKs add CRC32 checksums to every request and send streamed bodies as aws-chunked
    // frames. S3-compatible stores do not all follow: s3rver stores the frames as the object's
    // bytes, older MinIO and R2 refused the trailers. Checksums only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not connect or answer in time fails the request instead of holding it (S3_TIMEOUT_MS).
    ...(config.timeoutMs && {
      requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs, throwOnRequestTimeout: true },
      maxAttempts: 1,
    }),
  });
}

/** Pictures in an S3 bucket (MEDIA_S3_BUCKET), keys as on disk, no prefix. */
export function s3MediaStore(config: S3Config, client: S3Client = s3Client(config)): MediaStore {
  const Bucket = config.bucket;
  const info = (key: string, output: { ContentLength?: number | undefined; ETag?: string | undefined }): MediaInfo => ({
    contentType: contentTypeOf(key),
    length: output.ContentLength ?? 0,
    etag: output.ETag ?? `"${key}"`,
  });
  return {
    async put(key, data) {
      // One PUT: S3 shows the whole object or none of it.
      const command = new PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: data,
        ContentType: contentTypeOf(key),
        CacheControl: IMMUTABLE,
      });
      await call(() => client.send(command));
    },
    async head(key) {
      try {
        return info(key, await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) })));
      } catch (error) {
        if (notFound(error)) return null;
        throw new DependencyError('s3', error);
      }
    },
    async get(key) {
      try {
        const output = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return { ...info(key, output), body: output.Body as Readable };
      } catch (error) {
        if (notFound(error)) return null;
        throw new DependencyError('s3', error);
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there: already gone is not an error.
      const command = new DeleteObjectCommand({ Bucket, Key: checkKey(key) });
      await call(() => client.send(command));
    },
  };
}
