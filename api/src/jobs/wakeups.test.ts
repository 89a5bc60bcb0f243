import { describe, expect, it } from 'vitest';
import { createWakeups } from './wakeups.ts';

// With a Redis (REDIS_URL_TEST, as cluster.test.ts): one process's publish wakes another's worker.
const redisUrl = process.env.REDIS_URL_TEST;

describe.skipIf(!redisUrl)('alert wake-ups through Redis', () => {
  it('wakes the other processes when one publishes', async () => {
    let woken = 0;
    const failures: Error[] = [];
    const options = { timeoutMs: 2000, onFailure: (e: Error) => failures.push(e) };
    const listener = createWakeups(redisUrl!, { ...options, onWake: () => (woken += 1) });
    const writer = createWakeups(redisUrl!, { ...options, onWake: () => {} });
    try {
      // Subscribed once a publish is heard: publish until it is (the subscription is asynchronous).
      const deadline = Date.now() + 5000;
      while (!woken && Date.now() < deadline) {
        writer.publish();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(woken).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    } finally {
      await Promise.all([listener.close(), writer.close()]);
    }
  });
});
