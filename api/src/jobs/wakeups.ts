import { Redis } from 'ioredis';

/** The channel every process of a deployment listens on; the message carries nothing. */
const WAKE_CHANNEL = 'autoroute:listing-events';

export interface Wakeups {
  /** Tells the other processes that work was queued (best effort: their poll is the floor). */
  publish(): void;
  close(): Promise<void>;
}

/**
 * Redis pub/sub between the processes of a deployment (REDIS_URL): a write queued on one process
 * wakes the alert workers of all, so an idle one takes the work while the writer's is busy. A lost
 * message, or Redis down, costs a poll interval, never an alert: the rows are the truth.
 */
export function createWakeups(
  redisUrl: string,
  { timeoutMs, onWake, onFailure }: { timeoutMs: number; onWake: () => void; onFailure: (error: Error) => void },
): Wakeups {
  const options = { maxRetriesPerRequest: 1, connectTimeout: timeoutMs, commandTimeout: timeoutMs };
  const sub = new Redis(redisUrl, { ...options, commandTimeout: undefined });
  const pub = new Redis(redisUrl, options);
  let reported = '';
  // Each new error once (ioredis would print every reconnection's as a stack trace).
  const report = (error: Error) => {
    if (error.message === reported) return;
    reported = error.message;
    onFailure(error);
  };
  for (const client of [sub, pub]) {
    client.on('error', report);
    client.on('ready', () => (reported = ''));
  }
  sub.subscribe(WAKE_CHANNEL).catch(report);
  sub.on('message', (channel: string) => channel === WAKE_CHANNEL && onWake());
  return {
    publish() {
      pub.publish(WAKE_CHANNEL, '').catch(report);
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
