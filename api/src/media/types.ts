import type { Readable } from 'node:stream';

/** What serving a stored file needs to know before sending it. */
export interface MediaInfo {
  contentType: string;
  /** Bytes. */
  length: number;
  /** A validator for If-None-Match, quoted as the ETag header wants it. */
  etag: string;
}

interface MediaObject extends MediaInfo {
  body: Readable;
}

/**
 * Where stored pictures live, by key (`pictures/ab/abcd…/640.webp`): the data folder's media/ on
 * disk, or an S3 bucket (MEDIA_S3_BUCKET), behind these calls (DESIGN §1). Every server process
 * serves any key under `/media/` through `get`, whichever store holds it; the URL a key is shown
 * under is `Deps.mediaUrl`'s business (core/reference.ts), not the store's.
 */
export interface MediaStore {
  /** Stores the bytes under the key; readers see the whole file or none of it. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file and what serving it needs, or null when there is no such key. */
  get(key: string): Promise<MediaObject | null>;
  /** What `get` would answer, without the bytes (HEAD requests, conditional requests, media:migrate). */
  head(key: string): Promise<MediaInfo | null>;
  /** Removes the key; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
}
