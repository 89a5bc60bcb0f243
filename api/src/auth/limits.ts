import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

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

/** In memory by default; in Redis when REDIS_URL is set, so several server processes share counts. */
export function createLimiters(redisUrl?: string, prefix = 'autoroute'): Limiters {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([name, opts]) => [
      name,
      redis
        ? // If Redis is unreachable, counting goes on in this process rather than failing requests.
          new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${prefix}:${name}`,
            insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, ...opts }),
            ...opts,
          })
        : new RateLimiterMemory({ keyPrefix: name, ...opts }),
    ]),
  ) as unknown as Record<LimitName, RateLimiterAbstract>;
  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw new AppError(429, 'TOO_MANY_REQUESTS', {}, undefined, { 'Retry-After': String(seconds) });
        }
        throw rejection;
      }
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
    async refund(name, key) {
      await limiters[name].reward(key, 1);
    },
    async close() {
      if (redis) await redis.quit();
    },
  };
}
