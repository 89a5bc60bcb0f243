import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RuntimeConfig, runtimeConfigJson, runtimeConfigScript } from '@autoroute/contract/runtime-config';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import type { Logger } from 'pino';
import sirv from 'sirv';
import type { App } from '../app.ts';
import { dependencyFailed, failedDependency } from '../core/dependencies.ts';
import type { Metrics, SiteRoute } from '../core/metrics.ts';
import { HSTS, isServedMethod, SERVED_METHODS, servedOverHttps, type TrustProxy } from '../core/request.ts';
import { takeTurns } from '../core/turns.ts';
import type { DataVersions } from '../domain/site/site.data.ts';
import { requestIdOf } from '../http/middleware/request-id.ts';
import type { MediaStore } from '../media/types.ts';
import { mediaHandler } from './media.ts';
import { isSharedPage, pageDependencies, publicPage } from './public-pages.ts';
import { type KeptReads, keptRead } from './public-reads.ts';
import { buildStamp, isKeptValidator, ResponseCache, type ResponseKey } from './response-cache.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: object) => Promise<void>;

// Three folders below the checkout, as is the bundle `npm start` runs (api/dist/server/main.mjs).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const STOREFRONT_DIST = path.join(ROOT, 'storefront/dist');
const BACKOFFICE_DIST = path.join(ROOT, 'backoffice/dist');

const YEAR = 'public, max-age=31536000, immutable';
/** How long each turn of the event loop may spend starting requests before it accepts a new connection (turns.ts). */
const TURN_SLICE_MS = 1;
/** The operators' probes live at the root but are answered by the API app (DESIGN §2a). */
const PROBE = /^\/(healthz|readyz|metrics)(\?|$)/;

/**
 * The scripts a page may run: the site's own files, and written in the page only those whose
 * SHA-256 the storefront's build listed (storefront/script-hashes.mjs). Never 'unsafe-inline'.
 */
export function scriptSources(hashesFile = path.join(STOREFRONT_DIST, 'script-hashes.json')): string {
  const hashes: unknown = existsSync(hashesFile) ? JSON.parse(readFileSync(hashesFile, 'utf8')) : [];
  const listed = Array.isArray(hashes)
    ? hashes.filter((h): h is string => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/]+=*'$/.test(h))
    : [];
  return ["'self'", ...listed].join(' ');
}

/** The policy of pages and everything else outside the API (the API sets its own through Hono). */
const pagePolicy = (imageSources: string, scripts: string) =>
  `default-src 'self'; img-src ${imageSources}; style-src 'self' 'unsafe-inline'; script-src ${scripts}; object-src 'none'; font-src 'self' data:; connect-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`;

/** Headers every non-API response carries; HSTS when it goes out over HTTPS (core/request.ts, as the API's). */
function baseHeaders(res: ServerResponse, policy: string, https: boolean) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Content-Security-Policy', policy);
  if (https) res.setHeader('Strict-Transport-Security', HSTS);
}

/** Static files from a folder, using precompressed .br/.gz siblings when the build wrote them. */
function staticFiles(dir: string, options: { immutable: (p: string) => boolean; single?: boolean }): Handler {
  return sirv(dir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    single: options.single ?? false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', options.immutable(pathname) ? YEAR : 'no-cache');
    },
  });
}

export interface ServerParts {
  app: App;
  /** Where pictures are kept (Deps.media): served under /media/ whichever store it is. */
  media: MediaStore;
  /** MEDIA_PUBLIC_URL: pages then show pictures from there, so the page policy allows its origin. */
  mediaPublicUrl?: string | undefined;
  log?: Logger;
  /** What browsers need from the configuration: written into the storefront's pages and the back office's index.html. */
  runtime: RuntimeConfig;
  /** Where requests outside the API are counted (the API app counts its own). */
  metrics: Metrics;
  /**
   * The data versions and listing versions public pages are keyed by, the bytes of rendered pages to
   * keep (0: none), and how long a home or search page may lag behind the catalogue (ms, 0: never).
   */
  pageCache?: {
    versions: () => Promise<DataVersions>;
    listings: (ids: readonly number[]) => Promise<string>;
    maxBytes: number;
    staleMs?: number;
  };
  /** PUBLIC_URL and TRUST_PROXY: whether an answer goes out over HTTPS (HSTS). Unset: plain HTTP. */
  transport?: { publicUrl: string; trustProxy: TrustProxy };
  /** The API's kept public reads, sent before the app is reached (public-reads.ts). Unset: the app sends them. */
  publicReads?: KeptReads | undefined;
  /** The storefront's build (tests give one of their own). */
  storefrontDist?: string;
}

/** The header of the server's own requests that render a lagging page again, and how long one may take. */
const REMAKE_HEADER = 'x-autoroute-remake';
const REMAKE_TIMEOUT_MS = 30_000;

/**
 * One process, one port (DESIGN §1): `/api/*` to Hono, `/admin/*` to the built back office,
 * `/media/*` to stored pictures, everything else to Astro (its static client files first).
 */
export async function createHttpServer({
  app,
  media: store,
  mediaPublicUrl,
  log,
  runtime,
  metrics,
  pageCache,
  transport,
  publicReads,
  storefrontDist = STOREFRONT_DIST,
}: ServerParts): Promise<Server> {
  const api = getRequestListener(app.fetch);
  const compress = compression({ threshold: 1024 }) as unknown as Handler;
  // Pictures arrive while the server runs (and from other processes): looked up in the store per request.
  const media = mediaHandler(store, (err, key) => {
    // The disk store fails only on a fault of this machine; a bucket's failure is the S3 dependency's.
    const dependency = failedDependency(err);
    if (!dependency) log?.error({ err, key }, 'media store did not answer');
    else if (log) dependencyFailed(metrics, log.child({ key }), dependency, err);
    else metrics.dependencyError(dependency);
  });
  const imageSources = ["'self'", 'data:', 'blob:', ...(mediaPublicUrl ? [new URL(mediaPublicUrl).origin] : [])].join(' ');
  const policy = pagePolicy(imageSources, scriptSources(path.join(storefrontDist, 'script-hashes.json')));
  const https = (req: IncomingMessage) =>
    transport
      ? servedOverHttps(transport.publicUrl, transport.trustProxy, req.socket.remoteAddress, req.headers['x-forwarded-proto'])
      : false;
  const adminIndexFile = path.join(BACKOFFICE_DIST, 'index.html');
  const admin = existsSync(adminIndexFile) ? staticFiles(BACKOFFICE_DIST, { immutable: (p) => p.startsWith('/assets/') }) : null;
  // The back office's one page, with the runtime configuration written in: its build depends on none.
  const adminIndex = admin ? readFileSync(adminIndexFile, 'utf8').replace('</head>', `${runtimeConfigScript(runtime)}</head>`) : '';
  const sendAdminIndex = (res: ServerResponse) => {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(adminIndex);
  };
  // Without a build the API still serves (the tests of the server process need no build).
  const entry = path.join(storefrontDist, 'server/entry.mjs');
  const astro: AstroHandler | null = existsSync(entry) ? (await import(pathToFileURL(entry).href)).handler : null;
  const client = astro ? staticFiles(path.join(storefrontDist, 'client'), { immutable: (p) => p.startsWith('/_astro/') }) : null;
  // Rendered public pages depend on the build and the runtime configuration written into them, and on the data's versions.
  const buildFile = path.join(storefrontDist, '.build-hash');
  const pages =
    astro && pageCache && pageCache.maxBytes > 0
      ? new ResponseCache({
          maxBytes: pageCache.maxBytes,
          build: buildStamp(existsSync(buildFile) ? readFileSync(buildFile, 'utf8') : entry, runtimeConfigJson(runtime)),
          versions: pageCache.versions,
          listings: pageCache.listings,
          depends: pageDependencies,
          staleMs: pageCache.staleMs ?? 0,
          metrics: { name: 'pages', metrics },
        })
      : undefined;

  /**
   * A home or search page sent while it lags behind the catalogue is rendered again apart from any
   * visitor's request (docs/decisions/040): a request of the server's own, over loopback to the
   * address it listens on, that the front door recognises by a secret of this process and never
   * answers with a copy that lags. It goes through everything a visitor's does, and keeps the page.
   */
  const remakeSecret = randomBytes(24).toString('base64url');
  const remake = (target: string, locale: string, done: () => void) => {
    let finished = false;
    const finish = () => {
      if (!finished) {
        finished = true;
        done();
      }
    };
    const address = server.address();
    if (!address) return finish();
    const where =
      typeof address === 'string'
        ? { socketPath: address }
        : { host: address.address === '::' ? '::1' : address.address === '0.0.0.0' ? '127.0.0.1' : address.address, port: address.port };
    const request = httpRequest(
      { ...where, path: target, headers: { [REMAKE_HEADER]: remakeSecret, cookie: `i18next=${locale}`, 'accept-encoding': 'identity' } },
      (answer) => {
        answer.resume();
        answer.once('end', finish);
        answer.once('error', finish);
      },
    );
    request.setTimeout(REMAKE_TIMEOUT_MS, () => request.destroy());
    request.once('error', (error) => {
      log?.warn({ err: error, path: target.split('?', 1)[0] }, 'page not rendered again');
      finish();
    });
    request.end();
  };
  /**
   * Server-side pages reach the API in-process: same contract, no socket, trusted (DESIGN §1). Its
   * calls carry the page's request id, so their log lines and the page's share it.
   */
  const inProcessApi = (requestId: string) => (url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('x-request-id', requestId);
    return app.request(url, { ...init, headers }, { inProcess: true });
  };

  const notBuilt = (res: ServerResponse, what: string) => {
    res.statusCode = 503;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(`The ${what} is not built: run "npm run build".`);
  };

  const isAdmin = (url: string) => url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    // The API app counts and times its own requests, by route pattern.
    if (url.startsWith('/api/') || PROBE.test(url)) {
      const answer = () => void compress(req, res, () => void api(req, res));
      if (!publicReads || req.method !== 'GET' || !url.startsWith('/api/')) return answer();
      // A kept public read is sent as it is; anything else, or a failed version read, goes to the app.
      return void keptRead(publicReads, req, res, { metrics, log, https: https(req) }).then(
        (sent) => sent || answer(),
        (error: unknown) => {
          log?.warn({ err: error }, 'kept API reads unavailable');
          answer();
        },
      );
    }
    const started = performance.now();
    // Labelled by what answers, from a fixed set: the path itself would be unbounded.
    let route: SiteRoute = url.startsWith('/media/') ? 'media' : isAdmin(url) ? 'admin' : 'static';
    // Every answer is one log line with its id, as the API's are (http/middleware/request-id.ts); the path
    // is logged without its query and with link tokens masked (log.ts).
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
    res.setHeader('X-Request-Id', requestId);
    const pathname = url.split('?', 1)[0]!;
    res.once('finish', () => {
      const ms = performance.now() - started;
      metrics.request(req.method ?? 'GET', route, res.statusCode, ms / 1000);
      const entry = { requestId, method: req.method, path: pathname, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) log?.error(entry, 'request failed');
      else log?.info(entry, 'request');
    });
    // Compressed on the fly only what is rendered here: built files are precompressed, pictures are
    // compressed already, and kept pages are compressed once (public-pages.ts).
    const compressed = (send: () => void) => compress(req, res, send);
    const pageHeaders = () => baseHeaders(res, policy, https(req));
    // A browser revalidating a page it holds (the validator is a kept answer's): its 304 carries the
    // validator's headers only, the page's own are set once something else is to be sent.
    const revalidating = route === 'static' && pages !== undefined && isKeptValidator(req.headers['if-none-match']);
    if (!revalidating) pageHeaders();
    if (!isServedMethod(req.method)) {
      res.writeHead(405, { Allow: SERVED_METHODS.join(', '), 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end('Method not allowed.');
    }
    if (route === 'media') return void media(req, res);
    if (route === 'admin') {
      if (!admin) return notBuilt(res, 'back office');
      if (url === '/admin' || url.startsWith('/admin?')) {
        res.writeHead(301, { Location: `/admin/${url.slice('/admin'.length)}` });
        return void res.end();
      }
      req.url = url.slice('/admin'.length);
      const file = req.url.split('?')[0];
      if (file === '/' || file === '/index.html') return compressed(() => sendAdminIndex(res));
      // A file of the build, or else one of the single-page app's routes.
      return admin(req, res, () => compressed(() => sendAdminIndex(res)));
    }
    if (!astro || !client) {
      route = 'page';
      return notBuilt(res, 'storefront');
    }
    // Astro writes per-request values into locals: each request gets its own object.
    const render = (pageKey?: ResponseKey) => {
      route = 'page';
      compressed(() => void astro(req, res, undefined, { api: inProcessApi(requestId), runtime, pages, pageKey }));
    };
    // Astro's client files first; what is not one of them is a page.
    if (!pages) return client(req, res, () => render());
    // A kept page, or its key to keep it under once rendered; then `otherwise` with that key.
    const page = (otherwise: (pageKey?: ResponseKey) => void) => {
      route = 'page';
      const remaking = req.headers[REMAKE_HEADER] === remakeSecret;
      return publicPage(pages, req, res, revalidating ? pageHeaders : () => {}, { remake, remaking }).then(
        (answer) => answer !== 'sent' && otherwise(answer ?? undefined),
        (error: unknown) => {
          // The version read failed (the database is away): the page renders, and says so itself.
          log?.warn({ err: error }, 'public page cache unavailable');
          otherwise();
        },
      );
    };
    // A revalidation is answered before the files are looked at: one version read, and when the page
    // is unchanged nothing else is done.
    if (revalidating)
      return void page((pageKey) => {
        route = 'static';
        pageHeaders();
        client(req, res, () => render(pageKey));
      });
    // A shared page is rendered, never a file of the build: no need to look for one.
    if (isSharedPage(pathname)) return void page(render);
    client(req, res, () => void page(render));
  };
  const turn = takeTurns(TURN_SLICE_MS);
  const server = createServer((req, res) => turn(() => handle(req, res)));
  return server;
}
