import type { Database, DialectName, LongRead } from '@autoroute/db';
import type { Locale } from '@autoroute/locales';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { TFunction } from 'i18next';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Limiters } from './auth/limits.ts';
import type { Principal } from './auth/principal.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import type { Jobs } from './jobs/index.ts';
import type { Metrics } from './lib/metrics.ts';
import type { MediaUrl } from './lib/reference.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Providers } from './mail/providers.ts';
import type { MediaStore } from './media/store.ts';
import { ROUTE_MIDDLEWARE } from './openapi.ts';
import type { DataVersions } from './routes/site/site.data.ts';
import type { SearchPostings } from './routes/vehicles/postings.ts';
import type { ResponseCache } from './server/response-cache.ts';
import { localizeIssues } from './validation.ts';

/** What every route needs: built once by createApp and passed to each router. */
export interface Deps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** A long read of committed data, off the request thread on SQLite (Db.longRead): a broad search's facet counts. */
  longRead: LongRead;
  config: Config;
  log: Logger;
  mailer: Mailer;
  providers: Providers;
  limiters: Limiters;
  /** Where pictures' files are kept: the data folder's media/, or the S3 bucket (MEDIA_S3_BUCKET). */
  media: MediaStore;
  /** The URL of a stored picture's key in every answer: `/media/<key>`, or under MEDIA_PUBLIC_URL. */
  mediaUrl: MediaUrl;
  /** The scheduled jobs: "run now", and the scheduler the server starts (tests leave it stopped). */
  jobs: Jobs;
  /** What /metrics exposes: this app's registry and the recorders feeding it. */
  metrics: Metrics;
  /** The server process's state the probes report: draining once SIGTERM arrived (/readyz answers 503). */
  lifecycle: { draining: boolean };
  /** The data versions public answers are stamped with (docs/decisions/024-page-cache.md). */
  versions: () => Promise<DataVersions>;
  /** The versions of listings, as one string (docs/decisions/040-pages-keyed-by-what-they-show.md). */
  listingVersions: (ids: readonly number[]) => Promise<string>;
  /** The API's public reads kept for anonymous callers, or null when PAGE_CACHE_MB is 0. */
  publicReads: ResponseCache | null;
  /** The search's postings in this process (docs/decisions/044): searches without words at a large catalogue. */
  postings: SearchPostings;
}

export interface AppEnv {
  Bindings: {
    /** Set only by in-process calls (`app.request(path, init, { inProcess: true })`): trusted, unsigned. */
    inProcess?: boolean;
  };
  Variables: {
    requestId: string;
    locale: Locale;
    t: TFunction;
    log: Logger;
    /** The signed-in caller, or null (set by the authenticate middleware). */
    principal: Principal | null;
    /** Set by a handler whose answer holds what is true only for a moment: it is not kept (middleware/public-reads.ts). */
    transient?: true;
  };
}

/**
 * A router whose validation failures become our localized 422 envelope. Each route declared on it
 * keeps its middleware on its declaration, where the API document reads who may call it
 * (openapi.ts: documentOperations).
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        throw new AppError(422, 'VALIDATION_FAILED', {}, localizeIssues(result.error.issues, c.get('t')));
      }
    },
  });
  type Declared = { middleware?: unknown; [ROUTE_MIDDLEWARE]?: unknown };
  const declare = router.openapi as (route: Declared, ...rest: unknown[]) => unknown;
  router.openapi = ((route: Declared, ...rest: unknown[]) =>
    declare({ ...route, [ROUTE_MIDDLEWARE]: route.middleware }, ...rest)) as typeof router.openapi;
  return router;
}
