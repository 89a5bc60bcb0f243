import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { RETRY_AFTER_SECONDS } from '../core/dependencies.ts';
import { isMediaKey } from '../media/keys.ts';
import type { MediaInfo, MediaStore } from '../media/types.ts';

const YEAR = 'public, max-age=31536000, immutable';

/** The key a `/media/…` path names, or null for anything that is not one of our keys (a 404, never an error). */
function mediaKeyOf(url: string): string | null {
  const pathname = url.slice('/media/'.length).split(/[?#]/, 1)[0] ?? '';
  let key: string;
  try {
    key = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return isMediaKey(key) ? key : null;
}

const end = (res: ServerResponse, status: number) => {
  res.statusCode = status;
  res.end();
};

function writeHeaders(res: ServerResponse, info: MediaInfo) {
  res.setHeader('Content-Type', info.contentType);
  res.setHeader('Content-Length', info.length);
  res.setHeader('ETag', info.etag);
  res.setHeader('Cache-Control', YEAR);
}

/** `If-None-Match` against our validator; weak comparison, as for a GET (RFC 9110 §13.1.2). */
const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/**
 * Serves `/media/<key>` from the media store, whichever it is: files are immutable under their
 * keys, so they are cached for a year and revalidated by ETag. A path that is not a key of ours
 * is a 404; only a store that cannot answer gives a 503.
 */
export function mediaHandler(store: MediaStore, failed: (err: unknown, key: string) => void) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return end(res, 405);
    }
    const key = mediaKeyOf(req.url ?? '');
    if (!key) return end(res, 404);
    try {
      // HEAD and revalidations need no bytes: a head costs the store (and an S3 bill) less than a get.
      const ifNoneMatch = req.headers['if-none-match'];
      if (req.method === 'HEAD' || ifNoneMatch) {
        const info = await store.head(key);
        if (!info) return end(res, 404);
        if (matches(ifNoneMatch, info.etag)) {
          res.setHeader('ETag', info.etag);
          res.setHeader('Cache-Control', YEAR);
          return end(res, 304);
        }
        if (req.method === 'HEAD') {
          writeHeaders(res, info);
          return end(res, 200);
        }
      }
      const object = await store.get(key);
      if (!object) return end(res, 404);
      writeHeaders(res, object);
      res.statusCode = 200;
      // A client that goes away destroys the store's stream too (pipeline): no S3 socket left open.
      await pipeline(object.body, res).catch(() => {});
    } catch (err) {
      failed(err, key);
      if (res.headersSent) return void res.destroy();
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      end(res, 503);
    }
  };
}
