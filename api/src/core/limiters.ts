import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RETRY_AFTER_SECONDS } from './dependencies.ts';
import { AppError } from './errors.ts';

/**
 * Abuse limits (issue 3): points per window for each key. Chosen so that a person who mistypes
 * is never blocked, while guessing or flooding is: see the closing note for the figures.
 */
export const LIMITS = {
  // Failed sign-ins from one address: a successful one gives its point back (`refund`), so an
  // office behind one address signs in all day while guessing from it is stopped.
  loginPerIp: { points: 30, duration: 15 * 60 },
  loginPerAccount: { points: 10, duration: 15 * 60 },
  signupPerIp: { points: 10, duration: 60 * 60 },
  codePerEmail: { points: 5, duration: 60 * 60 },
  codePerIp: { points: 20, duration: 60 * 60 },
  verifyPerIp: { points: 30, duration: 15 * 60 },
  // Contacting sellers (issue 4): a visitor writes to a few sellers an hour; one listing takes at
  // most 30 messages an hour whoever sends them, so a flood from many addresses stays bounded.
  contactPerIp: { points: 10, duration: 60 * 60 },
  contactPerListing: { points: 30, duration: 60 * 60 },
  // Answers in a conversation (issue 17): a lively exchange stays far below it, a script does not.
  messagePerSender: { points: 60, duration: 60 * 60 },
  // Writing to support: a person sends one request, maybe a follow-up or two; more is a flood of our queue.
  supportPerIp: { points: 5, duration: 60 * 60 },
  // Reports of content (DSA art. 16, docs/decisions/051-reports.md): a person reports a few things
  // an hour; a campaign against one seller from one address or one reporter does not get far. A
  // guest's two calls (asking for the code, confirming) count once each.
  reportPerIp: { points: 10, duration: 60 * 60 },
  reportPerReporter: { points: 5, duration: 60 * 60 },
  // Listing views: far above any person's browsing, it only stops a script inflating counts.
  viewPerIp: { points: 600, duration: 60 * 60 },
  // Price checks (issue 31): a seller tries a few prices per listing; a script valuing the whole
  // market through us, or keeping the database busy, does not stop at 120.
  priceCheckPerIp: { points: 120, duration: 60 * 60 },
  // Picture uploads (issue 31), refused ones included: four full listings (50 pictures each) an hour
  // is far more than a seller publishes, and bounds the decoding time one account can ask of us.
  uploadPerUser: { points: 200, duration: 60 * 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

export interface Limiters {
  /** Counts one attempt for `key`; throws 429 TOO_MANY_REQUESTS with Retry-After once over the limit. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Forgets the attempts of `key` (after a successful sign-in, say). */
  reset(name: LimitName, key: string): Promise<void>;
  /** Gives back the one point the last `consume` of `key` took: that attempt was not abuse. */
  refund(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

export interface LimiterOptions {
  /** Keys are `<prefix>:<limit>:<key>` in Redis. */
  prefix?: string;
  /** REDIS_TIMEOUT_MS: the longest a connection or a command may take before Redis counts as down. */
  timeoutMs?: number;
  /** Told of each Redis failure (one log line and a metric, core/dependencies.ts). */
  onFailure?: (error: unknown) => void;
  /** RATE_LIMIT_POINTS: an operator's own allowance for some limits (points per window), e.g. a test server's. */
  points?: Partial<Record<LimitName, number>>;
}

/**
 * In memory by default; in Redis when REDIS_URL is set, so several server processes share counts.
 * A Redis that fails or does not answer within `timeoutMs` is reported, and counting goes on in
 * this process (each process then allows its own share) rather than failing or holding requests;
 * for RETRY_AFTER_SECONDS after a failure Redis is not asked, so an outage costs one timeout, not one per request.
 */
export function createLimiters(redisUrl?: string, options: LimiterOptions = {}): Limiters {
  const { prefix = 'autoroute', timeoutMs = 2000, onFailure = () => {} } = options;
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: timeoutMs, commandTimeout: timeoutMs }) : null;
  let reported = '';
  // Unheard, ioredis prints every connection error as a stack trace: report each new one once instead.
  redis?.on('error', (error: Error) => {
    if (error.message === reported) return;
    reported = error.message;
    onFailure(error);
  });
  redis?.on('ready', () => (reported = ''));
  const local = Object.fromEntries(
    Object.entries(LIMITS).map(([name, opts]) => [
      name,
      new RateLimiterMemory({ keyPrefix: name, ...opts, points: options.points?.[name as LimitName] ?? opts.points }),
    ]),
  ) as unknown as Record<LimitName, RateLimiterAbstract>;
  const shared = redis
    ? (Object.fromEntries(
        Object.entries(LIMITS).map(([name, opts]) => [
          name,
          new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${prefix}:${name}`,
            ...opts,
            points: options.points?.[name as LimitName] ?? opts.points,
          }),
        ]),
      ) as unknown as Record<LimitName, RateLimiterAbstract>)
    : null;
  let downUntil = 0;
  /** Runs `use` on Redis's limiter, or on this process's when Redis fails (a 429 is not a failure). */
  const run = async <T>(name: LimitName, use: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> => {
    if (shared && Date.now() >= downUntil) {
      try {
        return await use(shared[name]);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw error;
        downUntil = Date.now() + RETRY_AFTER_SECONDS * 1000;
        onFailure(error);
      }
    }
    return use(local[name]);
  };
  return {
    async consume(name, key) {
      try {
        await run(name, (limiter) => limiter.consume(key));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw new AppError(429, 'TOO_MANY_REQUESTS', {}, undefined, { 'Retry-After': String(seconds) });
        }
        throw rejection;
      }
    },
    async reset(name, key) {
      await run(name, (limiter) => limiter.delete(key));
    },
    async refund(name, key) {
      await run(name, (limiter) => limiter.reward(key, 1));
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
