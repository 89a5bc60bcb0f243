import type { Locale } from '@autoroute/locales';
import type { TFunction } from 'i18next';
import type { Logger } from 'pino';
import type { Metrics } from '../core/metrics.ts';
import type { Principal } from '../domain/auth/principal.data.ts';
import type { DomainDeps } from '../domain/deps.ts';
import type { DataVersions } from '../domain/site/site.data.ts';
import type { Jobs } from '../jobs/index.ts';
import type { ResponseCache } from '../server/response-cache.ts';

/**
 * What every route has: what the domain's services take (domain/deps.ts), and what only the HTTP
 * edge uses. Built once by createDeps (deps.ts) and passed to each router.
 */
export interface Deps extends DomainDeps {
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
    /** Set by a handler whose answer holds what is true only for a moment: it is not kept (http/middleware/public-reads.ts). */
    transient?: true;
  };
}
