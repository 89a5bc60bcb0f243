import { describe, expect, it } from 'vitest';
import { takeTurns } from './turns.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/**
 * Queues `count` requests on `turn`; each does `work`, which records the request's number in
 * `order`. The first also sets a timer, recorded as 'loop': what the event loop does between turns
 * (on a server, accepting a connection). Resolves once the last request has recorded itself.
 */
function queue(turn: (start: () => void) => void, count: number, order: (number | string)[], work: (record: () => void) => void) {
  return new Promise<void>((resolve) => {
    for (let i = 0; i < count; i++)
      turn(() => {
        if (i === 0) setTimeout(() => order.push('loop'), 0);
        work(() => {
          order.push(i);
          if (i === count - 1) resolve();
        });
      });
  });
}

describe('requests take turns with the event loop', () => {
  it('starts requests in the order they came, the loop getting a turn once a slice is spent', async () => {
    const order: (number | string)[] = [];
    await queue(takeTurns(1), 6, order, (record) => {
      busy(3);
      record();
    });
    expect(order.filter((x) => typeof x === 'number')).toEqual([0, 1, 2, 3, 4, 5]);
    // Each start outlasts the slice: the loop's own work came before the second start, not after all six.
    expect(order.indexOf('loop')).toBe(1);
  });

  it('starts everything in one turn while the slice lasts, and again after the queue ran dry', async () => {
    const turn = takeTurns(50);
    const order: (number | string)[] = [];
    await queue(turn, 3, order, (record) => record());
    expect(order).toEqual([0, 1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise<void>((resolve) =>
      turn(() => {
        order.push(3);
        resolve();
      }),
    );
    expect(order).toEqual([0, 1, 2, 'loop', 3]);
  });

  it('counts what a request does at once in promises within its slice', async () => {
    const order: (number | string)[] = [];
    // Only the part after the first await is slow: a turn still ends after the first request.
    await queue(takeTurns(1), 3, order, (record) => {
      void Promise.resolve().then(() => {
        busy(3);
        record();
      });
    });
    expect(order).toEqual([0, 'loop', 1, 2]);
  });
});
