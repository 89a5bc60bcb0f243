import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createLimiters, LIMITS, type Limiters } from './limiters.ts';

// CI points REDIS_URL_TEST at its Redis; elsewhere only the in-memory store runs (and says so).
const redisUrl = process.env.REDIS_URL_TEST;
const stores: [string, string | undefined][] = [['memory', undefined]];
if (redisUrl) stores.push(['redis', redisUrl]);
else console.log('REDIS_URL_TEST is not set: the Redis limiter tests are not run here.');

const opened: Limiters[] = [];
const open = (url: string | undefined, prefix: string) => {
  const l = createLimiters(url, { prefix });
  opened.push(l);
  return l;
};
afterAll(async () => {
  for (const l of opened) await l.close();
});

describe.each(stores)('rate limits in %s', (_name, url) => {
  const prefix = `test-${randomBytes(4).toString('hex')}`;

  it('lets the allowed attempts through, then answers 429 with Retry-After', async () => {
    const limiters = open(url, prefix);
    const key = `account-${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < LIMITS.loginPerAccount.points; i++) await limiters.consume('loginPerAccount', key);
    const error = await limiters.consume('loginPerAccount', key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    const retry = Number((error as AppError).headers?.['Retry-After']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LIMITS.loginPerAccount.duration);
  });

  it('forgets a key once reset', async () => {
    const limiters = open(url, prefix);
    const key = `reset-${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < LIMITS.loginPerAccount.points; i++) await limiters.consume('loginPerAccount', key);
    await limiters.reset('loginPerAccount', key);
    await expect(limiters.consume('loginPerAccount', key)).resolves.toBeUndefined();
  });

  it('gives back a refunded attempt, and only that one', async () => {
    const limiters = open(url, prefix);
    const key = `refund-${randomBytes(3).toString('hex')}`;
    const { points } = LIMITS.loginPerIp;
    // Ten times the limit, each refunded: none of them counts.
    for (let i = 0; i < points * 10; i++) {
      await limiters.consume('loginPerIp', key);
      await limiters.refund('loginPerIp', key);
    }
    for (let i = 0; i < points; i++) await limiters.consume('loginPerIp', key);
    await expect(limiters.consume('loginPerIp', key)).rejects.toMatchObject({ status: 429 });
  });

  it.runIf(url)('shares counts between server processes', async () => {
    const a = open(url, prefix);
    const b = open(url, prefix);
    const key = `shared-${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < LIMITS.loginPerAccount.points; i++) await (i % 2 ? a : b).consume('loginPerAccount', key);
    await expect(b.consume('loginPerAccount', key)).rejects.toMatchObject({ status: 429 });
  });
});

describe('an operator’s allowance (RATE_LIMIT_POINTS)', () => {
  it('replaces the named limit’s points and leaves the others', async () => {
    const l = createLimiters(undefined, { points: { reportPerIp: 2 } });
    await l.consume('reportPerIp', 'a');
    await l.consume('reportPerIp', 'a');
    await expect(l.consume('reportPerIp', 'a')).rejects.toBeInstanceOf(AppError);
    for (let i = 0; i < LIMITS.contactPerIp.points; i++) await l.consume('contactPerIp', 'a');
    await expect(l.consume('contactPerIp', 'a')).rejects.toBeInstanceOf(AppError);
    await l.close();
  });
});
