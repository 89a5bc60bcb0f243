import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CacheName, CacheResult, Metrics } from '../core/metrics.ts';
import type { DataVersions } from '../domain/site/site.data.ts';

/** How a kept answer is sent: the encoding the client accepts, brotli first. */
export type Encoding = 'br' | 'gzip' | 'identity';

export interface KeptResponse {
  /** The validator, the same on every process for the same answer of the same versions and build. */
  etag: string;
  /** The headers of the original answer (Content-Type, Content-Language, Cache-Control…), without the body's. */
  headers: [string, string][];
  /** The body in one encoding, compressed the first time a client asks for that encoding. */
  body(encoding: Encoding): Buffer;
  /** The route pattern that made it, when it is the API's (counted under it in /metrics when it is sent again). */
  readonly route: string | undefined;
}

/**
 * What an answer depends on besides its target, its language and the build
 * (docs/decisions/040-pages-keyed-by-what-they-show.md): the site's version and the day always; the
 * listings it shows, by their own versions; and the catalogue, either in its key (a search's
 * answer), or as a change its kept copy may lag behind for `staleMs` while it is made again in the
 * background (the home and search pages), or not at all (a listing's page, a comparison, a content page).
 */
export interface Dependencies {
  listings: readonly number[];
  catalogue: 'key' | 'stale' | 'none';
}

/** Decides, from the target alone (path and query), what an answer depends on. */
export type DependencyPolicy = (target: string) => Dependencies;

/** What an answer is kept under, and its validator. */
export interface ResponseKey {
  /** What the answer is kept under: the build, the versions it is keyed by, the language and the target. */
  key: string;
  /** The validator of the answer current now. */
  etag: string;
  /** The catalogue's version when the answer may lag behind it (catalogue: 'stale'), else ''. */
  current: string;
  /** Whether a kept copy made at an older `current` may be sent while the answer is made again. */
  mayLag: boolean;
  /** When the versions were read (ms since the epoch): what is made under this key is current then. */
  readAt: number;
}

export interface ResponseCacheOptions {
  /** The bytes all kept answers may take, every encoding counted (least recently used go beyond). */
  maxBytes: number;
  /** What the answers depend on apart from the request and the data: the build and the runtime configuration. */
  build: string;
  /** The data versions, read once per request (the database's triggers move them). */
  versions: () => Promise<DataVersions>;
  /** The versions of these listings, as one string (the database's triggers move them). */
  listings: (ids: readonly number[]) => Promise<string>;
  /** What each answer depends on, from its target. */
  depends: DependencyPolicy;
  /** How long (ms) after it was last known current a copy that lags behind the catalogue may still be sent; 0: never. */
  staleMs?: number;
  /** Where look-ups are counted and the bytes held are exposed (/metrics), under this cache's name. */
  metrics?: { name: CacheName; metrics: Pick<Metrics, 'cacheLookup' | 'watchCache'> };
}

/** A kept answer found for a key: current, or a copy that lags behind the catalogue and may still be sent. */
export interface Found {
  kept: KeptResponse;
  current: boolean;
}

/** How many validators ResponseCache remembers. */
const ETAGS_KEPT = 10_000;

/** How long a request waits for the same answer being made for another before it makes it itself. */
const MAKE_WAIT_MS = 5000;

/** Validators of kept answers begin so (ResponseCache.key); a static file's never do. */
const KEPT_VALIDATOR = 'W/"p-';
export const isKeptValidator = (ifNoneMatch: string | undefined): boolean => ifNoneMatch?.startsWith(KEPT_VALIDATOR) === true;

/** The encoding to send: brotli or gzip when Accept-Encoding allows it (not `;q=0`), else identity. */
export function negotiate(acceptEncoding: string | null | undefined): Encoding {
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
 * An answer's compressed form, made at once on the request that first asks for that encoding: a
 * page of 40 KB in 1–3 ms. Brotli quality 5 is within 1 % of quality 9's size, and quality 9 (at
 * the default window) took 100–400 ms for that page, longer than quality 11: the first visitor of
 * every page waited for it (issue 32).
 */
export const compressNow: Record<Exclude<Encoding, 'identity'>, (body: Uint8Array) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/**
 * Brotli at its best (quality 11: a tenth smaller than quality 5 on a page, 100 ms or more of CPU),
 * made for an answer asked for again, in zlib's thread pool, never on the thread that serves.
 * One at a time, a bounded queue: the pool also reads the files the server sends, and a burst of
 * pages kept at once must not hold it; what does not fit is sent as made at first.
 */
const SMALLEST_QUEUED = 64;
const smallestQueue: (() => void)[] = [];
let makingSmallest = false;
function makeSmallest(job: (done: () => void) => void): void {
  const done = () => {
    const next = smallestQueue.shift();
    if (next) next();
    else makingSmallest = false;
  };
  if (!makingSmallest) {
    makingSmallest = true;
    job(done);
  } else if (smallestQueue.length < SMALLEST_QUEUED) smallestQueue.push(() => job(done));
}

class Kept implements KeptResponse {
  readonly #bodies: Partial<Record<Encoding, Buffer>>;
  /** Whether brotli's smallest form was asked for already (made once, when the answer is sent a second time). */
  #smallest = false;
  constructor(
    readonly etag: string,
    readonly headers: [string, string][],
    identity: Buffer,
    private readonly resized: () => void,
    readonly route: string | undefined,
    /** The catalogue's version it was made at, when it may lag behind it. */
    readonly made: string,
    /** When it was last known current (ms since the epoch). */
    public currentAt: number,
  ) {
    this.#bodies = { identity };
  }
  body(encoding: Encoding): Buffer {
    let body = this.#bodies[encoding];
    if (!body) {
      body = compressNow[encoding as Exclude<Encoding, 'identity'>](this.#bodies.identity!);
      this.#bodies[encoding] = body;
      this.resized();
    } else if (encoding === 'br' && !this.#smallest) {
      // Sent again: worth its smallest form, which replaces the first once made (the LRU counts its bytes).
      this.#smallest = true;
      const identity = this.#bodies.identity!;
      makeSmallest((done) =>
        brotliCompress(
          identity,
          { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } },
          (error, smaller) => {
            if (!error && smaller.length < this.#bodies.br!.length) {
              this.#bodies.br = smaller;
              this.resized();
            }
            done();
          },
        ),
      );
    }
    return body;
  }
  get bytes(): number {
    return Object.values(this.#bodies).reduce((n, b) => n + b.length, 512);
  }
}

/**
 * Public answers — rendered pages, and the API's public reads — kept in memory and shared by every
 * anonymous client of this process (issue 14, docs/decisions/024-page-cache.md and 040). An answer
 * is found by a key made before any work: the request, the language, the build, and the versions of
 * what the answer shows (one read of the database): the site's, the listings' it shows, and the
 * catalogue's for a search. Any change to what a public answer shows moves a version, in the same
 * transaction, on whichever process made it: the next request of every process makes a new key and
 * does the work once more; old answers are never read again and the LRU lets them go. A listing
 * page (home, search) is kept under a key without the catalogue's version, with the version it was
 * made at: when the catalogue has moved since, its copy is still sent for up to `staleMs` while one
 * request makes it again (`revalidating`), so no visitor waits for a render a copy exists for.
 */
export class ResponseCache {
  readonly #kept: LRUCache<string, Kept>;
  readonly #build: string;
  readonly #versions: () => Promise<DataVersions>;
  readonly #listings: (ids: readonly number[]) => Promise<string>;
  readonly #depends: DependencyPolicy;
  readonly #staleMs: number;
  /** The validators of recent keys: a hash made once per key, not per request. */
  readonly #etags = new Map<string, string>();
  /** Answers being made, by key and current version: who asks for one meanwhile waits for it instead of making it too. */
  readonly #making = new Map<string, Promise<void>>();
  /** Answers being made again in the background while their copy is sent, by key and current version. */
  readonly #revalidating = new Set<string>();

  readonly #count: (result: CacheResult) => void;

  constructor(options: ResponseCacheOptions) {
    this.#build = options.build;
    this.#versions = options.versions;
    this.#listings = options.listings;
    this.#depends = options.depends;
    this.#staleMs = options.staleMs ?? 0;
    this.#kept = new LRUCache<string, Kept>({ maxSize: options.maxBytes, sizeCalculation: (kept) => kept.bytes });
    const watched = options.metrics;
    this.#count = watched ? (result) => watched.metrics.cacheLookup(watched.name, result) : () => {};
    watched?.metrics.watchCache(watched.name, () => this.#kept.calculatedSize);
  }

  /** Counts a look-up's outcome: `find` counts hits, misses and stale copies; a 304 from the key alone is counted here. */
  revalidated(): void {
    this.#count('revalidated');
  }

  /**
   * The key and validator of `target` (what identifies the answer: path, query…) in `locale`, from
   * one read of the versions it depends on (and one of its listings', when it shows some).
   */
  async key(target: string, locale: string): Promise<ResponseKey> {
    const { listings, catalogue } = this.#depends(target);
    const [versions, shown] = await Promise.all([this.#versions(), listings.length ? this.#listings(listings) : '']);
    const readAt = Date.now();
    const key = `${this.#build}|${versions.site}.${versions.day}${catalogue === 'key' ? `.${versions.catalogue}` : ''}|${shown}|${locale}|${target}`;
    const current = catalogue === 'stale' ? versions.catalogue : '';
    return { key, etag: this.#validator(key, current), current, mayLag: catalogue === 'stale' && this.#staleMs > 0, readAt };
  }

  #validator(key: string, current: string): string {
    const made = `${key}#${current}`;
    let etag = this.#etags.get(made);
    if (etag === undefined) {
      etag = `${KEPT_VALIDATOR}${createHash('sha1').update(made).digest('base64url')}"`;
      // Keys of old versions are never asked for again: the list starts over rather than grow.
      if (this.#etags.size >= ETAGS_KEPT) this.#etags.clear();
      this.#etags.set(made, etag);
    }
    return etag;
  }

  /** The encoding to send a kept answer in, for this Accept-Encoding. */
  encodingFor(acceptEncoding: string | null | undefined): Encoding {
    return negotiate(acceptEncoding);
  }

  /**
   * Marks the answer of `keyed` as being made, until the returned function is called (once it is
   * kept, or not). Meanwhile `waitFor(keyed)` lets others wait for it: when the data's versions move,
   * the requests of a busy page then make it once, not once each (64 renders of the home page at once
   * held every one of them for a second).
   */
  making(keyed: ResponseKey): () => void {
    const name = `${keyed.key}#${keyed.current}`;
    let done!: () => void;
    const made = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.#making.set(name, made);
    return () => {
      if (this.#making.get(name) === made) this.#making.delete(name);
      done();
    };
  }

  /**
   * When another request is making the answer of `keyed`: waits until it is done (at most
   * MAKE_WAIT_MS), then answers what it kept (counted as `waited`), or undefined if nothing was.
   * Undefined at once, not a promise, when none is being made: the caller marks it `making` in the
   * same turn, before another request can miss it too.
   */
  waitFor(keyed: ResponseKey): Promise<KeptResponse | undefined> | undefined {
    const made = this.#making.get(`${keyed.key}#${keyed.current}`);
    if (!made) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, MAKE_WAIT_MS);
    });
    return Promise.race([made, late]).then(() => {
      clearTimeout(timer);
      const kept = this.#kept.get(keyed.key);
      if (!kept || kept.made !== keyed.current) return undefined;
      this.#count('waited');
      return kept;
    });
  }

  /**
   * The answer kept under `keyed`, counted: a hit when it is current; `stale` when it was made at
   * an older catalogue and may still be sent (`keyed.mayLag` and `lag` allow it, and it was known
   * current less than `staleMs` ago); else a miss (the caller makes the answer), counted unless
   * `countMiss` is false (a look-up before the app, which counts its own).
   */
  find(keyed: ResponseKey, { lag = true, countMiss = true }: { lag?: boolean; countMiss?: boolean } = {}): Found | undefined {
    const kept = this.#kept.get(keyed.key);
    if (kept && kept.made === keyed.current) {
      kept.currentAt = keyed.readAt;
      this.#count('hit');
      return { kept, current: true };
    }
    if (kept && lag && keyed.mayLag && keyed.readAt - kept.currentAt <= this.#staleMs) {
      this.#count('stale');
      return { kept, current: false };
    }
    if (countMiss) this.#count('miss');
    return undefined;
  }

  /**
   * Claims the background remaking of a copy that lags (once per key and version, whoever asks):
   * true for the first caller, who calls `done` once the new answer is made or failed.
   */
  revalidating(keyed: ResponseKey): { done: () => void } | null {
    const name = `${keyed.key}#${keyed.current}`;
    if (this.#revalidating.has(name)) return null;
    this.#revalidating.add(name);
    return { done: () => this.#revalidating.delete(name) };
  }

  /** Keeps an answer made under `keyed` for every later client; its compressed forms are made when first asked for. */
  set(keyed: ResponseKey, body: string, headers: [string, string][], route?: string): KeptResponse {
    const key = keyed.key;
    // Re-set once a compressed form is added, so the LRU counts its bytes.
    const kept: Kept = new Kept(
      keyed.etag,
      headers,
      Buffer.from(body),
      () => {
        if (this.#kept.peek(key) === kept) this.#kept.set(key, kept);
      },
      route,
      keyed.current,
      keyed.readAt,
    );
    const held = this.#kept.peek(key);
    // A render that began before another's and ends after it keeps the newer one.
    if (held && keyed.current !== '' && held.made !== keyed.current && Number(held.made) > Number(keyed.current)) return kept;
    this.#kept.set(key, kept);
    return kept;
  }
}

/** The build and runtime configuration answers depend on, as one short string. */
export const buildStamp = (...parts: string[]): string => createHash('sha1').update(parts.join('\0')).digest('base64url').slice(0, 16);
