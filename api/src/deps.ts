import type { Db } from '@autoroute/db';
import type { Logger } from 'pino';
import type { Config } from './core/config.ts';
import { dependencyFailed } from './core/dependencies.ts';
import { createLimiters } from './core/limiters.ts';
import { createMetrics } from './core/metrics.ts';
import { mediaUrls } from './core/reference.ts';
import { oncePerTurn, perTurnBatch } from './core/turns.ts';
import { stripeFor } from './domain/billing/stripe.ts';
import { dataVersionsReader, listingVersionsReader } from './domain/site/site.data.ts';
import { createSearchPostings } from './domain/vehicles/postings.ts';
import type { Deps } from './http/context.ts';
import { readDependencies } from './http/middleware/public-reads.ts';
import { createJobs } from './jobs/index.ts';
import { createMailer } from './mail/mailer.ts';
import { createProviders } from './mail/providers.ts';
import { createMediaStore } from './media/store.ts';
import { ResponseCache } from './server/response-cache.ts';

/** Everything the routes need, built from the configuration: the server and the tests use this. */
export function createDeps(config: Config, database: Db, log: Logger): Deps {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    timeoutMs: config.timeouts.smtpMs,
    dataDir: config.dataDir,
    from: config.mailFrom,
    log,
  });
  const metrics = createMetrics(database);
  // Read once per run of requests (server/turns.ts): under load, one read serves every request of a turn.
  const versions = oncePerTurn(dataVersionsReader(database));
  // Gathered per run of requests too: on PostgreSQL, one statement for the listings of every page a run serves.
  const listingVersions = listingVersionsReader(database, perTurnBatch);
  const postings = createSearchPostings({
    db: database.db,
    dialect: database.dialect,
    committed: database.committed,
    from: config.searchPostingsFrom,
    log,
  });
  metrics.watchPostings(postings);
  const jobs = createJobs({
    database,
    backup: { target: config.backup, media: config.media, mediaDir: config.mediaDir },
    log,
    onRun: metrics.jobRun,
    mail: { mailer, publicUrl: config.publicUrl },
    calendarAllowPrivate: config.calendarAllowPrivate,
    cards: stripeFor(config),
    alertsPollMs: config.alertsPollMs,
    ...(config.redisUrl && {
      redis: {
        url: config.redisUrl,
        timeoutMs: config.timeouts.redisMs,
        onFailure: (error: Error) => dependencyFailed(metrics, log, 'redis', error),
      },
    }),
  });
  return {
    db: database.db,
    dialect: database.dialect,
    longRead: database.longRead,
    config,
    log,
    mailer,
    providers: createProviders({ mailer, dataDir: config.dataDir, log, twilio: config.twilio }),
    limiters: createLimiters(config.redisUrl, {
      timeoutMs: config.timeouts.redisMs,
      points: config.rateLimitPoints,
      onFailure: (error) => dependencyFailed(metrics, log, 'redis', error),
    }),
    media: createMediaStore(config.media, config.mediaDir),
    mediaUrl: mediaUrls(config.media.publicUrl),
    jobs,
    listingChanged: () => jobs.listingChanged(),
    metrics,
    lifecycle: { draining: false },
    versions,
    listingVersions,
    postings,
    // A quarter of the budget: the API's public reads are a few kilobytes each, pages several times that.
    publicReads:
      config.pageCacheBytes > 0
        ? new ResponseCache({
            maxBytes: config.pageCacheBytes / 4,
            build: 'api',
            versions,
            listings: listingVersions,
            depends: readDependencies,
            metrics: { name: 'api', metrics },
          })
        : null,
  };
}
