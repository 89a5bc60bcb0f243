import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** How a cached page is sent: the encoding the browser accepts that we hold, brotli first. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  /** The validator, the same on every process for the same page of the same versions and build. */
  etag: string;
  /** The response headers of the render (Content-Type, Content-Language, Cache-Control…), without the body's. */
  headers: [string, string][];
  bodies: Record<PageEncoding, Buffer>;
}

/** What a public page is stamped with: its URL and language, the data's versions, the build and configuration. */
export interface PageKey {
  key: string;
  etag: string;
}

export interface PageCacheOptions {
  /** The bytes all kept pages may take, every encoding counted (LRU beyond). */
  maxBytes: number;
  /** What the rendered HTML depends on apart from the URL and the data: the build and the runtime configuration. */
  build: string;
  /** The data versions, read once per request (catalogue and site: the database's triggers bump them). */
  versions: () => Promise<string>;
}

/** The encoding to send: brotli or gzip when Accept-Encoding names it, else identity. */
export function negotiate(acceptEncoding: string | null | undefined): PageEncoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Rendered public pages, kept compressed in memory and shared by every visitor of this process
 * (issue 14). A page is found by a key made before any rendering: the URL, the language, the
 * catalogue and site versions (one read of the database) and the build. Any change to what a
 * public page shows moves a version, in the same transaction, on whichever process made it: the
 * next request of every process makes a new key, renders once and keeps that; the old pages are
 * never read again and the LRU lets them go. Signed-in visitors are not served from here.
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>;
  readonly #build: string;
  readonly #versions: () => Promise<string>;
  hits = 0;
  misses = 0;

  constructor(options: PageCacheOptions) {
    this.#build = options.build;
    this.#versions = options.versions;
    this.#pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      sizeCalculation: (page) => page.bodies.identity.length + page.bodies.br.length + page.bodies.gzip.length + 512,
    });
  }

  /** The page's key and validator, from one version read: nothing is rendered or queried beyond it. */
  async key(url: URL, locale: string): Promise<PageKey> {
    const key = `${this.#build}|${await this.#versions()}|${locale}|${url.host}${url.pathname}${url.search}`;
    return { key, etag: `W/"p-${createHash('sha1').update(key).digest('base64url')}"` };
  }

  /** The encoding to send a kept page in, for this Accept-Encoding. */
  encodingFor(acceptEncoding: string | null | undefined): PageEncoding {
    return negotiate(acceptEncoding);
  }

  get(key: string): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (page) this.hits++;
    else this.misses++;
    return page;
  }

  /** Keeps a rendered page, compressed once for every later visitor. */
  set(key: string, etag: string, html: string, headers: [string, string][]): CachedPage {
    const identity = Buffer.from(html);
    const page: CachedPage = {
      etag,
      headers,
      bodies: {
        identity,
        // Quality 9: near the smallest brotli at a fraction of quality 11's time, paid once per page and version.
        br: brotliCompressSync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
        }),
        gzip: gzipSync(identity, { level: 9 }),
      },
    };
    this.#pages.set(key, page);
    return page;
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.#pages.size, bytes: this.#pages.calculatedSize };
  }
}

/** The build and runtime configuration a page depends on, as one short string. */
export const buildStamp = (...parts: string[]): string => createHash('sha1').update(parts.join('\0')).digest('base64url').slice(0, 16);
